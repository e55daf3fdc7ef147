// Third-party credentials at rest: every one the app must read back (a workspace's GitHub token,
// an import's GitHub or Jira token, Slack's bot token and channel webhook, an outgoing webhook's
// signing secret) is kept sealed (AES-GCM, workers/lib/secret-box.ts). The raw D1 row holds no
// form of it; keys rotate; a changed value is refused with a readable answer; an ended import
// keeps no token; the Jira check takes its token in a body; only owners replace the saved token.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JIRA_PROJECT_INFO_PATH } from "../../workers/domain/schemas/jira-importer";
import { SECRETS_KEYRING_MISSING, getConfig } from "../../workers/env";
import worker from "../../workers/index";
import { runImport } from "../../workers/importers/runner";
import { superviseJobs } from "../../workers/jobs";
import { resealSecrets } from "../../workers/lib/reseal-secrets";
import { type SecretKey, SecretUnreadable, createSecretBox, isSealed, newKeyringEntry, parseKeyring } from "../../workers/lib/secret-box";
import { ORIGIN, type Client } from "../helpers/api";
import { createFakeRepo, uniqueRepoName } from "../helpers/fake-github";
import { slackGrant } from "../helpers/fake-slack";
import { fuzzRun } from "../helpers/hostile-input";
import { loadPageData } from "../helpers/page-action";
import { createProject, createTeamWithProject, expectStatus, rowOf } from "../helpers/fixtures";
import { createProjectFixture } from "../helpers/project";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_JIRA_HOST: string;
    }
  }
}

const ws = (slug: string, path: string) => `/api/workspaces/${slug}/${path}`;
const credentialPath = (slug: string) => ws(slug, "importers/github/credential/");
const box = () => getConfig(env).secrets;

/** The Worker's fetch handler with other bindings (another keyring, production), in this isolate. */
async function fetchWith(bindings: Env, path: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}${path}`, init);
  return worker.fetch(request as Parameters<typeof worker.fetch>[0], bindings, createExecutionContext());
}

/** A value as it could sit in a row: itself, its bytes in base64 (both alphabets) and hex, URL- and JSON-escaped. */
function formsOf(plain: string): string[] {
  const bytes = new TextEncoder().encode(plain);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const forms = [
    plain,
    base64,
    base64.replace(/=+$/, ""),
    base64.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""),
    hex,
    hex.toUpperCase(),
    encodeURIComponent(plain),
    JSON.stringify(plain).slice(1, -1),
  ];
  // Short forms would match by chance inside any ciphertext: the tokens tested are long enough.
  return [...new Set(forms)].filter((form) => form.length >= 12);
}

/** Asserts no form of `plain` is anywhere in the row's columns. */
function expectNowhereIn(row: Record<string, unknown> | null, plain: string) {
  expect(row).not.toBeNull();
  const text = JSON.stringify(row);
  for (const form of formsOf(plain)) expect(text, `the row holds ${form}`).not.toContain(form);
}

const TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_".split("");
/** Tokens as GitHub and Jira hand them out: a known prefix, then 20-90 characters of their alphabet. */
const tokenArb = (prefixes: string[]) =>
  fc
    .tuple(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...TOKEN_ALPHABET), { minLength: 20, maxLength: 90 }))
    .map(([prefix, chars]) => `${prefix}${chars.join("")}`);

let accountCounter = 0;
const uniqueAccount = () => `rest${Date.now().toString(36)}${++accountCounter}`;

/** Saves `token` as the workspace's GitHub credential through the API (the fake GitHub knows it). */
async function saveToken(client: Client, slug: string, token: string) {
  const login = uniqueAccount();
  await createFakeRepo({ owner: login, name: uniqueRepoName(), token, login, issues: 0 });
  return client.put(credentialPath(slug), { token });
}

const githubRow = (slug: string) =>
  rowOf<{ id: string; config: string; metadata: string }>(
    "workspace_integrations",
    "workspace_id = (SELECT id FROM workspaces WHERE slug = ?) AND integration_id = '00000000-0000-4000-8000-000000000001'",
    slug,
  );

// ---------------------------------------------------------------- the box itself

describe("the secret box", () => {
  const keyA: SecretKey = { id: "a", bytes: crypto.getRandomValues(new Uint8Array(32)) };
  const keyB: SecretKey = { id: "b", bytes: crypto.getRandomValues(new Uint8Array(32)) };

  it("round-trips any text, sealing it differently each time", async () => {
    const sealer = createSecretBox([keyA]);
    await fc.assert(
      fc.asyncProperty(fc.oneof(tokenArb(["ghp_", "github_pat_", "xoxb-", "ATATT", "whsec_"]), fc.string({ unit: "grapheme", maxLength: 200 })), async (plain) => {
        const sealed = await sealer.seal(plain);
        expect(isSealed(sealed)).toBe(true);
        expect(sealed.startsWith("v1:a:")).toBe(true);
        expect(await sealer.open(sealed)).toBe(plain);
        // A fresh IV each time: two seals of one value differ.
        expect(await sealer.seal(plain)).not.toBe(sealed);
        if (plain.length >= 12) for (const form of formsOf(plain)) expect(sealed).not.toContain(form);
      }),
      fuzzRun(200),
    );
  });

  it("rotates: B is added as the newest, A's values still open, new values are B's, and without A they are refused", async () => {
    const withA = createSecretBox([keyA]);
    const rotated = createSecretBox([keyB, keyA]);
    const onlyB = createSecretBox([keyB]);
    await fc.assert(
      fc.asyncProperty(tokenArb(["ghp_", "xoxb-", "ATATT"]), async (plain) => {
        const old = await withA.seal(plain);
        expect(await rotated.open(old)).toBe(plain);
        expect(rotated.isCurrent(old)).toBe(false);
        const fresh = await rotated.seal(plain);
        expect(fresh.startsWith("v1:b:")).toBe(true);
        expect(rotated.isCurrent(fresh)).toBe(true);
        expect(await onlyB.open(fresh)).toBe(plain);
        await expect(onlyB.open(old)).rejects.toBeInstanceOf(SecretUnreadable);
      }),
      fuzzRun(50),
    );
  });

  it("refuses any changed byte, a swapped key id and a truncated value (GCM's tag)", async () => {
    const sealer = createSecretBox([keyA, { ...keyB, id: "b" }]);
    const sealed = await sealer.seal("ghp_the-real-token-0123456789");
    const [version, keyId, iv, body] = sealed.split(":");
    const flip = (text: string, at: number) => {
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const next = alphabet[(alphabet.indexOf(text[at]) + 1 + (at % 7)) % alphabet.length];
      return `${text.slice(0, at)}${next}${text.slice(at + 1)}`;
    };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("iv", "body"), fc.nat(), async (part, position) => {
        const changed =
          part === "iv" ? `${version}:${keyId}:${flip(iv, position % (iv.length - 1))}:${body}` : `${version}:${keyId}:${iv}:${flip(body, position % (body.length - 1))}`;
        if (changed === sealed) return;
        await expect(sealer.open(changed)).rejects.toThrow(SecretUnreadable);
      }),
      fuzzRun(100),
    );
    // Sealed under A, presented as B's: the key id is authenticated with the value.
    await expect(sealer.open(`${version}:b:${iv}:${body}`)).rejects.toThrow(SecretUnreadable);
    await expect(sealer.open(`${version}:${keyId}:${iv}:${body.slice(0, -4)}`)).rejects.toThrow(SecretUnreadable);
    const refusal = await sealer.open(`${version}:zz:${iv}:${body}`, "The saved GitHub token").catch((error) => error);
    expect(refusal).toBeInstanceOf(SecretUnreadable);
    expect(refusal.kind).toBe("Conflict");
    expect(refusal.message).toMatch(/^The saved GitHub token can no longer be read on this server/);
  });

  it("opens a value written before sealing as itself", async () => {
    const sealer = createSecretBox([keyA]);
    await fc.assert(
      fc.asyncProperty(tokenArb(["ghp_", "xoxb-", "ATATT", "https://hooks.slack.com/services/"]), async (plain) => {
        expect(isSealed(plain)).toBe(false);
        expect(await sealer.open(plain)).toBe(plain);
        expect(sealer.isCurrent(plain)).toBe(false);
      }),
      fuzzRun(50),
    );
  });

  it("reads its keyring from SECRETS_KEYRING, newest first, and refuses a malformed one", () => {
    const entry = newKeyringEntry("k2026");
    const keys = parseKeyring(`${entry}, ${newKeyringEntry("k2025")}`);
    expect(keys?.map((key) => key.id)).toEqual(["k2026", "k2025"]);
    expect(getConfig({ ...env, SECRETS_KEYRING: `${entry}` } as Env).secrets.currentKeyId).toBe("k2026");
    for (const bad of ["k1", "k1:short", `${entry},${entry}`, "bad id:AAAA", `k:${btoa("x".repeat(31))}`]) {
      expect(parseKeyring(bad)).toBeNull();
      expect(() => getConfig({ ...env, SECRETS_KEYRING: bad } as Env)).toThrow(/SECRETS_KEYRING/);
    }
  });
});

describe("a production server without its keyring", () => {
  it("serves nothing (503 saying why) and runs no job, while test and development use the development key", async () => {
    const production = { ...env, APP_ENV: "production", SECRETS_KEYRING: "" } as Env;
    for (const path of ["/api/users/me/", "/", "/sign-in"]) {
      const response = await fetchWith(production, path);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain(SECRETS_KEYRING_MISSING);
    }
    await expect(getConfig(production).secrets.seal("x")).rejects.toThrow(SECRETS_KEYRING_MISSING);
    const keyed = { ...env, APP_ENV: "production", SECRETS_KEYRING: newKeyringEntry("prod") } as Env;
    expect(getConfig(keyed).misconfigured).toBeNull();
    expect(getConfig(env).misconfigured).toBeNull();
  });
});

// ---------------------------------------------------------------- the rows, after the API saved them

describe("credentials in D1", () => {
  it("keeps no form of a workspace's GitHub token in its row, and uses it to read GitHub", async () => {
    const t = await createTeamWithProject("restgh");
    await fc.assert(
      fc.asyncProperty(tokenArb(["ghp_", "github_pat_", "gho_"]), async (token) => {
        expectStatus(await saveToken(t.owner, t.slug, token), 200);
        const row = await githubRow(t.slug);
        expectNowhereIn(row, token);
        expect(await box().open(JSON.parse(row!.config).access_token)).toBe(token);
      }),
      fuzzRun(8),
    );
    // The last token saved is the one GitHub is read with.
    const listed = await t.member.get(ws(t.slug, `workspace-integrations/${(await githubRow(t.slug))!.id}/github-repositories/?page=1`));
    expectStatus(listed, 200);
  });

  it("keeps no form of an import's GitHub or Jira token in the importer row", async () => {
    const t = await createTeamWithProject("restimp");
    const token = `ghp_import${crypto.randomUUID().replaceAll("-", "")}`;
    const login = uniqueAccount();
    const { repository } = await createFakeRepo({ owner: login, name: uniqueRepoName(), token, login, issues: 2 });
    expectStatus(await t.owner.put(credentialPath(t.slug), { token }), 200);
    const github = await t.member.post(ws(t.slug, "projects/importers/github/"), {
      metadata: { owner: login, name: repository.name, repository_id: repository.id, url: repository.html_url },
      data: { users: [] },
      config: {},
      project_id: t.project.id,
    });
    expectStatus(github, 201);
    expectNowhereIn(await rowOf("importers", "id = ?", github.body.id), token);

    await fc.assert(
      fc.asyncProperty(tokenArb(["ATATT3x", "ATCTT"]), async (apiToken) => {
        const jira = await jiraProject(apiToken);
        // A project each: the imports the queue runs meanwhile do not write into one another.
        const project = await createProject(t.owner, t.slug);
        const started = await t.owner.post(ws(t.slug, "projects/importers/jira/"), jiraImportPayload(jira, project.id));
        expectStatus(started, 201);
        expectNowhereIn(await rowOf("importers", "id = ?", started.body.id), apiToken);
      }),
      fuzzRun(4),
    );
  });

  it("keeps no form of Slack's bot tokens or the channel's webhook URL", async () => {
    const p = await createProjectFixture();
    const installed = await p.owner.post("/api/slack-redirect/", await slackGrant(p.owner, p.slug));
    expectStatus(installed, 201);
    const integrationId = installed.body.workspace_integration.id;
    const installation = await rowOf<{ config: string }>("workspace_integrations", "id = ?", integrationId);
    const botToken = await box().open(JSON.parse(installation!.config).access_token);
    expect(botToken).toMatch(/^xoxb-/);
    expectNowhereIn(installation, botToken);
    expect(JSON.stringify(installation)).not.toContain("xoxb-");

    const grant = await slackGrant(p.owner, p.slug, p.projectId, "C0TRACKER");
    const connected = await p.owner.post("/api/slack-redirect/", grant);
    expectStatus(connected, 201);
    const channel = await rowOf<{ access_token: string; webhook_url: string }>("slack_project_syncs", "id = ?", connected.body.channel.id);
    const channelToken = await box().open(channel!.access_token);
    const hookUrl = await box().open(channel!.webhook_url);
    expect(channelToken).toMatch(/^xoxb-/);
    expect(hookUrl).toMatch(/^https?:\/\//);
    expectNowhereIn(channel, channelToken);
    expectNowhereIn(channel, hookUrl);
    expect(JSON.stringify(channel)).not.toContain("xoxb-");
  });

  it("keeps no form of a webhook's signing secret, created or rotated, and shows it to the owner", async () => {
    const t = await createTeamWithProject("resthook");
    const created = await t.owner.post(ws(t.slug, "webhooks/"), { url: "https://hooks.example.com/rest", events: ["issue"] });
    expectStatus(created, 201);
    expectNowhereIn(await rowOf("webhooks", "id = ?", created.body.id), created.body.secret);
    const rotated = await t.owner.post(ws(t.slug, `webhooks/${created.body.id}/rotate-secret/`));
    expectStatus(rotated, 200);
    expectNowhereIn(await rowOf("webhooks", "id = ?", created.body.id), rotated.body.secret);
    expect((await t.owner.get(ws(t.slug, `webhooks/${created.body.id}/`))).body.secret).toBe(rotated.body.secret);
  });
});

describe("rows written before sealing, and keys that rotate", () => {
  it("reads a plain token of an older row, and seals it when it is next written", async () => {
    const t = await createTeamWithProject("restlegacy");
    const token = `ghp_legacy${crypto.randomUUID().replaceAll("-", "")}`;
    const login = uniqueAccount();
    await createFakeRepo({ owner: login, name: uniqueRepoName(), token, login, issues: 0 });
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO workspace_integrations (id, workspace_id, integration_id, metadata, config, created_at, updated_at) VALUES (?, (SELECT id FROM workspaces WHERE slug = ?), '00000000-0000-4000-8000-000000000001', ?, ?, ?, ?)",
    )
      .bind(id, t.slug, JSON.stringify({ login }), JSON.stringify({ access_token: token }), now, now)
      .run();
    expectStatus(await t.member.get(ws(t.slug, `workspace-integrations/${id}/github-repositories/?page=1`)), 200);
    expectStatus(await t.owner.put(credentialPath(t.slug), { token }), 200);
    expectNowhereIn(await githubRow(t.slug), token);

    // A webhook secret of an older row is shown as it is, and sealed when rotated.
    const hook = await t.owner.post(ws(t.slug, "webhooks/"), { url: "https://hooks.example.com/legacy", events: ["issue"] });
    await env.DB.prepare("UPDATE webhooks SET secret = 'whsec_plain_legacy_secret_0123456789' WHERE id = ?").bind(hook.body.id).run();
    expect((await t.owner.get(ws(t.slug, `webhooks/${hook.body.id}/`))).body.secret).toBe("whsec_plain_legacy_secret_0123456789");
    const rotated = await t.owner.post(ws(t.slug, `webhooks/${hook.body.id}/rotate-secret/`));
    expectNowhereIn(await rowOf("webhooks", "id = ?", hook.body.id), rotated.body.secret);
  });

  it("opens rows sealed with an older key of the keyring, seals new ones with the newest, and refuses a retired key's rows readably", async () => {
    const t = await createTeamWithProject("restrotate");
    const token = `ghp_rotate${crypto.randomUUID().replaceAll("-", "")}`;
    expectStatus(await saveToken(t.owner, t.slug, token), 200);
    const sealedByDev = JSON.parse((await githubRow(t.slug))!.config).access_token as string;
    expect(sealedByDev.startsWith(`v1:${box().currentKeyId}:`)).toBe(true);

    const newest = newKeyringEntry("next");
    const devEntry = "dev:ZWRnZS10cmFja2VyLWRldi1rZXktbm90LXNlY3JldCE";
    const rotatedEnv = { ...env, SECRETS_KEYRING: `${newest},${devEntry}` } as Env;
    const rotated = getConfig(rotatedEnv).secrets;
    expect(await rotated.open(sealedByDev)).toBe(token);
    expect((await rotated.seal(token)).startsWith("v1:next:")).toBe(true);

    // Served by a Worker whose keyring holds the newest key only: the token cannot be opened, and
    // the person is told so (409), never a 500.
    const retiredEnv = { ...env, SECRETS_KEYRING: newest } as Env;
    const listPath = ws(t.slug, `workspace-integrations/${(await githubRow(t.slug))!.id}/github-repositories/?page=1`);
    const response = await fetchWith(retiredEnv, listPath, { headers: { cookie: t.member.cookie } });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/^The saved GitHub token can no longer be read on this server/);
    // Saving again on that Worker seals with its key, and the workspace reads GitHub again there.
    const saved = await fetchWith(retiredEnv, credentialPath(t.slug), {
      method: "PUT",
      headers: { cookie: t.owner.cookie, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ token }),
    });
    expect(saved.status).toBe(200);
    expect(JSON.parse((await githubRow(t.slug))!.config).access_token.startsWith("v1:next:")).toBe(true);
  });

  it("answers a changed (tampered) saved token with a 409 saying so, not a 500", async () => {
    const t = await createTeamWithProject("resttamper");
    const token = `ghp_tamper${crypto.randomUUID().replaceAll("-", "")}`;
    expectStatus(await saveToken(t.owner, t.slug, token), 200);
    const row = (await githubRow(t.slug))!;
    const sealed = JSON.parse(row.config).access_token as string;
    const last = sealed.at(-2) === "A" ? "B" : "A";
    const changed = `${sealed.slice(0, -2)}${last}${sealed.at(-1)}`;
    await env.DB.prepare("UPDATE workspace_integrations SET config = ? WHERE id = ?").bind(JSON.stringify({ access_token: changed }), row.id).run();
    const listed = await t.member.get(ws(t.slug, `workspace-integrations/${row.id}/github-repositories/?page=1`));
    expect(listed.status).toBe(409);
    expect(listed.body.error).toMatch(/^The saved GitHub token can no longer be read on this server/);
    // The connection still shows, so an owner can replace the token.
    expectStatus(await t.member.get(credentialPath(t.slug)), 200);

    // A webhook whose secret was changed: the owner's list still opens (the secret shows empty).
    const hook = await t.owner.post(ws(t.slug, "webhooks/"), { url: "https://hooks.example.com/tamper", events: ["issue"] });
    const stored = (await rowOf<{ secret: string }>("webhooks", "id = ?", hook.body.id))!.secret;
    await env.DB.prepare("UPDATE webhooks SET secret = ? WHERE id = ?").bind(`${stored.slice(0, -3)}AAA`, hook.body.id).run();
    const hooks = await t.owner.get(ws(t.slug, "webhooks/"));
    expectStatus(hooks, 200);
    expect(hooks.body.find((h: { id: string }) => h.id === hook.body.id).secret).toBe("");
  });
});

// ---------------------------------------------------------------- the Jira token's life

const jiraHost = () => env.FAKE_JIRA_HOST;
let jiraCounter = 0;

async function jiraProject(apiToken: string) {
  const key = `RST${Date.now().toString(36).toUpperCase().slice(-4)}${++jiraCounter}`.replace(/[^A-Z0-9]/g, "X");
  const email = `rest-${key.toLowerCase()}@example.test`;
  const response = await fetch(`http://${jiraHost()}/_fake/projects`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ epics: 1, stories: 3, subtasks: 1, users: 2, labels: 2, comments: 1, key, email, api_token: apiToken }),
  });
  if (!response.ok) throw new Error(`the fake Jira answered ${response.status}`);
  return { key, email, api_token: apiToken };
}

function jiraImportPayload(jira: { key: string; email: string; api_token: string }, projectId: string) {
  return {
    metadata: { api_token: jira.api_token, project_key: jira.key, email: jira.email, cloud_hostname: jiraHost() },
    config: { epics_to_modules: false },
    data: { users: [], invite_users: false, total_issues: 5, total_labels: 2, total_modules: 1, total_states: 6 },
    project_id: projectId,
  };
}

const importerRow = (id: string) => rowOf<{ status: string; metadata: string; error: string | null }>("importers", "id = ?", id);

/**
 * A Jira import recorded as the start route records it (its token sealed), but not queued: the
 * test drives its runs, so no background run races it.
 */
async function plantJiraImport(t: Awaited<ReturnType<typeof createTeamWithProject>>, jira: { key: string; email: string; api_token: string }, token?: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const metadata = { cloud_hostname: jiraHost(), project_key: jira.key, email: jira.email, api_token: token ?? (await box().seal(jira.api_token)) };
  await env.DB.prepare(
    `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
     VALUES (?, ?, ?, 'jira', 'processing', ?, '{"epics_to_modules":false}', '{"users":[],"invite_users":false}', ?, ?, ?, ?)`,
  )
    .bind(id, t.workspaceId, t.project.id, JSON.stringify(metadata), t.member.user.id, now, now, now)
    .run();
  return id;
}

/** Runs the import job in step (no queue) until it ends. */
async function runToEnd(id: string) {
  for (let run = 0; run < 50; run++) {
    const outcome = await runImport(env, id, { budgetMs: 60_000, requeue: async () => {} });
    if (outcome === "completed" || outcome === "failed" || outcome === "gone") return outcome;
  }
  throw new Error("the import did not end");
}

describe("a Jira token's life", () => {
  it("is gone from the importer row once the import finishes", async () => {
    const t = await createTeamWithProject("restjdone");
    const jira = await jiraProject(`ATATT${crypto.randomUUID().replaceAll("-", "")}`);
    const id = await plantJiraImport(t, jira);
    expect(JSON.parse((await importerRow(id))!.metadata).api_token).toMatch(/^v1:/);
    expect(await runToEnd(id)).toBe("completed");
    const row = await importerRow(id);
    expect(JSON.parse(row!.metadata)).not.toHaveProperty("api_token");
    expectNowhereIn(row, jira.api_token);
    expect(JSON.parse(row!.metadata)).toMatchObject({ project_key: jira.key, cloud_hostname: jiraHost() });
  });

  it("is gone once the import fails, and resuming then asks for a new import", async () => {
    const t = await createTeamWithProject("restjfail");
    const jira = await jiraProject(`ATATT${crypto.randomUUID().replaceAll("-", "")}`);
    const id = await plantJiraImport(t, jira);
    // Jira stops accepting the token: the run fails for good.
    const faulted = await fetch(`http://${jiraHost()}/_fake/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: jira.email, status: 401, count: 1000 }),
    });
    expect(faulted.status).toBe(200);
    expect(await runToEnd(id)).toBe("failed");
    const row = await importerRow(id);
    expect(JSON.parse(row!.metadata)).not.toHaveProperty("api_token");
    expectNowhereIn(row, jira.api_token);
    const resumed = await t.member.post(ws(t.slug, `importers/jira/${id}/resume/`));
    expect(resumed.status).toBe(400);
    expect(resumed.body.error).toMatch(/token was deleted when it stopped/);
  });

  it("fails an import whose stored token was changed, at once and with the reason", async () => {
    const t = await createTeamWithProject("restjtamper");
    const jira = await jiraProject(`ATATT${crypto.randomUUID().replaceAll("-", "")}`);
    const sealed = await box().seal(jira.api_token);
    const id = await plantJiraImport(t, jira, `${sealed.slice(0, -3)}${sealed.endsWith("AAA") ? "BBB" : "AAA"}`);
    expect(await runImport(env, id, { requeue: async () => {} })).toBe("failed");
    const row = await importerRow(id);
    expect(row!.error).toMatch(/can no longer be read on this server/);
    expect(JSON.parse(row!.metadata)).not.toHaveProperty("api_token");
  });

  it("travels in a POST body: the old GET with the token in its query answers nothing and calls no one", async () => {
    const t = await createTeamWithProject("restjurl");
    const jira = await jiraProject(`ATATT${crypto.randomUUID().replaceAll("-", "")}`);
    const credentials = { api_token: jira.api_token, project_key: jira.key, email: jira.email, cloud_hostname: jiraHost() };
    // The wizard's path is a fixed one: nothing of the credentials goes into it.
    expect(JIRA_PROJECT_INFO_PATH).not.toContain("?");
    const posted = await t.member.post(ws(t.slug, JIRA_PROJECT_INFO_PATH), credentials);
    expectStatus(posted, 200);
    const calls = async () => ((await (await fetch(`http://${jiraHost()}/_fake/log?email=${encodeURIComponent(jira.email)}`)).json()) as unknown[]).length;
    const before = await calls();
    const asQuery = await t.member.get(`${ws(t.slug, "importers/jira/")}?${new URLSearchParams(credentials)}`);
    expect([404, 405]).toContain(asQuery.status);
    expect(await calls()).toBe(before);
  });
});

// ---------------------------------------------------------------- who replaces the saved token

describe("the workspace's saved GitHub token", () => {
  it("is replaced or forgotten by owners only: a member gets 403 and the stored value stays", async () => {
    const t = await createTeamWithProject("restowner");
    const token = `ghp_owner${crypto.randomUUID().replaceAll("-", "")}`;
    expectStatus(await saveToken(t.owner, t.slug, token), 200);
    const before = (await githubRow(t.slug))!.config;

    const intruder = `ghp_member${crypto.randomUUID().replaceAll("-", "")}`;
    const login = uniqueAccount();
    await createFakeRepo({ owner: login, name: uniqueRepoName(), token: intruder, login, issues: 0 });
    const replaced = await t.member.put(credentialPath(t.slug), { token: intruder });
    expect(replaced.status).toBe(403);
    expect((await t.member.delete(credentialPath(t.slug))).status).toBe(403);
    expect((await githubRow(t.slug))!.config).toBe(before);
    // Members still read the connection and import through it.
    expectStatus(await t.member.get(credentialPath(t.slug)), 200);

    expectStatus(await t.owner.put(credentialPath(t.slug), { token: intruder }), 200);
    expect(await box().open(JSON.parse((await githubRow(t.slug))!.config).access_token)).toBe(intruder);

    // The import page tells the wizard whether to offer saving and forgetting the token.
    const route = "routes/$workspaceSlug.settings.import-export";
    const pageOf = (client: Client) => loadPageData<{ can_manage_credentials: boolean }>(client, `/${t.slug}/settings/import-export.data`, route);
    expect((await pageOf(t.owner)).can_manage_credentials).toBe(true);
    expect((await pageOf(t.member)).can_manage_credentials).toBe(false);
  });
});

// ---------------------------------------------------------------- the hourly pass

describe("the pass that reseals stored credentials", () => {
  it("seals plain rows and older keys' rows under the newest key, forgets ended imports' tokens, and leaves nothing for a second run", async () => {
    const t = await createTeamWithProject("restpass");
    const plain = {
      github: `ghp_pass${crypto.randomUUID().replaceAll("-", "")}`,
      jira: `ATATTpass${crypto.randomUUID().replaceAll("-", "")}`,
      ended: `ATATTended${crypto.randomUUID().replaceAll("-", "")}`,
      slack: `xoxb-pass-${crypto.randomUUID()}`,
      hookUrl: `https://hooks.slack.com/services/${crypto.randomUUID()}`,
      secret: `whsec_pass${crypto.randomUUID().replaceAll("-", "")}`,
    };
    const now = new Date().toISOString();
    const integrationId = crypto.randomUUID();
    const processing = crypto.randomUUID();
    const ended = crypto.randomUUID();
    const syncId = crypto.randomUUID();
    const hook = await t.owner.post(ws(t.slug, "webhooks/"), { url: "https://hooks.example.com/pass", events: ["issue"] });
    // Written before sealing existed: plain values everywhere (the channel's token already sealed by the development key).
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO workspace_integrations (id, workspace_id, integration_id, metadata, config, created_at, updated_at) VALUES (?, ?, '00000000-0000-4000-8000-000000000001', '{}', ?, ?, ?)",
      ).bind(integrationId, t.workspaceId, JSON.stringify({ access_token: plain.github }), now, now),
      env.DB.prepare(
        `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
         VALUES (?, ?, ?, 'jira', ?, ?, '{}', '{}', ?, ?, ?, ?), (?, ?, ?, 'jira', ?, ?, '{}', '{}', ?, ?, ?, ?)`,
      ).bind(
        ...[processing, t.workspaceId, t.project.id, "processing", JSON.stringify({ project_key: "PASS", api_token: plain.jira }), t.owner.user.id, now, now, now],
        ...[ended, t.workspaceId, t.project.id, "completed", JSON.stringify({ project_key: "DONE", api_token: plain.ended }), t.owner.user.id, now, now, now],
      ),
      env.DB.prepare(
        "INSERT INTO slack_project_syncs (id, workspace_id, project_id, workspace_integration_id, access_token, webhook_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(syncId, t.workspaceId, t.project.id, integrationId, await box().seal(plain.slack), plain.hookUrl, now, now),
      env.DB.prepare("UPDATE webhooks SET secret = ? WHERE id = ?").bind(plain.secret, hook.body.id),
    ]);

    const read = async () => ({
      github: JSON.parse((await rowOf<{ config: string }>("workspace_integrations", "id = ?", integrationId))!.config).access_token as string,
      jira: JSON.parse((await rowOf<{ metadata: string }>("importers", "id = ?", processing))!.metadata).api_token as string,
      slack: (await rowOf<{ access_token: string }>("slack_project_syncs", "id = ?", syncId))!.access_token,
      hookUrl: (await rowOf<{ webhook_url: string }>("slack_project_syncs", "id = ?", syncId))!.webhook_url,
      secret: (await rowOf<{ secret: string }>("webhooks", "id = ?", hook.body.id))!.secret,
    });

    // A keyring with a newer key: everything moves under it, and opens to what it was.
    const passEntry = newKeyringEntry("pass");
    const devEntry = "dev:ZWRnZS10cmFja2VyLWRldi1rZXktbm90LXNlY3JldCE";
    const rotatedEnv = { ...env, SECRETS_KEYRING: `${passEntry},${devEntry}` } as Env;
    const rotated = getConfig(rotatedEnv).secrets;
    const first = await resealSecrets(rotatedEnv);
    expect(first.resealed).toBeGreaterThanOrEqual(5);
    expect(first.forgotten).toBeGreaterThanOrEqual(1);
    const moved = await read();
    for (const [name, value] of Object.entries(moved)) {
      expect(value.startsWith("v1:pass:"), name).toBe(true);
      expect(await rotated.open(value)).toBe(plain[name as keyof typeof plain]);
    }
    expect(JSON.parse((await rowOf<{ metadata: string }>("importers", "id = ?", ended))!.metadata)).toEqual({ project_key: "DONE" });
    for (const [table, id] of [["workspace_integrations", integrationId], ["importers", processing], ["importers", ended], ["slack_project_syncs", syncId], ["webhooks", hook.body.id]]) {
      const row = await rowOf(table, "id = ?", id);
      for (const value of Object.values(plain)) expectNowhereIn(row, value);
    }
    // Nothing left for a second run of ours.
    await resealSecrets(rotatedEnv);
    expect(await read()).toEqual(moved);

    // A retired key's values are counted and left alone...
    expect((await resealSecrets(env, 1000)).unreadable).toBeGreaterThanOrEqual(5);
    expect(await read()).toEqual(moved);
    // ...and with the development key first again, everything moves back, so the file's rows open.
    await resealSecrets({ ...env, SECRETS_KEYRING: `${devEntry},${passEntry}` } as Env, 1000);
    expect((await read()).github.startsWith(`v1:${box().currentKeyId}:`)).toBe(true);
  });

  it("runs from the watchdog once an hour, at minute 0", async () => {
    const t = await createTeamWithProject("restcron");
    const hook = await t.owner.post(ws(t.slug, "webhooks/"), { url: "https://hooks.example.com/cron", events: ["issue"] });
    const plainSecret = `whsec_cron${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare("UPDATE webhooks SET secret = ? WHERE id = ?").bind(plainSecret, hook.body.id).run();
    const stored = async () => (await rowOf<{ secret: string }>("webhooks", "id = ?", hook.body.id))!.secret;
    await superviseJobs(env, new Date("2026-11-28T10:01:00Z"));
    expect(await stored()).toBe(plainSecret);
    await superviseJobs(env, new Date("2026-11-28T11:00:00Z"));
    expect(await stored()).toMatch(/^v1:/);
    expect(await box().open(await stored())).toBe(plainSecret);
  });
});
