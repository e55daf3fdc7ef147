// The command palette's search route (/{slug}/search, a Remix resource route over the workspace
// search): what a member gets back, for which text, and what others get. The search's own rules
// (ranking, what each group matches) are in search.test.ts.
import { fetchWorker } from "../helpers/worker";
import { beforeAll, describe, expect, it } from "vitest";
import { type SearchAnswer, searchResultLabel, searchResultPath } from "../../app/lib/search-contract";
import { type Client, ORIGIN } from "../helpers/api";
import { type Team, createProject, createTeam, expectStatus } from "../helpers/fixtures";

let team: Team;
let project: { id: string; identifier: string };
let issueId: string;

async function search(client: Client | null, text: string, within: Record<string, string> = {}) {
  const response = await fetchWorker(`${ORIGIN}/${team.slug}/search?${new URLSearchParams({ search: text, ...within })}`, {
    headers: client ? { cookie: client.cookie } : {},
    redirect: "manual",
  });
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, location: response.headers.get("location"), body: (type.includes("json") ? await response.json() : null) as SearchAnswer };
}

beforeAll(async () => {
  team = await createTeam("palette");
  project = await createProject(team.owner, team.slug, { name: "Palette Board" });
  const issue = await team.owner.post(`/api/workspaces/${team.slug}/projects/${project.id}/issues/`, { name: "Polish the command palette" });
  expectStatus(issue, 201);
  issueId = issue.body.id;
});

describe("the palette's search route", () => {
  it("answers a member with the results for the text asked, as JSON, and says which text", async () => {
    const answer = await search(team.owner, "command pal");
    expect(answer.status).toBe(200);
    expect(answer.body.search).toBe("command pal");
    expect(answer.body.results.issue).toEqual([
      expect.objectContaining({ id: issueId, name: "Polish the command palette", project_id: project.id, sequence_id: 1 }),
    ]);
    for (const group of ["workspace", "project", "cycle", "module", "issue_view", "page"]) expect(answer.body.results).toHaveProperty(group);
    // Where the palette sends a pick, and how it labels it.
    const [issue] = answer.body.results.issue;
    expect(searchResultPath("issue", issue)).toBe(`/${team.slug}/projects/${project.id}/issues/${issueId}`);
    expect(searchResultLabel("issue", issue)).toEqual({ key: `${project.identifier}-1`, name: "Polish the command palette" });
    const projects = (await search(team.owner, "Palette Board")).body.results.project;
    expect(searchResultPath("project", projects[0])).toBe(`/${team.slug}/projects/${project.id}/issues`);
  });

  it("answers empty groups for empty text", async () => {
    const answer = await search(team.owner, "   ");
    expect(answer.status).toBe(200);
    expect(Object.values(answer.body.results).every((rows) => (rows as unknown[]).length === 0)).toBe(true);
  });

  it("shows nobody else's projects: a workspace member outside the project finds none of its issues", async () => {
    const answer = await search(team.member, "command pal");
    expect(answer.status).toBe(200);
    expect(answer.body.results.issue).toEqual([]);
  });

  it("refuses someone outside the workspace and sends the signed-out to sign in", async () => {
    expect((await search(team.outsider, "command")).status).toBeGreaterThanOrEqual(403);
    const signedOut = await search(null, "command");
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/(\?|$)/);
  });

  it("narrows to project_id and per_page for the editor's issue references, and a key alone answers the newest issues", async () => {
    const other = await createProject(team.owner, team.slug, { name: "Other Board" });
    const names = ["Second palette issue", "Third palette issue", "Fourth palette issue"];
    for (const name of names) expectStatus(await team.owner.post(`/api/workspaces/${team.slug}/projects/${project.id}/issues/`, { name }), 201);
    expectStatus(await team.owner.post(`/api/workspaces/${team.slug}/projects/${other.id}/issues/`, { name: "Palette elsewhere" }), 201);

    // "DEMO-": the project's newest issues first, as many as asked.
    const newest = await search(team.owner, `${project.identifier.toLowerCase()}-`, { per_page: "2" });
    expect(newest.status).toBe(200);
    expect(newest.body.results.issue.map((issue) => issue.sequence_id)).toEqual([4, 3]);
    expect(newest.body.results.issue.every((issue) => issue.project_id === project.id)).toBe(true);

    // Words and a bare number within one project only.
    const words = await search(team.owner, "palette", { project_id: other.id, per_page: "5" });
    expect(words.body.results.issue.map((issue) => issue.name)).toEqual(["Palette elsewhere"]);
    const numbered = await search(team.owner, "2", { project_id: project.id });
    expect(numbered.body.results.issue[0]).toEqual(expect.objectContaining({ name: "Second palette issue", sequence_id: 2 }));

    // A member outside the project gets nothing from its key either.
    expect((await search(team.member, `${project.identifier}-`)).body.results.issue).toEqual([]);
  });
});
