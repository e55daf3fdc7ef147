// Where a person authorises the Slack app (OAuth v2). The workspace's installation asks for the
// bot's scopes; a project's channel toggle also asks for an incoming webhook, which makes Slack
// show its channel picker. `state` is the one-time state of the round trip (it comes back with the
// code, and says nothing Slack or the person could change usefully).
import type { Config } from "../../env";

export const SLACK_BOT_SCOPES = ["chat:write", "chat:write.public", "channels:read"] as const;
export const SLACK_CHANNEL_SCOPES = [...SLACK_BOT_SCOPES, "incoming-webhook"] as const;

export const slackConfigured = (config: Config) => config.SLACK_CLIENT_ID !== "" && config.SLACK_CLIENT_SECRET !== "";

/** The pop-up's page Slack sends the person back to, on this server. */
export const slackRedirectUri = (origin: string) => `${origin}/installations/slack`;

/** The authorisation page for the workspace's installation or (`channel`) one project's channel; null when Slack is not set up. */
export function slackAuthorizeUrl(config: Config, origin: string, state: string, channel: boolean): string | null {
  if (!slackConfigured(config)) return null;
  const url = new URL(config.SLACK_OAUTH_URL);
  url.searchParams.set("client_id", config.SLACK_CLIENT_ID);
  url.searchParams.set("scope", (channel ? SLACK_CHANNEL_SCOPES : SLACK_BOT_SCOPES).join(","));
  url.searchParams.set("redirect_uri", slackRedirectUri(origin));
  url.searchParams.set("state", state);
  return url.toString();
}
