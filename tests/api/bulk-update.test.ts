// POST bulk-operation-issues/ {issue_ids, properties}: one change to many issues in one request
// and one transaction. State, priority, cycle and module are set, assignees and labels added;
// each changed issue gets its activity rows, as a single update would write them, and every open
// board hears of it. A refused edit (a name of another project, an issue of another project, a
// reader, an empty change) leaves every issue as it was.
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { type BoardSocket, connectBoard } from "../helpers/board";
import { createProject } from "../helpers/fixtures";
import { dumpIssueTables, getIssue, insertCycle, insertModule, newIssue, newLabel, rows, today } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";
import { BULK_EDIT_MAX, BULK_EDIT_NOTHING, BULK_EDIT_TOO_MANY } from "../../workers/domain/schemas/issues";

let p: ProjectFixture;
let member: Client;
let viewer: Client;
let neighbour: ProjectFixture;
const boards: BoardSocket[] = [];

beforeAll(async () => {
  p = await createProjectFixture(undefined, "BLU");
  [member, viewer] = await Promise.all([addMember(p, 15, "Member"), addMember(p, 10, "Viewer")]);
  const project = await createProject(p.owner, p.slug, { identifier: "NBU" });
  const states = await rows<{ id: string; name: string }>("SELECT id, name FROM states WHERE project_id = ?", project.id);
  neighbour = {
    ...p,
    projectId: project.id,
    identifier: "NBU",
    base: `/api/workspaces/${p.slug}/projects/${project.id}`,
    states: Object.fromEntries(states.map((row) => [row.name, row.id])) as ProjectFixture["states"],
  };
});

afterEach(() => {
  for (const board of boards.splice(0)) board.close();
});

const bulkEdit = (body: unknown, as: Client = member) => as.post(`${p.base}/bulk-operation-issues/`, body);
const many = (count: number, prefix: string) => Promise.all(Array.from({ length: count }, (_, i) => newIssue(p, { name: `${prefix} ${i}` })));
const activityCount = async (issueIds: string[], field: string) =>
  (await rows<{ n: number }>(`SELECT count(*) AS n FROM issue_activities WHERE field = ? AND issue_id IN (${issueIds.map(() => "?").join(",")})`, field, ...issueIds))[0].n;

describe("bulk edit", () => {
  it("moves 50 issues to a state in one request, with one state activity each, and tells an open board", async () => {
    const chosen = await many(50, "Bulk state");
    const board = await connectBoard(p.owner, p);
    boards.push(board);
    const response = await bulkEdit({ issue_ids: chosen.map((issue) => issue.id), properties: { state: p.states.Done } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ updated: 50 });
    for (const issue of [chosen[0], chosen[49]]) expect(await getIssue(p, issue.id)).toMatchObject({ state: p.states.Done });
    expect(await activityCount(chosen.map((issue) => issue.id), "state")).toBe(50);
    // Entering a completed state stamps completed_at, as a single update does.
    expect((await getIssue(p, chosen[7].id)).completed_at).not.toBeNull();
    const heard = new Map<string, unknown>();
    while (heard.size < 50) {
      const message = await board.next("changes");
      for (const change of message.changes) if (change.kind === "issue" && change.op === "upsert") heard.set(change.id, change.row.state);
    }
    expect(new Set(heard.values())).toEqual(new Set([p.states.Done]));
  });

  it("adds labels and assignees to what each issue has, and sets priority, cycle and module", async () => {
    const [keep, add] = [await newLabel(p, "Bulk keep"), await newLabel(p, "Bulk add")];
    const cycle = await insertCycle(p, "Bulk cycle", today(), "2999-01-01");
    const module = await insertModule(p, "Bulk module");
    const labelled = await newIssue(p, { name: "Has a label", labels_list: [keep] });
    const plain = await newIssue(p, { name: "Has none" });
    const memberId = member.user.id;
    const response = await bulkEdit({
      issue_ids: [labelled.id, plain.id],
      properties: { labels_list: [add], assignees_list: [memberId], priority: "urgent", cycle, module },
    });
    expect(response.status).toBe(200);
    expect(await getIssue(p, labelled.id)).toMatchObject({ priority: "urgent", cycle, module, assignees: [memberId] });
    expect([...(await getIssue(p, labelled.id)).labels].sort()).toEqual([keep, add].sort());
    expect((await getIssue(p, plain.id)).labels).toEqual([add]);
  });

  it("leaves an issue that already has the change untouched: no activity, not counted", async () => {
    const already = await newIssue(p, { name: "Already high", priority: "high" });
    const other = await newIssue(p, { name: "Not yet high" });
    const response = await bulkEdit({ issue_ids: [already.id, other.id], properties: { priority: "high" } });
    expect(response.body).toMatchObject({ updated: 1, issue_ids: [other.id] });
    expect(await activityCount([already.id], "priority")).toBe(0);
  });

  it("refuses a reader and changes nothing", async () => {
    const issue = await newIssue(p, { name: "Read only here" });
    const before = await dumpIssueTables();
    expect((await bulkEdit({ issue_ids: [issue.id], properties: { priority: "low" } }, viewer)).status).toBe(403);
    expect(await dumpIssueTables()).toBe(before);
  });

  it("refuses the whole edit when one issue is another project's (404) and changes nothing", async () => {
    const mine = await newIssue(p, { name: "Mine, untouched" });
    const theirs = await newIssue(neighbour, { name: "Theirs" });
    const before = await dumpIssueTables();
    const response = await bulkEdit({ issue_ids: [mine.id, theirs.id], properties: { priority: "urgent" } });
    expect(response.status).toBe(404);
    expect(await dumpIssueTables()).toBe(before);
  });

  it("answers 400 with the field's message for an empty change, too many issues, or a name of another project; nothing changes", async () => {
    const issue = await newIssue(p, { name: "Guarded by the rules" });
    const foreignLabel = await newLabel(neighbour, "Not here");
    const before = await dumpIssueTables();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ issue_ids: [issue.id], properties: {} }, { properties: [BULK_EDIT_NOTHING] }],
      [{ issue_ids: Array.from({ length: BULK_EDIT_MAX + 1 }, () => crypto.randomUUID()), properties: { priority: "low" } }, { issue_ids: [BULK_EDIT_TOO_MANY] }],
      [{ issue_ids: [issue.id], properties: { state: neighbour.states.Done } }, { state: ["State not found in this project."] }],
      [{ issue_ids: [issue.id], properties: { labels_list: [foreignLabel] } }, { labels_list: ["Label not found in this project."] }],
    ];
    for (const [body, fields] of cases) {
      const response = await bulkEdit(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body).toMatchObject(fields);
    }
    expect(await dumpIssueTables()).toBe(before);
  });

  it("never answers 5xx and never writes for hostile bodies (generated)", async () => {
    const issue = await newIssue(p, { name: "Fuzzed" });
    const before = await dumpIssueTables();
    const hostile = fc.oneof(
      fc.anything(),
      fc.record({ issue_ids: fc.anything(), properties: fc.anything() }),
      fc.record({
        issue_ids: fc.constant([issue.id]),
        properties: fc.dictionary(fc.constantFrom("state", "priority", "labels_list", "assignees_list", "cycle", "module", "parent", "name"), fc.anything()),
      }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (body) => {
        const response = await bulkEdit(body);
        expect(response.status).toBeLessThan(500);
        if (response.status !== 200) expect(await dumpIssueTables()).toBe(before);
      }),
      { numRuns: 40, seed: 42 },
    );
  });
});
