// Connection round trips as a browser makes them, from inside workerd: start one (the server
// mints its state and answers the provider's page), go through the fake provider's page, and hand
// what it sends back to the tracker.
import { env } from "cloudflare:workers";
import type { ConnectionStart, StartConnectionPayload } from "../../workers/domain/schemas/connections";
import { type Call, ORIGIN, call } from "./api";
import { expectStatus } from "./fixtures";

/** Anyone with a session cookie (a test Client, a world's user). */
export type Browser = { cookie: string };

/** Starts a round trip: the server's answer (201 with the provider's page, or a refusal). */
export const startConnectionCall = (browser: Browser, slug: string, payload: StartConnectionPayload) =>
  call("POST", `/api/workspaces/${slug}/connection-states/`, { cookie: browser.cookie, body: payload, headers: { origin: ORIGIN } });

/** Starts a round trip that must be allowed: the provider's page to open. */
export async function startConnection(browser: Browser, slug: string, payload: StartConnectionPayload): Promise<URL> {
  const started = await startConnectionCall(browser, slug, payload);
  expectStatus(started, 201);
  return new URL((started.body as ConnectionStart).url);
}

/** What GitHub's callback brings back after an install with user authorisation. */
export interface GithubGrant {
  installation_id: string;
  code: string;
  state: string;
  setup_action: string;
}

/**
 * Installs the app on `account` on the fake GitHub's install page opened at `url`, signed in to
 * GitHub as `user` (by default the account, who then administers the installation).
 */
export async function installOnGithub(url: URL, account: string, user = account): Promise<GithubGrant> {
  const form = new URLSearchParams({ account, user, state: url.searchParams.get("state") ?? "", return_to: ORIGIN });
  const answer = await fetch(new URL(url.pathname, url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  const location = new URL(answer.headers.get("location") ?? "");
  if (`${location.origin}${location.pathname}` !== `${ORIGIN}/installations/github`) throw new Error(`GitHub sent the person to ${location}`);
  const param = (name: string) => location.searchParams.get(name) ?? "";
  return { installation_id: param("installation_id"), code: param("code"), state: param("state"), setup_action: param("setup_action") };
}

/** What the landing page posts for a GitHub grant. */
export const githubInstallBody = (grant: GithubGrant) => ({ installation_id: grant.installation_id, code: grant.code, state: grant.state });

/** The landing page's call for a GitHub grant, as `browser`. */
export const completeGithubInstall = (browser: Browser, slug: string, body: unknown): Promise<Call> =>
  call("POST", `/api/workspaces/${slug}/workspace-integrations/github/`, { cookie: browser.cookie, body, headers: { origin: ORIGIN } });

/** The whole honest round trip: start, install on `account` as `user`, land. The landing's answer. */
export async function connectGithub(browser: Browser, slug: string, account: string, user = account): Promise<Call> {
  const grant = await installOnGithub(await startConnection(browser, slug, { kind: "github_install" }), account, user);
  return completeGithubInstall(browser, slug, githubInstallBody(grant));
}

/** A fresh authorisation code for the GitHub user `login`, as GitHub's callback would bring it. */
export async function githubCodeFor(login: string): Promise<string> {
  const response = await fetch(`${env.GITHUB_API_URL}/_fake/oauth/codes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login }),
  });
  return ((await response.json()) as { code: string }).code;
}
