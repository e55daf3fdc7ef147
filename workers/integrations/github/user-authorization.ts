// Who installed the GitHub App: the app asks the person to authorise it during installation, and
// GitHub hands the setup callback a `code`. The code becomes a user access token
// (`POST {GITHUB_OAUTH_URL}/login/oauth/access_token`), and the token lists the app's installations
// that person may reach (`GET /user/installations`). The token is used for that one listing and
// then dropped: it is never stored or logged.
import type { Config } from "../../env";
import { githubUnavailable, githubUnreachable } from "../../importers/github/client";
import { SourceRefused, SourceUnavailable } from "../../importers/source";
import type { GithubInstallation } from "../../domain/ports/github";

/** Listing pages read at most (100 installations each): a person administers far fewer. */
const MAX_PAGES = 10;
const PER_PAGE = 100;

export const githubUserAuthorizationConfigured = (config: Config) => config.GITHUB_APP_CLIENT_ID !== "" && config.GITHUB_APP_CLIENT_SECRET !== "";

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
  } catch (error) {
    throw githubUnreachable(error);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw githubUnavailable(response.status);
  }
  return response;
}

/**
 * The user access token for `code`, or SourceRefused with GitHub's reason (GitHub answers a bad,
 * used or expired code with 200 and `{"error": "bad_verification_code"}`).
 */
export async function exchangeUserCode(config: Config, code: string): Promise<string> {
  const response = await call(`${config.GITHUB_OAUTH_URL}/login/oauth/access_token`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", "user-agent": "edge-tracker" },
    body: JSON.stringify({ client_id: config.GITHUB_APP_CLIENT_ID, client_secret: config.GITHUB_APP_CLIENT_SECRET, code }),
  });
  let body: { access_token?: unknown; error?: unknown };
  try {
    body = await response.json();
  } catch {
    throw new SourceUnavailable("GitHub sent an answer that could not be read.");
  }
  if (typeof body.access_token === "string" && body.access_token !== "") return body.access_token;
  const reason = typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
  throw new SourceRefused(`GitHub did not accept the authorization (${reason}). Install the app again from the workspace settings.`);
}

type InstallationJson = { id?: unknown; account?: { login?: unknown; id?: unknown; type?: unknown; avatar_url?: unknown } | null };

const installationOf = (json: InstallationJson): GithubInstallation | null =>
  typeof json.id === "number" && typeof json.account?.login === "string"
    ? {
        id: json.id,
        account: {
          login: json.account.login,
          id: Number(json.account.id ?? 0),
          type: String(json.account.type ?? "User"),
          avatar_url: String(json.account.avatar_url ?? ""),
        },
      }
    : null;

/** The `rel="next"` URL of a Link header, only when it stays on the API's origin (the token goes with it). */
function nextPage(link: string | null, apiUrl: string): string | null {
  const match = link?.split(",").find((part) => /rel="next"/.test(part))?.match(/<([^>]+)>/);
  if (!match) return null;
  try {
    const next = new URL(match[1]);
    return next.origin === new URL(apiUrl).origin ? next.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The installation `installationId` among those of this app the token's person may reach, or null
 * when it is not one of them.
 */
export async function userInstallation(config: Config, userToken: string, installationId: number): Promise<GithubInstallation | null> {
  let url: string | null = `${config.GITHUB_API_URL}/user/installations?per_page=${PER_PAGE}`;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const response = await call(url, {
      headers: {
        accept: "application/vnd.github+json",
        authorization: `Bearer ${userToken}`,
        "x-github-api-version": "2022-11-28",
        "user-agent": "edge-tracker",
      },
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceRefused(`GitHub refused to list your installations (${response.status}). Install the app again from the workspace settings.`);
    }
    let body: { installations?: unknown };
    try {
      body = await response.json();
    } catch {
      throw new SourceUnavailable("GitHub sent an answer that could not be read.");
    }
    if (!Array.isArray(body.installations)) throw new SourceUnavailable("GitHub sent an answer that could not be read.");
    for (const item of body.installations as InstallationJson[]) {
      if (item?.id === installationId) return installationOf(item);
    }
    url = nextPage(response.headers.get("link"), config.GITHUB_API_URL);
  }
  return null;
}
