// Issues in cycles: adding (and moving between cycles: one cycle per issue), listing with the
// issue list's query parameters and bridge ids, removing by bridge id, transferring the unfinished
// issues, counts that follow state changes, deleting a cycle, activity and the live board.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, openBoard, projectWithRoles } from "../helpers/project-roles";

const NOT_EDITABLE = { error: "Completed cycles are not editable." };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

interface Project {
  base: string;
  projectId: string;
  s: Record<"Backlog" | "Todo" | "In Progress" | "Done" | "Cancelled", string>;
}

async function freshProject(): Promise<Project> {
  const projectId = await createProject(p.owner, p.slug);
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  await addToProject(p.owner, p.slug, projectId, p.viewer, 10);
  const base = `/api/workspaces/${p.slug}/projects/${projectId}`;
  const states = await p.owner.get(`${base}/states/`);
  return { base, projectId, s: Object.fromEntries(states.body.map((st: { name: string; id: string }) => [st.name, st.id])) as Project["s"] };
}

async function newCycle(x: Project, name = "Sprint", dates: { start_date?: string; end_date?: string } = {}) {
  const response = await p.owner.post(`${x.base}/cycles/`, { name, ...dates });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

async function completedCycle(x: Project, name = "Done sprint") {
  const project = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(x.projectId).first<{ workspace_id: string }>();
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, project!.workspace_id, x.projectId, name, day(-10), day(-1), now, now)
    .run();
  return id;
}

/** Puts an issue in a cycle straight in D1: the API refuses to add issues to a completed cycle. */
async function putInCycleDirectly(issueId: string, cycleId: string) {
  const bridgeId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO cycle_issues (id, workspace_id, project_id, issue_id, cycle_id, created_at) SELECT ?, workspace_id, project_id, id, ?, ? FROM issues WHERE id = ?",
    ).bind(bridgeId, cycleId, new Date().toISOString(), issueId),
    env.DB.prepare("UPDATE issues SET cycle_id = ? WHERE id = ?").bind(cycleId, issueId),
  ]);
  return bridgeId;
}

async function newIssue(x: Project, body: Record<string, unknown> = {}) {
  const response = await p.owner.post(`${x.base}/issues/`, { name: "Issue", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

async function add(x: Project, cycleId: string, issues: string[]) {
  const response = await p.member.post(`${x.base}/cycles/${cycleId}/cycle-issues/`, { issues });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const cycleOf = async (x: Project, id: string) => (await p.owner.get(`${x.base}/cycles/${id}/`)).body;
const issueOf = async (x: Project, id: string) => (await p.owner.get(`${x.base}/issues/${id}/`)).body;
const bridgeRows = (issueId: string) =>
  env.DB.prepare("SELECT id, cycle_id FROM cycle_issues WHERE issue_id = ?").bind(issueId).all<{ id: string; cycle_id: string }>();
const issueCycleColumn = async (issueId: string) =>
  (await env.DB.prepare("SELECT cycle_id FROM issues WHERE id = ?").bind(issueId).first<{ cycle_id: string | null }>())!.cycle_id;
const countsOf = (cycle: Record<string, number>) => ({
  total: cycle.total_issues,
  backlog: cycle.backlog_issues,
  unstarted: cycle.unstarted_issues,
  started: cycle.started_issues,
  completed: cycle.completed_issues,
  cancelled: cycle.cancelled_issues,
});

describe("adding and listing cycle issues", () => {
  it("adds issues: they answer with their bridge ids and the cycle lists them", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const one = await newIssue(x, { name: "One" });
    const two = await newIssue(x, { name: "Two", priority: "high" });
    const added = await add(x, cycle, [one, two]);
    expect(added.map((i: { id: string; cycle: string }) => [i.id, i.cycle])).toEqual([
      [one, cycle],
      [two, cycle],
    ]);
    const bridgeOne = (await bridgeRows(one)).results[0];
    expect(added[0].bridge_id).toBe(bridgeOne.id);
    expect(await issueCycleColumn(one)).toBe(cycle);

    const list = await p.viewer.get(`${x.base}/cycles/${cycle}/cycle-issues/`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { name: string }) => i.name)).toEqual(["One", "Two"]);
    expect(list.body[0]).toMatchObject({ id: one, bridge_id: bridgeOne.id, cycle, state_detail: { name: "Backlog" } });
    expect((await issueOf(x, one)).issue_cycle).toMatchObject({ id: bridgeOne.id, cycle, cycle_detail: { id: cycle, name: "Sprint" } });
    expect((await cycleOf(x, cycle)).total_issues).toBe(2);
  });

  it("takes the issue list's query parameters: filters, grouping and keyset pages", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await newIssue(x, { name: `P${i}`, priority: i < 2 ? "urgent" : "low", state: i ? x.s.Todo : x.s.Done }));
    await newIssue(x, { name: "Not in the cycle", priority: "urgent" });
    await add(x, cycle, ids);
    const path = `${x.base}/cycles/${cycle}/cycle-issues/`;

    const urgent = await p.owner.get(`${path}?priority=urgent`);
    expect(urgent.body.map((i: { name: string }) => i.name)).toEqual(["P0", "P1"]);

    const grouped = await p.owner.get(`${path}?group_by=state`);
    expect(grouped.body[x.s.Todo].map((i: { name: string }) => i.name)).toEqual(["P1", "P2", "P3", "P4"]);
    expect(grouped.body[x.s.Done][0]).toMatchObject({ name: "P0", bridge_id: expect.any(String) });
    expect(grouped.body[x.s.Backlog]).toEqual([]);

    const first = await p.owner.get(`${path}?per_page=3`);
    expect(first.body.results.map((i: { name: string }) => i.name)).toEqual(["P0", "P1", "P2"]);
    expect(first.body.results.every((i: { bridge_id: string }) => typeof i.bridge_id === "string")).toBe(true);
    const second = await p.owner.get(`${path}?per_page=3&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ next_cursor: null });
    expect(second.body.results.map((i: { name: string }) => i.name)).toEqual(["P3", "P4"]);

    const bad = await p.owner.get(`${path}?order_by=sideways`);
    expect(bad.status).toBe(400);
    const badCursor = await p.owner.get(`${path}?per_page=3&cursor=garbage`);
    expect(badCursor.status).toBe(400);
  });

  it("adding an issue already in the cycle changes nothing", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const issue = await newIssue(x);
    const [first] = await add(x, cycle, [issue]);
    const [again] = await add(x, cycle, [issue, issue]);
    expect(again.bridge_id).toBe(first.bridge_id);
    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "cycles")).toHaveLength(1);
  });

  it("refuses unknown or foreign issues, empty lists and malformed bodies with 400 and writes nothing", async () => {
    const x = await freshProject();
    const other = await freshProject();
    const cycle = await newCycle(x);
    const mine = await newIssue(x);
    const theirs = await newIssue(other);
    for (const [body, errors] of [
      [{ issues: [mine, theirs] }, { issues: ["Issue not found in this project."] }],
      [{ issues: [crypto.randomUUID()] }, { issues: ["Issue not found in this project."] }],
      [{ issues: [] }, { issues: ["Please select atleast one issue"] }],
      [{}, { issues: ["Expected a list of ids"] }],
      [{ issues: "all" }, { issues: ["Expected a list of ids"] }],
      [{ issues: [7] }, { "issues.0": ["Invalid id"] }],
    ] as const) {
      const response = await p.owner.post(`${x.base}/cycles/${cycle}/cycle-issues/`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errors);
    }
    const malformed = await call("POST", `${x.base}/cycles/${cycle}/cycle-issues/`, { cookie: p.owner.cookie, rawBody: "{issues" });
    expect(malformed.status).toBe(400);
    expect((await bridgeRows(mine)).results).toEqual([]);
    expect((await bridgeRows(theirs)).results).toEqual([]);
  });
});

describe("one cycle per issue", () => {
  it("adding an issue of another cycle moves it: one bridge row, issues.cycle_id follows, counts of both follow", async () => {
    const x = await freshProject();
    const from = await newCycle(x, "From");
    const to = await newCycle(x, "To");
    const issue = await newIssue(x, { state: x.s.Todo });
    const stays = await newIssue(x, { state: x.s.Todo });
    await add(x, from, [issue, stays]);
    const [moved] = await add(x, to, [issue]);
    expect(moved.cycle).toBe(to);
    const bridges = (await bridgeRows(issue)).results;
    expect(bridges).toEqual([{ id: moved.bridge_id, cycle_id: to }]);
    expect(await issueCycleColumn(issue)).toBe(to);
    expect(countsOf(await cycleOf(x, from))).toMatchObject({ total: 1, unstarted: 1 });
    expect(countsOf(await cycleOf(x, to))).toMatchObject({ total: 1, unstarted: 1 });
    expect((await p.owner.get(`${x.base}/cycles/${from}/cycle-issues/`)).body.map((i: { id: string }) => i.id)).toEqual([stays]);

    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    const cycleEntries = history.body.filter((e: { field: string }) => e.field === "cycles");
    expect(cycleEntries).toMatchObject([
      { old_identifier: null, new_identifier: from, new_value: "From", actor: p.member.user.id },
      { old_identifier: from, old_value: "From", new_identifier: to, new_value: "To" },
    ]);
  });

  it("moving an issue through the issues API is seen by the cycles' counts and lists", async () => {
    const x = await freshProject();
    const a = await newCycle(x, "A");
    const b = await newCycle(x, "B");
    const issue = await newIssue(x, { state: x.s["In Progress"] });
    await add(x, a, [issue]);
    expect((await p.owner.patch(`${x.base}/issues/${issue}/`, { cycle: b })).status).toBe(200);
    expect((await cycleOf(x, a)).total_issues).toBe(0);
    expect(countsOf(await cycleOf(x, b))).toMatchObject({ total: 1, started: 1 });
    const listed = await p.owner.get(`${x.base}/cycles/${b}/cycle-issues/`);
    expect(listed.body).toMatchObject([{ id: issue, bridge_id: (await bridgeRows(issue)).results[0].id }]);
  });

  it("takes an issue out of a completed cycle when it is added to a running one", async () => {
    const x = await freshProject();
    const done = await completedCycle(x);
    const running = await newCycle(x, "Running");
    const issue = await newIssue(x);
    await putInCycleDirectly(issue, done);
    await add(x, running, [issue]);
    expect(await issueCycleColumn(issue)).toBe(running);
    expect((await cycleOf(x, done)).total_issues).toBe(0);
  });
});

describe("removing issues from a cycle", () => {
  it("removes by bridge id: the issue stays, out of the cycle, with an activity", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x, "Sprint");
    const issue = await newIssue(x);
    const [added] = await add(x, cycle, [issue]);
    const removed = await p.member.delete(`${x.base}/cycles/${cycle}/cycle-issues/${added.bridge_id}/`);
    expect(removed.status).toBe(204);
    expect((await bridgeRows(issue)).results).toEqual([]);
    expect(await issueCycleColumn(issue)).toBeNull();
    const detail = await issueOf(x, issue);
    expect(detail).toMatchObject({ id: issue, cycle: null, issue_cycle: null });
    expect((await p.owner.get(`${x.base}/cycles/${cycle}/cycle-issues/`)).body).toEqual([]);
    expect((await cycleOf(x, cycle)).total_issues).toBe(0);
    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "cycles").at(-1)).toMatchObject({
      old_identifier: cycle,
      old_value: "Sprint",
      new_identifier: null,
    });
    const again = await p.member.delete(`${x.base}/cycles/${cycle}/cycle-issues/${added.bridge_id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Cycle issue not found." });
  });

  it("also accepts the issue's own id in place of the bridge id (older clients send it)", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const issue = await newIssue(x);
    await add(x, cycle, [issue]);
    expect((await p.owner.delete(`${x.base}/cycles/${cycle}/cycle-issues/${issue}/`)).status).toBe(204);
    expect(await issueCycleColumn(issue)).toBeNull();
  });

  it("answers 404 for a bridge row of another cycle and leaves it alone", async () => {
    const x = await freshProject();
    const a = await newCycle(x, "A");
    const b = await newCycle(x, "B");
    const issue = await newIssue(x);
    const [added] = await add(x, a, [issue]);
    const response = await p.owner.delete(`${x.base}/cycles/${b}/cycle-issues/${added.bridge_id}/`);
    expect(response.status).toBe(404);
    expect(await issueCycleColumn(issue)).toBe(a);
  });
});

describe("completed cycles", () => {
  it("refuse new issues and removals with 409 and change nothing", async () => {
    const x = await freshProject();
    const done = await completedCycle(x);
    const issue = await newIssue(x);
    const refused = await p.owner.post(`${x.base}/cycles/${done}/cycle-issues/`, { issues: [issue] });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(NOT_EDITABLE);
    expect(await issueCycleColumn(issue)).toBeNull();

    const inside = await newIssue(x);
    const bridgeId = await putInCycleDirectly(inside, done);
    const removal = await p.owner.delete(`${x.base}/cycles/${done}/cycle-issues/${bridgeId}/`);
    expect(removal.status).toBe(409);
    expect(removal.body).toEqual(NOT_EDITABLE);
    expect(await issueCycleColumn(inside)).toBe(done);
    // Reading a completed cycle's issues is still fine.
    const listed = await p.viewer.get(`${x.base}/cycles/${done}/cycle-issues/`);
    expect(listed.body).toMatchObject([{ id: inside, bridge_id: bridgeId }]);
  });
});

describe("transferring issues", () => {
  async function issueInEveryGroup(x: Project) {
    const ids: Record<string, string> = {};
    for (const name of ["Backlog", "Todo", "In Progress", "Done", "Cancelled"] as const) {
      ids[name] = await newIssue(x, { name, state: x.s[name] });
    }
    return ids;
  }

  it("moves exactly the backlog, unstarted and started issues out of a completed cycle", async () => {
    const x = await freshProject();
    const done = await completedCycle(x);
    const ids = await issueInEveryGroup(x);
    for (const issueId of Object.values(ids)) await putInCycleDirectly(issueId, done);
    const next = await newCycle(x, "Next", { start_date: day(1), end_date: day(14) });
    const response = await p.member.post(`${x.base}/cycles/${done}/transfer-issues/`, { new_cycle_id: next });
    expect(response.status).toBe(200);
    expect(response.body.transferred_issues.sort()).toEqual([ids.Backlog, ids.Todo, ids["In Progress"]].sort());

    const moved = await p.owner.get(`${x.base}/cycles/${next}/cycle-issues/`);
    expect(moved.body.map((i: { name: string }) => i.name).sort()).toEqual(["Backlog", "In Progress", "Todo"]);
    const stayed = await p.owner.get(`${x.base}/cycles/${done}/cycle-issues/`);
    expect(stayed.body.map((i: { name: string }) => i.name).sort()).toEqual(["Cancelled", "Done"]);
    expect(countsOf(await cycleOf(x, done))).toEqual({ total: 2, backlog: 0, unstarted: 0, started: 0, completed: 1, cancelled: 1 });
    expect(countsOf(await cycleOf(x, next))).toEqual({ total: 3, backlog: 1, unstarted: 1, started: 1, completed: 0, cancelled: 0 });
    expect(await issueCycleColumn(ids.Todo)).toBe(next);
    expect((await bridgeRows(ids.Todo)).results).toMatchObject([{ cycle_id: next }]);
    const history = await p.owner.get(`${x.base}/issues/${ids.Todo}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "cycles").at(-1)).toMatchObject({
      old_identifier: done,
      new_identifier: next,
      new_value: "Next",
    });
  });

  it("transfers from a running cycle to a draft as well", async () => {
    const x = await freshProject();
    const running = await newCycle(x, "Running", { start_date: day(0), end_date: day(3) });
    const draft = await newCycle(x, "Draft");
    const ids = await issueInEveryGroup(x);
    await add(x, running, Object.values(ids));
    const response = await p.owner.post(`${x.base}/cycles/${running}/transfer-issues`, { new_cycle_id: draft });
    expect(response.status).toBe(200);
    expect((await cycleOf(x, draft)).total_issues).toBe(3);
    expect((await cycleOf(x, running)).total_issues).toBe(2);
  });

  it("refuses a completed target (409), the same cycle, an unknown or foreign cycle (400) and moves nothing", async () => {
    const x = await freshProject();
    const other = await freshProject();
    const source = await newCycle(x, "Source");
    const ended = await completedCycle(x, "Ended");
    const foreign = await newCycle(other, "Foreign");
    const issue = await newIssue(x, { state: x.s.Todo });
    await add(x, source, [issue]);
    const path = `${x.base}/cycles/${source}/transfer-issues/`;
    const toEnded = await p.owner.post(path, { new_cycle_id: ended });
    expect(toEnded.status).toBe(409);
    expect(toEnded.body).toEqual(NOT_EDITABLE);
    for (const [body, errors] of [
      [{ new_cycle_id: source }, { new_cycle_id: ["Choose another cycle to transfer the issues to."] }],
      [{ new_cycle_id: foreign }, { new_cycle_id: ["Cycle not found in this project."] }],
      [{ new_cycle_id: crypto.randomUUID() }, { new_cycle_id: ["Cycle not found in this project."] }],
      [{}, { new_cycle_id: ["New cycle is required"] }],
      [{ new_cycle_id: 3 }, { new_cycle_id: ["New cycle is required"] }],
    ] as const) {
      const response = await p.owner.post(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errors);
    }
    expect(await issueCycleColumn(issue)).toBe(source);
  });
});

describe("counts follow the issues", () => {
  it("re-reading a cycle after state changes through the issues API shows the new groups", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const a = await newIssue(x, { state: x.s.Todo });
    const b = await newIssue(x, { state: x.s.Todo });
    await add(x, cycle, [a, b]);
    expect(countsOf(await cycleOf(x, cycle))).toEqual({ total: 2, backlog: 0, unstarted: 2, started: 0, completed: 0, cancelled: 0 });
    await p.owner.patch(`${x.base}/issues/${a}/`, { state: x.s["In Progress"] });
    expect(countsOf(await cycleOf(x, cycle))).toEqual({ total: 2, backlog: 0, unstarted: 1, started: 1, completed: 0, cancelled: 0 });
    await p.owner.patch(`${x.base}/issues/${a}/`, { state: x.s.Done });
    await p.owner.patch(`${x.base}/issues/${b}/`, { state: x.s.Cancelled });
    const list = await p.owner.get(`${x.base}/cycles/`);
    expect(countsOf(list.body[0])).toEqual({ total: 2, backlog: 0, unstarted: 0, started: 0, completed: 1, cancelled: 1 });
    expect((await p.owner.delete(`${x.base}/issues/${b}/`)).status).toBe(204);
    expect(countsOf(await cycleOf(x, cycle))).toEqual({ total: 1, backlog: 0, unstarted: 0, started: 0, completed: 1, cancelled: 0 });
  });

  it("putting issues in a module does not take them out of their cycle", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const module = await p.owner.post(`${x.base}/modules/`, { name: "Module" });
    const issue = await newIssue(x, { state: x.s.Todo });
    await add(x, cycle, [issue]);
    expect((await p.owner.post(`${x.base}/modules/${module.body.id}/module-issues/`, { issues: [issue] })).status).toBe(200);
    expect((await cycleOf(x, cycle)).total_issues).toBe(1);
    expect(await issueOf(x, issue)).toMatchObject({ cycle, module: module.body.id });
  });
});

describe("deleting a cycle with issues", () => {
  it("leaves the issues, outside any cycle, and says so in their history", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x, "Doomed");
    const a = await newIssue(x, { name: "Survivor A" });
    const b = await newIssue(x, { name: "Survivor B" });
    await add(x, cycle, [a, b]);
    expect((await p.owner.delete(`${x.base}/cycles/${cycle}/`)).status).toBe(204);
    for (const id of [a, b]) {
      expect(await issueOf(x, id)).toMatchObject({ id, cycle: null, issue_cycle: null });
      expect(await issueCycleColumn(id)).toBeNull();
      expect((await bridgeRows(id)).results).toEqual([]);
    }
    const history = await p.owner.get(`${x.base}/issues/${a}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "cycles").at(-1)).toMatchObject({
      old_identifier: cycle,
      old_value: "Doomed",
      new_identifier: null,
    });
    expect((await p.owner.get(`${x.base}/issues/`)).body).toHaveLength(2);
  });
});

describe("roles", () => {
  it("viewers read cycle issues but cannot add, remove or transfer them", async () => {
    const x = await freshProject();
    const cycle = await newCycle(x);
    const target = await newCycle(x, "Target");
    const issue = await newIssue(x);
    const [added] = await add(x, cycle, [issue]);
    expect((await p.viewer.get(`${x.base}/cycles/${cycle}/cycle-issues/`)).status).toBe(200);
    expect((await p.viewer.post(`${x.base}/cycles/${cycle}/cycle-issues/`, { issues: [issue] })).status).toBe(403);
    expect((await p.viewer.delete(`${x.base}/cycles/${cycle}/cycle-issues/${added.bridge_id}/`)).status).toBe(403);
    expect((await p.viewer.post(`${x.base}/cycles/${cycle}/transfer-issues/`, { new_cycle_id: target })).status).toBe(403);
    expect(await issueCycleColumn(issue)).toBe(cycle);
    expect((await p.outsider.get(`${x.base}/cycles/${cycle}/cycle-issues/`)).status).toBe(403);
  });
});

describe("live board", () => {
  it("publishes the moved issues and both cycles' new counts after a move, and the issues after a delete", async () => {
    const x = await freshProject();
    const a = await newCycle(x, "A");
    const b = await newCycle(x, "B");
    const issue = await newIssue(x, { state: x.s.Todo });
    await add(x, a, [issue]);
    const board = await openBoard(p.viewer, x.base);
    await add(x, b, [issue]);
    expect(await board.next((c) => c.kind === "issue" && c.id === issue)).toMatchObject({ op: "upsert", row: { cycle: b } });
    expect(await board.next((c) => c.kind === "cycle" && c.id === b)).toMatchObject({ row: { total_issues: 1, unstarted_issues: 1 } });
    expect(await board.next((c) => c.kind === "cycle" && c.id === a)).toMatchObject({ row: { total_issues: 0 } });

    expect((await p.owner.delete(`${x.base}/cycles/${b}/`)).status).toBe(204);
    await board.next((c) => c.kind === "cycle" && c.id === b && c.op === "delete");
    await board.next((c) => c.kind === "issue" && c.id === issue && c.op === "upsert" && c.row.cycle === null);
    board.close();
  });
});
