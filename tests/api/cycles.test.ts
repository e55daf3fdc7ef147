// Cycles over REST: create/read/update/delete with their validation messages, the completed
// cycle lock, date-check, favourites, counts and estimate sums, roles, isolation and the live board.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, openBoard, projectWithRoles } from "../helpers/project-roles";

const NAME_REQUIRED = "Name is required";
const NAME_TOO_LONG = "Name should be less than 255 characters";
const INVALID_DATE = "Invalid date. Please enter valid date.";
const PAST_DATE = "Unable to create cycle in past date. Please enter a valid date.";
const NOT_EDITABLE = { error: "Completed cycles are not editable." };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let p: ProjectWithRoles;
let states: Record<string, string>;

beforeAll(async () => {
  p = await projectWithRoles();
  states = await statesOf(p.base);
});

async function statesOf(base: string) {
  const response = await p.owner.get(`${base}/states/`);
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.map((s: { name: string; id: string }) => [s.name, s.id])) as Record<string, string>;
}

/** A fresh project of the same workspace where every role of `p` has its role. */
async function freshProject() {
  const projectId = await createProject(p.owner, p.slug);
  for (const [user, role] of [
    [p.member, 15],
    [p.viewer, 10],
    [p.guest, 5],
  ] as const) {
    await addToProject(p.owner, p.slug, projectId, user, role);
  }
  return { projectId, base: `/api/workspaces/${p.slug}/projects/${projectId}` };
}

async function newCycle(base: string, body: Record<string, unknown> = {}, as: Client = p.owner) {
  const response = await as.post(`${base}/cycles/`, { name: "Sprint", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** A cycle that has already ended; the API refuses to create one, so it goes straight into D1. */
async function completedCycle(base: string, name = "Finished sprint") {
  const projectId = base.split("/").pop()!;
  const project = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(projectId).first<{ workspace_id: string }>();
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, owned_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, project!.workspace_id, projectId, name, day(-14), day(-1), p.owner.user.id, now, now)
    .run();
  return id;
}

async function newIssue(base: string, body: Record<string, unknown>) {
  const response = await p.owner.post(`${base}/issues/`, { name: "Issue", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

const cycleCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM cycles").first<{ n: number }>())!.n;

describe("creating and reading cycles", () => {
  it("creates a cycle owned by its creator, with zero counts, and reads it back", async () => {
    const { base, projectId } = await freshProject();
    const response = await p.member.post(`${base}/cycles/`, {
      name: "  Sprint 1 ",
      description: "First sprint",
      start_date: day(0),
      end_date: day(13),
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      name: "Sprint 1",
      description: "First sprint",
      start_date: day(0),
      end_date: day(13),
      status: "current",
      project: projectId,
      owned_by: p.member.user.id,
      owned_by_detail: { id: p.member.user.id, first_name: "Member", avatar: "" },
      assignees: [],
      is_favorite: false,
      total_issues: 0,
      backlog_issues: 0,
      unstarted_issues: 0,
      started_issues: 0,
      completed_issues: 0,
      cancelled_issues: 0,
      total_estimate_points: null,
      completed_estimate_points: null,
    });
    const one = await p.guest.get(`${base}/cycles/${response.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(response.body);
    const list = await p.viewer.get(`${base}/cycles`);
    expect(list.body).toEqual([response.body]);
  });

  it("creates a draft without dates and an upcoming cycle", async () => {
    const { base } = await freshProject();
    const draft = await newCycle(base, { name: "Someday" });
    expect(draft).toMatchObject({ start_date: null, end_date: null, status: "draft", description: "" });
    const upcoming = await newCycle(base, { name: "Next", start_date: day(1), end_date: day(1) });
    expect(upcoming.status).toBe("upcoming");
  });

  it("accepts another project member as owner, and refuses someone outside the project", async () => {
    const { base } = await freshProject();
    const owned = await newCycle(base, { owned_by: p.viewer.user.id });
    expect(owned).toMatchObject({ owned_by: p.viewer.user.id, owned_by_detail: { first_name: "Viewer" } });
    const refused = await p.owner.post(`${base}/cycles/`, { name: "Nope", owned_by: p.outsider.user.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ owned_by: ["The owner must be a member of the project."] });
  });

  it("accepts a name of exactly 255 characters", async () => {
    const response = await p.owner.post(`${p.base}/cycles/`, { name: "n".repeat(255) });
    expect(response.status).toBe(201);
  });

  it.each([
    ["no name", {}, { name: [NAME_REQUIRED] }],
    ["a blank name", { name: "   " }, { name: [NAME_REQUIRED] }],
    ["a name of 256 characters", { name: "x".repeat(256) }, { name: [NAME_TOO_LONG] }],
    ["a start date without an end date", { name: "A", start_date: day(1) }, { end_date: ["Set both the start date and the end date, or neither."] }],
    ["an end date without a start date", { name: "A", end_date: day(1) }, { start_date: ["Set both the start date and the end date, or neither."] }],
    ["an end before the start", { name: "A", start_date: day(5), end_date: day(4) }, { end_date: [INVALID_DATE] }],
    ["an end date in the past", { name: "A", start_date: day(-5), end_date: day(-1) }, { end_date: [PAST_DATE] }],
    ["an impossible date", { name: "A", start_date: "2030-02-30", end_date: "2030-03-02" }, { start_date: ["Enter a valid date"] }],
    ["a date in another format", { name: "A", start_date: "03/01/2030", end_date: "2030-03-02" }, { start_date: ["Enter a date as YYYY-MM-DD"] }],
    ["a name that is not text", { name: 42 }, { name: [NAME_REQUIRED] }],
  ])("refuses %s with 400 and writes nothing", async (_, body, errors) => {
    const before = await cycleCount();
    const response = await p.owner.post(`${p.base}/cycles/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
    expect(await cycleCount()).toBe(before);
  });

  it("a cycle starting in the past is fine as long as it has not ended", async () => {
    const response = await p.owner.post(`${p.base}/cycles/`, { name: "Running", start_date: day(-3), end_date: day(0) });
    expect(response.status).toBe(201);
    expect(response.body.status).toBe("current");
  });

  it("answers malformed bodies with 400, never 500", async () => {
    const before = await cycleCount();
    const malformed = await call("POST", `${p.base}/cycles/`, { cookie: p.owner.cookie, rawBody: "{name: " });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    for (const payload of [[], "Sprint", null, 7, { name: "A", sort_order: "first" }, { name: "A", start_date: 20300101, end_date: 20300102 }]) {
      const response = await p.owner.post(`${p.base}/cycles/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    const cycle = await newCycle(p.base);
    for (const payload of [[], { start_date: {} }, { name: null }]) {
      const response = await p.owner.patch(`${p.base}/cycles/${cycle.id}/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    expect(await cycleCount()).toBe(before + 1);
  });
});

describe("updating cycles", () => {
  // Each in a project of its own: the project's other cycles would overlap these dates.
  it("PATCH changes only the fields sent", async () => {
    const { base } = await freshProject();
    const cycle = await newCycle(base, { name: "Before", description: "kept", start_date: day(1), end_date: day(10) });
    const response = await p.member.patch(`${base}/cycles/${cycle.id}/`, { name: "After" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "After", description: "kept", start_date: day(1), end_date: day(10), status: "upcoming" });
    const dates = await p.member.patch(`${base}/cycles/${cycle.id}/`, { start_date: day(0), end_date: day(2) });
    expect(dates.body).toMatchObject({ name: "After", start_date: day(0), end_date: day(2), status: "current" });
    expect((await p.owner.get(`${base}/cycles/${cycle.id}/`)).body.name).toBe("After");
  });

  it("PUT requires the name and keeps omitted fields", async () => {
    const { base } = await freshProject();
    const cycle = await newCycle(base, { name: "Put me", description: "desc" });
    const missing = await p.owner.put(`${base}/cycles/${cycle.id}/`, { description: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: [NAME_REQUIRED] });
    const put = await p.owner.put(`${base}/cycles/${cycle.id}`, { name: "Put done", start_date: day(2), end_date: day(3) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: "Put done", description: "desc", status: "upcoming" });
  });

  it("holds the merged dates to the rules: both or neither, end not before start, end not in the past", async () => {
    const { base } = await freshProject();
    const cycle = await newCycle(base, { name: "Dated", start_date: day(2), end_date: day(6) });
    const path = `${base}/cycles/${cycle.id}/`;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ end_date: day(1) }, { end_date: [INVALID_DATE] }],
      [{ start_date: day(7) }, { end_date: [INVALID_DATE] }],
      [{ end_date: null }, { end_date: ["Set both the start date and the end date, or neither."] }],
      [{ start_date: day(-9), end_date: day(-2) }, { end_date: [PAST_DATE] }],
      [{ name: "" }, { name: [NAME_REQUIRED] }],
      [{ name: "y".repeat(256) }, { name: [NAME_TOO_LONG] }],
    ];
    for (const [body, errors] of cases) {
      const response = await p.owner.patch(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errors);
    }
    const unchanged = await p.owner.get(path);
    expect(unchanged.body).toMatchObject({ name: "Dated", start_date: day(2), end_date: day(6) });
    const cleared = await p.owner.patch(path, { start_date: null, end_date: null });
    expect(cleared.body).toMatchObject({ start_date: null, end_date: null, status: "draft" });
  });

  it("a completed cycle refuses edits and deletion with 409 and stays as it was", async () => {
    const id = await completedCycle(p.base);
    const path = `${p.base}/cycles/${id}/`;
    const before = (await p.owner.get(path)).body;
    expect(before.status).toBe("completed");
    for (const [method, body] of [
      ["PATCH", { name: "Renamed" }],
      ["PATCH", { end_date: day(5) }],
      ["PUT", { name: "Renamed" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, path, { cookie: p.owner.cookie, body });
      expect(response.status, method).toBe(409);
      expect(response.body).toEqual(NOT_EDITABLE);
    }
    expect((await p.owner.get(path)).body).toEqual(before);
  });
});

describe("deleting cycles", () => {
  it("deletes a cycle: it is gone from reads and lists", async () => {
    const { base } = await freshProject();
    const cycle = await newCycle(base, { name: "Short-lived" });
    const removed = await p.member.delete(`${base}/cycles/${cycle.id}/`);
    expect(removed.status).toBe(204);
    const read = await p.owner.get(`${base}/cycles/${cycle.id}/`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: "Cycle not found." });
    expect((await p.owner.get(`${base}/cycles/`)).body).toEqual([]);
    expect((await p.owner.delete(`${base}/cycles/${cycle.id}/`)).status).toBe(404);
  });
});

describe("date-check", () => {
  let base: string;
  let sprint: { id: string };
  beforeAll(async () => {
    ({ base } = await freshProject());
    sprint = await newCycle(base, { name: "Booked", start_date: day(10), end_date: day(20) });
    await newCycle(base, { name: "Draft ignored" });
  });

  it.each([
    ["inside the booked range", 12, 15, false],
    ["covering it", 5, 25, false],
    ["ending on its first day", 5, 10, false],
    ["starting on its last day", 20, 25, false],
    ["ending the day before it", 5, 9, true],
    ["starting the day after it", 21, 30, true],
  ])("a range %s answers status %s", async (_, from, to, free) => {
    const response = await p.member.post(`${base}/cycles/date-check/`, { start_date: day(from), end_date: day(to) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: free });
  });

  it("leaves the cycle being edited out of the check", async () => {
    const own = await p.owner.post(`${base}/cycles/date-check`, { start_date: day(12), end_date: day(22), cycle_id: sprint.id });
    expect(own.body).toEqual({ status: true });
    const other = await newCycle(base, { name: "Later", start_date: day(30), end_date: day(40) });
    const clash = await p.owner.post(`${base}/cycles/date-check/`, { start_date: day(15), end_date: day(35), cycle_id: other.id });
    expect(clash.body).toEqual({ status: false });
  });

  it("does not see cycles of other projects", async () => {
    const { base: elsewhere } = await freshProject();
    const response = await p.owner.post(`${elsewhere}/cycles/date-check/`, { start_date: day(12), end_date: day(15) });
    expect(response.body).toEqual({ status: true });
  });

  it("refuses missing or inverted dates with 400", async () => {
    const missing = await p.owner.post(`${base}/cycles/date-check/`, { start_date: day(1) });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ end_date: ["Enter a date as YYYY-MM-DD"] });
    const inverted = await p.owner.post(`${base}/cycles/date-check/`, { start_date: day(3), end_date: day(1) });
    expect(inverted.status).toBe(400);
    expect(inverted.body).toEqual({ end_date: [INVALID_DATE] });
    const malformed = await call("POST", `${base}/cycles/date-check/`, { cookie: p.owner.cookie, rawBody: "[" });
    expect(malformed.status).toBe(400);
  });
});

describe("the order of the list", () => {
  it("lists the active cycle first, then upcoming ones, drafts and completed ones", async () => {
    const { base } = await freshProject();
    await completedCycle(base, "Old sprint");
    await newCycle(base, { name: "Draft sprint" });
    await newCycle(base, { name: "Later sprint", start_date: day(20), end_date: day(30) });
    await newCycle(base, { name: "Next sprint", start_date: day(5), end_date: day(10) });
    await newCycle(base, { name: "This sprint", start_date: day(0), end_date: day(4) });
    const names = async (query = "") => (await p.member.get(`${base}/cycles/${query}`)).body.map((c: { name: string }) => c.name);
    expect(await names()).toEqual(["This sprint", "Next sprint", "Later sprint", "Draft sprint", "Old sprint"]);
    // Page by page the order holds: the cursor carries the status as well.
    const pages: string[] = [];
    let next = "";
    do {
      const page = await p.member.get(`${base}/cycles/?per_page=2${next ? `&cursor=${encodeURIComponent(next)}` : ""}`);
      pages.push(...page.body.map((c: { name: string }) => c.name));
      next = page.headers.get("x-next-cursor") ?? "";
    } while (next);
    expect(pages).toEqual(["This sprint", "Next sprint", "Later sprint", "Draft sprint", "Old sprint"]);
  });
});

describe("favourites", () => {
  it("marks a cycle favourite for the user only, lists it first and unmarks it", async () => {
    const { base, projectId } = await freshProject();
    const first = await newCycle(base, { name: "A first" });
    const second = await newCycle(base, { name: "B second" });
    const added = await p.viewer.post(`${base}/user-favorite-cycles/`, { cycle: second.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ cycle: second.id, project: projectId, cycle_detail: { id: second.id, is_favorite: true } });
    const again = await p.viewer.post(`${base}/user-favorite-cycles/`, { cycle: second.id });
    expect(again.status).toBe(201);

    const mine = await p.viewer.get(`${base}/cycles/`);
    expect(mine.body.map((c: { name: string; is_favorite: boolean }) => [c.name, c.is_favorite])).toEqual([
      ["B second", true],
      ["A first", false],
    ]);
    const theirs = await p.owner.get(`${base}/cycles/`);
    expect(theirs.body.map((c: { name: string; is_favorite: boolean }) => [c.name, c.is_favorite])).toEqual([
      ["A first", false],
      ["B second", false],
    ]);
    expect((await p.viewer.get(`${base}/cycles/${second.id}/`)).body.is_favorite).toBe(true);

    const removed = await p.viewer.delete(`${base}/user-favorite-cycles/${second.id}/`);
    expect(removed.status).toBe(204);
    expect((await p.viewer.get(`${base}/cycles/${second.id}/`)).body.is_favorite).toBe(false);
    const twice = await p.viewer.delete(`${base}/user-favorite-cycles/${second.id}/`);
    expect(twice.status).toBe(404);
    expect(first.is_favorite).toBe(false);
  });

  it("refuses a missing cycle field (400) and another project's cycle (404)", async () => {
    const { base } = await freshProject();
    const missing = await p.owner.post(`${base}/user-favorite-cycles/`, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ cycle: ["Cycle is required"] });
    const foreign = await newCycle(p.base, { name: "Elsewhere" });
    const response = await p.owner.post(`${base}/user-favorite-cycles/`, { cycle: foreign.id });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Cycle not found." });
  });

  it("a deleted cycle takes its favourites with it", async () => {
    const { base } = await freshProject();
    const cycle = await newCycle(base);
    await p.owner.post(`${base}/user-favorite-cycles/`, { cycle: cycle.id });
    expect((await p.owner.delete(`${base}/cycles/${cycle.id}/`)).status).toBe(204);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM user_favorites WHERE entity_id = ?").bind(cycle.id).first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});

describe("counts, assignees and estimates", () => {
  it("counts the cycle's issues by state group and lists the distinct assignees", async () => {
    const { base } = await freshProject();
    const s = await statesOf(base);
    const cycle = await newCycle(base, { name: "Counted" });
    const other = await newCycle(base, { name: "Other" });
    const ids = [
      await newIssue(base, { state: s.Backlog, assignees_list: [p.member.user.id] }),
      await newIssue(base, { state: s.Todo, assignees_list: [p.member.user.id, p.viewer.user.id] }),
      await newIssue(base, { state: s.Todo }),
      await newIssue(base, { state: s["In Progress"] }),
      await newIssue(base, { state: s.Done }),
      await newIssue(base, { state: s.Cancelled }),
    ];
    await newIssue(base, { state: s.Todo, assignees_list: [p.guest.user.id] }); // not in the cycle
    expect((await p.owner.post(`${base}/cycles/${cycle.id}/cycle-issues/`, { issues: ids })).status).toBe(200);
    const response = await p.owner.get(`${base}/cycles/${cycle.id}/`);
    expect(response.body).toMatchObject({
      total_issues: 6,
      backlog_issues: 1,
      unstarted_issues: 2,
      started_issues: 1,
      completed_issues: 1,
      cancelled_issues: 1,
    });
    expect(response.body.assignees.map((a: { id: string }) => a.id).sort()).toEqual([p.member.user.id, p.viewer.user.id].sort());
    expect(response.body.assignees.find((a: { id: string }) => a.id === p.viewer.user.id)).toMatchObject({ first_name: "Viewer" });
    const list = await p.owner.get(`${base}/cycles/`);
    const counted = list.body.find((c: { id: string }) => c.id === cycle.id);
    expect(counted).toEqual(response.body);
    expect(list.body.find((c: { id: string }) => c.id === other.id)).toMatchObject({ total_issues: 0, assignees: [] });
  });

  it("sums the numeric values of the project's estimate points, in total and for completed issues", async () => {
    const { base, projectId } = await freshProject();
    const s = await statesOf(base);
    const estimate = await p.owner.post(`${base}/estimates/`, {
      estimate: { name: "Fibonacci" },
      estimate_points: [
        { key: 0, value: "1" },
        { key: 1, value: "2" },
        { key: 2, value: "3" },
        { key: 3, value: "5" },
      ],
    });
    expect(estimate.status).toBe(201);
    const cycle = await newCycle(base, { name: "Estimated" });
    expect(cycle.total_estimate_points).toBeNull();
    expect((await p.owner.patch(`/api/workspaces/${p.slug}/projects/${projectId}/`, { estimate: estimate.body.id })).status).toBe(200);
    const ids = [
      await newIssue(base, { state: s.Todo, estimate_point: 3 }), // 5
      await newIssue(base, { state: s.Done, estimate_point: 2 }), // 3
      await newIssue(base, { state: s.Done, estimate_point: 0 }), // 1
      await newIssue(base, { state: s.Todo }), // no estimate
    ];
    await p.owner.post(`${base}/cycles/${cycle.id}/cycle-issues/`, { issues: ids });
    const response = await p.owner.get(`${base}/cycles/${cycle.id}/`);
    expect(response.body).toMatchObject({ total_estimate_points: 9, completed_estimate_points: 4, total_issues: 4 });
    await p.owner.patch(`${base}/issues/${ids[0]}/`, { state: s.Done });
    const after = await p.owner.get(`${base}/cycles/`);
    expect(after.body[0]).toMatchObject({ total_estimate_points: 9, completed_estimate_points: 9 });
  });

  it("answers a list of many cycles with one grouped count query that reads only their issues", async () => {
    const { base } = await freshProject();
    const s = await statesOf(base);
    const cycles = [await newCycle(base, { name: "C1" }), await newCycle(base, { name: "C2" }), await newCycle(base, { name: "C3" })];
    await Promise.all(Array.from({ length: 30 }, (_, i) => newIssue(base, { name: `Outside ${i}`, assignees_list: [p.member.user.id] })));
    for (const [index, cycle] of cycles.entries()) {
      await p.owner.post(`${base}/cycles/${cycle.id}/cycle-issues/`, { issues: [await newIssue(base, { state: index ? s.Done : s.Todo })] });
    }
    const response = await call("GET", `${base}/cycles/`, { cookie: p.owner.cookie, headers: { "x-debug-d1-rows": "1" } });
    expect(response.status).toBe(200);
    expect(response.body.map((c: { total_issues: number }) => c.total_issues)).toEqual([1, 1, 1]);
    const statements = JSON.parse(response.headers.get("x-d1-statements")!) as { table: string; sql: string; rows_read: number }[];
    // Two reads of issues for the whole list, whatever the number of cycles: the grouped counts
    // and each cycle's distinct assignees; and one of the people assigned.
    const issueReads = statements.filter((st) => st.table === "issues");
    expect(issueReads).toHaveLength(2);
    const counts = issueReads.find((st) => st.sql.includes("count(*)"))!;
    const assignees = issueReads.find((st) => /distinct/i.test(st.sql))!;
    const people = statements.find((st) => st.table === "users")!;
    expect(counts).toBeDefined();
    expect(assignees).toBeDefined();
    expect(people).toBeDefined();
    // 33 issues and 30 assignments in the project, only 3 issues in cycles: no read scans the rest.
    expect(counts.rows_read).toBeLessThan(30);
    expect(assignees.rows_read).toBeLessThan(30);
    expect(people.rows_read).toBeLessThan(30);
  });
});

describe("access", () => {
  it("answers 401 without credentials", async () => {
    const cycle = await newCycle(p.base);
    for (const [method, path] of [
      ["GET", `${p.base}/cycles/`],
      ["POST", `${p.base}/cycles/`],
      ["GET", `${p.base}/cycles/${cycle.id}/`],
      ["PATCH", `${p.base}/cycles/${cycle.id}/`],
      ["DELETE", `${p.base}/cycles/${cycle.id}/`],
      ["POST", `${p.base}/cycles/date-check/`],
      ["POST", `${p.base}/user-favorite-cycles/`],
    ]) {
      const response = await call(method, path, { body: method === "GET" || method === "DELETE" ? undefined : { name: "X" } });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lets viewers and guests read but not write (403), and nothing changes", async () => {
    const cycle = await newCycle(p.base, { name: "Guarded" });
    const other = await newCycle(p.base, { name: "Target" });
    const issue = await newIssue(p.base, { state: states.Todo });
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(`${p.base}/cycles/`)).status).toBe(200);
      expect((await client.get(`${p.base}/cycles/${cycle.id}/`)).status).toBe(200);
      expect((await client.get(`${p.base}/cycles/${cycle.id}/cycle-issues/`)).status).toBe(200);
      expect((await client.post(`${p.base}/cycles/date-check/`, { start_date: day(1), end_date: day(2) })).status).toBe(200);
      for (const [method, path, body] of [
        ["POST", `${p.base}/cycles/`, { name: "Nope" }],
        ["PATCH", `${p.base}/cycles/${cycle.id}/`, { name: "Nope" }],
        ["PUT", `${p.base}/cycles/${cycle.id}/`, { name: "Nope" }],
        ["DELETE", `${p.base}/cycles/${cycle.id}/`, undefined],
        ["POST", `${p.base}/cycles/${cycle.id}/cycle-issues/`, { issues: [issue] }],
        ["POST", `${p.base}/cycles/${cycle.id}/transfer-issues/`, { new_cycle_id: other.id }],
      ] as const) {
        const response = await call(method, path, { cookie: client.cookie, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ error: "You do not have permission to perform this action." });
      }
    }
    expect((await p.owner.get(`${p.base}/cycles/${cycle.id}/`)).body).toMatchObject({ name: "Guarded", total_issues: 0 });
  });

  it("refuses workspace members outside the project and strangers (403)", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/cycles/`)).status).toBe(403);
      expect((await client.post(`${p.base}/cycles/`, { name: "Nope" })).status).toBe(403);
    }
  });

  it("answers 404 for another project's or workspace's cycles and writes nothing there", async () => {
    const { base: otherBase } = await freshProject();
    const foreign = await newCycle(otherBase, { name: "Theirs" });
    for (const [method, path, body] of [
      ["GET", `${p.base}/cycles/${foreign.id}/`, undefined],
      ["PATCH", `${p.base}/cycles/${foreign.id}/`, { name: "Stolen" }],
      ["PUT", `${p.base}/cycles/${foreign.id}/`, { name: "Stolen" }],
      ["DELETE", `${p.base}/cycles/${foreign.id}/`, undefined],
      ["GET", `${p.base}/cycles/${foreign.id}/cycle-issues/`, undefined],
      ["POST", `${p.base}/cycles/${foreign.id}/cycle-issues/`, { issues: [crypto.randomUUID()] }],
      ["POST", `${p.base}/cycles/${foreign.id}/transfer-issues/`, { new_cycle_id: crypto.randomUUID() }],
    ] as const) {
      const response = await call(method, path, { cookie: p.owner.cookie, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ error: "Cycle not found." });
    }
    expect((await p.owner.get(`${otherBase}/cycles/${foreign.id}/`)).body.name).toBe("Theirs");

    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.get(`/api/workspaces/${p.slug}/projects/${otherProject}/cycles/`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});

describe("live board", () => {
  it("publishes created, updated and deleted cycles with their counts, never the actor's favourite flag", async () => {
    const { base } = await freshProject();
    const board = await openBoard(p.viewer, base);
    const cycle = await newCycle(base, { name: "Live" });
    const created = await board.next((c) => c.kind === "cycle" && c.id === cycle.id);
    expect(created).toMatchObject({ op: "upsert", row: { id: cycle.id, name: "Live", status: "draft", total_issues: 0 } });
    expect(created.op === "upsert" && "is_favorite" in created.row).toBe(false);

    await p.owner.patch(`${base}/cycles/${cycle.id}/`, { name: "Live renamed" });
    await board.next((c) => c.kind === "cycle" && c.op === "upsert" && c.row.name === "Live renamed");

    await p.owner.patch(`${base}/cycles/${cycle.id}/`, { name: "" }); // 400: nothing published
    expect((await p.owner.delete(`${base}/cycles/${cycle.id}/`)).status).toBe(204);
    expect(await board.next((c) => c.kind === "cycle" && c.op === "delete")).toEqual({ kind: "cycle", op: "delete", id: cycle.id });
    expect(board.changes.filter((c) => c.kind === "cycle").map((c) => c.op)).toEqual(["upsert", "upsert", "delete"]);
    board.close();
  });
});
