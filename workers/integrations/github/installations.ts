// What GitHub says about an installation of the app (`GET /app/installations/{id}`, as the app):
// installing stores it only when GitHub confirms the installation exists for this app.
import type { Config } from "../../env";
import { SourceRefused, SourceUnavailable } from "../../importers/source";
import type { TokenSource } from "../../importers/github/client";
import { forgetInstallationToken, githubAppJwt, installationToken } from "./app-auth";

/** The installation's tokens for a GithubClient: minted and cached, forgotten once GitHub refuses one. */
export const installationTokenSource = (config: Config, installationId: number): TokenSource => ({
  get: () => installationToken(config, installationId),
  refused: () => forgetInstallationToken(config, installationId),
});

export interface GithubInstallation {
  id: number;
  account: { login: string; id: number; type: string; avatar_url: string };
}

/** The installation, or SourceRefused when GitHub does not know it for this app. */
export async function fetchInstallation(config: Config, installationId: number): Promise<GithubInstallation> {
  const jwt = await githubAppJwt(config);
  let response: Response;
  try {
    response = await fetch(`${config.GITHUB_API_URL}/app/installations/${installationId}`, {
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${jwt}`,
        "x-github-api-version": "2022-11-28",
        "user-agent": "edge-tracker",
      },
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    throw new SourceUnavailable(`GitHub could not be reached: ${String((error as Error)?.message ?? error)}`);
  }
  if (response.status >= 500) throw new SourceUnavailable(`GitHub is unavailable (${response.status}).`);
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceRefused(
      response.status === 404
        ? "GitHub does not know this installation of the app. Install the app again."
        : `GitHub refused the app's credentials (${response.status}).`,
    );
  }
  let body: { id?: unknown; account?: { login?: unknown; id?: unknown; type?: unknown; avatar_url?: unknown } | null };
  try {
    body = await response.json();
  } catch {
    throw new SourceUnavailable("GitHub sent an answer that could not be read.");
  }
  if (typeof body.id !== "number" || typeof body.account?.login !== "string") {
    throw new SourceUnavailable("GitHub sent an answer that could not be read.");
  }
  return {
    id: body.id,
    account: {
      login: body.account.login,
      id: Number(body.account.id ?? 0),
      type: String(body.account.type ?? "User"),
      avatar_url: String(body.account.avatar_url ?? ""),
    },
  };
}
