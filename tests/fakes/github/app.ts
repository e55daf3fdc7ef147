// The fake GitHub's App side: installations of the test GitHub App on an account, the app's JWT
// (RS256, checked with the app's public key), installation access tokens that read the
// installation's repositories (every repository the account owns), and the install page a person
// sees in the pop-up.
//
//   GET  /apps/{slug}/installations/new?state=...   the install page: pick an account, press Install
//   POST /apps/{slug}/installations/new             installs, then redirects to the setup URL
//        {origin}/installations/github?installation_id=N&setup_action=install&state=...
//        where {origin} is the page's `redirect_uri` query parameter when given, else the origin of
//        the Referer the install page was opened with (the tracker page that opened the pop-up).
//   GET  /app/installations/{id}                    (app JWT) the installation
//   POST /app/installations/{id}/access_tokens      (app JWT) {token, expires_at}
//   GET  /installation/repositories?per_page&page   (installation token) {total_count, repositories}
// Control (tests):
//   POST   /_fake/installations {account}   installs the app on `account` without the page: {id, account}
//   GET    /_fake/installations             every installation
//   DELETE /_fake/installations/{id}        uninstalls (its tokens stop working)
import { createPublicKey, verify } from "node:crypto";
import { json } from "../http";

type Obj = Record<string, unknown>;

export interface FakeGithubApp {
  id: string;
  slug: string;
  /** PEM (SPKI) of the key the app's JWTs are signed with. */
  publicKey: string;
  webhookSecret: string;
}

interface Installation {
  id: number;
  account: { login: string; id: number };
  created_at: string;
}

/** What the app side needs from the rest of the fake. */
export interface AppHost {
  /** The repositories (their API JSON) the account owns, by full name. */
  reposOwnedBy(login: string): Obj[];
  /** Every account that owns a repository (the install page offers them). */
  owners(): string[];
  /** One page of a listing with GitHub's Link header. */
  paged(url: URL, all: Obj[], headers: Record<string, string>): Response;
  notFound(headers: Record<string, string>): Response;
}

const DOCS = "https://docs.github.com/rest";
const TOKEN_LIFETIME_MS = 60 * 60_000;

const fromBase64url = (text: string) => Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

export function createFakeGithubApp(app: FakeGithubApp, host: AppHost) {
  const publicKey = createPublicKey(app.publicKey);
  const installations = new Map<number, Installation>();
  const tokens = new Map<string, { installationId: number; expiresAt: number }>();
  let nextInstallation = 51_000;
  let nextToken = 1;

  const install = (login: string): Installation => {
    for (const existing of installations.values()) if (existing.account.login.toLowerCase() === login.toLowerCase()) return existing;
    const installation = { id: nextInstallation++, account: { login, id: 90_000 + nextInstallation }, created_at: new Date().toISOString() };
    installations.set(installation.id, installation);
    return installation;
  };

  const installationJson = (installation: Installation): Obj => ({
    id: installation.id,
    account: {
      login: installation.account.login,
      id: installation.account.id,
      type: "Organization",
      avatar_url: `https://avatars.githubusercontent.com/u/${installation.account.id}?v=4`,
      html_url: `https://github.com/${installation.account.login}`,
    },
    repository_selection: "all",
    app_id: Number(app.id),
    app_slug: app.slug,
    target_id: installation.account.id,
    target_type: "Organization",
    permissions: { issues: "write", metadata: "read" },
    events: ["issues", "issue_comment"],
    created_at: installation.created_at,
    updated_at: installation.created_at,
    suspended_at: null,
  });

  /** Whether `authorization` carries a valid, unexpired JWT of the app, signed with its key. */
  const jwtValid = (authorization: string | null): boolean => {
    const match = (authorization ?? "").match(/^Bearer\s+([\w-]+)\.([\w-]+)\.([\w-]+)$/);
    if (!match) return false;
    try {
      const header = JSON.parse(fromBase64url(match[1]).toString("utf8")) as Obj;
      const claims = JSON.parse(fromBase64url(match[2]).toString("utf8")) as Obj;
      if (header.alg !== "RS256") return false;
      const signed = verify("RSA-SHA256", Buffer.from(`${match[1]}.${match[2]}`), publicKey, fromBase64url(match[3]));
      const now = Math.floor(Date.now() / 1000);
      return signed && String(claims.iss) === app.id && typeof claims.exp === "number" && claims.exp > now && Number(claims.iat) <= now + 60;
    } catch {
      return false;
    }
  };

  const installationOfToken = (token: string | null): Installation | null => {
    const entry = token ? tokens.get(token) : undefined;
    if (!entry || entry.expiresAt <= Date.now()) return null;
    return installations.get(entry.installationId) ?? null;
  };

  const unauthorized = (headers: Record<string, string>, message = "Bad credentials") =>
    json({ message, documentation_url: DOCS, status: "401" }, { status: 401, headers });

  const installPage = (url: URL, request: Request): Response => {
    const state = url.searchParams.get("state") ?? "";
    let returnTo = url.searchParams.get("redirect_uri") ?? "";
    if (!returnTo) {
      try {
        const referer = new URL(request.headers.get("referer") ?? "");
        if (referer.origin !== url.origin) returnTo = referer.origin;
      } catch {
        returnTo = "";
      }
    }
    const accounts = [...new Set([...host.owners(), ...[...installations.values()].map((i) => i.account.login)])].sort();
    const options = accounts.map((login) => `<option value="${escapeHtml(login)}">${escapeHtml(login)}</option>`).join("");
    const body = returnTo
      ? `<form method="post">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">
  <label for="account">Install on</label>
  <select id="account" name="account">${options}</select>
  <button type="submit">Install</button>
</form>`
      : "<p>No setup URL: open this page from the app (Referer) or pass redirect_uri.</p>";
    return new Response(
      `<!doctype html><html><head><meta charset="utf-8"><title>Install ${escapeHtml(app.slug)}</title></head><body><h1>Install ${escapeHtml(app.slug)}</h1>${body}</body></html>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  };

  const submitInstall = async (request: Request): Promise<Response> => {
    const form = new URLSearchParams(await request.text());
    const account = form.get("account") ?? "";
    const returnTo = form.get("return_to") ?? "";
    if (!account || !/^https?:\/\//.test(returnTo)) return new Response("account and return_to are required", { status: 422 });
    const installation = install(account);
    const target = new URL("/installations/github", returnTo);
    target.searchParams.set("installation_id", String(installation.id));
    target.searchParams.set("setup_action", "install");
    target.searchParams.set("state", form.get("state") ?? "");
    return new Response(null, { status: 302, headers: { location: target.toString() } });
  };

  return {
    /** The login an installation token acts as ("{slug}[bot]"), or undefined for another token. */
    loginOf(token: string | null): string | undefined {
      return installationOfToken(token) ? `${app.slug}[bot]` : undefined;
    },

    /** The installation an installation token belongs to, or undefined for another token. */
    installationIdOf(token: string | null): number | undefined {
      return installationOfToken(token)?.id;
    },

    /** Whether an installation token may read the repository (its installation's account owns it). */
    mayRead(token: string | null, repoOwner: string): boolean {
      const installation = installationOfToken(token);
      return installation !== null && installation.account.login.toLowerCase() === repoOwner.toLowerCase();
    },

    /** Answers the app's own paths; null for any other path. */
    async handle(request: Request, url: URL, path: string, headers: Record<string, string>): Promise<Response | null> {
      const newInstall = path.match(/^\/apps\/([^/]+)\/installations\/new$/);
      if (newInstall) {
        if (newInstall[1] !== app.slug) return host.notFound(headers);
        return request.method === "POST" ? submitInstall(request) : installPage(url, request);
      }
      const appInstallation = path.match(/^\/app\/installations\/(\d+)(\/access_tokens)?$/);
      if (appInstallation) {
        if (!jwtValid(request.headers.get("authorization"))) {
          return unauthorized(headers, "A JSON web token could not be decoded");
        }
        const installation = installations.get(Number(appInstallation[1]));
        if (!installation) return host.notFound(headers);
        if (!appInstallation[2] && request.method === "GET") return json(installationJson(installation), { headers });
        if (appInstallation[2] && request.method === "POST") {
          const token = `ghs_fake${nextToken++}${Math.random().toString(36).slice(2, 10)}`;
          const expiresAt = Date.now() + TOKEN_LIFETIME_MS;
          tokens.set(token, { installationId: installation.id, expiresAt });
          return json(
            { token, expires_at: new Date(expiresAt).toISOString().replace(/\.\d{3}Z$/, "Z"), permissions: { issues: "write", metadata: "read" }, repository_selection: "all" },
            { status: 201, headers },
          );
        }
        return host.notFound(headers);
      }
      if (path === "/installation/repositories") {
        const installation = installationOfToken((request.headers.get("authorization") ?? "").replace(/^(Bearer|token)\s+/i, ""));
        if (!installation) return unauthorized(headers);
        const all = host.reposOwnedBy(installation.account.login);
        const page = host.paged(url, all, headers);
        const listed = (await page.json()) as Obj[];
        const pageHeaders: Record<string, string> = { ...headers };
        const link = page.headers.get("link");
        if (link) pageHeaders.link = link;
        return json({ total_count: all.length, repository_selection: "all", repositories: listed }, { headers: pageHeaders });
      }
      return null;
    },

    /** The /_fake/installations control paths; null for any other path. */
    async control(request: Request, url: URL): Promise<Response | null> {
      if (url.pathname === "/_fake/installations" && request.method === "POST") {
        const { account } = (await request.json()) as { account: string };
        return json(installationJson(install(account)), { status: 201 });
      }
      if (url.pathname === "/_fake/installations" && request.method === "GET") {
        return json([...installations.values()].map(installationJson));
      }
      const one = url.pathname.match(/^\/_fake\/installations\/(\d+)$/);
      if (one && request.method === "DELETE") {
        const id = Number(one[1]);
        installations.delete(id);
        for (const [token, entry] of tokens) if (entry.installationId === id) tokens.delete(token);
        return new Response(null, { status: 204 });
      }
      return null;
    },
  };
}
