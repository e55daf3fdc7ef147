// The issue views' held first read brought up to date from the rows written since (ADR 010): after
// any write, a board answers exactly what a fresh read answers, and it reads only what changed.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { issueWindowsOf } from "../../workers/domain/issue-views-page";
import type { IssueWindows } from "../../workers/domain/schemas/issue-windows";
import type { IssueWindowsRequest } from "../../workers/domain/schemas/view-props";
import { actorOn, countingDb } from "../helpers/counting-db";
import { type IssueBody, newIssue, newLabel, patchIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

const PRIORITIES = ["urgent", "high", "medium", "low", "none"] as const;

/** The windows the views would read for `display`, on a fresh counting connection. */
async function windowsOf(p: ProjectFixture, display: IssueWindowsRequest) {
  const counting = countingDb();
  const ctx = await actorOn(counting.db, p.owner.user.id);
  const answer = await issueWindowsOf(ctx, p.slug, p.projectId, { kind: "project" }, display);
  if (!("windows" in answer)) throw new Error("no windows in the answer");
  return { windows: answer.windows as IssueWindows, rowsRead: counting.counter.rowsRead };
}

/**
 * The same display read afresh: a creator filter naming the owner (who made every issue here) and
 * an id never seen before lets every issue through, and no isolate holds a read of it.
 */
const freshly = (p: ProjectFixture, display: IssueWindowsRequest) =>
  windowsOf(p, { ...display, filters: { ...display.filters, created_by: [p.owner.user.id, crypto.randomUUID()] } });

describe("a board's first read brought up to date", () => {
  it("reads only the rows written since, and shows the change where a fresh read does", async () => {
    const p = await createProjectFixture(undefined, "HWA");
    const made: IssueBody[] = [];
    for (let i = 0; i < 30; i++) made.push(await newIssue(p, { name: `Issue ${i}`, priority: PRIORITIES[i % 5] }));
    const kanban: IssueWindowsRequest = { issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" };
    const before = await windowsOf(p, kanban);
    const read = await freshly(p, kanban);

    await patchIssue(p, made[3].id, { name: "Renamed", priority: "urgent" });
    const after = await windowsOf(p, kanban);
    expect(after.windows).toEqual((await freshly(p, kanban)).windows);
    expect(after.windows.issues.find((issue) => issue.id === made[3].id)).toMatchObject({ name: "Renamed", priority: "urgent" });
    // The 30 issues are not read again: the counts walk them, and one row comes back.
    expect(after.rowsRead).toBeLessThan(read.rowsRead);
    // An issue nobody changed is the one the views were given before.
    const untouched = (windows: IssueWindows) => windows.issues.find((issue) => issue.id === made[0].id);
    expect(untouched(after.windows)).toBe(untouched(before.windows));
  });

  it("reads a group's first page again when it lost an issue and more follow", async () => {
    const p = await createProjectFixture(undefined, "HWB");
    const made: IssueBody[] = [];
    for (let i = 0; i < 14; i++) made.push(await newIssue(p, { name: `Issue ${i}` }));
    const kanban: IssueWindowsRequest = { issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" };
    await windowsOf(p, kanban);
    // The first issue of the default state's group moves to Done: that group shows its 11th.
    await patchIssue(p, made[0].id, { state: p.states.Done });
    const after = await windowsOf(p, kanban);
    expect(after.windows).toEqual((await freshly(p, kanban)).windows);
    const done = after.windows.groups.find((group) => group.key === p.states.Done);
    expect(done).toMatchObject({ count: 1, next_cursor: null });
  });

  it.each([1, 2])("answers what a fresh read answers after each of 24 random writes, in every layout (seed %i)", { timeout: 180_000 }, async (seed) => {
    const p = await createProjectFixture(undefined, `HWR${String.fromCharCode(64 + seed)}`);
    const stateIds = Object.values(p.states);
    const label = await newLabel(p, "Seeded");
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await newIssue(p, { name: `Seed ${i}`, priority: PRIORITIES[i % 5] })).id);
    const displays: IssueWindowsRequest[] = [
      { issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" },
      { issueView: "kanban", groupByProperty: "priority", orderBy: "-updated_at" },
      { issueView: "list", groupByProperty: null, orderBy: "priority", filters: { priority: ["urgent", "high"] } },
      { issueView: "spreadsheet", groupByProperty: null, orderBy: "-created_at", filters: { state: [p.states.Todo, p.states.Backlog] } },
      { issueView: "kanban", groupByProperty: "labels", orderBy: "sort_order" },
    ];
    const compareAll = async (step: string) => {
      for (const display of displays) {
        const held = await windowsOf(p, display);
        expect(held.windows, `${step}, ${JSON.stringify(display)}`).toEqual((await freshly(p, display)).windows);
      }
    };
    const write = fc.record({
      kind: fc.constantFrom("create", "priority", "state", "sort_order", "tie", "rename", "label", "delete", "sql"),
      pick: fc.nat(),
      priority: fc.constantFrom(...PRIORITIES),
      state: fc.constantFrom(...stateIds),
      order: fc.integer({ min: 0, max: 200_000 }),
    });
    const [writes] = fc.sample(fc.array(write, { minLength: 24, maxLength: 24 }), { seed, numRuns: 1 });
    await compareAll("before any write");
    for (const [step, { kind, pick, priority, state, order }] of writes.entries()) {
      const id = ids[pick % ids.length];
      if (kind === "create") ids.push((await newIssue(p, { name: `Made at ${step}`, priority, state })).id);
      else if (kind === "priority") await patchIssue(p, id, { priority });
      else if (kind === "state") await patchIssue(p, id, { state });
      else if (kind === "sort_order") await patchIssue(p, id, { sort_order: order });
      else if (kind === "tie") await patchIssue(p, id, { sort_order: 65535 }); // ties break by id
      else if (kind === "rename") await patchIssue(p, id, { name: `Renamed at ${step}` });
      else if (kind === "label") await patchIssue(p, id, { labels_list: [label] });
      // A writer outside the API (an import, a console) is seen the same way.
      else if (kind === "sql") await env.DB.prepare("UPDATE issues SET priority = ? WHERE id = ?").bind(priority, id).run();
      else if (ids.length > 2) {
        expect((await p.owner.delete(`${p.base}/issues/${id}/`)).status).toBe(204);
        ids.splice(ids.indexOf(id), 1);
      }
      await compareAll(`after step ${step} (${kind})`);
    }
  });
});
