// How a call to another tracker (GitHub, Jira) fails, in three kinds the domain tells apart: a rate
// limit to wait out, a failure that may pass, and a refusal no retry can fix. The clients under
// workers/importers and workers/integrations throw them; the import job and the wizards catch them.

/** The source asked us to wait (a rate limit): the job re-queues itself after `retryAfterSeconds`. */
export class SourceRateLimited extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = "The source's rate limit was reached",
  ) {
    super(message);
    this.name = "SourceRateLimited";
  }
}

/** A failure that may pass (5xx, network): retried with backoff, then the import fails with `message`. */
export class SourceUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceUnavailable";
  }
}

/** A failure retrying cannot fix (bad credentials, no such repository): the import fails at once. */
export class SourceRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SourceRefused";
  }
}
