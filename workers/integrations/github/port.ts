// The domain's GitHub port (workers/domain/ports/github.ts) over the REST client, the app's
// installation tokens and the installing person's authorisation.
import type { GithubPort } from "../../domain/ports/github";
import type { Config } from "../../env";
import { GithubClient } from "../../importers/github/client";
import { forgetInstallationToken } from "./app-auth";
import { githubInstallConfigured, githubInstallUrl, installationTokenSource } from "./installations";
import { exchangeUserCode, userInstallation } from "./user-authorization";

/** GitHub as the domain asks of it, with this server's `config`. */
export const githubPort = (config: Config): GithubPort => ({
  asInstallation: (installationId) => new GithubClient(config.GITHUB_API_URL, installationTokenSource(config, installationId)),
  withToken: (token) => new GithubClient(config.GITHUB_API_URL, token),
  installConfigured: () => githubInstallConfigured(config),
  installUrl: (state) => githubInstallUrl(config, state),
  exchangeUserCode: (code) => exchangeUserCode(config, code),
  userInstallation: (userToken, installationId) => userInstallation(config, userToken, installationId),
  forgetInstallationToken: (installationId) => forgetInstallationToken(config, installationId),
});
