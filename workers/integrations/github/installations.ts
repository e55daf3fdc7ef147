// What GitHub says about an installation of the app (`GET /app/installations/{id}`, as the app):
// installing stores it only when GitHub confirms the installation exists for this app.
import type { Config } from "../../env";
import { SourceUnavailable } from "../../importers/source";
import type { TokenSource } from "../../importers/github/client";
import { appRequest, forgetInstallationToken, installationToken } from "./app-auth";

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
  const response = await appRequest(
    config,
    "GET",
    `/app/installations/${installationId}`,
    "GitHub does not know this installation of the app. Install the app again.",
  );
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
