// The domain's Slack port (workers/domain/ports/slack.ts) over the authorisation page and the
// Web API client.
import type { SlackPort } from "../../domain/ports/slack";
import type { Config } from "../../env";
import { slackAuthorizeUrl, slackConfigured, slackRedirectUri } from "./authorize-url";
import { exchangeSlackCode } from "./client";

/** Slack as the domain asks of it, with this server's `config`. */
export const slackPort = (config: Config): SlackPort => ({
  configured: () => slackConfigured(config),
  authorizeUrl: (origin, state, channel) => slackAuthorizeUrl(config, origin, state, channel),
  exchangeCode: (code, origin) => exchangeSlackCode(config, code, slackRedirectUri(origin)),
});
