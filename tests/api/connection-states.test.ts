// Connection round trips cannot be finished by a link. Every callback (GitHub's install callback,
// Slack's landing, the workspace and project Slack paths) stores nothing unless its state is the
// one this very session minted for this workspace, project and kind of flow, unexpired and unused;
// and the GitHub App is stored only when the installing person may administer the installation
// and no other workspace holds it. The refusals are generated: states from another session, person,
// workspace, project or flow, expired, reused, altered (case, truncation, extra or swapped
// characters) or missing, and installation ids around a real one. Each refusal must leave every
// integration row as it was.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../workers/auth/crypto";
import { CONNECTION_NEEDS_SESSION, CONNECTION_STATE_REFUSED } from "../../workers/domain/connections/states";
import { GITHUB_INSTALLATION_NOT_YOURS, GITHUB_INSTALLATION_TAKEN } from "../../workers/domain/integrations";
import type { ConnectionKind } from "../../workers/domain/connections/states";
import { CONNECTION_STATE_MISSING } from "../../workers/domain/schemas/connections";
import { getConfig } from "../../workers/env";
import { slackAuthorizeUrl } from "../../workers/integrations/slack/authorize-url";
import { type Call, type Client, ORIGIN, call, cookieFrom, signUp } from "../helpers/api";
import {
  type Browser,
  completeGithubInstall,
  connectGithub,
  githubCodeFor,
  githubInstallBody,
  installOnGithub,
  startConnection,
} from "../helpers/connections";
import { installFakeApp } from "../helpers/fake-github";
import { authorizeOnSlack, slackGrant } from "../helpers/fake-slack";
import { createProject, createTeamWithProject, createWorkspace, expectStatus } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const PASSWORD = "correct horse battery";

/** Every integration row, as text: a refusal must leave it exactly so. */
async function integrationRows(): Promise<string> {
  const [installs, channels] = await env.DB.batch([
    env.DB.prepare("SELECT * FROM workspace_integrations ORDER BY id"),
    env.DB.prepare("SELECT * FROM slack_project_syncs ORDER BY id"),
  ]);
  return JSON.stringify([installs.results, channels.results]);
}

/** Another session of the same person (a second browser). */
async function secondSession(client: Client): Promise<Browser> {
  const signedIn = await call("POST", "/api/auth/sign-in/", { body: { email: client.user.email, password: PASSWORD }, headers: { origin: ORIGIN } });
  expectStatus(signedIn, 200);
  return { cookie: cookieFrom(signedIn.headers) };
}

/** A real Slack code (the workspace's grant, or with `channel` a channel's), got without any state of ours. */
async function slackCode(channel: boolean): Promise<string> {
  const url = slackAuthorizeUrl(getConfig(env), ORIGIN, "unused", channel);
  return (await authorizeOnSlack(new URL(url ?? ""), channel ? "C0RANDOM" : undefined)).code;
}

/** Where a flow's callback lands: the landing page's door or the path that names the scope. */
type Door = "github" | "slack-redirect" | "slack-workspace" | "slack-project";
const DOOR_KIND: Record<Door, ConnectionKind> = {
  github: "github_install",
  "slack-redirect": "slack_install",
  "slack-workspace": "slack_install",
  "slack-project": "slack_channel",
};

interface Scene {
  owner: Client;
  ownerElsewhere: Browser;
  member: Client;
  attacker: Client;
  attackerSlug: string;
  slug: string;
  otherSlug: string;
  projectId: string;
  otherProjectId: string;
  slackIntegrationId: string;
  /** The owner's GitHub login and the installation it administers. */
  githubLogin: string;
  installationId: number;
}

let scene: Scene;

beforeAll(async () => {
  const t = await createTeamWithProject("cstate");
  const otherProject = await createProject(t.owner, t.slug);
  const other = await createWorkspace(t.owner, { slug: `cstate-other-${Date.now().toString(36)}` });
  const attacker = await signUp({ first_name: "Mallory" });
  const attackerWorkspace = await createWorkspace(attacker, { slug: `cstate-evil-${Date.now().toString(36)}` });
  const slack = await t.owner.post("/api/slack-redirect/", await slackGrant(t.owner, t.slug));
  expectStatus(slack, 201);
  const githubLogin = `cstate-gh-${Date.now().toString(36)}`;
  const installation = await installFakeApp(githubLogin);
  scene = {
    owner: t.owner,
    ownerElsewhere: await secondSession(t.owner),
    member: t.member,
    attacker,
    attackerSlug: attackerWorkspace.slug,
    slug: t.slug,
    otherSlug: other.slug,
    projectId: t.project.id,
    otherProjectId: otherProject.id,
    slackIntegrationId: slack.body.workspace_integration.id,
    githubLogin,
    installationId: installation.id,
  };
});

/** The start body for `kind` in the scene's project `projectId`. */
const startBody = (kind: ConnectionKind, projectId = scene.projectId) =>
  kind === "slack_channel" ? { kind, project_id: projectId } : ({ kind } as { kind: "github_install" | "slack_install" });

/** A state minted by `browser` for `kind` in workspace `slug` (and project). */
async function mint(browser: Browser, kind: ConnectionKind, slug = scene.slug, projectId = scene.projectId): Promise<string> {
  const url = await startConnection(browser, slug, startBody(kind, projectId));
  return url.searchParams.get("state") ?? "";
}

/** The callback at `door` with a real code from the provider, as `browser`, carrying `state`. */
async function land(door: Door, browser: Browser, state: string | undefined): Promise<Call> {
  const headers = { origin: ORIGIN };
  const cookie = browser.cookie;
  if (door === "github") {
    const body = { installation_id: scene.installationId, code: await githubCodeFor(scene.githubLogin), state };
    return completeGithubInstall(browser, scene.slug, body);
  }
  const code = await slackCode(door === "slack-project");
  const body = { code, state };
  if (door === "slack-redirect") return call("POST", "/api/slack-redirect/", { cookie, body, headers });
  if (door === "slack-workspace") return call("POST", `/api/workspaces/${scene.slug}/workspace-integrations/slack/`, { cookie, body, headers });
  return call("POST", `/api/workspaces/${scene.slug}/projects/${scene.projectId}/workspace-integrations/${scene.slackIntegrationId}/project-slack-sync/`, {
    cookie,
    body,
    headers,
  });
}

/** A refusal that says why: the state (400 on `state`), or the caller's standing (403). */
function expectRefused(answer: Call, context: string) {
  expect([400, 403], `${context}: ${answer.status} ${JSON.stringify(answer.body)}`).toContain(answer.status);
  if (answer.status === 400) expect([CONNECTION_STATE_REFUSED, CONNECTION_STATE_MISSING], context).toContain(answer.body.state?.[0]);
}

const ALL_DOORS: Door[] = ["github", "slack-redirect", "slack-workspace", "slack-project"];

/** How a state goes wrong. Each case carries what it needs to build the bad state. */
const badState = fc.oneof(
  fc.record({ type: fc.constant("other-session" as const) }),
  fc.record({ type: fc.constant("other-person" as const), who: fc.constantFrom("member" as const, "attacker" as const) }),
  fc.record({ type: fc.constant("other-scope" as const) }),
  fc.record({ type: fc.constant("other-kind" as const), pick: fc.nat() }),
  fc.record({ type: fc.constant("expired" as const), agoMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 * 24 * 3600_000 })) }),
  fc.record({ type: fc.constant("reused" as const) }),
  fc.record({
    type: fc.constant("altered" as const),
    how: fc.constantFrom("case" as const, "truncate" as const, "append" as const, "prepend" as const, "swap" as const),
    at: fc.nat(),
    extra: fc.string({ minLength: 1, maxLength: 4, unit: fc.constantFrom(..."aZ09-_.~ \t\u0000é") }),
  }),
  fc.record({
    type: fc.constant("missing" as const),
    value: fc.oneof(
      fc.constant(undefined),
      fc.constant(""),
      // What the tracker used to accept: the slug, or "slug,projectId,integrationId".
      fc.constant("old-slug"),
      fc.constant("old-channel"),
      fc.string({ maxLength: 60 }),
    ),
  }),
);

/** Changes one thing about `state` so it is not the same string. */
function alter(state: string, how: "case" | "truncate" | "append" | "prepend" | "swap", at: number, extra: string): string {
  const i = at % state.length;
  if (how === "truncate") return state.slice(0, i);
  if (how === "append") return state + extra;
  if (how === "prepend") return extra + state;
  if (how === "swap") {
    const replacement = extra[0] === state[i] ? (state[i] === "x" ? "y" : "x") : extra[0];
    return state.slice(0, i) + replacement + state.slice(i + 1);
  }
  // The first letter from `i` on, in the other case (the random part always has letters).
  for (let k = 0; k < state.length; k++) {
    const j = (i + k) % state.length;
    const flipped = state[j] === state[j].toLowerCase() ? state[j].toUpperCase() : state[j].toLowerCase();
    if (flipped !== state[j]) return state.slice(0, j) + flipped + state.slice(j + 1);
  }
  return `${state}x`;
}

describe("a connection round trip", () => {
  it("finishes in the session that started it, once, and its state is then gone", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM connection_states").first<{ n: number }>();
    const grant = await slackGrant(scene.owner, scene.slug, scene.projectId, "C0TRACKER");
    const connected = await call("POST", "/api/slack-redirect/", { cookie: scene.owner.cookie, body: grant, headers: { origin: ORIGIN } });
    expectStatus(connected, 201);
    expect(connected.body.channel).toMatchObject({ project: scene.projectId, channel_id: "C0TRACKER" });
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM connection_states WHERE state_hash = ?").bind(await sha256Hex(grant.state)).first<{ n: number }>();
    expect(stored?.n).toBe(0);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM connection_states").first<{ n: number }>())?.n).toBe(before?.n);
    // Only the state's hash is kept while the round trip is open.
    const open = await mint(scene.owner, "slack_install");
    const row = await env.DB.prepare("SELECT * FROM connection_states WHERE state_hash = ?").bind(await sha256Hex(open)).first<Record<string, unknown>>();
    expect(row).toMatchObject({ kind: "slack_install", project_id: null, user_id: scene.owner.user.id });
    expect(JSON.stringify(row)).not.toContain(open.slice(open.indexOf(".") + 1));
  });

  it("lets only one of two simultaneous callbacks with the same state through", async () => {
    const state = await mint(scene.owner, "slack_install");
    const [a, b] = await Promise.all([slackCode(false), slackCode(false)]);
    const answers = await Promise.all(
      [a, b].map((code) => call("POST", "/api/slack-redirect/", { cookie: scene.owner.cookie, body: { code, state }, headers: { origin: ORIGIN } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
  });

  it("cannot be started with an API key: there is no browser session to bind it to", async () => {
    const token = await scene.owner.post("/api/users/api-tokens/", { label: "script" });
    expect(token.body.token).toEqual(expect.any(String));
    const started = await call("POST", `/api/workspaces/${scene.slug}/connection-states/`, {
      apiKey: token.body.token,
      body: { kind: "slack_install" },
    });
    expect(started.status).toBe(403);
    expect(started.body.error).toBe(CONNECTION_NEEDS_SESSION);
  });

  it("refuses every state that is not this session's own for this scope and flow, and stores nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ALL_DOORS), badState, async (door, bad) => {
        const kind = DOOR_KIND[door];
        let browser: Browser = scene.owner;
        let state: string | undefined;
        // Whether the owner's own state must still work after the refusal (it was not used up).
        let keptFor: string | undefined;
        switch (bad.type) {
          case "other-session":
            keptFor = state = await mint(scene.owner, kind);
            browser = scene.ownerElsewhere;
            break;
          case "other-person":
            if (bad.who === "member") {
              keptFor = state = await mint(scene.owner, kind);
              browser = scene.member;
            } else {
              // The attacker's own state, from their own workspace, handed to the owner in a link.
              state = await mint(scene.attacker, kind === "slack_channel" ? "slack_install" : kind, scene.attackerSlug);
            }
            break;
          case "other-scope":
            // The landing page's door goes wherever its state says; the scoped paths must not.
            if (door === "slack-redirect") return;
            state = kind === "slack_channel" ? await mint(scene.owner, kind, scene.slug, scene.otherProjectId) : await mint(scene.owner, kind, scene.otherSlug);
            break;
          case "other-kind": {
            const others = (["github_install", "slack_install", "slack_channel"] as const).filter(
              (other) => other !== kind && !(door === "slack-redirect" && other === "slack_channel"),
            );
            state = await mint(scene.owner, others[bad.pick % others.length]);
            break;
          }
          case "expired":
            state = await mint(scene.owner, kind);
            await env.DB.prepare("UPDATE connection_states SET expires_at = ? WHERE state_hash = ?")
              .bind(new Date(Date.now() - bad.agoMs).toISOString(), await sha256Hex(state))
              .run();
            break;
          case "reused": {
            state = await mint(scene.owner, kind);
            const first = await land(door, scene.owner, state);
            expect(first.status, JSON.stringify(first.body)).toBe(201);
            break;
          }
          case "altered": {
            const good = await mint(scene.owner, kind);
            state = alter(good, bad.how, bad.at, bad.extra);
            keptFor = good;
            break;
          }
          case "missing":
            state =
              bad.value === "old-slug"
                ? scene.slug
                : bad.value === "old-channel"
                  ? `${scene.slug},${scene.projectId},${scene.slackIntegrationId}`
                  : bad.value;
            break;
        }
        const before = await integrationRows();
        const answer = await land(door, browser, state);
        expectRefused(answer, `${door} ${JSON.stringify(bad)}`);
        expect(await integrationRows(), `${door} ${JSON.stringify(bad)} changed a row`).toBe(before);
        if (keptFor) {
          const honest = await land(door, scene.owner, keptFor);
          expect(honest.status, `the owner's own state after ${JSON.stringify(bad)}: ${JSON.stringify(honest.body)}`).toBe(201);
        }
      }),
      fuzzRun(60),
    );
  });
});

describe("installing the GitHub App", () => {
  it("finds the installation on any page of the person's installations", async () => {
    // The person administers 120 installations: the one installed last is on the second page.
    const login = `cstate-many-${Date.now().toString(36)}`;
    const t = await createTeamWithProject("cspages");
    for (let i = 0; i < 119; i += 20) {
      await Promise.all(Array.from({ length: Math.min(20, 119 - i) }, (_, k) => adminOf(`${login}-org-${i + k}`, login)));
    }
    const installed = await connectGithub(t.owner, t.slug, `${login}-last`, login);
    expectStatus(installed, 201);
    expect(installed.body.metadata.account_login).toBe(`${login}-last`);
  });

  it("refuses an installation the person does not administer, or another workspace holds, storing nothing", async () => {
    // The attacker's workspace connected an installation the owner's GitHub login also administers.
    const shared = `cstate-shared-${Date.now().toString(36)}`;
    await installFakeApp(shared);
    await adminOf(shared, scene.githubLogin);
    const held = await connectGithub(scene.attacker, scene.attackerSlug, shared);
    expectStatus(held, 201);
    const heldId = held.body.metadata.installation_id as number;
    // Someone else's installation (the victim's, whose number is easy to guess).
    const victim = await installFakeApp(`cstate-victim-${Date.now().toString(36)}`);
    const mine = [scene.installationId];

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.integer({ min: -6, max: 6 }).map((delta) => ({ id: scene.installationId + delta, why: "neighbour" })),
          fc.integer({ min: -3, max: 3 }).map((delta) => ({ id: victim.id + delta, why: "victim" })),
          fc.constant({ id: heldId, why: "held" }),
          fc.integer({ min: 1, max: 2 ** 40 }).map((id) => ({ id, why: "any" })),
        ),
        async ({ id, why }) => {
          if (mine.includes(id)) return;
          const before = await integrationRows();
          const grant = await installOnGithub(await startConnection(scene.owner, scene.slug, { kind: "github_install" }), scene.githubLogin);
          const answer = await completeGithubInstall(scene.owner, scene.slug, { ...githubInstallBody(grant), installation_id: id });
          if (id === heldId) {
            expect(answer.status).toBe(409);
            expect(answer.body.error).toBe(GITHUB_INSTALLATION_TAKEN);
          } else {
            expect(answer.status, `${why} ${id}: ${JSON.stringify(answer.body)}`).toBe(403);
            expect(answer.body.error).toBe(GITHUB_INSTALLATION_NOT_YOURS);
          }
          expect(await integrationRows(), `${why} ${id} changed a row`).toBe(before);
        },
      ),
      fuzzRun(40),
    );
  });
});

/** Makes `login` an administrator of the installation on `account` (GitHub's org owners). */
async function adminOf(account: string, login: string) {
  await installFakeApp(account, [login]);
}
