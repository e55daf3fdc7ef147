// The Jira importer against the fake Jira Cloud (tests/fakes/jira): the wizard's project check,
// the import payload, and imports run to the end by the import job.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "../../workers/env";
import type { ImporterRow } from "../../workers/importers/importer-row";
import { createJiraSource } from "../../workers/importers/jira/source";
import { type ImportCursor, type ImportPage, SourceRateLimited, SourceRefused } from "../../workers/importers/source";
import type { FakeProjectSummary, ProjectSpec } from "../fakes/jira/server";
import { countRows, createProject, createTeamWithProject, expectStatus } from "../helpers/fixtures";

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

const infoPath = (slug: string, query: Record<string, string>) => `/api/workspaces/${slug}/importers/jira?${new URLSearchParams(query)}`;

let team: Awaited<ReturnType<typeof createTeamWithProject>>;

beforeAll(async () => {
  team = await createTeamWithProject("jira");
});

describe("GET importers/jira (the project check)", () => {
  it("answers what the Jira project holds", async () => {
    const jira = await jiraProject({ epics: 3, stories: 12, subtasks: 5, users: 4, labels: 5 });
    const response = await team.member.get(infoPath(team.slug, credentials(jira)));
    expectStatus(response, 200);
    expect(response.body).toMatchObject({ issues: 20, labels: 5, states: 6, modules: 3 });
    expect(response.body.users).toEqual(
      jira.users.map((user) => ({ accountId: user.accountId, displayName: user.displayName, ...(user.emailAddress ? { emailAddress: user.emailAddress } : {}) })),
    );
    // People who hide their address come without one; the wizard asks for it.
    expect(response.body.users.filter((u: { emailAddress?: string }) => !u.emailAddress)).toHaveLength(2);
  });

  it("says which fields are missing, in the form's words", async () => {
    const response = await team.member.get(infoPath(team.slug, {}));
    expectStatus(response, 400);
    expect(response.body).toEqual({
      api_token: ["Please enter your personal access token."],
      project_key: ["Please enter your project key."],
      email: ["Please enter email address."],
      cloud_hostname: ["Please enter your cloud host name."],
    });
    const blank = await team.member.get(infoPath(team.slug, { api_token: " ", project_key: "ENG", email: "a@b.c", cloud_hostname: host }));
    expectStatus(blank, 400);
    expect(blank.body).toEqual({ api_token: ["Please enter your personal access token."] });
  });

  it("refuses a wrong API token with a clear 400, not a crash", async () => {
    const jira = await jiraProject();
    const response = await team.member.get(infoPath(team.slug, { ...credentials(jira), api_token: "wrong" }));
    expectStatus(response, 400);
    expect(response.body).toEqual({ error: "Jira did not accept this email and API token. Check both and try again." });
  });

  it("says when the project key is unknown or malformed", async () => {
    const jira = await jiraProject();
    const unknown = await team.member.get(infoPath(team.slug, { ...credentials(jira), project_key: "NOPE" }));
    expectStatus(unknown, 400);
    expect(unknown.body).toEqual({ error: "Jira has no project NOPE, or this account cannot see it." });
    const malformed = await team.member.get(infoPath(team.slug, { ...credentials(jira), project_key: "1 OR 1=1" }));
    expectStatus(malformed, 400);
    expect(malformed.body.project_key).toEqual(["A Jira project key is letters, digits and underscores, starting with a letter (like ENG)."]);
  });

  it("accepts the key in lower case and the host typed as a URL", async () => {
    const jira = await jiraProject({ epics: 0, stories: 3, subtasks: 0 });
    const response = await team.member.get(infoPath(team.slug, { ...credentials(jira), project_key: jira.key.toLowerCase(), cloud_hostname: `http://${host}/` }));
    expectStatus(response, 200);
    expect(response.body.issues).toBe(3);
  });

  it("turns Jira's rate limit and outages into a message to try again", async () => {
    const jira = await jiraProject();
    await fault(jira.email, 429, 1, 30);
    const limited = await team.member.get(infoPath(team.slug, credentials(jira)));
    expectStatus(limited, 400);
    expect(limited.body).toEqual({ error: "Jira is busy right now. Wait a minute and try again." });
    await fault(jira.email, 503, 1);
    const down = await team.member.get(infoPath(team.slug, credentials(jira)));
    expectStatus(down, 400);
    expect(down.body.error).toMatch(/is unavailable \(it answered 503\)\. Try again in a moment\.$/);
    // The burst is over: the next check goes through.
    expectStatus(await team.member.get(infoPath(team.slug, credentials(jira))), 200);
  });

  it("is for workspace members only: viewers, guests and outsiders are refused", async () => {
    const jira = await jiraProject();
    const query = credentials(jira);
    expectStatus(await team.viewer.get(infoPath(team.slug, query)), 403);
    expectStatus(await team.guest.get(infoPath(team.slug, query)), 403);
    expectStatus(await team.outsider.get(infoPath(team.slug, query)), 403);
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
  return createJiraSource({ env, config: getConfig(env), importer });
}

/** Reads every page, as the job does, retrying a page the source asked to wait for. */
async function readAll(source: ReturnType<typeof createJiraSource>) {
  const pages: ImportPage[] = [];
  const waits: number[] = [];
  let total: number | undefined;
  let cursor: ImportCursor | null = null;
  for (let step = 0; step < 200; step++) {
    try {
      const read = await source.readPage(cursor);
      pages.push(read.page);
      total ??= read.total_issues;
      if (read.next === null) return { pages, total, waits };
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
    expect(() => createJiraSource({ env, config: strict, importer })).toThrow(SourceRefused);
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
