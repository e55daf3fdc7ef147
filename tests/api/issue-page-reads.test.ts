// The issue page's read model: what it shows matches what the API answers for each part, and it
// is read in a fixed, small number of D1 round trips however much the issue has.
import { beforeAll, describe, expect, it } from "vitest";
import { issuePageOf } from "../../workers/domain/issue-page";
import { actorOn, countingDb } from "../helpers/counting-db";
import { getIssue, newIssue, newLabel } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "PAGE");
});

describe("the issue page's read model", () => {
  it("shows the issue with its parent, sub-issues, labels, members and history in at most 2 round trips", async () => {
    const label = await newLabel(p, "Page label", "#abcdef");
    const parent = await newIssue(p, { name: "The parent" });
    const issue = await newIssue(p, { name: "The page's issue", parent: parent.id, labels_list: [label] });
    await newIssue(p, { name: "Child one", parent: issue.id, state: p.states.Done });
    await newIssue(p, { name: "Child two", parent: issue.id });
    expect((await p.owner.post(`${p.base}/issues/${issue.id}/comments/`, { comment_html: "<p>Hello page</p>", comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello page" }] }] } })).status).toBe(201);

    // The first read fills the isolate's cache of the project's lookups; the page reads them from it after.
    const cold = countingDb();
    await issuePageOf(await actorOn(cold.db, p.owner.user.id), p.slug, p.projectId, issue.id);
    expect(cold.counter.roundTrips).toBeLessThanOrEqual(3);

    const warm = countingDb();
    const page = await issuePageOf(await actorOn(warm.db, p.owner.user.id), p.slug, p.projectId, issue.id);
    // The access check, then one batch for everything else.
    expect(warm.counter.roundTrips).toBeLessThanOrEqual(2);

    const { description: _json, description_stripped: _text, ...detail } = await getIssue(p, issue.id);
    expect(page.issue).toEqual(detail);
    expect(page.issue.parent_detail?.name).toBe("The parent");
    expect(page.issue.label_details).toEqual([{ id: label, name: "Page label", color: "#abcdef" }]);
    expect(page.subIssues.sub_issues.map((child) => child.name)).toEqual(["Child one", "Child two"]);
    expect(page.subIssues.state_distribution.completed).toBe(1);
    expect(page.labels).toContainEqual({ id: label, name: "Page label", color: "#abcdef", parent: null });
    expect(page.states.find((state) => state.id === p.states.Done)).toMatchObject({ name: "Done", group: "completed" });
    expect(page.members).toEqual([expect.objectContaining({ id: p.owner.user.id, role: 20 })]);
    expect(page.activity.some((entry) => entry.type === "comment" && entry.comment_html.includes("Hello page"))).toBe(true);
    expect(page.viewer).toEqual({ id: p.owner.user.id });
  });

  it("answers 404 for an issue of another project", async () => {
    const other = await createProjectFixture(p.owner, "OTH");
    const foreign = await newIssue(other, { name: "Elsewhere" });
    const { db } = countingDb();
    await expect(issuePageOf(await actorOn(db, p.owner.user.id), p.slug, p.projectId, foreign.id)).rejects.toMatchObject({ message: "Issue not found." });
  });
});
