// Slack's Web API as the tracker uses it: the OAuth code exchange and chat.postMessage. Slack
// answers most failures with HTTP 200 and {ok: false, error}; a rate limit is a 429 (or the error
// `ratelimited`) with Retry-After in seconds.
import type { Config } from "../../env";
import { SlackCallFailed, type SlackOAuthAnswer } from "../../domain/ports/slack";

/** Errors that will not go away by trying again: the token or the channel is gone for good. */
const PERMANENT_ERRORS = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
  "no_permission",
  "missing_scope",
  "org_login_required",
  "ekm_access_denied",
  "channel_not_found",
  "not_in_channel",
  "is_archived",
  "restricted_action",
  "team_access_not_granted",
  "invalid_arguments",
  "invalid_blocks",
  "msg_too_long",
  "no_text",
  "too_many_attachments",
  // Ours, not Slack's: the stored token could not be opened on this server.
  "token_unreadable",
]);

/** Whether trying the same call later can succeed (rate limits, outages, unknown answers). */
export const isRetryable = (failure: SlackCallFailed) => !PERMANENT_ERRORS.has(failure.error);

const DEFAULT_RETRY_AFTER_SECONDS = 30;

async function callSlack<T>(config: Config, method: string, init: { body: string; headers: Record<string, string> }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.SLACK_API_URL}/${method}`, { method: "POST", body: init.body, headers: init.headers });
  } catch {
    throw new SlackCallFailed("unreachable");
  }
  const retryAfterHeader = Number(response.headers.get("retry-after"));
  const retryAfter = Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : null;
  if (response.status === 429) throw new SlackCallFailed("ratelimited", retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS);
  let answer: { ok?: boolean; error?: string } | null = null;
  try {
    answer = (await response.json()) as { ok?: boolean; error?: string };
  } catch {
    answer = null;
  }
  if (!answer || typeof answer !== "object") throw new SlackCallFailed(response.ok ? "unreadable_answer" : `http_${response.status}`);
  if (answer.ok !== true) {
    const error = typeof answer.error === "string" && answer.error !== "" ? answer.error : `http_${response.status}`;
    throw new SlackCallFailed(error, error === "ratelimited" ? (retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS) : retryAfter);
  }
  return answer as T;
}

/** Exchanges the code Slack's authorisation page sent back for the app's bot token. */
export async function exchangeSlackCode(config: Config, code: string, redirectUri: string): Promise<SlackOAuthAnswer> {
  const body = new URLSearchParams({ code, redirect_uri: redirectUri, client_id: config.SLACK_CLIENT_ID, client_secret: config.SLACK_CLIENT_SECRET });
  const answer = await callSlack<Partial<SlackOAuthAnswer>>(config, "oauth.v2.access", {
    body: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  if (typeof answer.access_token !== "string" || !answer.team?.id) throw new SlackCallFailed("unreadable_answer");
  return {
    access_token: answer.access_token,
    scope: String(answer.scope ?? ""),
    bot_user_id: String(answer.bot_user_id ?? ""),
    app_id: String(answer.app_id ?? ""),
    team: { id: String(answer.team.id), name: String(answer.team.name ?? "") },
    ...(answer.incoming_webhook?.channel_id ? { incoming_webhook: answer.incoming_webhook } : {}),
  };
}

export interface SlackMessage {
  channel: string;
  /** The plain text (notifications, and clients that do not show blocks). */
  text: string;
  blocks?: unknown[];
}

/** Posts a message as the app's bot; throws SlackCallFailed when Slack does not take it. */
export async function postSlackMessage(config: Config, token: string, message: SlackMessage): Promise<{ ts: string }> {
  return callSlack<{ ts: string }>(config, "chat.postMessage", {
    body: JSON.stringify({ ...message, unfurl_links: false, unfurl_media: false }),
    headers: { "content-type": "application/json; charset=utf-8", authorization: `Bearer ${token}` },
  });
}
