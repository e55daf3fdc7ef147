// Fixtures for API tests: a workspace with one user per role, projects, and direct D1 reads for
// asserting what a request did (or did not) write.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { fetchWorker } from "./worker";
import { type Call, type Client, type Credentials, ORIGIN, signUp } from "./api";

let slugCounter = 0;
/** Slugs must be unique per test file (storage is shared by the tests of one file). */
export const uniqueSlug = (name = "ws") => `${name}-${Date.now().toString(36)}-${++slugCounter}`;

let identifierCounter = 0;
/** A fresh 1-5 letter uppercase identifier. */
export function uniqueIdentifier(): string {
  let n = ++identifierCounter;
  let out = "";
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0 && out.length < 4);
  return `Q${out}`;
}

export function expectStatus(response: Call, status: number) {
  if (response.status !== status) {
    throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

export async function createWorkspace(owner: Client, fields: { name?: string; slug?: string } = {}) {
  const slug = fields.slug ?? uniqueSlug();
  const response = await owner.post("/api/workspaces/", { name: fields.name ?? `Workspace ${slug}`, slug });
  expectStatus(response, 201);
  return response.body as { id: string; slug: string; name: string; role: number };
}

/** Invites `user` with `role` and has them accept; returns their workspace membership id. */
export async function addToWorkspace(inviter: Client, slug: string, user: Client, role: number) {
  const invite = await inviter.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: user.user.email, role }] });
  expectStatus(invite, 200);
  const token = invite.body.invitations[0].token as string;
  const accept = await user.post("/api/users/me/invitations/workspaces/", { token });
  expectStatus(accept, 200);
  const me = await user.get(`/api/workspaces/${slug}/workspace-members/me/`);
  expectStatus(me, 200);
  expect(me.body.role).toBe(role);
  return me.body.id as string;
}

export interface Team {
  slug: string;
  workspaceId: string;
  owner: Client;
  member: Client;
  viewer: Client;
  guest: Client;
  /** Signed up, never invited to this workspace. */
  outsider: Client;
  /** Workspace membership ids by role name. */
  memberships: { owner: string; member: string; viewer: string; guest: string };
}

/** A workspace with an owner (20), member (15), viewer (10) and guest (5), plus an outsider. */
export async function createTeam(name = "team"): Promise<Team> {
  const [owner, member, viewer, guest, outsider] = await Promise.all([
    signUp({ first_name: `${name}owner` }),
    signUp({ first_name: `${name}member` }),
    signUp({ first_name: `${name}viewer` }),
    signUp({ first_name: `${name}guest` }),
    signUp({ first_name: `${name}outsider` }),
  ]);
  const workspace = await createWorkspace(owner, { slug: uniqueSlug(name) });
  const slug = workspace.slug;
  const ownerMe = await owner.get(`/api/workspaces/${slug}/workspace-members/me/`);
  const memberships = {
    owner: ownerMe.body.id as string,
    member: await addToWorkspace(owner, slug, member, 15),
    viewer: await addToWorkspace(owner, slug, viewer, 10),
    guest: await addToWorkspace(owner, slug, guest, 5),
  };
  return { slug, workspaceId: workspace.id, owner, member, viewer, guest, outsider, memberships };
}

export async function createProject(
  client: Client,
  slug: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; identifier: string; name: string; network: number }> {
  const identifier = (fields.identifier as string | undefined) ?? uniqueIdentifier();
  const response = await client.post(`/api/workspaces/${slug}/projects/`, { name: `Project ${identifier}`, identifier, ...fields });
  expectStatus(response, 201);
  return response.body;
}

/** Adds workspace members to a project with the given project roles (caller must be project owner). */
export async function addToProject(owner: Client, slug: string, projectId: string, members: { user: Client; role: number }[]) {
  const response = await owner.post(`/api/workspaces/${slug}/projects/${projectId}/members/add/`, {
    members: members.map(({ user, role }) => ({ member_id: user.user.id, role })),
  });
  expectStatus(response, 201);
  return response.body as { id: string; role: number; member: { id: string } }[];
}

/** A team plus a public project owned by the workspace owner, with every role added at its workspace role. */
export async function createTeamWithProject(name = "team") {
  const team = await createTeam(name);
  const project = await createProject(team.owner, team.slug);
  const rows = await addToProject(team.owner, team.slug, project.id, [
    { user: team.member, role: 15 },
    { user: team.viewer, role: 10 },
    { user: team.guest, role: 5 },
  ]);
  const projectMemberships = Object.fromEntries(rows.map((row) => [row.member.id, row.id])) as Record<string, string>;
  const ownerMe = await team.owner.get(`/api/workspaces/${team.slug}/projects/${project.id}/project-members/me/`);
  return {
    ...team,
    project,
    projectMemberships: {
      owner: ownerMe.body.id as string,
      member: projectMemberships[team.member.user.id],
      viewer: projectMemberships[team.viewer.user.id],
      guest: projectMemberships[team.guest.user.id],
    },
  };
}

// ---------------------------------------------------------------- direct D1 reads

export async function countRows(table: string, where = "1 = 1", ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function rowOf<T = Record<string, unknown>>(table: string, where: string, ...params: unknown[]): Promise<T | null> {
  return env.DB.prepare(`SELECT * FROM ${table} WHERE ${where}`)
    .bind(...params)
    .first<T>();
}

/** Row counts of every table a foundation endpoint writes, plus fingerprints of the rows a write
 * could change, read in one batch: equal snapshots mean a refused write changed nothing. */
export async function snapshot() {
  const tables = [
    "users",
    "sessions",
    "api_tokens",
    "workspaces",
    "workspace_members",
    "workspace_invitations",
    "projects",
    "project_members",
    "user_favorites",
    "states",
    "issue_sequences",
  ];
  const fingerprints = [
    "SELECT group_concat(id || first_name || last_name || display_name || avatar || coalesce(theme, ''), '|') AS f FROM (SELECT * FROM users ORDER BY id)",
    "SELECT group_concat(id || name || slug || logo, '|') AS f FROM (SELECT * FROM workspaces ORDER BY id)",
    "SELECT group_concat(id || role, '|') AS f FROM (SELECT * FROM workspace_members ORDER BY id)",
    "SELECT group_concat(id || role || accepted, '|') AS f FROM (SELECT * FROM workspace_invitations ORDER BY id)",
    "SELECT group_concat(id || name || identifier || description || network || coalesce(project_lead, '') || updated_at, '|') AS f FROM (SELECT * FROM projects ORDER BY id)",
    "SELECT group_concat(id || role, '|') AS f FROM (SELECT * FROM project_members ORDER BY id)",
  ];
  const results = await env.DB.batch([
    ...tables.map((table) => env.DB.prepare(`SELECT count(*) AS f FROM ${table}`)),
    ...fingerprints.map((query) => env.DB.prepare(query)),
  ]);
  const values = results.map((result) => (result.results[0] as { f: number | string | null }).f);
  return {
    counts: Object.fromEntries(tables.map((table, index) => [table, values[index]])),
    fingerprints: values.slice(tables.length),
  };
}

// ---------------------------------------------------------------- request-heavy tests

/**
 * call() for files that send thousands of requests and check what each one left behind: the
 * request is sent without an Origin unless the test names one, and the answer waits for the
 * request's `waitUntil` work, so the next check sees all of it.
 */
export async function callWorker(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; form?: FormData; stream?: ReadableStream<Uint8Array>; headers?: Record<string, string> } & Credentials = {},
): Promise<Call> {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.apiKey) headers.set("x-api-key", options.apiKey);
  let payload: string | FormData | ReadableStream<Uint8Array> | undefined;
  // A stream is handed to the Worker as it is: no length, read as the Worker pulls it.
  if (options.stream !== undefined) payload = options.stream;
  else if (options.form !== undefined) payload = options.form;
  else if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (typeof payload === "string" && !headers.has("content-type")) headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const response = await fetchWorker(`${ORIGIN}${path}`, { method, headers, body: payload, redirect: "manual" }, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  let body: unknown = text;
  if (text && response.headers.get("content-type")?.includes("application/json")) body = JSON.parse(text);
  return { status: response.status, body, headers: response.headers };
}

// ---------------------------------------------------------------- bulk rows

/**
 * Adds `count` users straight into D1 as workspace members with `role` (they cannot sign in:
 * signing up a hundred users through the API would cost a hundred password hashes).
 */
export async function plantWorkspaceMembers(workspaceId: string, count: number, role = 10): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.flatMap((id) => [
      env.DB.prepare("INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, 'planted', ?, ?)").bind(
        id,
        `planted-${id}@example.com`,
        now,
        now,
      ),
      env.DB.prepare(
        "INSERT INTO workspace_members (id, workspace_id, member_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).bind(crypto.randomUUID(), workspaceId, id, role, now, now),
    ]),
  );
  return ids;
}

/** Adds `count` bare projects (no states) straight into D1, for requests that name many projects. */
export async function plantProjects(workspaceId: string, count: number, network = 2): Promise<string[]> {
  const now = new Date().toISOString();
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(
    ids.map((id, index) =>
      env.DB.prepare(
        "INSERT INTO projects (id, workspace_id, name, identifier, network, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      ).bind(id, workspaceId, `Planted ${index}`, `P${String.fromCharCode(65 + Math.floor(index / 26))}${String.fromCharCode(65 + (index % 26))}`, network, now, now),
    ),
  );
  return ids;
}
