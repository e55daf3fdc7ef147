// The GitHub importer against the fake GitHub: the workspace's token, the wizard's reads, the
// import payload, and the source the import job reads a repository through.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getConfig } from "../../workers/env";
import { GITHUB_TOKEN_MALFORMED } from "../../workers/domain/schemas/github-importer";
import type { ImporterRow } from "../../workers/domain/importer-row";
import { parseLinkHeader, rateLimitWait } from "../../workers/importers/github/client";
import { GithubSource, stateGroupOf, trackedNumbers } from "../../workers/importers/github/source";
import { type RunOutcome, runImport } from "../../workers/importers/runner";
import { type ImportCursor, type ImportPage, SourceRateLimited, SourceRefused, SourceUnavailable } from "../../workers/importers/source";
import type { JobMessage } from "../../workers/jobs";
import type { Client } from "../helpers/api";
import { addFault, clearFaults, createFakeRepo, fakeStats, type RepoSpec, uniqueRepoName } from "../helpers/fake-github";
import { addToProject, countRows, createProject, createTeamWithProject, expectStatus } from "../helpers/fixtures";

let tokenCounter = 0;
const uniqueToken = () => `ghp_test${Date.now().toString(36)}${++tokenCounter}`;

const credentialPath = (slug: string) => `/api/workspaces/${slug}/importers/github/credential/`;

/** Saves `token` as the workspace's GitHub credential and answers the connection. */
async function connect(client: Client, slug: string, token: string) {
  const response = await client.put(credentialPath(slug), { token });
  expectStatus(response, 200);
  return response.body as { integration_id: string; login: string };
}

/** A fresh workspace (owner, member, viewer, ...) connected to GitHub with a token of its own. */
async function connectedTeam(name: string) {
  const t = await createTeamWithProject(name);
  const token = uniqueToken();
  const login = `${name}-octo`;
  return { ...t, token, login };
}

describe("the workspace's GitHub token", () => {
  it("is checked with GitHub, kept, and never sent back", async () => {
    const t = await connectedTeam("ghtok");
    const { repository } = await createFakeRepo({ owner: t.login, name: uniqueRepoName(), token: t.token, issues: 1 });
    expect(repository.full_name).toContain(t.login);

    const none = await t.member.get(credentialPath(t.slug));
    expect(none.status).toBe(404);
    expect(none.body.error).toMatch(/not connected/);

    const bad = await t.owner.put(credentialPath(t.slug), { token: "ghp_not-a-real-token" });
    expect(bad.status).toBe(400);
    expect(bad.body.token[0]).toMatch(/did not accept this token/);
    // A token goes into a request header: a character no header may hold is refused as a field.
    for (const token of ["ghp_\u0000nul", "ghp two words", "ghp_\u00e9", "ghp_\nline"]) {
      const malformed = await t.owner.put(credentialPath(t.slug), { token });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ token: [GITHUB_TOKEN_MALFORMED] });
    }
    const empty = await t.owner.put(credentialPath(t.slug), { token: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ token: ["Please enter your personal access token."] });
    expect((await t.member.get(credentialPath(t.slug))).status).toBe(404);

    const saved = await t.owner.put(credentialPath(t.slug), { token: ` ${t.token} ` });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ integration_id: expect.any(String), login: t.login, via: "token" });
    expect(JSON.stringify(saved.body)).not.toContain(t.token);

    const read = await t.owner.get(credentialPath(t.slug));
    expect(read.body).toEqual(saved.body);
    expect(JSON.stringify(read.body)).not.toContain(t.token);

    // Saving again replaces the token on the same connection.
    const again = await t.owner.put(credentialPath(t.slug), { token: t.token });
    expect(again.body.integration_id).toBe(saved.body.integration_id);

    // Kept sealed: the row holds the token only as the keyring opens it.
    const row = await env.DB.prepare("SELECT config FROM workspace_integrations WHERE id = ?").bind(saved.body.integration_id).first<{ config: string }>();
    expect(row!.config).not.toContain(t.token);
    expect(await getConfig(env).secrets.open(JSON.parse(row!.config).access_token)).toBe(t.token);
  });

  it("is for members and owners only", async () => {
    const t = await connectedTeam("ghrole");
    for (const client of [t.viewer, t.guest]) {
      expect((await client.put(credentialPath(t.slug), { token: t.token })).status).toBe(403);
      expect((await client.get(credentialPath(t.slug))).status).toBe(403);
      expect((await client.delete(credentialPath(t.slug))).status).toBe(403);
    }
    expect((await t.outsider.get(credentialPath(t.slug))).status).toBe(403);
  });

  it("can be removed", async () => {
    const t = await connectedTeam("ghdel");
    await createFakeRepo({ owner: t.login, name: uniqueRepoName(), token: t.token, issues: 0 });
    await connect(t.owner, t.slug, t.token);
    expect((await t.owner.delete(credentialPath(t.slug))).status).toBe(204);
    expect((await t.member.get(credentialPath(t.slug))).status).toBe(404);
    expect((await t.owner.delete(credentialPath(t.slug))).status).toBe(404);
    const info = await t.member.get(`/api/workspaces/${t.slug}/importers/github/?owner=${t.login}&repo=anything`);
    expect(info.status).toBe(404);
  });
});

describe("the wizard's reads", () => {
  it("lists the token's repositories a page at a time with the total", async () => {
    const t = await connectedTeam("ghlist");
    const names = Array.from({ length: 33 }, (_, i) => `r${String(i).padStart(2, "0")}-${uniqueRepoName()}`);
    for (const name of names) await createFakeRepo({ owner: t.login, name, token: t.token, issues: 0 });
    const { integration_id } = await connect(t.owner, t.slug, t.token);

    const base = `/api/workspaces/${t.slug}/workspace-integrations/${integration_id}/github-repositories/`;
    const first = await t.member.get(`${base}?page=1`);
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBe(33);
    expect(first.body.repositories).toHaveLength(30);
    expect(first.body.repositories[0]).toEqual({
      id: expect.any(Number),
      name: names[0],
      full_name: `${t.login}/${names[0]}`,
      owner: { login: t.login },
      html_url: `https://github.com/${t.login}/${names[0]}`,
    });
    const second = await t.member.get(`${base}?page=2`);
    expect(second.body.total_count).toBe(33);
    expect(second.body.repositories.map((r: { name: string }) => r.name)).toEqual(names.slice(30));
    expect((await t.member.get(base)).body.repositories).toHaveLength(30);

    expect((await t.member.get(`${base}?page=0`)).status).toBe(400);
    const elsewhere = await t.member.get(`/api/workspaces/${t.slug}/workspace-integrations/00000000-0000-4000-8000-00000000ffff/github-repositories/`);
    expect(elsewhere.status).toBe(404);
    expect((await t.viewer.get(base)).status).toBe(403);
  });

  it("counts a repository's issues with the closed ones, its labels and its people", async () => {
    const t = await connectedTeam("ghinfo");
    const name = uniqueRepoName("info");
    await createFakeRepo({ owner: t.login, name, token: t.token, issues: 12, closed_ratio: 1 / 3, pull_requests: 3, labels: 5, collaborators: 3 });
    const quiet = uniqueRepoName("quiet");
    await createFakeRepo({ owner: t.login, name: quiet, token: t.token, issues: 0, pull_requests: 2, collaborators: 2, collaborators_forbidden: true });
    await connect(t.owner, t.slug, t.token);

    const info = await t.member.get(`/api/workspaces/${t.slug}/importers/github/?owner=${t.login}&repo=${name}`);
    expect(info.status).toBe(200);
    expect(info.body.issue_count).toBe(12);
    expect(info.body.labels).toBe(5);
    expect(info.body.collaborators.map((c: { login: string }) => c.login)).toEqual([t.login, `${t.login}-dev-1`, `${t.login}-dev-2`]);
    expect(info.body.collaborators[0]).toEqual({ id: expect.any(Number), login: t.login, avatar_url: expect.stringMatching(/^https:/) });

    // Pull requests are no issues; without push access the people come from the assignable ones.
    const empty = await t.member.get(`/api/workspaces/${t.slug}/importers/github?owner=${t.login}&repo=${quiet}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ issue_count: 0, labels: 0 });
    expect(empty.body.collaborators).toHaveLength(2);

    const missing = await t.member.get(`/api/workspaces/${t.slug}/importers/github/?owner=${t.login}&repo=no-such-repo`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(`GitHub could not find the repository ${t.login}/no-such-repo, or the token may not read it.`);
    const malformed = await t.member.get(`/api/workspaces/${t.slug}/importers/github/?owner=&repo=a/b`);
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body).sort()).toEqual(["owner", "repo"]);
  });

  it("says so when GitHub limits or fails the wizard's calls, without a crash", async () => {
    const t = await connectedTeam("ghfail");
    const name = uniqueRepoName("fail");
    await createFakeRepo({ owner: t.login, name, token: t.token, issues: 3 });
    await connect(t.owner, t.slug, t.token);
    const path = `/api/workspaces/${t.slug}/importers/github/?owner=${t.login}&repo=${name}`;

    await addFault({ repo: `${t.login}/${name}`, kind: "rate_limit", count: 1, retry_after: 120 });
    const limited = await t.member.get(path);
    expect(limited.status).toBe(400);
    expect(limited.body.error).toBe("GitHub's rate limit was reached. Try again in 2 minutes.");

    await addFault({ repo: `${t.login}/${name}`, kind: "unavailable", count: 1 });
    const down = await t.member.get(path);
    expect(down.status).toBe(400);
    expect(down.body.error).toMatch(/^GitHub is unavailable \(503/);

    expect((await t.member.get(path)).body.issue_count).toBe(3);
  });
});

describe("starting an import", () => {
  const payload = (repo: { id: number; name: string; owner: string }, projectId: string, users: unknown[]) => ({
    metadata: { owner: repo.owner, name: repo.name, repository_id: repo.id, url: `https://github.com/${repo.owner}/${repo.name}` },
    data: { users },
    config: { sync: false },
    project_id: projectId,
  });

  it("needs an email for every person who is mapped or invited", async () => {
    const t = await connectedTeam("ghpay");
    const name = uniqueRepoName("pay");
    const { repository } = await createFakeRepo({ owner: t.login, name, token: t.token, issues: 2 });
    await connect(t.owner, t.slug, t.token);
    const path = `/api/workspaces/${t.slug}/projects/importers/github/`;
    const repo = { id: repository.id, name, owner: t.login };

    const missing = await t.member.post(path, payload(repo, t.project.id, [
      { username: "a", import: "invite", email: "" },
      { username: "b", import: "map", email: "  " },
      { username: "c", import: false, email: "" },
    ]));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ "data.users.0.email": ["This field is required"], "data.users.1.email": ["This field is required"] });

    const noProject = await t.member.post(path, { ...payload(repo, t.project.id, []), project_id: "" });
    expect(noProject.status).toBe(400);
    expect(noProject.body.project_id).toEqual(["Please select a project."]);

    const started = await t.member.post(path, payload(repo, t.project.id, [
      { username: t.login, import: "map", email: t.member.user.email },
      { username: "c", import: false, email: "" },
    ]));
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ service: "github", status: "processing", project_id: t.project.id, source_label: `${t.login}/${name}` });
    expect(JSON.stringify(started.body)).not.toContain(t.token);
    const listed = await t.member.get(`/api/workspaces/${t.slug}/importers/`);
    expect(listed.body.map((i: { id: string }) => i.id)).toContain(started.body.id);
    expect(JSON.stringify(listed.body)).not.toContain(t.token);
  });

  it("goes only into a project the caller may write to, once GitHub is connected", async () => {
    const t = await connectedTeam("ghproj");
    const name = uniqueRepoName("proj");
    const { repository } = await createFakeRepo({ owner: t.login, name, token: t.token, issues: 2 });
    const path = `/api/workspaces/${t.slug}/projects/importers/github/`;
    const repo = { id: repository.id, name, owner: t.login };

    const unconnected = await t.member.post(path, payload(repo, t.project.id, []));
    expect(unconnected.status).toBe(404);
    await connect(t.owner, t.slug, t.token);

    // A project the member is not in, and the viewer who may read but not write.
    const other = await createProject(t.owner, t.slug);
    expect((await t.member.post(path, payload(repo, other.id, []))).status).toBe(403);
    expect((await t.viewer.post(path, payload(repo, t.project.id, []))).status).toBe(403);
    await addToProject(t.owner, t.slug, other.id, [{ user: t.member, role: 15 }]);
    expect((await t.member.post(path, payload(repo, other.id, []))).status).toBe(201);
  });
});

describe("reading GitHub's answers", () => {
  it("follows the Link header's next and last pages", () => {
    const header =
      '<https://api.github.com/repositories/1/issues?state=all&page=3>; rel="prev", <https://api.github.com/repositories/1/issues?state=all&page=5>; rel="next", <https://api.github.com/repositories/1/issues?state=all&page=9>; rel="last", <https://api.github.com/repositories/1/issues?state=all&page=1>; rel="first"';
    expect(parseLinkHeader(header)).toEqual({ next: 5, last: 9 });
    expect(parseLinkHeader(null)).toEqual({ next: null, last: null });
    expect(parseLinkHeader('<https://api.github.com/x?page=1>; rel="first"')).toEqual({ next: null, last: null });
  });

  it("knows a rate limit from a refusal, and how long to wait", () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const answer = (status: number, headers: Record<string, string>) => new Response("{}", { status, headers });
    expect(rateLimitWait(answer(403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(now / 1000 + 125) }), now)).toBe(125);
    expect(rateLimitWait(answer(429, { "retry-after": "30" }), now)).toBe(30);
    expect(rateLimitWait(answer(403, { "retry-after": new Date(now + 61_000).toUTCString() }), now)).toBe(61);
    expect(rateLimitWait(answer(429, {}), now)).toBe(60);
    // A 403 with requests left is a refusal (no access), not a limit.
    expect(rateLimitWait(answer(403, { "x-ratelimit-remaining": "4999" }), now)).toBeNull();
    expect(rateLimitWait(answer(503, { "retry-after": "5" }), now)).toBeNull();
  });

  it("maps closed issues by their reason and finds task-list parents", () => {
    expect(stateGroupOf({ state: "open", state_reason: "reopened" })).toBe("backlog");
    expect(stateGroupOf({ state: "closed", state_reason: "completed" })).toBe("completed");
    expect(stateGroupOf({ state: "closed", state_reason: null })).toBe("completed");
    expect(stateGroupOf({ state: "closed", state_reason: "not_planned" })).toBe("cancelled");
    expect(stateGroupOf({ state: "closed", state_reason: "duplicate" })).toBe("cancelled");

    const body = [
      "Plan:",
      "- [ ] #12",
      "- [x] #13 done already",
      "  * [ ] acme/app#14",
      "- [ ] https://github.com/acme/app/issues/15",
      "- [ ] other/repo#16",
      "- [ ] mentions #17 in the text",
      "See #18.",
    ].join("\n");
    expect(trackedNumbers(body, "acme", "app")).toEqual([12, 13, 14, 15]);
    expect(trackedNumbers(null, "acme", "app")).toEqual([]);
  });
});

/** A GitHub source reading `repo` with `token`, as the import job builds it. */
function sourceFor(spec: Pick<RepoSpec, "owner" | "name" | "token">, repositoryId: number) {
  const importer = {
    id: "test-importer",
    service: "github",
    metadata: { owner: spec.owner, name: spec.name, repository_id: repositoryId, url: "", access_token: spec.token },
    config: { sync: false },
    data: { users: [] },
    progress: null,
  } as unknown as ImporterRow;
  return new GithubSource({ env, config: getConfig(env), importer, fetch });
}

interface ReadAll {
  pages: ImportPage[];
  cursors: (ImportCursor | null)[];
  total: number | undefined;
}

async function readAll(source: GithubSource, from: ImportCursor | null = null, stopAfter = Number.POSITIVE_INFINITY): Promise<ReadAll> {
  const out: ReadAll = { pages: [], cursors: [], total: undefined };
  let cursor = from;
  for (let i = 0; i < stopAfter; i++) {
    const { page, next, total_issues } = await source.readPage(cursor);
    out.pages.push(page);
    out.cursors.push(next);
    out.total ??= total_issues;
    if (next === null) break;
    cursor = next;
  }
  return out;
}

function merged(pages: ImportPage[]) {
  return {
    // Issue pages declare their labels again; the distinct ones count.
    labels: [...new Map(pages.flatMap((p) => p.labels ?? []).map((label) => [label.key, label])).values()],
    issues: pages.flatMap((p) => p.issues ?? []),
    comments: pages.flatMap((p) => p.comments ?? []),
    parents: pages.flatMap((p) => p.parents ?? []),
  };
}

/** The repository the done-when asks for: 2,500 issues, a third closed, with comments, labels, sub-issues and pull requests mixed in. */
const BIG_REPOSITORY = {
  issues: 2500,
  closed_ratio: 1 / 3,
  comments_per_issue: 2,
  labels: 12,
  issues_with_sub_issues: 150,
  sub_issues_per_parent: 3,
  issues_tracking_others: 20,
  pull_requests: 300,
  collaborators: 6,
} as const;

describe("the source the import job reads", () => {
  const big = { owner: "acme", name: uniqueRepoName("big"), token: uniqueToken(), ...BIG_REPOSITORY } satisfies RepoSpec;

  it("reads a 2,500-issue repository completely: closed issues, labels, comments, parents; no pull requests", async () => {
    const { repository, expected } = await createFakeRepo(big);
    const source = sourceFor(big, repository.id);
    const { pages, total } = await readAll(source);
    const all = merged(pages);

    expect(total).toBe(2500);
    expect(all.issues).toHaveLength(2500);
    expect(new Set(all.issues.map((i) => i.key)).size).toBe(2500);
    const inGroup = (group: string) => all.issues.filter((i) => i.state.group === group).length;
    expect(inGroup("backlog")).toBe(expected.open);
    expect(inGroup("completed")).toBe(expected.completed);
    expect(inGroup("cancelled")).toBe(expected.cancelled);
    expect(expected.open).toBe(1667);
    expect(expected.completed + expected.cancelled).toBe(833);
    expect(expected.cancelled).toBe(208);
    expect(all.issues.every((i) => !i.url?.includes("/pull/"))).toBe(true);

    expect(all.labels).toHaveLength(12);
    expect(all.labels[0]).toEqual({ key: expect.stringMatching(/^\d+$/), name: "bug", color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    const labelKeys = new Set(all.labels.map((l) => l.key));
    expect(all.issues.every((i) => i.labels.length > 0 && i.labels.every((k) => labelKeys.has(k)))).toBe(true);

    // Two comments on every issue; the pull requests' comments are left out.
    expect(all.comments).toHaveLength(5000);
    const issueKeys = new Set(all.issues.map((i) => i.key));
    expect(all.comments.every((c) => issueKeys.has(c.issue_key))).toBe(true);
    expect(all.comments[0].html).toContain("<strong>looks</strong>");

    const numberOf = (key: string) => Number(key);
    const parents = Object.fromEntries(all.parents.map((p) => [String(numberOf(p.child_key)), numberOf(p.parent_key)]));
    expect(parents).toEqual(expected.parents);
    expect(Object.keys(parents)).toHaveLength(150 * 3 + 20);

    const first = all.issues.find((i) => i.key === "1")!;
    expect(first).toMatchObject({
      title: "Issue 1: crash on start",
      state: { group: "backlog" },
      priority: "none",
      assignees: ["acme"],
      url: "https://github.com/acme/" + big.name + "/issues/1",
    });
    expect(first.description_html).toContain("<strong>1</strong>");
    expect(first.description_html).toContain("<ol>");
    const closed = all.issues.find((i) => i.state.group === "completed")!;
    expect(closed.completed_at).toMatch(/^2024-/);
  });

  it("resumes from any saved cursor and ends with exactly what an uninterrupted read brings", async () => {
    const spec = { ...big, name: uniqueRepoName("resume"), issues: 450, pull_requests: 40, issues_with_sub_issues: 25, issues_tracking_others: 5 };
    const { repository } = await createFakeRepo(spec);
    const whole = merged((await readAll(sourceFor(spec, repository.id))).pages);

    // Stop after 4 pages (in the issues), then after 9 (in the comments), with a fresh source each time.
    const firstLeg = await readAll(sourceFor(spec, repository.id), null, 4);
    const secondLeg = await readAll(sourceFor(spec, repository.id), JSON.parse(JSON.stringify(firstLeg.cursors.at(-1))), 5);
    const rest = await readAll(sourceFor(spec, repository.id), JSON.parse(JSON.stringify(secondLeg.cursors.at(-1))));
    const resumed = merged([...firstLeg.pages, ...secondLeg.pages, ...rest.pages]);
    expect(resumed).toEqual(whole);
    expect(whole.issues).toHaveLength(450);
  });

  it("turns GitHub's answers into the job's error kinds", async () => {
    const spec = { owner: "acme", name: uniqueRepoName("faults"), token: uniqueToken(), issues: 150, pull_requests: 10 } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    const full = `${spec.owner}/${spec.name}`;
    const source = sourceFor(spec, repository.id);
    const issuesPage = { phase: "issues", page: 1, issues: "", with_sub_issues: [], tracks: [], sub_children: "" };

    // A read asks for three GitHub pages at once and fails with the first failure, while the other
    // two are still on their way: the next fault may only be added once they have all arrived, or
    // one of them would take it.
    const calls = async () => Object.values(await fakeStats(full)).reduce((sum, n) => sum + n, 0);
    const failedRead = async () => {
      const before = await calls();
      const error = await source.readPage(issuesPage).catch((e) => e);
      await expect.poll(calls).toBeGreaterThanOrEqual(before + 3);
      return error;
    };

    await addFault({ repo: full, kind: "rate_limit", count: 1, retry_after: 30 });
    const limited = await failedRead();
    expect(limited).toBeInstanceOf(SourceRateLimited);
    expect(limited.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(limited.retryAfterSeconds).toBeLessThanOrEqual(31);

    await addFault({ repo: full, kind: "secondary_rate_limit", count: 1, retry_after: 7 });
    const secondary = await failedRead();
    expect(secondary).toBeInstanceOf(SourceRateLimited);
    expect(secondary.retryAfterSeconds).toBe(7);

    await addFault({ repo: full, kind: "unavailable", count: 1 });
    expect(await failedRead()).toBeInstanceOf(SourceUnavailable);

    await addFault({ repo: full, kind: "bad_credentials", count: 1 });
    const refused = await failedRead();
    expect(refused).toBeInstanceOf(SourceRefused);
    expect(refused.message).toMatch(/did not accept the access token \(Bad credentials\)/);

    const gone = await sourceFor({ ...spec, name: "no-such-repo" }, repository.id).readPage(issuesPage).catch((e) => e);
    expect(gone).toBeInstanceOf(SourceRefused);
    expect(gone.message).toBe("GitHub could not find the repository acme/no-such-repo, or the token may not read it.");

    // After the faults the same read goes through: its three pages hold every issue, the pull requests left out.
    const { page, next } = await source.readPage(issuesPage);
    expect(page.issues).toHaveLength(150);
    expect(next).toMatchObject({ phase: "comments", page: 1 });
  });
});


// The import job end to end: the source above through the runner and the writer into a project.
describe("importing a repository", () => {
  const importsPath = (slug: string) => `/api/workspaces/${slug}/importers/`;

  /** Polls Previous Imports as the person sees it until the job has finished. */
  async function waitForImport(client: Client, slug: string, id: string) {
    for (;;) {
      const list = await client.get(importsPath(slug));
      const found = list.body.find((row: { id: string }) => row.id === id);
      if (found && found.status !== "processing") return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * Records an import without queueing its first run, so a test drives the runs itself, one page
   * per run (what a POST records, with the token as the job reads it).
   */
  async function recordImport(t: { workspaceId: string; owner: Client }, projectId: string, spec: RepoSpec, repositoryId: number, users: unknown[] = []) {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const metadata = { owner: spec.owner, name: spec.name, repository_id: repositoryId, url: `https://github.com/${spec.owner}/${spec.name}`, access_token: spec.token };
    await env.DB.prepare(
      `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, progressed_at, created_at, updated_at)
       VALUES (?, ?, ?, 'github', 'processing', ?, '{"sync":false}', ?, ?, ?, ?, ?)`,
    )
      .bind(id, t.workspaceId, projectId, JSON.stringify(metadata), JSON.stringify({ users }), t.owner.user.id, now, now, now)
      .run();
    return id;
  }

  interface Requeued {
    job: JobMessage;
    delaySeconds: number;
  }

  /** Runs the import one page at a time (each run queues the next into `queued`) until it settles. */
  async function drive(id: string, queued: Requeued[] = [], maxRuns = 500) {
    const outcomes: RunOutcome[] = [];
    const requeue = async (job: JobMessage, delaySeconds: number) => {
      queued.push({ job, delaySeconds });
    };
    for (let run = 0; run < maxRuns; run++) {
      const outcome = await runImport(env, id, { budgetMs: 0, requeue });
      outcomes.push(outcome);
      if (outcome === "completed" || outcome === "failed" || outcome === "gone") return outcomes;
    }
    throw new Error(`the import did not settle in ${maxRuns} runs: ${outcomes.slice(-5).join(", ")}`);
  }

  /** What an import made in a project, in a form two imports can be compared by. */
  async function importedRows(projectId: string) {
    const { results } = await env.DB.prepare(
      `SELECT i.external_id, i.name, s."group" AS state_group, p.external_id AS parent, i.label_ids, i.assignee_ids, i.description_html,
              (SELECT count(*) FROM issue_comments c WHERE c.issue_id = i.id) AS comments
       FROM issues i JOIN states s ON s.id = i.state_id LEFT JOIN issues p ON p.id = i.parent_id
       WHERE i.project_id = ? ORDER BY CAST(i.external_id AS INTEGER)`,
    )
      .bind(projectId)
      .all<{
        external_id: string;
        name: string;
        state_group: string;
        parent: string | null;
        label_ids: string;
        assignee_ids: string;
        description_html: string;
        comments: number;
      }>();
    const labels = await env.DB.prepare("SELECT id, name FROM labels WHERE project_id = ?").bind(projectId).all<{ id: string; name: string }>();
    const labelName = new Map(labels.results.map((row) => [row.id, row.name]));
    return results.map((row) => ({
      ...row,
      label_ids: (JSON.parse(row.label_ids) as string[]).map((id) => labelName.get(id) ?? id).sort(),
      assignee_ids: (JSON.parse(row.assignee_ids) as string[]).sort(),
    }));
  }

  const countsOf = async (projectId: string) => ({
    issues: await countRows("issues", "project_id = ?", projectId),
    comments: await countRows("issue_comments", "project_id = ?", projectId),
    labels: await countRows("labels", "project_id = ?", projectId),
    links: await countRows("issue_links", "project_id = ?", projectId),
    records: await countRows("import_records", "project_id = ?", projectId),
    activities: await countRows("issue_activities", "project_id = ?", projectId),
  });

  it(
    "brings a 2,500-issue repository in completely: states by group, labels, comments, parents, people",
    async () => {
      const t = await connectedTeam("ghbig");
      const spec = { owner: t.login, name: uniqueRepoName("big"), token: t.token, ...BIG_REPOSITORY } satisfies RepoSpec;
      const { repository, expected } = await createFakeRepo(spec);
      await connect(t.owner, t.slug, t.token);
      const project = await createProject(t.owner, t.slug);
      const invitedEmail = `invited-${Date.now().toString(36)}@example.com`;
      const users = [
        { username: t.login, import: "map", email: t.member.user.email },
        { username: `${t.login}-dev-1`, import: "invite", email: invitedEmail },
        ...[2, 3, 4, 5].map((k) => ({ username: `${t.login}-dev-${k}`, import: false, email: "" })),
      ];
      const started = await t.owner.post(`/api/workspaces/${t.slug}/projects/importers/github/`, {
        metadata: { owner: t.login, name: spec.name, repository_id: repository.id, url: repository.html_url },
        data: { users },
        config: { sync: false },
        project_id: project.id,
      });
      expectStatus(started, 201);

      const done = await waitForImport(t.owner, t.slug, started.body.id);
      expect(done).toMatchObject({ status: "completed", imported_issues: 2500, total_issues: 2500, imported_comments: 5000, rejected: [], error: null });

      const rows = await importedRows(project.id);
      expect(rows).toHaveLength(2500);
      const inGroup = (group: string) => rows.filter((row) => row.state_group === group).length;
      expect([inGroup("backlog"), inGroup("completed"), inGroup("cancelled")]).toEqual([1667, 625, 208]);
      expect(expected.open + expected.completed + expected.cancelled).toBe(2500);
      // Pull requests are not issues here: 2,800 numbers in the repository, 2,500 issues.
      expect(rows.some((row) => row.name.startsWith("Pull request"))).toBe(false);
      expect(await countRows("labels", "project_id = ?", project.id)).toBe(12);
      expect(rows.every((row) => row.label_ids.length > 0 && row.label_ids.every((name) => name === "bug" || name.startsWith("label-")))).toBe(true);
      expect(await countRows("issue_comments", "project_id = ?", project.id)).toBe(5000);
      expect(rows.every((row) => row.comments === 2)).toBe(true);
      const parents = Object.fromEntries(rows.filter((row) => row.parent).map((row) => [row.external_id, Number(row.parent)]));
      expect(parents).toEqual(expected.parents);
      expect(Object.keys(parents)).toHaveLength(470);
      // Every issue links back to GitHub.
      expect(await countRows("issue_links", "project_id = ? AND url LIKE 'https://github.com/%/issues/%'", project.id)).toBe(2500);

      // The mapped login's issues are the member's; the others' are unassigned; the invited person is invited.
      const mappedToMember = rows.filter((row) => row.assignee_ids.includes(t.member.user.id)).length;
      let expectedMapped = 0;
      for (let i = 0; i < 2500; i++) if (i % 5 !== 4 && i % 6 === 0) expectedMapped++;
      expect(mappedToMember).toBe(expectedMapped);
      expect(rows.every((row) => row.assignee_ids.every((id) => id === t.member.user.id))).toBe(true);
      expect(await countRows("workspace_invitations", "workspace_id = ? AND email = ?", t.workspaceId, invitedEmail)).toBe(1);

      // The markdown became HTML.
      expect(rows[0].description_html).toContain("<strong>1</strong>");
    },
    180_000,
  );

  it("ends a run stopped halfway with exactly the rows of an uninterrupted one, and a second run adds nothing", async () => {
    const t = await connectedTeam("ghresume");
    const spec = {
      owner: t.login,
      name: uniqueRepoName("resume"),
      token: t.token,
      issues: 420,
      closed_ratio: 1 / 3,
      comments_per_issue: 1,
      labels: 6,
      issues_with_sub_issues: 30,
      sub_issues_per_parent: 2,
      issues_tracking_others: 4,
      pull_requests: 40,
      collaborators: 3,
    } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    const users = [{ username: t.login, import: "map", email: t.member.user.email }];
    const [straight, resumed] = [await createProject(t.owner, t.slug), await createProject(t.owner, t.slug)];

    expect((await drive(await recordImport(t, straight.id, spec, repository.id, users))).at(-1)).toBe("completed");

    // The second import's run dies after two pages, in the issues (no next run is queued)...
    const id = await recordImport(t, resumed.id, spec, repository.id, users);
    for (let run = 0; run < 2; run++) expect(await runImport(env, id, { budgetMs: 0, requeue: async () => {} })).toBe("continues");
    const halfway = await countRows("issues", "project_id = ?", resumed.id);
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(420);
    // ...and a fresh run later picks up at the saved cursor.
    expect((await drive(id)).at(-1)).toBe("completed");

    expect(await importedRows(resumed.id)).toEqual(await importedRows(straight.id));
    const counts = await countsOf(resumed.id);
    expect(counts).toEqual(await countsOf(straight.id));
    expect(counts).toMatchObject({ issues: 420, comments: 420, labels: 6, links: 420 });

    // A second import of the same repository into the same project creates nothing.
    const again = await recordImport(t, resumed.id, spec, repository.id, users);
    expect((await drive(again)).at(-1)).toBe("completed");
    expect(await countsOf(resumed.id)).toEqual(counts);
    const listed = (await t.owner.get(importsPath(t.slug))).body.find((row: { id: string }) => row.id === again);
    expect(listed).toMatchObject({ status: "completed", imported_issues: 0, imported_comments: 0 });
  }, 120_000);

  it("hands over to a fresh run before a run passes the free plan's 50 subrequests", async () => {
    const t = await connectedTeam("ghbudget");
    const spec = { owner: t.login, name: uniqueRepoName("budget"), token: t.token, issues: 3000, pull_requests: 0, comments_per_issue: 1, labels: 3 } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    const project = await createProject(t.owner, t.slug);
    const id = await recordImport(t, project.id, spec, repository.id);
    const total = async () => Object.values(await fakeStats(`${spec.owner}/${spec.name}`)).reduce((sum, n) => sum + n, 0);
    const calls: number[] = [];
    let outcome = "continues";
    while (outcome === "continues") {
      const before = await total();
      // A whole minute of time: only the subrequest budget (45 by default) can end the run.
      outcome = await runImport(env, id, { budgetMs: 60_000, requeue: async () => {} });
      calls.push((await total()) - before);
    }
    expect(outcome).toBe("completed");
    expect(calls.length).toBeGreaterThan(1);
    for (const used of calls) expect(used).toBeLessThanOrEqual(45);
    expect(await countRows("issues", "project_id = ?", project.id)).toBe(3000);
  }, 120_000);

  it("waits out a rate limit for as long as GitHub asks, then carries on", async () => {
    const t = await connectedTeam("ghlimit");
    const spec = { owner: t.login, name: uniqueRepoName("limit"), token: t.token, issues: 230, pull_requests: 20, comments_per_issue: 1, labels: 3 } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    const project = await createProject(t.owner, t.slug);
    const id = await recordImport(t, project.id, spec, repository.id);

    // The second page of issues answers "rate limit exceeded, resets in 40 s", then a secondary limit of 9 s.
    await addFault({ repo: `${spec.owner}/${spec.name}`, kind: "rate_limit", count: 1, after: 1, retry_after: 40, path_contains: "/issues" });
    await addFault({ repo: `${spec.owner}/${spec.name}`, kind: "secondary_rate_limit", count: 1, after: 3, retry_after: 9, path_contains: "/issues" });
    const queued: Requeued[] = [];
    const outcomes = await drive(id, queued);
    expect(outcomes.filter((outcome) => outcome === "waiting")).toHaveLength(2);
    const waits = queued.filter((entry) => entry.delaySeconds > 0).map((entry) => entry.delaySeconds);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(39);
    expect(waits[0]).toBeLessThanOrEqual(41);
    expect(waits[1]).toBe(9);
    expect(queued.every((entry) => entry.job.type === "import.run" && entry.job.importerId === id)).toBe(true);
    expect(await fakeStats(`${spec.owner}/${spec.name}`)).toMatchObject({ "fault:rate_limit": 1, "fault:secondary_rate_limit": 1 });

    const listed = (await t.owner.get(importsPath(t.slug))).body.find((row: { id: string }) => row.id === id);
    expect(listed).toMatchObject({ status: "completed", imported_issues: 230, imported_comments: 230, error: null });
  });

  it("waits on the queue when the job runs there", async () => {
    const t = await connectedTeam("ghqueue");
    const spec = { owner: t.login, name: uniqueRepoName("queue"), token: t.token, issues: 120, pull_requests: 5 } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    await connect(t.owner, t.slug, t.token);
    const project = await createProject(t.owner, t.slug);
    await addFault({ repo: `${spec.owner}/${spec.name}`, kind: "secondary_rate_limit", count: 1, retry_after: 1, path_contains: "/issues" });
    const started = await t.owner.post(`/api/workspaces/${t.slug}/projects/importers/github/`, {
      metadata: { owner: t.login, name: spec.name, repository_id: repository.id, url: repository.html_url },
      data: { users: [] },
      project_id: project.id,
    });
    expectStatus(started, 201);
    const done = await waitForImport(t.owner, t.slug, started.body.id);
    expect(done).toMatchObject({ status: "completed", imported_issues: 120 });
    expect(await fakeStats(`${spec.owner}/${spec.name}`)).toMatchObject({ "fault:secondary_rate_limit": 1 });
  });

  it("fails with GitHub's reason when GitHub keeps failing, or refuses the token", async () => {
    const t = await connectedTeam("ghdown");
    const spec = { owner: t.login, name: uniqueRepoName("down"), token: t.token, issues: 150 } satisfies RepoSpec;
    const { repository } = await createFakeRepo(spec);
    const project = await createProject(t.owner, t.slug);

    const id = await recordImport(t, project.id, spec, repository.id);
    await addFault({ repo: `${spec.owner}/${spec.name}`, kind: "unavailable", count: 1000, after: 3 });
    const queued: Requeued[] = [];
    const outcomes = await drive(id, queued);
    expect(outcomes.filter((outcome) => outcome === "retrying")).toHaveLength(5);
    expect(outcomes.at(-1)).toBe("failed");
    // Each retry waits longer than the one before.
    const delays = queued.filter((entry) => entry.delaySeconds > 0).map((entry) => entry.delaySeconds);
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    const failed = (await t.owner.get(importsPath(t.slug))).body.find((row: { id: string }) => row.id === id);
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("GitHub is unavailable (503 Service Unavailable). (gave up after 6 attempts)");
    await clearFaults(`${spec.owner}/${spec.name}`);

    const refused = await recordImport(t, project.id, spec, repository.id);
    await addFault({ repo: `${spec.owner}/${spec.name}`, kind: "bad_credentials", count: 1 });
    expect(await drive(refused)).toEqual(["failed"]);
    const row = (await t.owner.get(importsPath(t.slug))).body.find((entry: { id: string }) => entry.id === refused);
    expect(row).toMatchObject({ status: "failed" });
    expect(row.error).toBe("GitHub did not accept the access token (Bad credentials). Save a new token and try again.");
  });
});
