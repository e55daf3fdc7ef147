// The Jira importer against the fake Jira Cloud (tests/fakes/jira): the wizard's project check,
// the import payload, and imports run to the end by the import job.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
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
