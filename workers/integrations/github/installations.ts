// The GitHub App's installations: where a person installs the app, what the tracker keeps of an
// installation, and the installation's tokens for the GitHub client.
import type { Config } from "../../env";
import type { TokenSource } from "../../importers/github/client";
import { forgetInstallationToken, githubAppConfigured, installationToken } from "./app-auth";
import { githubUserAuthorizationConfigured } from "./user-authorization";

/** Installing needs the app (id, slug, key) and its OAuth client (to learn who installs). */
export const githubInstallConfigured = (config: Config) => githubAppConfigured(config) && githubUserAuthorizationConfigured(config);

/** GitHub's page that installs the app; `state` comes back to the setup callback with the person's code. */
export function githubInstallUrl(config: Config, state: string): string {
  const url = new URL(`${config.GITHUB_WEB_URL}/apps/${encodeURIComponent(config.GITHUB_APP_SLUG)}/installations/new`);
  url.searchParams.set("state", state);
  return url.toString();
}

/** The installation's tokens for a GithubClient: minted and cached, forgotten once GitHub refuses one. */
export const installationTokenSource = (config: Config, installationId: number): TokenSource => ({
  get: () => installationToken(config, installationId),
  refused: () => forgetInstallationToken(config, installationId),
});
