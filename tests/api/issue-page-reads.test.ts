// The issue page's read model: what it shows matches what the API answers for each part, and it
// is read in a fixed, small number of D1 round trips however much the issue has.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../workers/db";
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import type { StatementStats } from "../../workers/lib/d1-read-counter";
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

  it("reads as many rows for an issue of a large project as of a small one (D1 bills each row read)", async () => {
    const q = await createProjectFixture(undefined, "ROWS");
    const parent = await newIssue(q, { name: "Has children" });
    await newIssue(q, { name: "Child", parent: parent.id });
    const rowsRead = async () => {
      const stats: StatementStats[] = [];
      const { db } = openDb(env.DB, null, stats);
      const actor = await actorOn(db, q.owner.user.id);
      await issuePageOf(actor, q.slug, q.projectId, parent.id);
      stats.length = 0;
      await issuePageOf(actor, q.slug, q.projectId, parent.id);
      return stats.reduce((sum, statement) => sum + statement.rows_read, 0);
    };
    const small = await rowsRead();
    // Forty more issues in the project, none of them the page's: the page reads none of them.
    await env.DB.prepare(
      `INSERT INTO issues (id, workspace_id, project_id, name, state_id, sequence_id, sort_order, created_at, updated_at)
       WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 40)
       SELECT lower(hex(randomblob(16))), i.workspace_id, i.project_id, 'Other ' || n, i.state_id, 1000 + n, 1000 + n, i.created_at, i.updated_at
       FROM seq, issues i WHERE i.id = ?`,
    )
      .bind(parent.id)
      .run();
    expect(await rowsRead()).toBe(small);
  });

  it("keeps the newest entries of a history longer than the cap, oldest of them first", async () => {
    const issue = await newIssue(p, { name: "Much discussed" });
    const extra = 25;
    // More renames than the page holds, a second apart, written as an importer writes them.
    await env.DB.prepare(
      `INSERT INTO issue_activities (id, workspace_id, project_id, issue_id, field, new_value, created_at)
       WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${LIST_PAGES.plainListCap + extra})
       SELECT lower(hex(randomblob(16))), i.workspace_id, i.project_id, i.id, 'name', 'Name ' || n, strftime('%Y-%m-%dT%H:%M:%fZ', '2031-01-01', '+' || n || ' seconds')
       FROM seq, issues i WHERE i.id = ?`,
    )
      .bind(issue.id)
      .run();
    const { db } = countingDb();
    const page = await issuePageOf(await actorOn(db, p.owner.user.id), p.slug, p.projectId, issue.id);
    const renames = page.activity.flatMap((entry) => (entry.type === "activity" && entry.field === "name" ? [entry.new_value] : []));
    expect(page.activity).toHaveLength(LIST_PAGES.plainListCap);
    expect(renames.at(-1)).toBe(`Name ${LIST_PAGES.plainListCap + extra}`);
    expect(renames[0]).toBe(`Name ${extra + 1}`);
  });

  it("answers 404 for an issue of another project", async () => {
    const other = await createProjectFixture(p.owner, "OTH");
    const foreign = await newIssue(other, { name: "Elsewhere" });
    const { db } = countingDb();
    await expect(issuePageOf(await actorOn(db, p.owner.user.id), p.slug, p.projectId, foreign.id)).rejects.toMatchObject({ message: "Issue not found." });
  });
});
