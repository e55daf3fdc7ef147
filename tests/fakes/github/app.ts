// The fake GitHub's App side: installations of the test GitHub App on an account, the app's JWT
// (RS256, checked with the app's public key), installation access tokens that read the
// installation's repositories (every repository the account owns), the install page a person
// sees in the pop-up, and the app's user authorisation during installation (a code for the person
// who installed, exchanged for a user token that lists the installations that person reaches).
//
//   GET  /apps/{slug}/installations/new?state=...   the install page: pick an account (and who you
//        are on GitHub, by default the account itself), press Install
//   POST /apps/{slug}/installations/new             installs (the person may administer it), then
//        redirects to the callback with a code for that person:
//        {origin}/installations/github?code=...&installation_id=N&setup_action=install&state=...
//        where {origin} is the page's `redirect_uri` query parameter when given, else the origin of
//        the Referer the install page was opened with (the tracker page that opened the pop-up).
//   POST /login/oauth/access_token                  {client_id, client_secret, code} (JSON or form)
//        -> {access_token: "ghu_...", token_type, scope, ...}; a bad, used or expired code answers
//        200 {"error": "bad_verification_code", ...}, wrong client credentials
//        {"error": "incorrect_client_credentials", ...} (form-encoded unless Accept asks for JSON)
//   GET  /user/installations?per_page&page          (user token) {total_count, installations}, Link header
//   GET  /app/installations/{id}                    (app JWT) the installation
//   POST /app/installations/{id}/access_tokens      (app JWT) {token, expires_at}
//   GET  /installation/repositories?per_page&page   (installation token) {total_count, repositories}
// Control (tests):
//   POST   /_fake/installations {account, admins?}  installs the app on `account` without the page
//          (`admins`: the GitHub logins who may administer it, by default the account): {id, account}
//   POST   /_fake/oauth/codes {login}               a fresh code for that person, as the callback gets it
//   POST   /_fake/oauth/faults {login, kind}        the next exchange of that person's code fails:
//          "unavailable" answers 503, "drop" cuts the connection without an answer
//   GET    /_fake/installations                     every installation
//   DELETE /_fake/installations/{id}                uninstalls (its tokens stop working)
import { createPublicKey, verify } from "node:crypto";
import { DropConnection, json } from "../http";

type Obj = Record<string, unknown>;

export interface FakeGithubApp {
  id: string;
  slug: string;
  /** PEM (SPKI) of the key the app's JWTs are signed with. */
  publicKey: string;
  webhookSecret: string;
  /** The app's OAuth client, for user authorisation during installation. */
  clientId: string;
  clientSecret: string;
}

interface Installation {
  id: number;
  account: { login: string; id: number };
  /** GitHub logins that may administer the installation (its /user/installations lists it for them). */
  admins: Set<string>;
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
/** GitHub's codes expire ten minutes after they are issued, and work once. */
const CODE_LIFETIME_MS = 10 * 60_000;
const USER_TOKEN_LIFETIME_S = 8 * 60 * 60;
const OAUTH_ERRORS = {
  bad_verification_code: {
    error_description: "The code passed is incorrect or expired.",
    error_uri: "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code",
  },
  incorrect_client_credentials: {
    error_description: "The client_id and/or client_secret passed are incorrect.",
    error_uri: "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials",
  },
} as const;

const fromBase64url = (text: string) => Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char);

export function createFakeGithubApp(app: FakeGithubApp, host: AppHost) {
  const publicKey = createPublicKey(app.publicKey);
  const installations = new Map<number, Installation>();
  const tokens = new Map<string, { installationId: number; expiresAt: number }>();
  const codes = new Map<string, { login: string; expiresAt: number }>();
  const userTokens = new Map<string, { login: string; expiresAt: number }>();
  let nextInstallation = 51_000;
  let nextToken = 1;
  const random = () => Math.random().toString(36).slice(2, 12);

  const install = (login: string, admins: string[] = [login]): Installation => {
    let installation = [...installations.values()].find((existing) => existing.account.login.toLowerCase() === login.toLowerCase());
    if (!installation) {
      installation = { id: nextInstallation++, account: { login, id: 90_000 + nextInstallation }, admins: new Set(), created_at: new Date().toISOString() };
      installations.set(installation.id, installation);
    }
    for (const admin of admins) installation.admins.add(admin.toLowerCase());
    return installation;
  };

  /** A code the callback gets for the person `login` (GitHub's are 20 hex characters). */
  const codeFor = (login: string) => {
    const code = `${random()}${random()}`.slice(0, 20);
    codes.set(code, { login, expiresAt: Date.now() + CODE_LIFETIME_MS });
    return code;
  };

  const userOfToken = (request: Request) => {
    const token = (request.headers.get("authorization") ?? "").replace(/^(Bearer|token)\s+/i, "");
    const entry = userTokens.get(token);
    return entry && entry.expiresAt > Date.now() ? entry.login : null;
  };

  /** The next code exchange of each person (by login) fails this way. */
  const exchangeFaults = new Map<string, "unavailable" | "drop">();

  /** POST /login/oauth/access_token: GitHub answers its errors with 200 and an `error` field. */
  const exchangeCode = async (request: Request): Promise<Response> => {
    const type = request.headers.get("content-type") ?? "";
    const text = await request.text();
    let fields: Record<string, unknown> = {};
    try {
      fields = type.includes("application/json") ? (JSON.parse(text) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      fields = {};
    }
    const answer = (body: Record<string, string | number>) =>
      (request.headers.get("accept") ?? "").includes("application/json")
        ? json(body)
        : new Response(new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(), {
            headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
          });
    if (fields.client_id !== app.clientId || fields.client_secret !== app.clientSecret) {
      return answer({ error: "incorrect_client_credentials", ...OAUTH_ERRORS.incorrect_client_credentials });
    }
    const code = typeof fields.code === "string" ? fields.code : "";
    const grant = codes.get(code);
    const fault = grant ? exchangeFaults.get(grant.login.toLowerCase()) : undefined;
    if (grant && fault) {
      exchangeFaults.delete(grant.login.toLowerCase());
      if (fault === "drop") throw new DropConnection();
      return json({ message: "Service Unavailable" }, { status: 503 });
    }
    codes.delete(code);
    if (!grant || grant.expiresAt <= Date.now()) return answer({ error: "bad_verification_code", ...OAUTH_ERRORS.bad_verification_code });
    const token = `ghu_${random()}${random()}${random()}`;
    userTokens.set(token, { login: grant.login, expiresAt: Date.now() + USER_TOKEN_LIFETIME_S * 1000 });
    return answer({
      access_token: token,
      expires_in: USER_TOKEN_LIFETIME_S,
      refresh_token: `ghr_${random()}${random()}`,
      refresh_token_expires_in: 15_811_200,
      scope: "",
      token_type: "bearer",
    });
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
  <label for="user">Signed in to GitHub as (empty: the account)</label>
  <input id="user" name="user">
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
    const user = form.get("user") || account;
    const installation = install(account, [user]);
    const target = new URL("/installations/github", returnTo);
    target.searchParams.set("code", codeFor(user));
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
      if (path === "/login/oauth/access_token" && request.method === "POST") return exchangeCode(request);
      if (path === "/user/installations" && request.method === "GET") {
        const login = userOfToken(request);
        if (!login) return unauthorized(headers);
        const reachable = [...installations.values()].filter((installation) => installation.admins.has(login.toLowerCase())).map(installationJson);
        const page = host.paged(url, reachable, headers);
        const listed = (await page.json()) as Obj[];
        const pageHeaders: Record<string, string> = { ...headers };
        const link = page.headers.get("link");
        if (link) pageHeaders.link = link;
        return json({ total_count: reachable.length, installations: listed }, { headers: pageHeaders });
      }
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
        const { account, admins } = (await request.json()) as { account: string; admins?: string[] };
        return json(installationJson(install(account, admins ?? [account])), { status: 201 });
      }
      if (url.pathname === "/_fake/oauth/codes" && request.method === "POST") {
        const { login } = (await request.json()) as { login: string };
        return json({ code: codeFor(login) }, { status: 201 });
      }
      if (url.pathname === "/_fake/oauth/faults" && request.method === "POST") {
        const { login, kind } = (await request.json()) as { login: string; kind: "unavailable" | "drop" };
        exchangeFaults.set(login.toLowerCase(), kind);
        return json({ login, kind }, { status: 201 });
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
