// DELETE bulk-delete-issues/ {issue_ids}: only this project's issues go,
// the answer carries a message, readers are refused, an empty selection is a 400.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { createProject } from "../helpers/fixtures";
import { type IssueBody, dumpIssueTables, getIssue, issuePath, newIssue, rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
let viewer: Client;
let guest: Client;
/** Another project of the same workspace; the owner is a member (its creator) there too. */
let neighbour: ProjectFixture;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "BLK");
  [member, viewer, guest] = await Promise.all([addMember(p, 15, "Member"), addMember(p, 10, "Viewer"), addMember(p, 5, "Guest")]);
  const project = await createProject(p.owner, p.slug, { identifier: "NBR" });
  neighbour = { ...p, projectId: project.id, identifier: "NBR", base: `/api/workspaces/${p.slug}/projects/${project.id}` };
});

const bulkDelete = (body: unknown, as: Client = p.owner, fixture = p) => as.delete(`${fixture.base}/bulk-delete-issues/`, body);
const projectIssueIds = async (fixture: ProjectFixture) =>
  (await rows<{ id: string }>("SELECT id FROM issues WHERE project_id = ? ORDER BY id", fixture.projectId)).map((row) => row.id);

describe("deleting several issues", () => {
  it("deletes the listed issues of this project and leaves another project's ids alone", async () => {
    const [a, b, keep] = [await newIssue(p, { name: "A" }), await newIssue(p, { name: "B" }), await newIssue(p, { name: "Keep" })];
    const theirs = await newIssue(neighbour, { name: "Theirs" });
    const response = await bulkDelete({ issue_ids: [a.id, b.id, theirs.id] }, member);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "2 issues deleted successfully" });
    for (const gone of [a, b]) expect((await p.owner.get(issuePath(p, gone.id))).status).toBe(404);
    expect((await getIssue(p, keep.id)).name).toBe("Keep");
    expect((await getIssue(neighbour, theirs.id)).name).toBe("Theirs");
    const list = await p.owner.get(`${p.base}/issues/`);
    expect(list.body.map((issue: IssueBody) => issue.id)).not.toContain(a.id);
  });

  it("says '1 issue' for one", async () => {
    const one = await newIssue(p, { name: "Single" });
    const response = await bulkDelete({ issue_ids: [one.id] });
    expect(response.body).toEqual({ message: "1 issue deleted successfully" });
  });

  it("answers 404 and deletes nothing when no id belongs to this project", async () => {
    const theirs = await newIssue(neighbour, { name: "Not yours to delete here" });
    const before = await dumpIssueTables();
    const response = await bulkDelete({ issue_ids: [theirs.id, crypto.randomUUID()] });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(await dumpIssueTables()).toBe(before);
  });

  it("children of a deleted parent become top-level; a surviving parent's count drops", async () => {
    const parent = await newIssue(p, { name: "Parent" });
    const [c1, c2, c3] = [
      await newIssue(p, { name: "C1", parent: parent.id }),
      await newIssue(p, { name: "C2", parent: parent.id }),
      await newIssue(p, { name: "C3", parent: parent.id }),
    ];
    expect((await bulkDelete({ issue_ids: [c1.id] })).status).toBe(200);
    expect((await getIssue(p, parent.id)).sub_issues_count).toBe(2);
    expect((await bulkDelete({ issue_ids: [parent.id, c2.id] })).body).toEqual({ message: "2 issues deleted successfully" });
    expect(await getIssue(p, c3.id)).toMatchObject({ parent: null, parent_detail: null });
  });

  it("keeps numbering after the deleted issues (never reuses a sequence id)", async () => {
    const last = await newIssue(p, { name: "Last" });
    await bulkDelete({ issue_ids: [last.id] });
    expect((await newIssue(p, { name: "Next" })).sequence_id).toBe(last.sequence_id + 1);
  });

  it("takes a long list (more ids than D1 binds in one statement)", async () => {
    const mine = [await newIssue(p, { name: "Among many 1" }), await newIssue(p, { name: "Among many 2" })];
    const noise = Array.from({ length: 200 }, () => crypto.randomUUID());
    const response = await bulkDelete({ issue_ids: [...noise.slice(0, 100), mine[0].id, ...noise.slice(100), mine[1].id] });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: "2 issues deleted successfully" });
    expect(await projectIssueIds(p)).not.toContain(mine[0].id);
  });
});

describe("refusals", () => {
  it.each([
    ["viewer", () => viewer],
    ["guest", () => guest],
  ])("a %s gets 403 and nothing is deleted", async (_role, who) => {
    const issue = await newIssue(p, { name: "Protected" });
    const before = await dumpIssueTables();
    const response = await bulkDelete({ issue_ids: [issue.id] }, who());
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(await dumpIssueTables()).toBe(before);
  });

  it("an empty selection answers 400 'Please select atleast one issue'", async () => {
    const response = await bulkDelete({ issue_ids: [] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ issue_ids: ["Please select atleast one issue"] });
  });

  it.each([
    ["no body", undefined],
    ["no issue_ids", { ids: ["x"] }],
    ["issue_ids as a string", { issue_ids: "all" }],
    ["issue_ids holding objects", { issue_ids: [{ id: "x" }] }],
  ])("%s answers 400 naming issue_ids", async (_what, body) => {
    const before = await dumpIssueTables();
    const response = await bulkDelete(body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)[0]).toMatch(/^issue_ids/);
    expect(await dumpIssueTables()).toBe(before);
  });

  it("the other project's path cannot delete this project's issues", async () => {
    const issue = await newIssue(p, { name: "Safe" });
    const response = await bulkDelete({ issue_ids: [issue.id] }, p.owner, neighbour);
    expect(response.status).toBe(404);
    expect((await getIssue(p, issue.id)).name).toBe("Safe");
  });
});
