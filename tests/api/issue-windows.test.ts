// The issue views read a project as windows: each group's count and first page, then a group's
// next pages by cursor. What a person sees must be what the whole list holds: every issue of a
// group exactly once, in the list's order, with the count of the whole group, whatever the
// grouping, the filters or the source (project, cycle); and bad requests are a 400, not a 500.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { issueViewsPageOf, issueWindowsOf } from "../../workers/domain/issue-views-page";
import {
  ALL_GROUP,
  FROM_THE_START,
  ISSUE_WINDOW_FIRST_SCREEN,
  ISSUE_WINDOW_NEXT_PAGE,
  type IssueWindows,
  type IssueWindowsAnswer,
  NONE_GROUP,
  calendarDueSpan,
} from "../../workers/domain/schemas/issue-windows";
import { dateOfDay, dayNumber, todayUtc } from "../../workers/domain/schemas/dates";
import type { IssueListSource, ViewIssue } from "../../workers/domain/schemas/responses";
import type { IssueWindowsRequest } from "../../workers/domain/schemas/view-props";
import { actorOn, countingDb } from "../helpers/counting-db";
import { insertCycle, newIssue, newLabel, workspaceIdOf } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let bug: string;
let feature: string;
let cycleId: string;
let memberId: string;

/** The issues as the API lists them, in the list's default order (sort_order). */
let all: { id: string; state: string; priority: string; labels: string[]; created_by: string; sort_order: number }[];

const TODO_COUNT = 140;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "WIN");
  const member = await addMember(p, 15, "Maker");
  memberId = member.user.id;
  bug = await newLabel(p, "Bug");
  feature = await newLabel(p, "Feature");
  cycleId = await insertCycle(p, "Sprint", null, null);
  // A few through the API: other states, two labels on one.
  await newIssue(p, { name: "Started one", state: p.states["In Progress"], labels_list: [bug, feature] });
  await newIssue(p, { name: "Done one", state: p.states.Done, priority: "urgent" });
  // Many issues in Todo (more than a first page and a next page), a few elsewhere: inserted in
  // D1 in one statement, as an importer's would be, with labels and a cycle on some.
  const workspaceId = await workspaceIdOf(p);
  await env.DB.prepare(
    `INSERT INTO issues (id, workspace_id, project_id, name, priority, state_id, sequence_id, sort_order, created_by, created_at, updated_at, cycle_id, label_ids)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${TODO_COUNT})
     SELECT lower(hex(randomblob(16))), ?1, ?2, 'Todo ' || n,
       CASE n % 3 WHEN 0 THEN 'high' WHEN 1 THEN 'low' ELSE 'none' END,
       ?3, 1000 + n, 65535 + ((n * 37) % ${TODO_COUNT}) * 10000, CASE WHEN n % 4 = 0 THEN ?6 ELSE ?4 END,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' minutes'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' minutes'),
       CASE WHEN n % 5 = 0 THEN ?5 END,
       CASE WHEN n % 2 = 0 THEN json_array(?7) ELSE '[]' END
     FROM seq`,
  )
    .bind(workspaceId, p.projectId, p.states.Todo, p.owner.user.id, cycleId, memberId, bug)
    .run();
  await env.DB.prepare(
    `INSERT INTO issue_labels (id, workspace_id, project_id, issue_id, label_id, created_by, created_at)
     SELECT lower(hex(randomblob(16))), workspace_id, project_id, id, ?2, created_by, created_at FROM issues WHERE project_id = ?1 AND sequence_id > 1000 AND label_ids <> '[]'`,
  )
    .bind(p.projectId, bug)
    .run();
  await env.DB.prepare(
    `INSERT INTO cycle_issues (id, workspace_id, project_id, issue_id, cycle_id, created_by, created_at)
     SELECT lower(hex(randomblob(16))), workspace_id, project_id, id, cycle_id, created_by, created_at FROM issues WHERE cycle_id = ?1`,
  )
    .bind(cycleId)
    .run();
  const listed = await p.owner.get(`${p.base}/issues/?order_by=sort_order`);
  expect(listed.status).toBe(200);
  all = listed.body;
  expect(all).toHaveLength(TODO_COUNT + 2);
});

const display = (extra: Partial<IssueWindowsRequest> = {}): IssueWindowsRequest => ({
  issueView: "kanban",
  groupByProperty: "state",
  orderBy: "sort_order",
  filters: {},
  ...extra,
});

async function windowsRead(request: IssueWindowsRequest, source: IssueListSource = { kind: "project" }) {
  const counting = countingDb();
  const answer = await issueWindowsOf(await actorOn(counting.db, p.owner.user.id), p.slug, p.projectId, source, request);
  return { answer, roundTrips: counting.counter.roundTrips };
}

async function windowsOf(request: IssueWindowsRequest, source: IssueListSource = { kind: "project" }): Promise<IssueWindows> {
  const { answer } = await windowsRead(request, source);
  if (!("windows" in answer)) throw new Error("no windows in the answer");
  return answer.windows;
}

/** Every issue of one group, read as the page reads it: its first page, then page by page by cursor. */
async function wholeGroup(request: IssueWindowsRequest, windows: IssueWindows, key: string, source: IssueListSource = { kind: "project" }) {
  const group = windows.groups.find((g) => g.key === key);
  if (!group) throw new Error(`no group ${key}`);
  const firstIds = new Set(firstPageIds(windows, request, key));
  const seen: ViewIssue[] = windows.issues.filter((issue) => firstIds.has(issue.id));
  let cursor = group.next_cursor;
  let pages = 0;
  while (cursor !== null) {
    const { answer } = await windowsRead({ ...request, group: key, cursor }, source);
    const page = (answer as Extract<IssueWindowsAnswer, { page: unknown }>).page;
    expect(page.issues.length).toBeLessThanOrEqual(ISSUE_WINDOW_NEXT_PAGE);
    seen.push(...page.issues);
    cursor = page.next_cursor;
    pages += 1;
  }
  return { issues: seen, count: group.count, pages };
}

/** The ids of a group's first page among the windows' (deduplicated) issues, in list order. */
function firstPageIds(windows: IssueWindows, request: IssueWindowsRequest, key: string) {
  const inGroup = (issue: ViewIssue) => {
    if (request.issueView !== "kanban" && request.groupByProperty === null) return true;
    switch (request.groupByProperty) {
      case "priority":
        return issue.priority === key;
      case "labels":
        return key === NONE_GROUP ? issue.labels.length === 0 : issue.labels.includes(key);
      case "created_by":
        return issue.created_by === key;
      default:
        return (issue.state ?? NONE_GROUP) === key;
    }
  };
  return windows.issues.filter(inGroup).map((issue) => issue.id);
}

const idsBySortOrder = (rows: { id: string; sort_order: number }[]) =>
  [...rows].sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : 1)).map((row) => row.id);

describe("issue windows", () => {
  it("reads each state's count and first page in one batch, and the rest of a group page by page in order", async () => {
    const request = display();
    const { answer, roundTrips } = await windowsRead(request);
    // The access check and one batch (the project's lookups are held after the first read).
    expect(roundTrips).toBeLessThanOrEqual(3);
    const windows = (answer as { windows: IssueWindows }).windows;
    const counts = Object.fromEntries(windows.groups.map((group) => [group.key, group.count]));
    expect(counts[p.states.Todo]).toBe(TODO_COUNT);
    expect(counts[p.states["In Progress"]]).toBe(1);
    expect(counts[p.states.Done]).toBe(1);
    expect(counts[p.states.Backlog]).toBe(0);
    expect(windows.total).toBe(TODO_COUNT + 2);
    // Only the first page of the long group is read; the short ones are whole.
    expect(windows.issues).toHaveLength(ISSUE_WINDOW_FIRST_SCREEN.kanban + 2);
    const todo = windows.groups.find((group) => group.key === p.states.Todo);
    expect(todo?.next_cursor).toEqual(expect.any(String));
    expect(windows.groups.find((group) => group.key === p.states.Done)?.next_cursor).toBeNull();

    const whole = await wholeGroup(request, windows, p.states.Todo);
    expect(whole.pages).toBe(Math.ceil((TODO_COUNT - ISSUE_WINDOW_FIRST_SCREEN.kanban) / ISSUE_WINDOW_NEXT_PAGE));
    expect(whole.issues.map((issue) => issue.id)).toEqual(idsBySortOrder(all.filter((issue) => issue.state === p.states.Todo)));
  });

  it("counts and pages what the filters let through", async () => {
    const request = display({ filters: { priority: ["high"] } });
    const windows = await windowsOf(request);
    const high = all.filter((issue) => issue.priority === "high");
    expect(windows.total).toBe(high.length);
    const whole = await wholeGroup(request, windows, p.states.Todo);
    expect(whole.count).toBe(high.length);
    expect(whole.issues.map((issue) => issue.id)).toEqual(idsBySortOrder(high));
  });

  it("groups by priority, creator and label; an issue with two labels is in both, and counted once in the total", async () => {
    for (const groupByProperty of ["priority", "created_by", "labels"] as const) {
      const request = display({ groupByProperty });
      const windows = await windowsOf(request);
      expect(windows.total, groupByProperty).toBe(all.length);
      for (const group of windows.groups) {
        const expected = all.filter((issue) => {
          if (groupByProperty === "priority") return issue.priority === group.key;
          if (groupByProperty === "created_by") return issue.created_by === group.key;
          return group.key === NONE_GROUP ? issue.labels.length === 0 : issue.labels.includes(group.key);
        });
        const whole = await wholeGroup(request, windows, group.key);
        expect(whole.count, `${groupByProperty} ${group.key}`).toBe(expected.length);
        expect(whole.issues.map((issue) => issue.id), `${groupByProperty} ${group.key}`).toEqual(idsBySortOrder(expected));
      }
    }
    const labelled = await windowsOf(display({ groupByProperty: "labels" }));
    const counts = Object.fromEntries(labelled.groups.map((group) => [group.key, group.count]));
    expect(counts[bug]).toBe(TODO_COUNT / 2 + 1);
    expect(counts[feature]).toBe(1);
    expect(counts[NONE_GROUP]).toBe(TODO_COUNT / 2 + 1);
  });

  it("reads an ungrouped list (calendar, Gantt) as one group, newest first", async () => {
    const request = display({ issueView: "gantt_chart", groupByProperty: null, orderBy: "-created_at" });
    const windows = await windowsOf(request);
    expect(windows.groups.map((group) => [group.key, group.count])).toEqual([[ALL_GROUP, all.length]]);
    // The spreadsheet is one flat table whatever grouping the list keeps.
    const sheet = await windowsOf(display({ issueView: "spreadsheet", groupByProperty: "state", orderBy: "-created_at" }));
    expect(sheet.groups.map((group) => [group.key, group.count])).toEqual([[ALL_GROUP, all.length]]);
    const { answer } = await windowsRead({ ...request, group: ALL_GROUP, cursor: FROM_THE_START });
    const page = (answer as Extract<IssueWindowsAnswer, { page: unknown }>).page;
    const newest = [...all].sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(page.issues).toHaveLength(Math.min(ISSUE_WINDOW_NEXT_PAGE, newest.length));
  });

  it("lists a cycle's issues with their bridge rows, on the page and in later pages", async () => {
    const source: IssueListSource = { kind: "cycle", cycleId };
    const request = display({ groupByProperty: null, issueView: "list" });
    const page = await issueViewsPageOf(await actorOn(countingDb().db, p.owner.user.id), p.slug, p.projectId, source);
    const first = await page.windows;
    const bridges = await p.owner.get(`${p.base}/cycles/${cycleId}/cycle-issues/`);
    const bridgeOf = new Map(bridges.body.map((row: { id: string; bridge_id: string }) => [row.id, row.bridge_id]));
    expect(first.total).toBe(bridges.body.length);
    expect(bridges.body.length).toBe(TODO_COUNT / 5);
    const whole = await wholeGroup(request, await windowsOf(request, source), ALL_GROUP, source);
    expect(whole.issues).toHaveLength(bridges.body.length);
    for (const issue of whole.issues) expect(issue.bridge_id).toBe(bridgeOf.get(issue.id));
  });

  it("refreshes only the counts when asked", async () => {
    const { answer, roundTrips } = await windowsRead({ ...display(), counts: true });
    expect(roundTrips).toBeLessThanOrEqual(3);
    const { counts } = answer as Extract<IssueWindowsAnswer, { counts: unknown }>;
    expect(counts.total).toBe(all.length);
    expect(counts.groups[p.states.Todo]).toBe(TODO_COUNT);
  });

  it("refuses a bad request with the field's message, and a forged cursor", async () => {
    const actor = await actorOn(countingDb().db, p.owner.user.id);
    const read = (input: unknown) => issueWindowsOf(actor, p.slug, p.projectId, { kind: "project" }, input);
    await expect(read({ ...display(), groupByProperty: "colour" })).rejects.toMatchObject({
      kind: "Invalid",
      fields: { groupByProperty: [expect.stringContaining("groupByProperty must be one of")] },
    });
    await expect(read({ ...display(), group: p.states.Todo, cursor: "not-a-cursor" })).rejects.toMatchObject({
      kind: "Invalid",
      message: "Invalid cursor.",
    });
    await expect(read("[]")).rejects.toMatchObject({ kind: "Invalid" });
  });

  it("answers the issue windows route as JSON, and a refusal with its status", async () => {
    const path = `/${p.slug}/projects/${p.projectId}/issue-windows?source=project&`;
    const good = await p.owner.get(`${path}windows=${encodeURIComponent(JSON.stringify({ ...display(), counts: true }))}`);
    expect(good.status).toBe(200);
    expect(good.body.counts).toMatchObject({ total: all.length, groups: { [p.states.Todo]: TODO_COUNT } });
    const bad = await p.owner.get(`${path}windows=${encodeURIComponent("{not json")}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false, error: "windows must be JSON." });
    const cycle = await p.owner.get(`/${p.slug}/projects/${p.projectId}/issue-windows?source=cycle:${cycleId}&windows=${encodeURIComponent(JSON.stringify({ ...display(), counts: true }))}`);
    expect(cycle.body.counts.total).toBe(TODO_COUNT / 5);
    const badSource = await p.owner.get(`/${p.slug}/projects/${p.projectId}/issue-windows?source=sprint:1&windows=${encodeURIComponent(JSON.stringify(display()))}`);
    expect(badSource.status).toBe(400);
    const stranger = await createProjectFixture(undefined, "STR");
    const refused = await stranger.owner.get(`${path}windows=${encodeURIComponent(JSON.stringify(display()))}`);
    expect(refused.status).toBe(403);
    expect(String(refused.body)).not.toContain(String(TODO_COUNT));
  });

  it("answers the REST list as windows: each group's count and first issues, then a group's pages by cursor", async () => {
    const first = await p.owner.get(`${p.base}/issues/?group_by=state&order_by=sort_order&per_group=10`);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(all.length);
    const todo = first.body.groups.find((group: { key: string }) => group.key === p.states.Todo);
    expect(todo.count).toBe(TODO_COUNT);
    expect(todo.results).toHaveLength(10);
    // Full list rows, as the rest of the REST list answers them.
    expect(todo.results[0]).toMatchObject({ state: p.states.Todo, state_detail: { name: "Todo" }, project_detail: { identifier: "WIN" } });
    const ids: string[] = todo.results.map((row: { id: string }) => row.id);
    let cursor: string | null = todo.next_cursor;
    while (cursor) {
      const page = await p.owner.get(`${p.base}/issues/?group_by=state&order_by=sort_order&group=${p.states.Todo}&per_page=50&cursor=${cursor}`);
      expect(page.status).toBe(200);
      expect(page.body.key).toBe(p.states.Todo);
      ids.push(...page.body.results.map((row: { id: string }) => row.id));
      cursor = page.body.next_cursor;
    }
    expect(ids).toEqual(idsBySortOrder(all.filter((issue) => issue.state === p.states.Todo)));

    const bad = await p.owner.get(`${p.base}/issues/?group_by=state&per_group=0`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ per_group: ["per_group must be at least 1"] });
    const forged = await p.owner.get(`${p.base}/issues/?group_by=state&group=${p.states.Todo}&cursor=forged`);
    expect(forged.status).toBe(400);
  });

  it("answers a cycle's REST list as windows with each row's bridge id", async () => {
    const windows = await p.owner.get(`${p.base}/cycles/${cycleId}/cycle-issues/?per_group=5`);
    expect(windows.status).toBe(200);
    const [group] = windows.body.groups;
    expect(group).toMatchObject({ key: ALL_GROUP, count: TODO_COUNT / 5 });
    const bridges = await p.owner.get(`${p.base}/cycles/${cycleId}/cycle-issues/`);
    const bridgeOf = new Map(bridges.body.map((row: { id: string; bridge_id: string }) => [row.id, row.bridge_id]));
    for (const row of group.results) expect(row.bridge_id).toBe(bridgeOf.get(row.id));
  });
});

describe("the calendar's windows", () => {
  it("read only the issues due in the weeks of the month shown, its first screen included", async () => {
    const cal = await createProjectFixture(undefined, "CAL");
    const today = todayUtc();
    const span = calendarDueSpan(today);
    const dayAfter = (date: string, days: number) => dateOfDay(dayNumber(date) + days);
    // Due on the span's first and last days, a day outside either end, on no day, and next month.
    const inside = [await newIssue(cal, { name: "First day", target_date: span.from }), await newIssue(cal, { name: "Last day", target_date: span.to })];
    await newIssue(cal, { name: "Day before", target_date: dayAfter(span.from, -1) });
    await newIssue(cal, { name: "Day after", target_date: dayAfter(span.to, 1) });
    await newIssue(cal, { name: "No date" });
    const nextMonth = calendarDueSpan(dayAfter(span.to, 10));
    const later = await newIssue(cal, { name: "Next month", target_date: dayAfter(nextMonth.from, 7) });

    const actor = await actorOn(countingDb().db, cal.owner.user.id);
    const request = display({ issueView: "calendar", groupByProperty: null, orderBy: "-created_at" });
    const read = async (input: IssueWindowsRequest) => {
      const answer = await issueWindowsOf(actor, cal.slug, cal.projectId, { kind: "project" }, input);
      if (!("windows" in answer)) throw new Error("no windows in the answer");
      return answer.windows;
    };
    const shown = await read({ ...request, due: span });
    expect(shown.total).toBe(2);
    expect(shown.issues.map((issue) => issue.id).sort()).toEqual(inside.map((issue) => issue.id).sort());
    expect(shown.due).toEqual(span);
    // Next month's weeks: its issue, and those of the days the two months' weeks share.
    const next = await read({ ...request, due: nextMonth });
    expect(next.issues.map((issue) => issue.id)).toContain(later.id);
    expect(next.issues.map((issue) => issue.id)).not.toContain(inside[0].id);
    for (const issue of next.issues) expect(issue.target_date! >= nextMonth.from && issue.target_date! <= nextMonth.to).toBe(true);
    // Without a span the calendar's read is every issue, as before.
    expect((await read(request)).total).toBe(6);

    // The page opens the calendar on this month and reads the same.
    await cal.owner.post(`${cal.base}/project-views/`, { view_props: { issueView: "calendar" } });
    const page = await issueViewsPageOf(actor, cal.slug, cal.projectId, { kind: "project" });
    const first = await page.windows;
    expect(first.due).toEqual(span);
    expect(first.issues.map((issue) => issue.id).sort()).toEqual(inside.map((issue) => issue.id).sort());
  });

  it("refuses a span that ends before it starts, is longer than six weeks or names no real day", async () => {
    const actor = await actorOn(countingDb().db, p.owner.user.id);
    const read = (due: unknown) =>
      issueWindowsOf(actor, p.slug, p.projectId, { kind: "project" }, { ...display({ issueView: "calendar", groupByProperty: null }), due });
    await expect(read({ from: "2026-11-10", to: "2026-11-09" })).rejects.toMatchObject({
      kind: "Invalid",
      fields: { "due.to": ["to must not be before from"] },
    });
    await expect(read({ from: "2026-01-01", to: "2026-03-01" })).rejects.toMatchObject({ kind: "Invalid" });
    await expect(read({ from: "2026-02-30", to: "2026-03-01" })).rejects.toMatchObject({ kind: "Invalid" });
    await expect(read("this month")).rejects.toMatchObject({ kind: "Invalid" });
    await expect(read({ from: "2026-11-01", to: "2026-12-12" })).resolves.toMatchObject({ windows: { due: { from: "2026-11-01", to: "2026-12-12" } } });
  });
});
