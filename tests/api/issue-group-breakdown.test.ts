// A cycle's and a module's progress per assignee and per label: completed versus total, an issue
// with two assignees counted for both, the unassigned and unlabelled issues under a null entry,
// nothing from outside the group, read in one D1 round trip.
import { beforeAll, describe, expect, it } from "vitest";
import { issueGroupBreakdown } from "../../workers/domain/issue-groups/breakdown";
import type { Client } from "../helpers/api";
import { actorOn, countingDb } from "../helpers/counting-db";
import { newIssue, newLabel } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let ann: Client;
let cycleId: string;
let moduleId: string;
let bug: string;
let docs: string;

const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  p = await createProjectFixture(undefined, "BRK");
  ann = await addMember(p, 15, "Ann");
  bug = await newLabel(p, "bug", "#ff0000");
  docs = await newLabel(p, "docs", "#00ff00");
  const owner = p.owner.user.id;
  const both = await newIssue(p, { name: "Both", assignees_list: [owner, ann.user.id], labels_list: [bug], state: p.states.Done });
  const mine = await newIssue(p, { name: "Mine", assignees_list: [owner], labels_list: [bug, docs], state: p.states.Todo });
  const nobody = await newIssue(p, { name: "Nobody", state: p.states.Done });
  await newIssue(p, { name: "Outside", assignees_list: [owner], labels_list: [bug], state: p.states.Done });
  const cycle = await p.owner.post(`${p.base}/cycles/`, { name: "Sprint", start_date: today, end_date: today });
  cycleId = cycle.body.id;
  expect((await p.owner.post(`${p.base}/cycles/${cycleId}/cycle-issues/`, { issues: [both.id, mine.id, nobody.id] })).status).toBeLessThan(300);
  const module = await p.owner.post(`${p.base}/modules/`, { name: "Billing" });
  moduleId = module.body.id;
  expect((await p.owner.post(`${p.base}/modules/${moduleId}/module-issues/`, { issues: [mine.id] })).status).toBeLessThan(300);
});

async function breakdown(scope: "cycle" | "module", id: string) {
  const counting = countingDb();
  const result = await issueGroupBreakdown(await actorOn(counting.db, p.owner.user.id), scope, id);
  return { result, roundTrips: counting.counter.roundTrips };
}

describe("issueGroupBreakdown", () => {
  it("counts a cycle's issues per assignee and per label in one round trip", async () => {
    const { result, roundTrips } = await breakdown("cycle", cycleId);
    expect(roundTrips).toBe(1);
    const byId = new Map(result.assignees.map((row) => [row.id, row]));
    expect(byId.get(p.owner.user.id)).toMatchObject({ completed: 1, total: 2 });
    expect(byId.get(ann.user.id)).toMatchObject({ display_name: expect.any(String), completed: 1, total: 1 });
    expect(result.assignees.at(-1)).toMatchObject({ id: null, completed: 1, total: 1 });
    expect(result.labels).toEqual([
      { id: bug, name: "bug", color: "#ff0000", completed: 1, total: 2 },
      { id: docs, name: "docs", color: "#00ff00", completed: 0, total: 1 },
      { id: null, name: "", color: "", completed: 1, total: 1 },
    ]);
  });

  it("reads a module the same way, and an empty group as empty lists", async () => {
    const { result } = await breakdown("module", moduleId);
    expect(result.assignees).toEqual([expect.objectContaining({ id: p.owner.user.id, completed: 0, total: 1 })]);
    expect(result.labels.map((row) => [row.name, row.total])).toEqual([
      ["bug", 1],
      ["docs", 1],
    ]);
    const empty = await breakdown("cycle", crypto.randomUUID());
    expect(empty.result).toEqual({ assignees: [], labels: [] });
  });
});
