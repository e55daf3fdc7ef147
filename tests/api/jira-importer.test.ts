// The Jira importer against the fake Jira Cloud (tests/fakes/jira): the wizard's project check,
// the import payload, and imports run to the end by the import job.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { JIRA_PROJECT_INFO_PATH } from "../../workers/domain/schemas/jira-importer";
import { getConfig } from "../../workers/env";
import { MAX_ATTEMPTS, runImport } from "../../workers/importers/runner";
import type { ImporterRow } from "../../workers/domain/importer-row";
import { createJiraSource } from "../../workers/importers/jira/source";
import { type ImportCursor, type ImportPage, SourceRateLimited, SourceRefused } from "../../workers/importers/source";
import type { FakeProjectSummary, ProjectSpec } from "../fakes/jira/server";
import type { Client } from "../helpers/api";
import { addToProject, countRows, createProject, createTeamWithProject, expectStatus } from "../helpers/fixtures";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_JIRA_HOST: string;
    }
  }
}

const fakeJira = `http://${env.FAKE_JIRA_HOST}`;
const host = env.FAKE_JIRA_HOST;

let keyCounter = 0;
/** A project key of this file only: the fake is shared by the test files running side by side. */
const uniqueKey = () => `JT${Date.now().toString(36).toUpperCase().slice(-5)}${++keyCounter}`.replace(/[^A-Z0-9]/g, "X");

async function jiraProject(spec: Partial<ProjectSpec> = {}): Promise<FakeProjectSummary & { email: string; api_token: string }> {
  const key = spec.key ?? uniqueKey();
  const email = spec.email ?? `${key.toLowerCase()}@jira.example.com`;
  const api_token = spec.api_token ?? `token-${key}`;
  const response = await fetch(`${fakeJira}/_fake/projects`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ epics: 2, stories: 9, subtasks: 4, users: 3, labels: 4, comments: 2, ...spec, key, email, api_token }),
  });
  expect(response.status).toBe(201);
  return { ...((await response.json()) as FakeProjectSummary), email, api_token };
}

async function fault(email: string, status: number, count: number, retryAfter = 1) {
  const response = await fetch(`${fakeJira}/_fake/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, status, count, retry_after: retryAfter }),
  });
  expect(response.status).toBe(200);
}

async function callLog(email: string): Promise<{ method: string; path: string; status: number }[]> {
  return (await fetch(`${fakeJira}/_fake/log?email=${encodeURIComponent(email)}`)).json();
}

const credentials = (project: { key: string; email: string; api_token: string }) => ({
  api_token: project.api_token,
  project_key: project.key,
  email: project.email,
  cloud_hostname: host,
});

const infoPath = (slug: string) => `/api/workspaces/${slug}/${JIRA_PROJECT_INFO_PATH}`;

let team: Awaited<ReturnType<typeof createTeamWithProject>>;

beforeAll(async () => {
  team = await createTeamWithProject("jira");
});

describe("POST importers/jira (the project check)", () => {
  it("answers what the Jira project holds", async () => {
    const jira = await jiraProject({ epics: 3, stories: 12, subtasks: 5, users: 4, labels: 5 });
    const response = await team.member.post(infoPath(team.slug), credentials(jira));
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ issues: 20, labels: 5, states: 6, modules: 3 });
    expect(response.body.users).toEqual(
      jira.users.map((user) => ({ accountId: user.accountId, displayName: user.displayName, ...(user.emailAddress ? { emailAddress: user.emailAddress } : {}) })),
    );
    // People who hide their address come without one; the wizard asks for it.
    expect(response.body.users.filter((u: { emailAddress?: string }) => !u.emailAddress)).toHaveLength(2);
  });

  it("says which fields are missing, in the form's words", async () => {
    const response = await team.member.post(infoPath(team.slug), {});
    expectStatus(response, 400);
    expect(response.body).toEqual({
      api_token: ["Please enter your personal access token."],
      project_key: ["Please enter your project key."],
      email: ["Please enter email address."],
      cloud_hostname: ["Please enter your cloud host name."],
    });
    const blank = await team.member.post(infoPath(team.slug), { api_token: " ", project_key: "ENG", email: "a@b.c", cloud_hostname: host });
    expectStatus(blank, 400);
    expect(blank.body).toEqual({ api_token: ["Please enter your personal access token."] });
  });

  it("refuses a wrong API token with a clear 400, not a crash", async () => {
    const jira = await jiraProject();
    const response = await team.member.post(infoPath(team.slug), { ...credentials(jira), api_token: "wrong" });
    expectStatus(response, 400);
    expect(response.body).toEqual({ error: "Jira did not accept this email and API token. Check both and try again." });
  });

  it("says when the project key is unknown or malformed", async () => {
    const jira = await jiraProject();
    const unknown = await team.member.post(infoPath(team.slug), { ...credentials(jira), project_key: "NOPE" });
    expectStatus(unknown, 400);
    expect(unknown.body).toEqual({ error: "Jira has no project NOPE, or this account cannot see it." });
    const malformed = await team.member.post(infoPath(team.slug), { ...credentials(jira), project_key: "1 OR 1=1" });
    expectStatus(malformed, 400);
    expect(malformed.body.project_key).toEqual(["A Jira project key is letters, digits and underscores, starting with a letter (like ENG)."]);
  });

  it("accepts the key in lower case and the host typed as a URL", async () => {
    const jira = await jiraProject({ epics: 0, stories: 3, subtasks: 0 });
    const response = await team.member.post(infoPath(team.slug), { ...credentials(jira), project_key: jira.key.toLowerCase(), cloud_hostname: `http://${host}/` });
    expectStatus(response, 200);
    expect(response.body.issues).toBe(3);
  });

  it("turns Jira's rate limit and outages into a message to try again", async () => {
    const jira = await jiraProject();
    await fault(jira.email, 429, 1, 30);
    const limited = await team.member.post(infoPath(team.slug), credentials(jira));
    expectStatus(limited, 400);
    expect(limited.body).toEqual({ error: "Jira is busy right now. Wait a minute and try again." });
    await fault(jira.email, 503, 1);
    const down = await team.member.post(infoPath(team.slug), credentials(jira));
    expectStatus(down, 400);
    expect(down.body.error).toMatch(/is unavailable \(it answered 503\)\. Try again in a moment\.$/);
    // The burst is over: the next check goes through.
    expectStatus(await team.member.post(infoPath(team.slug), credentials(jira)), 200);
  });

  it("is for workspace members only: viewers, guests and outsiders are refused", async () => {
    const jira = await jiraProject();
    const query = credentials(jira);
    expectStatus(await team.viewer.post(infoPath(team.slug), query), 403);
    expectStatus(await team.guest.post(infoPath(team.slug), query), 403);
    expectStatus(await team.outsider.post(infoPath(team.slug), query), 403);
    // Nobody who was refused made us call Jira.
    expect(await callLog(jira.email)).toEqual([]);
  });
});

describe("POST projects/importers/jira (starting an import)", () => {
  const payload = (jira: { key: string; email: string; api_token: string }, projectId: string, overrides: Record<string, unknown> = {}) => ({
    metadata: credentials(jira),
    config: { epics_to_modules: false },
    data: { users: [], invite_users: true, total_issues: 15, total_labels: 4, total_modules: 2, total_states: 6 },
    project_id: projectId,
    ...overrides,
  });

  it("records the import as processing and never answers the token back", async () => {
    const jira = await jiraProject();
    const response = await team.member.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, payload(jira, team.project.id));
    expectStatus(response, 201);
    expect(response.body).toMatchObject({
      service: "jira",
      status: "processing",
      project_id: team.project.id,
      source_label: `${jira.key} on ${host}`,
      initiated_by_detail: { id: team.member.user.id },
    });
    expect(JSON.stringify(response.body)).not.toContain(jira.api_token);
  });

  it("checks the payload: credentials, project and the people's emails", async () => {
    const jira = await jiraProject();
    const before = await countRows("importers", "project_id = ?", team.project.id);
    const missing = await team.member.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, {
      metadata: {},
      data: { users: [{ username: "712020:x", import: "invite", email: "" }] },
    });
    expectStatus(missing, 400);
    expect(missing.body).toMatchObject({
      "metadata.api_token": ["Please enter your personal access token."],
      "metadata.project_key": ["Please enter your project key."],
      "metadata.email": ["Please enter email address."],
      "metadata.cloud_hostname": ["Please enter your cloud host name."],
      "data.users.0.email": ["This field is required"],
      project_id: ["Please select a project."],
    });
    const badHost = await team.member.post(
      `/api/workspaces/${team.slug}/projects/importers/jira/`,
      payload(jira, team.project.id, { metadata: { ...credentials(jira), cloud_hostname: "evil.example.com/path" } }),
    );
    expectStatus(badHost, 400);
    expect(badHost.body["metadata.cloud_hostname"]).toEqual(["Enter your Jira cloud host name, like acme.atlassian.net."]);
    expect(await countRows("importers", "project_id = ?", team.project.id)).toBe(before);
  });

  it("refuses a revoked token before recording anything", async () => {
    const project = await createProject(team.owner, team.slug);
    const jira = await jiraProject();
    const response = await team.owner.post(
      `/api/workspaces/${team.slug}/projects/importers/jira/`,
      payload(jira, project.id, { metadata: { ...credentials(jira), api_token: "revoked" } }),
    );
    expectStatus(response, 400);
    expect(response.body).toEqual({ error: "Jira did not accept this email and API token. Check both and try again." });
    expect(await countRows("importers", "project_id = ?", project.id)).toBe(0);
  });

  it("checks the target project and the caller's role", async () => {
    const jira = await jiraProject();
    expectStatus(await team.member.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, payload(jira, "00000000-0000-4000-8000-00000000dead")), 404);
    expectStatus(await team.viewer.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, payload(jira, team.project.id)), 403);
    expectStatus(await team.guest.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, payload(jira, team.project.id)), 403);
    // A project the member does not belong to is refused as well.
    const ownersOnly = await createProject(team.owner, team.slug, { network: 0 });
    const refused = await team.member.post(`/api/workspaces/${team.slug}/projects/importers/jira/`, payload(jira, ownersOnly.id));
    expect([403, 404]).toContain(refused.status);
    expect(await countRows("importers", "project_id = ?", ownersOnly.id)).toBe(0);
  });
});

/** The source of an importer row that names `jira`, as the import job builds it. */
function sourceFor(jira: { key: string; email: string; api_token: string }, epicsToModules: boolean, overrides: Record<string, string> = {}) {
  const importer = {
    id: "importer-under-test",
    service: "jira",
    metadata: { ...credentials(jira), ...overrides },
    config: { epics_to_modules: epicsToModules },
    data: { users: [] },
  } as unknown as ImporterRow;
  return createJiraSource({ env, config: getConfig(env), importer, fetch });
}

/** Reads every page, as the job does, retrying a page the source asked to wait for. */
async function readAll(source: ReturnType<typeof createJiraSource>) {
  const pages: ImportPage[] = [];
  const waits: number[] = [];
  const totals: number[] = [];
  let cursor: ImportCursor | null = null;
  for (let step = 0; step < 200; step++) {
    try {
      const read = await source.readPage(cursor);
      pages.push(read.page);
      if (read.total_issues !== undefined) totals.push(read.total_issues);
      if (read.next === null) return { pages, total: totals.at(-1), totals, waits };
      cursor = read.next;
    } catch (error) {
      if (!(error instanceof SourceRateLimited)) throw error;
      waits.push(error.retryAfterSeconds);
    }
  }
  throw new Error("the source never reached its last page");
}

const all = <K extends keyof ImportPage>(pages: ImportPage[], kind: K) =>
  pages.flatMap((page) => (page[kind] ?? []) as unknown[]) as unknown as NonNullable<ImportPage[K]>;

describe("the Jira source (what the import job reads)", () => {
  it("reads statuses, labels, every issue type with parents, and comments", async () => {
    const jira = await jiraProject({ epics: 3, stories: 150, subtasks: 40, users: 4, labels: 5, comments: 8, search_comment_limit: 5 });
    const { pages, total } = await readAll(sourceFor(jira, false));
    expect(total).toBe(193);

    const states = all(pages, "states");
    expect(states.map((s) => [s.name, s.group])).toEqual([
      ["Backlog", "backlog"],
      ["To Do", "unstarted"],
      ["In Progress", "started"],
      ["In Review", "started"],
      ["Done", "completed"],
      ["Won't Do", "cancelled"],
    ]);
    expect(new Set(all(pages, "labels").map((l) => l.name))).toEqual(new Set(jira.labels));

    const issues = all(pages, "issues");
    // Every issue once, epics and sub-tasks included, over more than one search page.
    expect(issues).toHaveLength(193);
    expect(new Set(issues.map((i) => i.key)).size).toBe(193);
    expect(all(pages, "modules")).toEqual([]);
    const byKey = new Map(issues.map((issue) => [issue.url?.split("/browse/")[1], issue]));
    const keyOfId = new Map(issues.map((issue) => [issue.key, issue.url?.split("/browse/")[1]]));
    const parents = Object.fromEntries(issues.filter((i) => i.parent_key).map((i) => [i.url?.split("/browse/")[1], keyOfId.get(i.parent_key as string)]));
    expect(parents).toEqual(jira.parents);

    // Per state group, as the statuses of the fake's issues say.
    const groupOf = new Map(states.map((s) => [s.key, s.group]));
    const perGroup: Record<string, number> = {};
    for (const issue of issues) perGroup[groupOf.get(issue.state.key as string) as string] = (perGroup[groupOf.get(issue.state.key as string) as string] ?? 0) + 1;
    expect(perGroup).toEqual({
      backlog: jira.by_status.Backlog,
      unstarted: jira.by_status["To Do"],
      started: jira.by_status["In Progress"] + jira.by_status["In Review"],
      completed: jira.by_status.Done,
      cancelled: jira.by_status["Won't Do"],
    });

    // Comments beyond the five a search result carries are read from the issue's comment list.
    const comments = all(pages, "comments");
    expect(comments).toHaveLength(jira.comments);
    expect(new Set(comments.map((c) => c.key)).size).toBe(jira.comments);
    const first = byKey.get(`${jira.key}-8`);
    expect(comments.filter((c) => c.issue_key === first?.key)).toHaveLength(8);
    expect(comments[0].html).toMatch(/^<p>Comment \d+ on <em>[A-Z0-9]+-\d+<\/em><\/p>$/);

    // Fields of one issue, as Jira holds them.
    const one = byKey.get(`${jira.key}-1`);
    expect(one).toMatchObject({
      title: expect.stringMatching(/ 1 of /),
      priority: "urgent",
      assignees: [jira.users[0].accountId],
      author: jira.users[0].accountId,
      created_at: "2024-01-01T01:00:00.000Z",
      link_title: `${jira.key}-1 in Jira`,
      url: `http://${host}/browse/${jira.key}-1`,
    });
    expect(one?.description_html).toContain(`<strong>${jira.key}-1</strong>`);
    expect(one?.description_html).toContain(`<a href="https://notes.example.com/${jira.key}-1">the notes</a>`);
    expect(issues.map((i) => i.priority).slice(0, 5)).toEqual(["urgent", "high", "medium", "low", "low"]);
  });

  it("turns epics into modules whose issues join them when asked", async () => {
    const jira = await jiraProject({ epics: 2, stories: 9, subtasks: 3 });
    const { pages, total } = await readAll(sourceFor(jira, true));
    expect(total).toBe(12);
    const modules = all(pages, "modules");
    expect(modules.map((m) => m.name)).toEqual([expect.stringMatching(/^Epic \d+ of /), expect.stringMatching(/^Epic \d+ of /)]);
    const issues = all(pages, "issues");
    expect(issues).toHaveLength(12);
    const inModules = issues.filter((i) => i.module_key);
    // Stories 0, 1, 3, 4, 6, 7 have an epic (every third has none).
    expect(inModules).toHaveLength(6);
    expect(new Set(inModules.map((i) => i.module_key))).toEqual(new Set(modules.map((m) => m.key)));
    // Stories under epics have no parent issue now; sub-tasks keep theirs.
    expect(issues.filter((i) => i.parent_key)).toHaveLength(3);
  });

  it("finds epics by their level when the site calls them something else", async () => {
    const jira = await jiraProject({ epics: 2, stories: 6, subtasks: 0, epic_type_name: "Feature" });
    const { pages, totals } = await readAll(sourceFor(jira, true));
    expect(all(pages, "modules")).toHaveLength(2);
    expect(all(pages, "issues")).toHaveLength(6);
    expect(all(pages, "issues").filter((issue) => issue.module_key)).toHaveLength(4);
    // Jira cannot count a type it does not know by that name; once the epics are read, it is right.
    expect(totals).toEqual([8, 6]);
    const info = await team.member.post(infoPath(team.slug), credentials(jira));
    expectStatus(info, 200);
    expect(info.body).toMatchObject({ issues: 8, modules: 0 });
  });

  it("waits when Jira says so and continues from the same page", async () => {
    const jira = await jiraProject({ epics: 1, stories: 120, subtasks: 0, comments: 0 });
    const source = sourceFor(jira, false);
    const first = await source.readPage(null);
    const labels = await source.readPage(first.next);
    await fault(jira.email, 429, 1, 7);
    await expect(source.readPage(labels.next)).rejects.toSatisfy((error) => error instanceof SourceRateLimited && error.retryAfterSeconds === 7);
    const page = await source.readPage(labels.next);
    expect(page.page.issues).toHaveLength(100);
    const rest = await source.readPage(page.next);
    expect(rest.page.issues).toHaveLength(21);
    expect(rest.next).toBeNull();
  });

  it("refuses a host outside the configured suffix and a revoked token", async () => {
    const jira = await jiraProject({ stories: 1 });
    await expect(sourceFor(jira, false, { api_token: "revoked" }).readPage(null)).rejects.toBeInstanceOf(SourceRefused);
    const strict = { ...getConfig(env), JIRA_HOST_SUFFIX: ".atlassian.net" };
    const importer = { metadata: credentials(jira), config: {}, data: {} } as unknown as ImporterRow;
    expect(() => createJiraSource({ env, config: strict, importer, fetch })).toThrow(SourceRefused);
  });
});

describe("the fake Jira's older endpoints", () => {
  it("pages the older search by startAt and total, and labels by isLast", async () => {
    const jira = await jiraProject({ epics: 1, stories: 6, subtasks: 0, labels: 3 });
    const auth = { authorization: `Basic ${btoa(`${jira.email}:${jira.api_token}`)}` };
    const page = await fetch(`${fakeJira}/rest/api/3/search?jql=${encodeURIComponent(`project = ${jira.key} ORDER BY key ASC`)}&startAt=5&maxResults=5`, { headers: auth });
    const body = (await page.json()) as { startAt: number; total: number; issues: { key: string; fields: { summary: string } }[] };
    expect(body).toMatchObject({ startAt: 5, total: 7 });
    expect(body.issues.map((i) => i.key)).toEqual([`${jira.key}-6`, `${jira.key}-7`]);
    expect(body.issues[0].fields.summary).toBeTruthy();
    const labels = await fetch(`${fakeJira}/rest/api/3/label?startAt=0&maxResults=2`, { headers: auth });
    expect(await labels.json()).toMatchObject({ isLast: false, total: 3, values: jira.labels.slice(0, 2) });
    const last = await fetch(`${fakeJira}/rest/api/3/label?startAt=2&maxResults=2`, { headers: auth });
    expect(await last.json()).toMatchObject({ isLast: true, values: jira.labels.slice(2) });
  });
});

describe("importing a Jira project (the import job)", () => {
  const importPath = (slug: string) => `/api/workspaces/${slug}/projects/importers/jira/`;

  async function waitForImport(client: Client, slug: string, id: string) {
    // Polls what Previous Imports shows until the job has finished (or the test times out).
    for (;;) {
      const list = await client.get(`/api/workspaces/${slug}/importers/`);
      const found = list.body.find((row: { id: string }) => row.id === id);
      if (found && found.status !== "processing") return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** What the project holds now, in numbers a person would check after an import. */
  async function projectCounts(projectId: string) {
    const groups = await env.DB.prepare(
      "SELECT s.\"group\" AS grp, count(*) AS n FROM issues i JOIN states s ON s.id = i.state_id WHERE i.project_id = ? GROUP BY s.\"group\"",
    )
      .bind(projectId)
      .all<{ grp: string; n: number }>();
    return {
      issues: await countRows("issues", "project_id = ?", projectId),
      groups: Object.fromEntries(groups.results.map((row) => [row.grp, row.n])),
      comments: await countRows("issue_comments", "project_id = ?", projectId),
      labels: await countRows("labels", "project_id = ?", projectId),
      issueLabels: await countRows("issue_labels", "project_id = ?", projectId),
      modules: await countRows("modules", "project_id = ?", projectId),
      moduleIssues: await countRows("module_issues", "project_id = ?", projectId),
      parents: await countRows("issues", "project_id = ? AND parent_id IS NOT NULL", projectId),
      assignees: await countRows("issue_assignees", "project_id = ?", projectId),
      records: await countRows("import_records", "project_id = ?", projectId),
    };
  }

  /** Jira issue key -> its parent's Jira key, read back through the links to Jira. */
  async function importedParents(projectId: string) {
    const { results } = await env.DB.prepare(
      `SELECT cl.url AS child, pl.url AS parent FROM issues c
       JOIN issue_links cl ON cl.issue_id = c.id JOIN issues p ON p.id = c.parent_id JOIN issue_links pl ON pl.issue_id = p.id
       WHERE c.project_id = ?`,
    )
      .bind(projectId)
      .all<{ child: string; parent: string }>();
    const keyOf = (url: string) => url.split("/browse/")[1];
    return Object.fromEntries(results.map((row) => [keyOf(row.child), keyOf(row.parent)]));
  }

  const groupsOf = (byStatus: Record<string, number>) => ({
    backlog: byStatus.Backlog,
    unstarted: byStatus["To Do"],
    started: byStatus["In Progress"] + byStatus["In Review"],
    completed: byStatus.Done,
    cancelled: byStatus["Won't Do"],
  });

  function importPayload(jira: Awaited<ReturnType<typeof jiraProject>>, projectId: string, epicsToModules: boolean, invited: string) {
    const [mapped, hidden, left] = jira.users;
    return {
      metadata: credentials(jira),
      config: { epics_to_modules: epicsToModules },
      data: {
        users: [
          { username: mapped.accountId, import: "map", email: team.member.user.email },
          { username: hidden.accountId, import: "invite", email: invited },
          { username: left.accountId, import: false, email: "" },
        ],
        invite_users: true,
        total_issues: jira.issues,
        total_labels: jira.labels.length,
        total_modules: jira.epics,
        total_states: 6,
      },
      project_id: projectId,
    };
  }

  it("imports epics, stories and sub-tasks completely, epics parenting their stories", async () => {
    const jira = await jiraProject({ epics: 3, stories: 30, subtasks: 12, users: 3, labels: 4, comments: 7 });
    const project = await createProject(team.owner, team.slug);
    await addToProject(team.owner, team.slug, project.id, [{ user: team.member, role: 15 }]);
    const invited = `jira-invited-${jira.key.toLowerCase()}@example.com`;
    const started = await team.member.post(importPath(team.slug), importPayload(jira, project.id, false, invited));
    expectStatus(started, 201);
    const done = await waitForImport(team.member, team.slug, started.body.id);
    expect(done).toMatchObject({ status: "completed", error: null, imported_issues: 45, total_issues: 45, imported_comments: jira.comments });

    const counts = await projectCounts(project.id);
    expect(counts).toMatchObject({ issues: 45, comments: jira.comments, modules: 0, moduleIssues: 0 });
    expect(counts.groups).toEqual(groupsOf(jira.by_status));
    const labelNames = await env.DB.prepare("SELECT name FROM labels WHERE project_id = ? ORDER BY name").bind(project.id).all<{ name: string }>();
    expect(labelNames.results.map((row) => row.name)).toEqual(jira.labels);
    // Epics stay issues and parent their stories; sub-tasks hang under their issue.
    expect(await importedParents(project.id)).toEqual(jira.parents);
    // Only the person mapped to a member is assigned; the invited one is invited.
    const [mapped] = jira.users;
    expect(counts.assignees).toBe(jira.assigned[mapped.accountId]);
    expect(await countRows("issue_assignees", "project_id = ? AND assignee_id = ?", project.id, team.member.user.id)).toBe(counts.assignees);
    expect(await countRows("workspace_invitations", "email = ?", invited)).toBe(1);
    // Descriptions came through as HTML, with Jira's formatting.
    const first = await env.DB.prepare(
      "SELECT i.description_html AS html, i.priority FROM issues i JOIN issue_links l ON l.issue_id = i.id WHERE l.url LIKE ?",
    )
      .bind(`%/browse/${jira.key}-1`)
      .first<{ html: string; priority: string }>();
    expect(first?.html).toContain(`<strong>${jira.key}-1</strong>`);
    expect(first?.priority).toBe("urgent");

    // Importing the same Jira project again adds nothing.
    const again = await team.member.post(importPath(team.slug), importPayload(jira, project.id, false, invited));
    expectStatus(again, 201);
    expect(await waitForImport(team.member, team.slug, again.body.id)).toMatchObject({ status: "completed" });
    expect(await projectCounts(project.id)).toEqual(counts);
  });

  it("turns epics into modules with their issues when asked", async () => {
    const jira = await jiraProject({ epics: 2, stories: 9, subtasks: 4, users: 3, comments: 1 });
    const project = await createProject(team.owner, team.slug);
    const notInvited = `jira-m-${jira.key.toLowerCase()}@example.com`;
    const payload = importPayload(jira, project.id, true, notInvited);
    // With invitations turned off in the wizard, the person marked "invite" is not invited.
    payload.data.invite_users = false;
    const started = await team.owner.post(importPath(team.slug), payload);
    expectStatus(started, 201);
    const done = await waitForImport(team.owner, team.slug, started.body.id);
    expect(done).toMatchObject({ status: "completed", imported_issues: 13, total_issues: 13 });
    const counts = await projectCounts(project.id);
    const storiesUnderEpics = Object.keys(jira.parents).length - jira.subtasks;
    expect(counts).toMatchObject({ issues: 13, modules: 2, moduleIssues: storiesUnderEpics, parents: 4 });
    expect(counts.groups).toEqual(groupsOf(jira.by_status_without_epics));
    const modules = await env.DB.prepare("SELECT m.name, count(mi.issue_id) AS n FROM modules m LEFT JOIN module_issues mi ON mi.module_id = m.id WHERE m.project_id = ? GROUP BY m.id ORDER BY m.name")
      .bind(project.id)
      .all<{ name: string; n: number }>();
    expect(modules.results.map((row) => row.name)).toEqual([expect.stringMatching(/^Epic \d+ of /), expect.stringMatching(/^Epic \d+ of /)]);
    expect(modules.results.every((row) => row.n > 0)).toBe(true);
    expect(await countRows("workspace_invitations", "email = ?", notInvited)).toBe(0);
  });

  /** An importer row recorded without queueing it, so the test drives its runs itself. */
  async function recordImport(jira: { key: string; email: string; api_token: string }, projectId: string, token = jira.api_token) {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'jira', 'processing', ?, '{"epics_to_modules":false}', '{"users":[]}', ?, ?, ?, ?)`,
    )
      .bind(id, team.workspaceId, projectId, JSON.stringify({ ...credentials(jira), cloud_hostname: host, api_token: token }), team.owner.user.id, now, now, now)
      .run();
    return id;
  }

  it("waits out Jira's rate limit and continues where it stopped", async () => {
    const jira = await jiraProject({ epics: 1, stories: 150, subtasks: 20, comments: 0 });
    const project = await createProject(team.owner, team.slug);
    const id = await recordImport(jira, project.id);
    const delays: number[] = [];
    const requeue = async (_job: unknown, delaySeconds: number) => {
      delays.push(delaySeconds);
    };
    // Two pages land (statuses, labels), then Jira answers 429 with Retry-After: 3.
    expect(await runImport(env, id, { budgetMs: 0, requeue })).toBe("continues");
    expect(await runImport(env, id, { budgetMs: 0, requeue })).toBe("continues");
    await fault(jira.email, 429, 1, 3);
    expect(await runImport(env, id, { budgetMs: 0, requeue })).toBe("waiting");
    expect(delays.at(-1)).toBe(3);
    const outcomes: string[] = [];
    for (let run = 0; run < 10 && outcomes.at(-1) !== "completed"; run++) outcomes.push(await runImport(env, id, { budgetMs: 0, requeue }));
    expect(outcomes).toEqual(["continues", "completed"]);
    expect(await countRows("issues", "project_id = ?", project.id)).toBe(171);
    const log = await callLog(jira.email);
    expect(log.filter((call) => call.status === 429)).toHaveLength(1);
    // The page refused with 429 was asked for again, not skipped.
    const searches = log.filter((call) => call.path.startsWith("/rest/api/3/search/jql"));
    expect(searches.map((call) => call.status)).toEqual([429, 200, 200]);
  });

  it("ends a run stopped halfway with exactly the rows of an uninterrupted one", async () => {
    const jira = await jiraProject({ epics: 2, stories: 140, subtasks: 30, comments: 3 });
    const rowsOf = async (projectId: string) =>
      (
        await env.DB.prepare(
          `SELECT i.sequence_id, i.name, i.priority, i.target_date, s.name AS state, p.name AS parent,
             (SELECT count(*) FROM issue_comments c WHERE c.issue_id = i.id) AS comments,
             (SELECT count(*) FROM issue_labels l WHERE l.issue_id = i.id) AS labels
           FROM issues i JOIN states s ON s.id = i.state_id LEFT JOIN issues p ON p.id = i.parent_id
           WHERE i.project_id = ? ORDER BY i.sequence_id`,
        )
          .bind(projectId)
          .all()
      ).results;

    const straight = await createProject(team.owner, team.slug);
    const id = await recordImport(jira, straight.id);
    expect(await runImport(env, id, { requeue: async () => {} })).toBe("completed");

    // One page per run; after the first issue page the run "dies" and a later run picks up.
    const stopped = await createProject(team.owner, team.slug);
    const resumed = await recordImport(jira, stopped.id);
    const requeue = async () => {};
    for (let run = 0; run < 3; run++) expect(await runImport(env, resumed, { budgetMs: 0, requeue })).toBe("continues");
    expect(await countRows("issues", "project_id = ?", stopped.id)).toBe(100);
    expect(await runImport(env, resumed, { requeue })).toBe("completed");

    const expected = await rowsOf(straight.id);
    expect(expected).toHaveLength(172);
    expect(await rowsOf(stopped.id)).toEqual(expected);
  });

  it("fails with Jira's reason when the token is revoked, and after retries when Jira stays down", async () => {
    const jira = await jiraProject({ stories: 3 });
    const project = await createProject(team.owner, team.slug);
    const requeue = async () => {};
    const revoked = await recordImport(jira, project.id, "revoked");
    expect(await runImport(env, revoked, { requeue })).toBe("failed");
    const refused = await env.DB.prepare("SELECT status, error FROM importers WHERE id = ?").bind(revoked).first();
    expect(refused).toEqual({ status: "failed", error: "Jira did not accept this email and API token. Check both and try again." });

    const down = await recordImport(jira, project.id);
    // Every call fails from now on (each run makes two before giving up).
    await fault(jira.email, 503, 50);
    const outcomes: string[] = [];
    for (let run = 0; run < MAX_ATTEMPTS + 2 && outcomes.at(-1) !== "failed"; run++) outcomes.push(await runImport(env, down, { requeue }));
    expect(outcomes).toEqual([...Array(MAX_ATTEMPTS - 1).fill("retrying"), "failed"]);
    const failed = await env.DB.prepare("SELECT error FROM importers WHERE id = ?").bind(down).first<{ error: string }>();
    expect(failed?.error).toMatch(/^Jira at .* is unavailable \(it answered 503\)\. \(gave up after 6 attempts\)$/);
    expect(await countRows("issues", "project_id = ?", project.id)).toBe(0);
  });
});
