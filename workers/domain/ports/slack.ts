// What the domain asks of Slack: whether the app is set up here, where a person authorises it, and
// the exchange of the code Slack sends back for the bot's token. The adapter
// (workers/integrations/slack) implements it and fails with SlackCallFailed.

/** What oauth.v2.access answers for a bot install (the fields the tracker keeps). */
export interface SlackOAuthAnswer {
  access_token: string;
  scope: string;
  bot_user_id: string;
  app_id: string;
  team: { id: string; name: string };
  /** Present when the person picked a channel (the incoming-webhook scope). */
  incoming_webhook?: { channel: string; channel_id: string; url: string; configuration_url?: string };
}

/** Slack refused or could not be reached; `error` is Slack's code (or our reading of the failure). */
export class SlackCallFailed extends Error {
  constructor(
    readonly error: string,
    /** Seconds Slack asked us to wait (a rate limit), or null. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Slack answered ${error}`);
    this.name = "SlackCallFailed";
  }
}

/** Slack (or the way to it) is down rather than refusing: the person can only try again later. */
export const isOutage = (failure: SlackCallFailed) =>
  ["unreachable", "unreadable_answer", "internal_error", "fatal_error", "service_unavailable", "request_timeout"].includes(failure.error) ||
  /^http_5\d\d$/.test(failure.error);

export interface SlackPort {
  /** Whether this server has the Slack app (its client id and secret). */
  configured(): boolean;
  /**
   * The authorisation page for the workspace's installation or (`channel`) one project's channel,
   * sending the person back to `origin`; null when Slack is not set up.
   */
  authorizeUrl(origin: string, state: string, channel: boolean): string | null;
  /** Exchanges the code Slack's authorisation page sent back (to `origin`) for the app's bot token. */
  exchangeCode(code: string, origin: string): Promise<SlackOAuthAnswer>;
}
