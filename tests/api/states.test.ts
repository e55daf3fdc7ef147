import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { issues } from "../../drizzle/schema";
import { call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, openBoard, projectWithRoles } from "../helpers/project-roles";

const NAME_TAKEN = "Another state exists with the same name. Please try again with another name.";
const HAS_ISSUES = "This state contains some issues within it, please move them to some other state to delete this state.";

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

type StateRow = { id: string; name: string; group: string; default: boolean; sequence: number; color: string; updated_at: string };

async function statesOf(base: string, client = p.owner): Promise<StateRow[]> {
  const response = await client.get(`${base}/states/`);
  expect(response.status).toBe(200);
  return response.body;
}

/** A fresh project of the same workspace, so each scenario starts from the five default states. */
async function freshProject() {
  const projectId = await createProject(p.owner, p.slug);
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  return `/api/workspaces/${p.slug}/projects/${projectId}`;
}

let issueCounter = 0;
async function insertIssue(state: { id: string; project: string; workspace: string }) {
  await drizzle(env.DB)
    .insert(issues)
    .values({
      workspace_id: state.workspace,
      project_id: state.project,
      name: "An issue",
      sequence_id: 1000 + ++issueCounter,
      state_id: state.id,
    });
}

describe("listing states", () => {
  it("a new project has the five default states ordered by sequence, Backlog the default", async () => {
    const base = await freshProject();
    const list = await statesOf(base);
    expect(list.map((s) => [s.name, s.group, s.sequence, s.default])).toEqual([
      ["Backlog", "backlog", 15000, true],
      ["Todo", "unstarted", 25000, false],
      ["In Progress", "started", 35000, false],
      ["Done", "completed", 45000, false],
      ["Cancelled", "cancelled", 55000, false],
    ]);
    expect(list[0]).toMatchObject({ description: "", project: base.split("/").pop() });
    expect(typeof (list[0] as any).workspace).toBe("string");
  });

  it("group_by=group answers an object keyed by every group", async () => {
    const base = await freshProject();
    await p.owner.post(`${base}/states/`, { name: "Review", group: "started" });
    const response = await p.owner.get(`${base}/states/?group_by=group`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["backlog", "cancelled", "completed", "started", "unstarted"]);
    expect(response.body.started.map((s: StateRow) => s.name)).toEqual(["In Progress", "Review"]);
    expect(response.body.backlog.map((s: StateRow) => s.name)).toEqual(["Backlog"]);

    const bad = await p.owner.get(`${base}/states/?group_by=priority`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ group_by: ["States can only be grouped by group."] });
  });

  it("every project member may read, with or without the trailing slash", async () => {
    for (const client of [p.member, p.viewer, p.guest]) {
      expect((await client.get(`${p.base}/states/`)).status).toBe(200);
      expect((await client.get(`${p.base}/states`)).status).toBe(200);
    }
    const [first] = await statesOf(p.base);
    const one = await p.guest.get(`${p.base}/states/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: first.id, name: first.name });
  });
});

describe("creating a state", () => {
  it("applies the defaults and places it after the highest sequence + 15000", async () => {
    const base = await freshProject();
    const response = await p.member.post(`${base}/states/`, { name: "  Triage  " });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Triage",
      description: "",
      color: "#858e96",
      group: "backlog",
      default: false,
      sequence: 70000,
    });
    const next = await p.member.post(`${base}/states/`, { name: "Later", group: "unstarted", color: "#ABC" });
    expect(next.body).toMatchObject({ sequence: 85000, group: "unstarted", color: "#ABC" });
    const list = await statesOf(base);
    expect(list.map((s) => s.name).slice(-2)).toEqual(["Triage", "Later"]);
  });

  it("keeps a given sequence, including a fractional one", async () => {
    const base = await freshProject();
    const response = await p.owner.post(`${base}/states/`, { name: "Between", group: "started", sequence: 20000.5 });
    expect(response.status).toBe(201);
    expect(response.body.sequence).toBe(20000.5);
    expect((await statesOf(base)).map((s) => s.name).slice(0, 3)).toEqual(["Backlog", "Between", "Todo"]);
  });

  it("refuses invalid fields with one message per field and writes nothing", async () => {
    const base = await freshProject();
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ["Name is required"] }],
      [{ name: "   " }, { name: ["Name is required"] }],
      [{ name: 42 }, { name: ["Name is required"] }],
      [{ name: "x".repeat(256) }, { name: ["Name should be less than 255 characters"] }],
      [{ name: "Bad colour", color: "red" }, { color: ["Color should be hex format"] }],
      [{ name: "Bad colour", color: "#12345" }, { color: ["Color should be hex format"] }],
      [
        { name: "Bad group", group: "done" },
        { group: ["Group must be one of backlog, unstarted, started, completed, cancelled."] },
      ],
      [{ name: "Bad default", default: "yes" }, { default: ["Default must be true or false."] }],
      [{ name: "Bad sequence", sequence: "10" }, { sequence: ["Sequence must be a finite number."] }],
      [{ name: "Backlog" }, { name: [NAME_TAKEN] }],
      [{ name: "Backlog", group: "started" }, { name: [NAME_TAKEN] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.post(`${base}/states/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await statesOf(base)).toHaveLength(5);
  });

  it("accepts a name of exactly 255 characters", async () => {
    const base = await freshProject();
    const response = await p.owner.post(`${base}/states/`, { name: "y".repeat(255) });
    expect(response.status).toBe(201);
  });

  it("answers malformed bodies with 400, never 500, and writes nothing", async () => {
    const base = await freshProject();
    const malformed = await call("POST", `${base}/states/`, { cookie: p.owner.cookie, rawBody: "{name: " });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    const infinite = await call("POST", `${base}/states/`, { cookie: p.owner.cookie, rawBody: '{"name":"Inf","sequence":1e999}' });
    expect(infinite.status).toBe(400);
    expect(infinite.body).toEqual({ sequence: ["Sequence must be a finite number."] });
    for (const payload of [[], "Backlog", null, 7]) {
      const response = await p.owner.post(`${base}/states/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.body)).toEqual(["body"]);
    }
    expect(await statesOf(base)).toHaveLength(5);
  });

  it("two concurrent creates with one name give one state and one 400 (the unique index backs the check)", async () => {
    const base = await freshProject();
    const responses = await Promise.all([
      p.owner.post(`${base}/states/`, { name: "Racing" }),
      p.member.post(`${base}/states/`, { name: "Racing" }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.status === 400)!.body).toEqual({ name: [NAME_TAKEN] });
    expect((await statesOf(base)).filter((s) => s.name === "Racing")).toHaveLength(1);
  });
});

describe("the default state", () => {
  it("creating a default state takes the flag from the old default", async () => {
    const base = await freshProject();
    const created = await p.owner.post(`${base}/states/`, { name: "Inbox", default: true });
    expect(created.status).toBe(201);
    expect(created.body.default).toBe(true);
    const defaults = (await statesOf(base)).filter((s) => s.default);
    expect(defaults.map((s) => s.name)).toEqual(["Inbox"]);
  });

  it("marking another state default leaves exactly one default", async () => {
    const base = await freshProject();
    const list = await statesOf(base);
    const todo = list.find((s) => s.name === "Todo")!;
    const response = await p.member.patch(`${base}/states/${todo.id}/`, { default: true });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: todo.id, default: true });
    const defaults = (await statesOf(base)).filter((s) => s.default);
    expect(defaults.map((s) => s.id)).toEqual([todo.id]);

    // Marking the default again is a no-op.
    const again = await p.member.patch(`${base}/states/${todo.id}/`, { default: true });
    expect(again.status).toBe(200);
    expect((await statesOf(base)).filter((s) => s.default)).toHaveLength(1);
  });

  it("concurrent swaps still end with exactly one default", async () => {
    const base = await freshProject();
    const list = await statesOf(base);
    const responses = await Promise.all(
      list.slice(1).map((state) => p.owner.patch(`${base}/states/${state.id}/`, { default: true })),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect((await statesOf(base)).filter((s) => s.default)).toHaveLength(1);
  });

  it("the default flag cannot be removed without naming a new default", async () => {
    const base = await freshProject();
    const backlog = (await statesOf(base))[0];
    const response = await p.owner.patch(`${base}/states/${backlog.id}/`, { default: false });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ default: ["A project needs a default state: mark another state as default instead."] });
    expect((await statesOf(base))[0].default).toBe(true);
  });
});

describe("updating a state", () => {
  it("PATCH changes the given fields only", async () => {
    const base = await freshProject();
    const todo = (await statesOf(base))[1];
    const response = await p.member.patch(`${base}/states/${todo.id}`, { name: "To do", color: "#00ff00", description: "Next up" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: todo.id, name: "To do", color: "#00ff00", description: "Next up", group: "unstarted" });
    const again = await p.member.get(`${base}/states/${todo.id}/`);
    expect(again.body).toMatchObject({ name: "To do", color: "#00ff00", sequence: 25000 });
    expect(again.body.updated_at >= todo.updated_at).toBe(true);
  });

  it("moves: a sequence sent by the client reorders the list", async () => {
    const base = await freshProject();
    const list = await statesOf(base);
    const cancelled = list[4];
    // Between Backlog (15000) and Todo (25000): the client's midpoint rule.
    const moved = await p.owner.patch(`${base}/states/${cancelled.id}/`, { sequence: 20000 });
    expect(moved.status).toBe(200);
    expect(moved.body.sequence).toBe(20000);
    // Before the first: edge - 15000, negative values are fine.
    const done = list[3];
    await p.owner.patch(`${base}/states/${done.id}/`, { sequence: 0 });
    const todo = list[1];
    await p.owner.patch(`${base}/states/${todo.id}/`, { sequence: -15000 });
    expect((await statesOf(base)).map((s) => s.name)).toEqual(["Todo", "Done", "Backlog", "Cancelled", "In Progress"]);
  });

  it("renaming onto another state's name is refused; keeping its own name is fine", async () => {
    const base = await freshProject();
    const [backlog, todo] = await statesOf(base);
    const clash = await p.owner.patch(`${base}/states/${todo.id}/`, { name: "Backlog" });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ name: [NAME_TAKEN] });
    const own = await p.owner.patch(`${base}/states/${backlog.id}/`, { name: "Backlog", color: "#111111" });
    expect(own.status).toBe(200);
    expect((await statesOf(base))[1].name).toBe("Todo");
  });

  it("validates PATCH fields like create and writes nothing on error", async () => {
    const base = await freshProject();
    const todo = (await statesOf(base))[1];
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: "" }, { name: ["Name is required"] }],
      [{ name: "z".repeat(256) }, { name: ["Name should be less than 255 characters"] }],
      [{ color: "#zzzzzz" }, { color: ["Color should be hex format"] }],
      [{ group: "archived" }, { group: ["Group must be one of backlog, unstarted, started, completed, cancelled."] }],
      [{ sequence: null }, { sequence: ["Sequence must be a finite number."] }],
      [{ name: "Fine", default: 1 }, { default: ["Default must be true or false."] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.patch(`${base}/states/${todo.id}/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    const malformed = await call("PATCH", `${base}/states/${todo.id}/`, { cookie: p.owner.cookie, rawBody: "not json" });
    expect(malformed.status).toBe(400);
    expect((await p.owner.get(`${base}/states/${todo.id}/`)).body).toMatchObject({ name: "Todo", color: todo.color, sequence: 25000 });
  });

  it("PUT requires the name and updates the rest", async () => {
    const base = await freshProject();
    const todo = (await statesOf(base))[1];
    const missing = await p.owner.put(`${base}/states/${todo.id}/`, { color: "#222222" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ["Name is required"] });
    const response = await p.owner.put(`${base}/states/${todo.id}/`, { name: "Planned", color: "#222222", group: "unstarted" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Planned", color: "#222222", group: "unstarted", sequence: 25000 });
  });

  it("moves a state to another group unless it is the last of its group", async () => {
    const base = await freshProject();
    const [, todo] = await statesOf(base);
    const last = await p.owner.patch(`${base}/states/${todo.id}/`, { group: "started" });
    expect(last.status).toBe(400);
    expect(last.body).toEqual({ group: ["The last state of a group cannot be moved to another group."] });

    await p.owner.post(`${base}/states/`, { name: "Ready", group: "unstarted" });
    const moved = await p.owner.patch(`${base}/states/${todo.id}/`, { group: "started" });
    expect(moved.status).toBe(200);
    expect(moved.body.group).toBe("started");
  });
});

describe("deleting a state", () => {
  it("deletes a state that is not the default, not alone in its group and has no issues", async () => {
    const base = await freshProject();
    const created = await p.member.post(`${base}/states/`, { name: "Review", group: "started" });
    const response = await p.member.delete(`${base}/states/${created.body.id}/`);
    expect(response.status).toBe(204);
    expect((await p.member.get(`${base}/states/${created.body.id}/`)).status).toBe(404);
    expect(await statesOf(base)).toHaveLength(5);
    expect((await p.member.delete(`${base}/states/${created.body.id}/`)).status).toBe(404);
  });

  it("refuses to delete the default state", async () => {
    const base = await freshProject();
    // Give backlog a second state so only the default rule applies.
    await p.owner.post(`${base}/states/`, { name: "Icebox" });
    const backlog = (await statesOf(base))[0];
    const response = await p.owner.delete(`${base}/states/${backlog.id}/`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "The default state cannot be deleted." });
    expect(await statesOf(base)).toHaveLength(6);
  });

  it("refuses to delete the last state of a group", async () => {
    const base = await freshProject();
    const done = (await statesOf(base)).find((s) => s.group === "completed")!;
    const response = await p.owner.delete(`${base}/states/${done.id}/`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "The last state of a group cannot be deleted." });
    expect(await statesOf(base)).toHaveLength(5);
  });

  it("refuses to delete a state that still has issues, and allows it once they are gone", async () => {
    const base = await freshProject();
    const created = await p.owner.post(`${base}/states/`, { name: "Blocked", group: "started" });
    await insertIssue(created.body);
    const response = await p.owner.delete(`${base}/states/${created.body.id}/`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: HAS_ISSUES });
    expect((await p.owner.get(`${base}/states/${created.body.id}/`)).status).toBe(200);

    await drizzle(env.DB).delete(issues).where(eq(issues.state_id, created.body.id));
    expect((await p.owner.delete(`${base}/states/${created.body.id}/`)).status).toBe(204);
  });

  it("two concurrent deletes cannot empty a group", async () => {
    const base = await freshProject();
    const review = await p.owner.post(`${base}/states/`, { name: "Review", group: "started" });
    const inProgress = (await statesOf(base)).find((s) => s.name === "In Progress")!;
    const responses = await Promise.all([
      p.owner.delete(`${base}/states/${review.body.id}/`),
      p.member.delete(`${base}/states/${inProgress.id}/`),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([204, 400]);
    expect((await statesOf(base)).filter((s) => s.group === "started")).toHaveLength(1);
  });
});

describe("live board", () => {
  it("publishes created, re-defaulted and deleted states to connected boards, and nothing for refused writes", async () => {
    const base = await freshProject();
    const board = await openBoard(p.member, base);
    const [backlog] = await statesOf(base);

    const created = await p.owner.post(`${base}/states/`, { name: "Inbox", default: true });
    const upsert = await board.next((c) => c.kind === "state" && c.id === created.body.id);
    expect(upsert).toMatchObject({ op: "upsert", row: { id: created.body.id, name: "Inbox", default: true } });
    // The old default's row travels too, so a board never shows two defaults.
    const demoted = await board.next((c) => c.kind === "state" && c.id === backlog.id);
    expect(demoted).toMatchObject({ op: "upsert", row: { default: false } });

    await p.owner.post(`${base}/states/`, { name: "Inbox" }); // 400: duplicate
    const spare = await p.owner.post(`${base}/states/`, { name: "Spare" });
    await board.next((c) => c.id === spare.body.id);
    expect((await p.owner.delete(`${base}/states/${spare.body.id}/`)).status).toBe(204);
    expect(await board.next((c) => c.id === spare.body.id && c.op === "delete")).toEqual({
      kind: "state",
      op: "delete",
      id: spare.body.id,
    });
    expect(board.changes.filter((c) => c.kind === "state" && c.op === "upsert").map((c) => c.id)).toEqual([
      expect.any(String),
      expect.any(String),
      spare.body.id,
    ]);
    board.close();
  });
});

describe("access", () => {
  it("401 without credentials", async () => {
    const [state] = await statesOf(p.base);
    for (const [method, path] of [
      ["GET", `${p.base}/states/`],
      ["POST", `${p.base}/states/`],
      ["GET", `${p.base}/states/${state.id}/`],
      ["PATCH", `${p.base}/states/${state.id}/`],
      ["PUT", `${p.base}/states/${state.id}/`],
      ["DELETE", `${p.base}/states/${state.id}/`],
    ]) {
      const response = await call(method, path, { body: method === "GET" || method === "DELETE" ? undefined : { name: "X" } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    }
  });

  it("viewers and guests cannot write (403) and nothing changes", async () => {
    const extra = await p.owner.post(`${p.base}/states/`, { name: `Spare ${Date.now()}`, group: "started" });
    const before = await statesOf(p.base);
    for (const client of [p.viewer, p.guest]) {
      expect((await client.post(`${p.base}/states/`, { name: "Nope" })).status).toBe(403);
      expect((await client.patch(`${p.base}/states/${extra.body.id}/`, { name: "Nope" })).status).toBe(403);
      expect((await client.put(`${p.base}/states/${extra.body.id}/`, { name: "Nope" })).status).toBe(403);
      const removal = await client.delete(`${p.base}/states/${extra.body.id}/`);
      expect(removal.status).toBe(403);
      expect(removal.body).toEqual({ error: "You do not have permission to perform this action." });
    }
    expect(await statesOf(p.base)).toEqual(before);
  });

  it("a workspace member outside the project gets 403, a stranger to the workspace too", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/states/`)).status).toBe(403);
      expect((await client.post(`${p.base}/states/`, { name: "Nope" })).status).toBe(403);
    }
  });

  it("another project's or workspace's ids answer 404", async () => {
    const otherBase = await freshProject();
    const foreign = (await statesOf(otherBase))[1];
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { name: "Stolen" }],
      ["PUT", { name: "Stolen" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, `${p.base}/states/${foreign.id}/`, { cookie: p.owner.cookie, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ error: "State not found." });
    }
    expect((await p.owner.get(`${otherBase}/states/${foreign.id}/`)).body.name).toBe("Todo");
    expect((await p.owner.get(`${p.base}/states/not-a-state/`)).status).toBe(404);

    // A project of another workspace, addressed through this workspace's slug.
    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.get(`/api/workspaces/${p.slug}/projects/${otherProject}/states/`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});
