// Typed errors thrown by the domain. Each says what kind of failure it is, never how a transport
// answers it: one table outside the domain (workers/lib/error-status.ts) turns a kind into a
// status for the REST API and for Remix alike (ADR 011).

import type { ErrorKind } from "./schemas/error-kinds";

export type FieldErrors = Record<string, string[]>;

export type { ErrorKind };

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
}

/** The key of a message about the input as a whole rather than one of its fields. */
export const WHOLE_INPUT = "";

/**
 * The input breaks a rule: messages per field (`{"name": ["Name is required"]}`), or one message
 * about the input as a whole (`new Invalid("Invalid cursor.")`, kept under the `""` key).
 */
export class Invalid extends DomainError {
  readonly kind = "Invalid";
  readonly fields: FieldErrors;
  constructor(problem: FieldErrors | string) {
    const fields = typeof problem === "string" ? { [WHOLE_INPUT]: [problem] } : problem;
    super(Object.values(fields).flat().join(" "));
    this.fields = fields;
  }
  static field(field: string, message: string) {
    return new Invalid({ [field]: [message] });
  }
  /** Whether the one message is about the input as a whole, not about named fields. */
  get aboutWholeInput() {
    const keys = Object.keys(this.fields);
    return keys.length === 1 && keys[0] === WHOLE_INPUT;
  }
}

/** Nobody is signed in, or the credentials given do not identify anyone. */
export class Unauthenticated extends DomainError {
  readonly kind = "Unauthenticated";
  constructor(message = "Authentication credentials were not provided.") {
    super(message);
  }
}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {
  readonly kind = "Forbidden";
  constructor(message = "You do not have permission to perform this action.") {
    super(message);
  }
}

/** The thing does not exist, or the caller may not know that it does. */
export class NotFound extends DomainError {
  readonly kind = "NotFound";
  constructor(message = "Not found.") {
    super(message);
  }
}

/** The write collides with the current state (a concurrent change, a completed cycle). */
export class Conflict extends DomainError {
  readonly kind = "Conflict";
}

/** The input is bigger than the rules allow (a file, a body). */
export class TooLarge extends DomainError {
  readonly kind = "TooLarge";
}

/**
 * The caller has used up an allowance (a monthly quota, a run of failed sign-ins); trying again
 * later may work. `retryAfterSeconds`, when known, is how long until it will.
 */
export class QuotaExceeded extends DomainError {
  readonly kind = "QuotaExceeded";
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** A third-party service we called failed, timed out or answered something unusable. */
export class UpstreamFailed extends DomainError {
  readonly kind = "UpstreamFailed";
}

/** An optional service this server does not have (it is not configured). */
export class Unavailable extends DomainError {
  readonly kind = "Unavailable";
}
