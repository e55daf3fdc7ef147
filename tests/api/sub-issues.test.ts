// GET/POST issues/{id}/sub-issues/: adding existing issues as
// sub-issues, the parents' counters, state_distribution by state group, and the refusals.
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { type IssueBody, dumpIssueTables, getIssue, issuePath, newIssue, patchIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let viewer: Client;
let guest: Client;
/** A second project of another workspace with the same owner. */
let elsewhere: ProjectFixture;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "SUB");
  [viewer, guest] = await Promise.all([addMember(p, 10, "Viewer"), addMember(p, 5, "Guest")]);
  elsewhere = await createProjectFixture(p.owner, "ELS");
});

const subPath = (issueId: string, fixture = p) => `${issuePath(fixture, issueId)}sub-issues/`;
const addSubs = (parentId: string, ids: unknown, as: Client = p.owner) => as.post(subPath(parentId), { sub_issue_ids: ids });
const EMPTY_DISTRIBUTION = { backlog: 0, unstarted: 0, started: 0, completed: 0, cancelled: 0 };

describe("adding existing issues as sub-issues", () => {
  it("makes them children, answers the sub-issues with their state distribution, and counts them on the parent", async () => {
    const parent = await newIssue(p, { name: "Epic" });
    const [a, b] = [await newIssue(p, { name: "A", state: p.states.Todo }), await newIssue(p, { name: "B", state: p.states.Done })];
    const response = await addSubs(parent.id, [a.id, b.id]);
    expect(response.status).toBe(200);
    expect(response.body.sub_issues.map((issue: IssueBody) => issue.name)).toEqual(["A", "B"]);
    expect(response.body.sub_issues[0]).toMatchObject({ parent: parent.id, parent_detail: { id: parent.id, name: "Epic" } });
    expect(response.body.state_distribution).toEqual({ ...EMPTY_DISTRIBUTION, unstarted: 1, completed: 1 });
    expect((await getIssue(p, parent.id)).sub_issues_count).toBe(2);
    expect((await getIssue(p, a.id)).parent).toBe(parent.id);
    expect(await p.owner.get(subPath(parent.id)).then((r) => r.body)).toEqual(response.body);
  });

  it("moving a sub-issue from another parent updates both counters", async () => {
    const [first, second] = [await newIssue(p, { name: "First parent" }), await newIssue(p, { name: "Second parent" })];
    const child = await newIssue(p, { name: "Wanderer", parent: first.id });
    const sibling = await newIssue(p, { name: "Stays", parent: first.id });
    expect((await getIssue(p, first.id)).sub_issues_count).toBe(2);
    const response = await addSubs(second.id, [child.id]);
    expect(response.status).toBe(200);
    expect((await getIssue(p, first.id)).sub_issues_count).toBe(1);
    expect((await getIssue(p, second.id)).sub_issues_count).toBe(1);
    expect((await p.owner.get(subPath(first.id))).body.sub_issues.map((issue: IssueBody) => issue.id)).toEqual([sibling.id]);
    expect((await getIssue(p, child.id)).parent_detail).toMatchObject({ id: second.id, name: "Second parent" });
  });

  it("tells each parent's feed which sub-issue came or went, however the child moves", async () => {
    const [first, second] = [await newIssue(p, { name: "Feed one" }), await newIssue(p, { name: "Feed two" })];
    const born = await newIssue(p, { name: "Born under one", parent: first.id });
    const moved = await newIssue(p, { name: "Moved in" });
    await addSubs(first.id, [moved.id]);
    await addSubs(second.id, [born.id]);
    await patchIssue(p, moved.id, { parent: null });
    const key = (issue: IssueBody) => `SUB-${issue.sequence_id}`;
    const feed = async (issueId: string) =>
      ((await p.owner.get(`${issuePath(p, issueId)}history/`)).body as { field: string; new_value: string | null; old_value: string | null }[])
        .filter((entry) => entry.field === "sub_issue")
        .map((entry) => (entry.new_value !== null ? `+${entry.new_value}` : `-${entry.old_value}`));
    expect(await feed(first.id)).toEqual([`+${key(born)}`, `+${key(moved)}`, `-${key(born)}`, `-${key(moved)}`]);
    expect(await feed(second.id)).toEqual([`+${key(born)}`]);
  });

  it("adding a child that is already there (or twice in one list) changes nothing", async () => {
    const parent = await newIssue(p, { name: "Holder" });
    const child = await newIssue(p, { name: "Held", parent: parent.id });
    const before = await dumpIssueTables();
    const response = await addSubs(parent.id, [child.id, child.id]);
    expect(response.status).toBe(200);
    expect(response.body.sub_issues).toHaveLength(1);
    expect(await dumpIssueTables()).toBe(before);
    expect((await getIssue(p, parent.id)).sub_issues_count).toBe(1);
  });

  it("state_distribution counts the children by state group, following state changes", async () => {
    const parent = await newIssue(p, { name: "Distribution" });
    const groups: [keyof ProjectFixture["states"], number][] = [
      ["Backlog", 2],
      ["Todo", 1],
      ["In Progress", 3],
      ["Done", 1],
      ["Cancelled", 2],
    ];
    const children: IssueBody[] = [];
    for (const [state, count] of groups) {
      for (let i = 0; i < count; i++) children.push(await newIssue(p, { name: `${state} ${i}`, state: p.states[state] }));
    }
    const response = await addSubs(
      parent.id,
      children.map((child) => child.id),
    );
    expect(response.body.state_distribution).toEqual({ backlog: 2, unstarted: 1, started: 3, completed: 1, cancelled: 2 });
    await patchIssue(p, children[0].id, { state: p.states.Done });
    const after = await p.owner.get(subPath(parent.id));
    expect(after.body.state_distribution).toEqual({ backlog: 1, unstarted: 1, started: 3, completed: 2, cancelled: 2 });
    expect(after.body.sub_issues).toHaveLength(9);
  });

  it("pages the sub-issues by per_page and next links, each page counting all of them by group", async () => {
    const parent = await newIssue(p, { name: "Paged" });
    const children: IssueBody[] = [];
    for (const [i, state] of (["Todo", "Done", "Todo", "Backlog", "Done"] as const).entries()) {
      children.push(await newIssue(p, { name: `Paged ${i}`, state: p.states[state] }));
    }
    await addSubs(
      parent.id,
      children.map((child) => child.id),
    );
    const seen: string[] = [];
    let next: string | null = `${subPath(parent.id)}?per_page=2`;
    while (next) {
      const page = await viewer.get(next);
      expect(page.status, next).toBe(200);
      expect(page.body.sub_issues.length, next).toBeLessThanOrEqual(2);
      expect(page.body.state_distribution).toEqual({ ...EMPTY_DISTRIBUTION, backlog: 1, unstarted: 2, completed: 2 });
      seen.push(...page.body.sub_issues.map((issue: IssueBody) => issue.name));
      next = page.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
    }
    expect(seen).toEqual(children.map((child) => child.name));
    const bad = await viewer.get(`${subPath(parent.id)}?per_page=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.per_page?.[0]).toMatch(/per_page/);
  });

  it("an issue without sub-issues answers an empty list and a zero distribution", async () => {
    const lone = await newIssue(p, { name: "Lone" });
    const response = await viewer.get(subPath(lone.id));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ sub_issues: [], state_distribution: EMPTY_DISTRIBUTION });
  });
});

describe("refusals: 400 (or 403/404) and nothing written", () => {
  let top: IssueBody;
  let middle: IssueBody;
  let bottom: IssueBody;
  let loose: IssueBody;
  let foreign: IssueBody;
  beforeAll(async () => {
    top = await newIssue(p, { name: "Top" });
    middle = await newIssue(p, { name: "Middle", parent: top.id });
    bottom = await newIssue(p, { name: "Bottom", parent: middle.id });
    loose = await newIssue(p, { name: "Loose" });
    foreign = await newIssue(elsewhere, { name: "Foreign" });
  });

  it.each([
    ["the issue itself", () => [loose.id], () => loose.id, "An issue cannot be its own sub-issue."],
    ["its parent (a two-issue cycle)", () => [top.id], () => middle.id, "An issue cannot become a sub-issue of its own sub-issue."],
    ["its grandparent (a longer cycle)", () => [top.id], () => bottom.id, "An issue cannot become a sub-issue of its own sub-issue."],
    ["another project's issue", () => [foreign.id], () => loose.id, "Issue not found in this project."],
    ["another project's issue next to a good one", () => [bottom.id, foreign.id], () => loose.id, "Issue not found in this project."],
    ["an id nobody has", () => [crypto.randomUUID()], () => loose.id, "Issue not found in this project."],
    ["an empty list", () => [], () => loose.id, "Please select atleast one issue"],
  ])("adding %s", async (_what, ids, parent, message) => {
    const before = await dumpIssueTables();
    const response = await addSubs(parent(), ids());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ sub_issue_ids: [message] });
    expect(await dumpIssueTables()).toBe(before);
  });

  it.each([
    ["a missing list", {}],
    ["a string instead of a list", { sub_issue_ids: "abc" }],
    ["numbers in the list", { sub_issue_ids: [1, 2] }],
  ])("a body with %s answers 400 for sub_issue_ids", async (_what, body) => {
    const response = await p.owner.post(subPath(loose.id), body);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)[0]).toMatch(/^sub_issue_ids/);
  });

  it("viewers and guests cannot add sub-issues (403)", async () => {
    const before = await dumpIssueTables();
    for (const reader of [viewer, guest]) expect((await addSubs(loose.id, [bottom.id], reader)).status).toBe(403);
    expect(await dumpIssueTables()).toBe(before);
  });

  it("a parent of another project, or under another project's path, answers 404", async () => {
    expect((await addSubs(foreign.id, [loose.id])).status).toBe(404);
    const crossPath = await p.owner.post(`${elsewhere.base}/issues/${loose.id}/sub-issues/`, { sub_issue_ids: [foreign.id] });
    expect(crossPath.status).toBe(404);
    expect((await getIssue(elsewhere, foreign.id)).parent).toBeNull();
  });

  it("many ids at once answer a 400 naming the field, never a 500", async () => {
    const many = Array.from({ length: 200 }, () => crypto.randomUUID());
    const response = await addSubs(loose.id, many);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ sub_issue_ids: ["Issue not found in this project."] });
  });
});
