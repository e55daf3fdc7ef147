// API tokens with a scope and an expiry (ADR 055): a read token writes nothing, through any method
// but GET and HEAD and on any route; an expired token is refused with its own message; the token's
// last use is recorded at most once a minute.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { API_KEY_TOUCH_MS } from "../../workers/auth/sessions";
import { API_TOKEN_EXPIRY_PAST, EXPIRED_API_TOKEN, READ_ONLY_API_TOKEN } from "../../workers/domain/schemas/api-tokens";
import { API_ROUTES } from "../access/api-routes";
import { type Client, call, ORIGIN } from "../helpers/api";
import { callWorker, countRows, createTeamWithProject, rowOf, snapshot } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const DAY = 86_400_000;

async function createToken(client: Client, body: Record<string, unknown>) {
  const response = await client.post("/api/users/api-tokens/", { label: "script", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; token: string; scope: string; expires_at: string | null };
}

/** Everything a refused write could have changed, beyond the foundation tables: issues and their kin. */
async function fullSnapshot() {
  const tables = ["issues", "issue_comments", "labels", "cycles", "modules", "pages", "webhooks", "issue_views"];
  const counts = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT count(*) AS n FROM ${table}`)));
  const issues = await env.DB.prepare("SELECT group_concat(id || name || priority || updated_at, '|') AS f FROM (SELECT * FROM issues ORDER BY id)").first("f");
  return { base: await snapshot(), counts: counts.map((result) => (result.results[0] as { n: number }).n), issues };
}

/** Methods beyond GET and HEAD: HTTP's own and WebDAV's. */
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "PURGE", "REPORT", "SEARCH", "MERGE"];

/** Whether the runtime lets a request carry `method` (it refuses names it does not know). */
function acceptedMethod(method: string) {
  try {
    new Request(ORIGIN, { method });
    return true;
  } catch {
    return false;
  }
}

describe("token scope", () => {
  it("creates tokens with a scope and an expiry and lists both, the secret shown only at creation", async () => {
    const { owner } = await createTeamWithProject("scopes");
    const expiresOn = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    const read = await createToken(owner, { scope: "read", expires_at: expiresOn });
    expect(read).toMatchObject({ scope: "read", expires_at: `${expiresOn}T00:00:00.000Z`, token: expect.stringMatching(/^et_/) });
    const plain = await createToken(owner, { label: "no scope named" });
    expect(plain).toMatchObject({ scope: "read_write", expires_at: null });
    const list = await owner.get("/api/users/api-tokens/");
    expect(list.body).toEqual([
      expect.objectContaining({ id: plain.id, scope: "read_write", expires_at: null }),
      expect.objectContaining({ id: read.id, scope: "read", expires_at: `${expiresOn}T00:00:00.000Z` }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(read.token);
  });

  it.each([
    ["an unknown scope", { scope: "admin" }, "scope"],
    ["a past date", { expires_at: "2020-01-01" }, "expires_at"],
    ["a past time", { expires_at: new Date(Date.now() - 60_000).toISOString() }, "expires_at"],
    ["a made-up date", { expires_at: "2030-02-30" }, "expires_at"],
    ["a number", { expires_at: 30 }, "expires_at"],
  ])("answers 400 for %s and creates no token", async (_, body, field) => {
    const { owner } = await createTeamWithProject("badtoken");
    const response = await owner.post("/api/users/api-tokens/", { label: "x", ...body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual([field]);
    expect(await countRows("api_tokens", "user_id = ?", owner.user.id)).toBe(0);
  });

  it("says an expiry must be in the future", async () => {
    const { owner } = await createTeamWithProject("pasttoken");
    const response = await owner.post("/api/users/api-tokens/", { label: "x", expires_at: "2001-01-01" });
    expect(response.body).toEqual({ expires_at: [API_TOKEN_EXPIRY_PAST] });
  });

  it("a read token reads what its owner may read", async () => {
    const team = await createTeamWithProject("reader");
    const { token } = await createToken(team.owner, { scope: "read" });
    const base = `/api/workspaces/${team.slug}/projects/${team.project.id}`;
    for (const path of ["/api/users/me/", `/api/workspaces/${team.slug}/projects/`, `${base}/issues/`, `${base}/states/`, "/api/users/api-tokens/"]) {
      expect((await call("GET", path, { apiKey: token })).status, path).toBe(200);
    }
    expect((await call("HEAD", "/api/users/me/", { apiKey: token })).status).toBe(200);
  });

  it("a read token is refused (403) on every write, whatever the method and route, and writes nothing", async () => {
    const team = await createTeamWithProject("nowrite");
    const issue = await team.owner.post(`/api/workspaces/${team.slug}/projects/${team.project.id}/issues/`, { name: "Kept as is" });
    expect(issue.status).toBe(201);
    const { token } = await createToken(team.owner, { scope: "read" });
    // Every write route of the access matrix, its parameters filled with the owner's own ids.
    const ids: Record<string, string> = { slug: team.slug, projectId: team.project.id, issueId: issue.body.id, tokenId: crypto.randomUUID() };
    const writes = Object.keys(API_ROUTES)
      .filter((key) => !key.startsWith("GET "))
      .map((key) => key.split(" ")[1]);
    const fill = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? crypto.randomUUID());
    // Every method a request may carry but the two that read, in any casing the runtime accepts.
    const method = fc
      .tuple(fc.constantFrom(...WRITE_METHODS), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
      .map(([name, upper]) => [...name].map((char, i) => (upper[i] ? char : char.toLowerCase())).join(""))
      .filter(acceptedMethod);
    const before = await fullSnapshot();
    await fc.assert(
      fc.asyncProperty(method, fc.constantFrom(...writes), fc.constantFrom({}, { name: "Changed" }, { label: "x", scope: "read_write" }), async (verb, pattern, body) => {
        // The MCP endpoint carries reads and writes alike over POST: it refuses a read token each
        // tool that writes (tests/api/mcp.test.ts), and any other method at the door.
        fc.pre(!(pattern === "/api/mcp" && verb.toUpperCase() === "POST"));
        const response = await callWorker(verb, fill(pattern), { apiKey: token, body, headers: { origin: ORIGIN } });
        expect(response.status, `${verb} ${pattern}`).toBe(403);
        expect(response.body).toEqual({ error: READ_ONLY_API_TOKEN });
      }),
      fuzzRun(120),
    );
    expect(await fullSnapshot()).toEqual(before);
    expect(await countRows("api_tokens", "user_id = ?", team.owner.user.id)).toBe(1);
  });

  it("a read_write token writes, and a read token cannot post page actions either", async () => {
    const team = await createTeamWithProject("pages");
    const writer = await createToken(team.owner, { scope: "read_write" });
    const created = await call("POST", `/api/workspaces/${team.slug}/projects/${team.project.id}/issues/`, { apiKey: writer.token, body: { name: "By token" } });
    expect(created.status).toBe(201);
    const reader = await createToken(team.owner, { scope: "read" });
    const form = new URLSearchParams({ intent: "create-token", label: "from the page", scope: "read_write" });
    const page = await callWorker("POST", "/profile.data", {
      apiKey: reader.token,
      rawBody: form.toString(),
      headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(page.status).toBe(403);
    expect(String(page.body)).toContain(READ_ONLY_API_TOKEN);
    expect(await countRows("api_tokens", "user_id = ?", team.owner.user.id)).toBe(2);
  });
});

describe("token expiry", () => {
  it("an expired token gets 401 with its own message; a live one works until then", async () => {
    const { owner } = await createTeamWithProject("expiry");
    const { id, token } = await createToken(owner, { expires_at: new Date(Date.now() + DAY).toISOString() });
    expect((await call("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    await env.DB.prepare("UPDATE api_tokens SET expires_at = ? WHERE id = ?").bind(new Date(Date.now() - 1000).toISOString(), id).run();
    for (const method of ["GET", "POST", "DELETE"]) {
      const response = await call(method, "/api/users/me/", { apiKey: token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: EXPIRED_API_TOKEN });
    }
  });
});

describe("last use", () => {
  it("records a token's use, then writes it again only once a minute has passed", async () => {
    const { owner } = await createTeamWithProject("lastused");
    const { id, token } = await createToken(owner, {});
    const lastUsed = async () => (await rowOf<{ last_used_at: string | null }>("api_tokens", "id = ?", id))?.last_used_at ?? null;
    expect(await lastUsed()).toBeNull();
    expect((await callWorker("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // A second call within the minute writes nothing.
    expect((await callWorker("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    // Recorded under a minute ago: still no write.
    const recent = new Date(Date.now() - API_KEY_TOUCH_MS + 5_000).toISOString();
    await env.DB.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").bind(recent, id).run();
    expect((await callWorker("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    expect(await lastUsed()).toBe(recent);
    // Over a minute ago: written again.
    const stale = new Date(Date.now() - API_KEY_TOUCH_MS - 1_000).toISOString();
    await env.DB.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").bind(stale, id).run();
    expect((await callWorker("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    expect(Date.parse((await lastUsed()) ?? "")).toBeGreaterThan(Date.parse(stale) + API_KEY_TOUCH_MS);
  });
});
