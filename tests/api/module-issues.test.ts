// Issues in modules: adding (moving between modules: one module per issue), listing with the
// issue list's query parameters and bridge ids, removing by bridge id, counts that follow the
// issues, deleting a module, activity, roles and the live board.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, openBoard, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

interface Project {
  base: string;
  s: Record<"Backlog" | "Todo" | "In Progress" | "Done" | "Cancelled", string>;
}

async function freshProject(): Promise<Project> {
  const projectId = await createProject(p.owner, p.slug);
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  await addToProject(p.owner, p.slug, projectId, p.viewer, 10);
  await addToProject(p.owner, p.slug, projectId, p.guest, 5);
  const base = `/api/workspaces/${p.slug}/projects/${projectId}`;
  const states = await p.owner.get(`${base}/states/`);
  return { base, s: Object.fromEntries(states.body.map((st: { name: string; id: string }) => [st.name, st.id])) as Project["s"] };
}

async function newModule(x: Project, name = "Module") {
  const response = await p.owner.post(`${x.base}/modules/`, { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

async function newIssue(x: Project, body: Record<string, unknown> = {}) {
  const response = await p.owner.post(`${x.base}/issues/`, { name: "Issue", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

async function add(x: Project, moduleId: string, issues: string[]) {
  const response = await p.member.post(`${x.base}/modules/${moduleId}/module-issues/`, { issues });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const moduleOf = async (x: Project, id: string) => (await p.owner.get(`${x.base}/modules/${id}/`)).body;
const issueOf = async (x: Project, id: string) => (await p.owner.get(`${x.base}/issues/${id}/`)).body;
const bridgeRows = (issueId: string) =>
  env.DB.prepare("SELECT id, module_id FROM module_issues WHERE issue_id = ?").bind(issueId).all<{ id: string; module_id: string }>();
const moduleColumn = async (issueId: string) =>
  (await env.DB.prepare("SELECT module_id FROM issues WHERE id = ?").bind(issueId).first<{ module_id: string | null }>())!.module_id;
const countsOf = (m: Record<string, number>) => [m.total_issues, m.backlog_issues, m.unstarted_issues, m.started_issues, m.completed_issues, m.cancelled_issues];

describe("adding and listing module issues", () => {
  it("adds issues: they answer with bridge ids, the module lists them and the issue shows its module", async () => {
    const x = await freshProject();
    const module = await newModule(x, "Billing");
    const one = await newIssue(x, { name: "One" });
    const two = await newIssue(x, { name: "Two" });
    const added = await add(x, module, [two, one]);
    expect(added.map((i: { id: string }) => i.id)).toEqual([two, one]);
    const bridge = (await bridgeRows(one)).results[0];
    expect(added[1]).toMatchObject({ id: one, module, bridge_id: bridge.id });
    expect(await moduleColumn(one)).toBe(module);

    const list = await p.guest.get(`${x.base}/modules/${module}/module-issues/`);
    expect(list.status).toBe(200);
    expect(list.body.map((i: { name: string }) => i.name)).toEqual(["One", "Two"]);
    expect(list.body[0]).toMatchObject({ id: one, bridge_id: bridge.id, module });
    expect((await issueOf(x, one)).issue_module).toMatchObject({ id: bridge.id, module, module_detail: { name: "Billing" } });
    expect((await moduleOf(x, module)).total_issues).toBe(2);
  });

  it("takes the issue list's query parameters", async () => {
    const x = await freshProject();
    const module = await newModule(x);
    const ids = [
      await newIssue(x, { name: "High", priority: "high", state: x.s.Todo }),
      await newIssue(x, { name: "Low", priority: "low", state: x.s.Todo }),
      await newIssue(x, { name: "Started", priority: "high", state: x.s["In Progress"] }),
    ];
    await newIssue(x, { name: "Outside", priority: "high" });
    await add(x, module, ids);
    const path = `${x.base}/modules/${module}/module-issues/`;
    expect((await p.owner.get(`${path}?priority=high`)).body.map((i: { name: string }) => i.name)).toEqual(["High", "Started"]);
    const grouped = await p.owner.get(`${path}?group_by=priority`);
    expect(Object.keys(grouped.body).sort()).toEqual(["high", "low"]);
    expect(grouped.body.high.every((i: { bridge_id: string }) => typeof i.bridge_id === "string")).toBe(true);
    const active = await p.owner.get(`${path}?type=active&per_page=2`);
    expect(active.body.results.map((i: { name: string }) => i.name)).toEqual(["High", "Low"]);
    expect(active.body.next_cursor).toEqual(expect.any(String));
    const rest = await p.owner.get(`${path}?type=active&per_page=2&cursor=${active.body.next_cursor}`);
    expect(rest.body).toMatchObject({ results: [{ name: "Started", bridge_id: expect.any(String) }], next_cursor: null });
    expect((await p.owner.get(`${path}?per_page=0`)).status).toBe(400);
  });

  it("refuses foreign or unknown issues and bad bodies with 400 and writes nothing", async () => {
    const x = await freshProject();
    const other = await freshProject();
    const module = await newModule(x);
    const mine = await newIssue(x);
    const theirs = await newIssue(other);
    for (const [body, errors] of [
      [{ issues: [mine, theirs] }, { issues: ["Issue not found in this project."] }],
      [{ issues: [] }, { issues: ["Please select atleast one issue"] }],
      [{ issues: null }, { issues: ["Expected a list of ids"] }],
    ] as const) {
      const response = await p.owner.post(`${x.base}/modules/${module}/module-issues/`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errors);
    }
    const malformed = await call("POST", `${x.base}/modules/${module}/module-issues/`, { cookie: p.owner.cookie, rawBody: "nope" });
    expect(malformed.status).toBe(400);
    expect(await moduleColumn(mine)).toBeNull();
    expect(await moduleColumn(theirs)).toBeNull();
  });
});

describe("one module per issue", () => {
  it("adding an issue of another module moves it, with a modules activity", async () => {
    const x = await freshProject();
    const from = await newModule(x, "From");
    const to = await newModule(x, "To");
    const issue = await newIssue(x, { state: x.s.Done });
    await add(x, from, [issue]);
    const [moved] = await add(x, to, [issue]);
    expect((await bridgeRows(issue)).results).toEqual([{ id: moved.bridge_id, module_id: to }]);
    expect(await moduleColumn(issue)).toBe(to);
    expect(countsOf(await moduleOf(x, from))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(countsOf(await moduleOf(x, to))).toEqual([1, 0, 0, 0, 1, 0]);
    expect((await p.owner.get(`${x.base}/modules/${from}/module-issues/`)).body).toEqual([]);
    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "modules")).toMatchObject([
      { old_identifier: null, new_identifier: from, new_value: "From", actor: p.member.user.id },
      { old_identifier: from, old_value: "From", new_identifier: to, new_value: "To" },
    ]);
  });

  it("a move through the issues API shows in both modules' counts and lists", async () => {
    const x = await freshProject();
    const a = await newModule(x, "A");
    const b = await newModule(x, "B");
    const issue = await newIssue(x, { state: x.s.Backlog });
    await add(x, a, [issue]);
    expect((await p.owner.patch(`${x.base}/issues/${issue}/`, { module: b })).status).toBe(200);
    expect((await moduleOf(x, a)).total_issues).toBe(0);
    expect(countsOf(await moduleOf(x, b))).toEqual([1, 1, 0, 0, 0, 0]);
    expect((await p.owner.get(`${x.base}/modules/${b}/module-issues/`)).body).toMatchObject([
      { id: issue, bridge_id: (await bridgeRows(issue)).results[0].id },
    ]);
  });
});

describe("removing issues from a module", () => {
  it("removes by bridge id: the issue stays, without a module, with an activity", async () => {
    const x = await freshProject();
    const module = await newModule(x, "Search");
    const issue = await newIssue(x);
    const [added] = await add(x, module, [issue]);
    expect((await p.member.delete(`${x.base}/modules/${module}/module-issues/${added.bridge_id}`)).status).toBe(204);
    expect(await issueOf(x, issue)).toMatchObject({ id: issue, module: null, issue_module: null });
    expect((await bridgeRows(issue)).results).toEqual([]);
    expect((await moduleOf(x, module)).total_issues).toBe(0);
    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "modules").at(-1)).toMatchObject({
      old_identifier: module,
      old_value: "Search",
      new_identifier: null,
    });
    const again = await p.member.delete(`${x.base}/modules/${module}/module-issues/${added.bridge_id}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: "Module issue not found." });
  });

  it("answers 404 for a bridge row of another module", async () => {
    const x = await freshProject();
    const a = await newModule(x, "A");
    const b = await newModule(x, "B");
    const issue = await newIssue(x);
    const [added] = await add(x, a, [issue]);
    expect((await p.owner.delete(`${x.base}/modules/${b}/module-issues/${added.bridge_id}/`)).status).toBe(404);
    expect(await moduleColumn(issue)).toBe(a);
  });
});

describe("counts follow the issues", () => {
  it("state changes through the issues API move an issue between the module's groups", async () => {
    const x = await freshProject();
    const module = await newModule(x);
    const a = await newIssue(x, { state: x.s.Backlog });
    const b = await newIssue(x, { state: x.s.Todo });
    await add(x, module, [a, b]);
    expect(countsOf(await moduleOf(x, module))).toEqual([2, 1, 1, 0, 0, 0]);
    await p.owner.patch(`${x.base}/issues/${a}/`, { state: x.s["In Progress"] });
    await p.owner.patch(`${x.base}/issues/${b}/`, { state: x.s.Cancelled });
    expect(countsOf(await moduleOf(x, module))).toEqual([2, 0, 0, 1, 0, 1]);
    await p.owner.patch(`${x.base}/issues/${a}/`, { state: x.s.Done });
    const list = await p.owner.get(`${x.base}/modules/`);
    expect(countsOf(list.body[0])).toEqual([2, 0, 0, 0, 1, 1]);
  });
});

describe("deleting a module with issues", () => {
  it("leaves its issues, outside any module, and records it in their history", async () => {
    const x = await freshProject();
    const module = await newModule(x, "Doomed");
    const cycle = await p.owner.post(`${x.base}/cycles/`, { name: "Sprint" });
    const issue = await newIssue(x);
    await add(x, module, [issue]);
    await p.owner.post(`${x.base}/cycles/${cycle.body.id}/cycle-issues/`, { issues: [issue] });
    expect((await p.owner.delete(`${x.base}/modules/${module}/`)).status).toBe(204);
    expect(await issueOf(x, issue)).toMatchObject({ id: issue, module: null, issue_module: null, cycle: cycle.body.id });
    expect(await moduleColumn(issue)).toBeNull();
    expect((await bridgeRows(issue)).results).toEqual([]);
    const history = await p.owner.get(`${x.base}/issues/${issue}/history/`);
    expect(history.body.filter((e: { field: string }) => e.field === "modules").at(-1)).toMatchObject({
      old_identifier: module,
      old_value: "Doomed",
      new_identifier: null,
    });
  });
});

describe("roles", () => {
  it("viewers and guests read module issues but cannot add or remove them", async () => {
    const x = await freshProject();
    const module = await newModule(x);
    const issue = await newIssue(x);
    const [added] = await add(x, module, [issue]);
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(`${x.base}/modules/${module}/module-issues/`)).status).toBe(200);
      expect((await client.post(`${x.base}/modules/${module}/module-issues/`, { issues: [issue] })).status).toBe(403);
      expect((await client.delete(`${x.base}/modules/${module}/module-issues/${added.bridge_id}/`)).status).toBe(403);
    }
    expect(await moduleColumn(issue)).toBe(module);
    expect((await p.outsider.get(`${x.base}/modules/${module}/module-issues/`)).status).toBe(403);
  });
});

describe("live board", () => {
  it("publishes the moved issue and both modules' counts", async () => {
    const x = await freshProject();
    const a = await newModule(x, "A");
    const b = await newModule(x, "B");
    const issue = await newIssue(x, { state: x.s.Todo });
    await add(x, a, [issue]);
    const board = await openBoard(p.viewer, x.base);
    await add(x, b, [issue]);
    expect(await board.next((c) => c.kind === "issue" && c.id === issue)).toMatchObject({ op: "upsert", row: { module: b } });
    expect(await board.next((c) => c.kind === "module" && c.id === b)).toMatchObject({ row: { total_issues: 1, unstarted_issues: 1 } });
    expect(await board.next((c) => c.kind === "module" && c.id === a)).toMatchObject({ row: { total_issues: 0 } });
    const [bridge] = (await bridgeRows(issue)).results;
    expect((await p.owner.delete(`${x.base}/modules/${b}/module-issues/${bridge.id}/`)).status).toBe(204);
    await board.next((c) => c.kind === "issue" && c.id === issue && c.op === "upsert" && c.row.module === null);
    board.close();
  });
});
