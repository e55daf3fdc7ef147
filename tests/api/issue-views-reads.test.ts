// The issue views page's read model, for each source a page lists (the project, a cycle, a module,
// a saved view): it shows what the issue list API answers for that source, hides what the source
// does not hold, and is read in a fixed, small number of D1 round trips.
import { beforeAll, describe, expect, it } from "vitest";
import { issueViewsPageOf } from "../../workers/domain/issue-views-page";
import type { IssueListSource } from "../../workers/domain/schemas/responses";
import { actorOn, countingDb } from "../helpers/counting-db";
import { boardClockCopied, boardClockOf } from "../helpers/board";
import { type IssueBody, insertCycle, newIssue, newLabel, patchIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let inCycle: IssueBody;
let inModule: IssueBody;
let urgent: IssueBody;
let cycleId: string;
let moduleId: string;
let viewId: string;

const today = new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  p = await createProjectFixture(undefined, "VRM");
  inCycle = await newIssue(p, { name: "Sprint work", priority: "low" });
  inModule = await newIssue(p, { name: "Module work", priority: "medium" });
  urgent = await newIssue(p, { name: "Fire", priority: "urgent" });
  const cycle = await p.owner.post(`${p.base}/cycles/`, { name: "Sprint 1", start_date: today, end_date: daysFromToday(14) });
  cycleId = cycle.body.id;
  expect((await p.owner.post(`${p.base}/cycles/${cycleId}/cycle-issues/`, { issues: [inCycle.id] })).status).toBeLessThan(300);
  const module = await p.owner.post(`${p.base}/modules/`, { name: "Billing" });
  moduleId = module.body.id;
  expect((await p.owner.post(`${p.base}/modules/${moduleId}/module-issues/`, { issues: [inModule.id] })).status).toBeLessThan(300);
  const view = await p.owner.post(`${p.base}/views/`, { name: "Urgent only", query_data: { priority: ["urgent"] } });
  viewId = view.body.id;
});

async function pageOf(source: IssueListSource) {
  const counting = countingDb();
  const page = await issueViewsPageOf(await actorOn(counting.db, p.owner.user.id), p.slug, p.projectId, source);
  const { issues } = await page.windows;
  return { page, issues, roundTrips: counting.counter.roundTrips };
}

describe("the issue views page's read model", () => {
  it("shows the project's issues with its states, labels and members", async () => {
    await pageOf({ kind: "project" }); // fills the isolate's cache of the project's lookups
    const { page, issues, roundTrips } = await pageOf({ kind: "project" });
    // The access check, one batch for the frame, the list.
    expect(roundTrips).toBeLessThanOrEqual(3);
    expect(issues.map((issue) => issue.name).sort()).toEqual(["Fire", "Module work", "Sprint work"]);
    expect(page.source).toEqual({ kind: "project", id: null, name: null, completed: false });
    expect(page.canEdit).toBe(true);
    expect(page.states.map((state) => state.name)).toContain("In Progress");
    expect(page.members).toEqual([expect.objectContaining({ id: p.owner.user.id })]);
    // No stored toggles yet: the defaults, and no row id (the page creates the row on first change).
    expect(page.properties.id).toBeNull();
    expect(page.properties.toggles).toMatchObject({ assignee: true, key: true, priority: false });
  });

  it("shows a cycle's issues, each with the bridge row that takes it out again", async () => {
    const { page, issues, roundTrips } = await pageOf({ kind: "cycle", cycleId });
    // The access check, one batch for the frame, the list with its bridge rows.
    expect(roundTrips).toBeLessThanOrEqual(3);
    expect(page.source).toEqual({ kind: "cycle", id: cycleId, name: "Sprint 1", completed: false });
    expect(issues.map((issue) => issue.name)).toEqual(["Sprint work"]);
    const bridges = await p.owner.get(`${p.base}/cycles/${cycleId}/cycle-issues/`);
    expect(issues[0].bridge_id).toBe(bridges.body.find((row: { id: string; bridge_id: string }) => row.id === inCycle.id).bridge_id);
  });

  it("shows a module's issues", async () => {
    const { page, issues, roundTrips } = await pageOf({ kind: "module", moduleId });
    expect(roundTrips).toBeLessThanOrEqual(4);
    expect(page.source).toMatchObject({ kind: "module", name: "Billing" });
    expect(issues.map((issue) => issue.id)).toEqual([inModule.id]);
  });

  it("lists a saved view through its own filters, whatever the member's own are", async () => {
    expect((await p.owner.post(`${p.base}/project-views/`, { view_props: { filters: { priority: ["low"] } } })).status).toBeLessThan(300);
    const { page, issues, roundTrips } = await pageOf({ kind: "view", viewId });
    expect(roundTrips).toBeLessThanOrEqual(3);
    expect(page.source).toMatchObject({ kind: "view", name: "Urgent only" });
    expect(page.display.filters).toEqual({ priority: ["urgent"] });
    expect(issues.map((issue) => issue.id)).toEqual([urgent.id]);
    // The member's own filters still apply on the project page.
    const project = await pageOf({ kind: "project" });
    expect(project.issues.map((issue) => issue.id)).toEqual([inCycle.id]);
    expect((await p.owner.post(`${p.base}/project-views/`, { view_props: { filters: {} } })).status).toBeLessThan(300);
  });

  it("reads a completed cycle as read-only", async () => {
    // The API refuses a cycle that has already ended; one that ran its course is arranged in D1.
    const done = await insertCycle(p, "Old sprint", daysFromToday(-30), daysFromToday(-16));
    const { page } = await pageOf({ kind: "cycle", cycleId: done });
    expect(page.source.completed).toBe(true);
    expect(page.canEdit).toBe(false);
  });

  it("answers 404 for another project's cycle, module or view", async () => {
    const other = await createProjectFixture(p.owner, "VRO");
    const foreignCycle = await other.owner.post(`${other.base}/cycles/`, { name: "Theirs" });
    const foreignModule = await other.owner.post(`${other.base}/modules/`, { name: "Theirs" });
    const foreignView = await other.owner.post(`${other.base}/views/`, { name: "Theirs" });
    await expect(pageOf({ kind: "cycle", cycleId: foreignCycle.body.id })).rejects.toMatchObject({ message: "Cycle not found." });
    await expect(pageOf({ kind: "module", moduleId: foreignModule.body.id })).rejects.toMatchObject({ message: "Module not found." });
    await expect(pageOf({ kind: "view", viewId: foreignView.body.id })).rejects.toMatchObject({ message: "View not found." });
  });
});

describe("the issue views' first read answered again", () => {
  it("reads no issue again until one changes, then shows the change", async () => {
    const own = await createProjectFixture(undefined, "VRC");
    const first = await newIssue(own, { name: "First", priority: "low" });
    for (let i = 0; i < 9; i++) await newIssue(own, { name: `Filler ${i}` });
    const read = async () => {
      const counting = countingDb();
      const page = await issueViewsPageOf(await actorOn(counting.db, own.owner.user.id), own.slug, own.projectId, { kind: "project" });
      const windows = await page.windows;
      return { windows, rowsRead: counting.counter.rowsRead };
    };
    const cold = await read();
    const warm = await read();
    expect(warm.windows.issues).toEqual(cold.windows.issues);
    // The windows come from the isolate's cache: none of the 10 issues is read again (the
    // project's versions come with the access check).
    expect(cold.rowsRead - warm.rowsRead).toBeGreaterThanOrEqual(10);

    await patchIssue(own, first.id, { name: "First, renamed", priority: "urgent" });
    const changed = await read();
    // Brought up to date from the one row written since (held-windows.ts), not read again.
    expect(changed.rowsRead).toBeLessThan(cold.rowsRead);
    expect(changed.windows.issues.find((issue) => issue.id === first.id)).toMatchObject({ name: "First, renamed", priority: "urgent" });

    const label = await newLabel(own, "Bug");
    await patchIssue(own, first.id, { labels_list: [label] });
    expect((await read()).windows.issues.find((issue) => issue.id === first.id)?.labels).toEqual([label]);
    // A label renamed: the issues did not change, the lookups they are shown with did.
    const held = (await read()).rowsRead;
    expect((await own.owner.patch(`${own.base}/issue-labels/${label}/`, { name: "Defect" })).status).toBe(200);
    expect((await read()).rowsRead).toBeGreaterThanOrEqual(held + 10);
    expect((await own.owner.delete(`${own.base}/issues/${first.id}/`)).status).toBe(204);
    expect((await read()).windows.issues.map((issue) => issue.id)).not.toContain(first.id);
  });

  it("holds what it read up to the page's board clock: a change after the access check is published above it", async () => {
    const own = await createProjectFixture(undefined, "VRK");
    const issue = await newIssue(own, { name: "Before", priority: "low" });
    const pageAfter = async (betweenAccessAndIssues: () => Promise<unknown> = async () => {}) => {
      const page = await issueViewsPageOf(await actorOn(countingDb().db, own.owner.user.id), own.slug, own.projectId, { kind: "project" }, betweenAccessAndIssues);
      return { clock: page.boardClock, issue: (await page.windows).issues.find((row) => row.id === issue.id) };
    };
    const madeAt = await boardClockCopied(own.projectId);
    expect(await pageAfter()).toEqual({ clock: madeAt, issue: expect.objectContaining({ name: "Before" }) });
    // A write that commits after the access row (and the clock in it) was read: whether or not the
    // page's rows show it, the board publishes it above the page's clock, so its socket replays it.
    const raced = await pageAfter(() => patchIssue(own, issue.id, { name: "After" }));
    expect(raced.clock).toBe(madeAt);
    expect(await boardClockOf(own.projectId)).toBeGreaterThan(raced.clock);
  });
});
