// The cycle list page as the browser uses it: its loader (one tab's cycles, the active cycle's
// dashboard on the current tab) and its JSON intents (create and edit with the date check in the
// same intent, delete, favourite, unfavourite) posted to the page's action the way Remix's
// fetchers post them. Every refused write (bad input, a past end, an overlap, a viewer or guest)
// changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { CyclesPageData } from "../../workers/domain/schemas/issue-group-responses";
import { type Client, ORIGIN } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { loadPageData, postPageAction } from "../helpers/page-action";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

const ROUTE_ID = "routes/$workspaceSlug.projects.$projectId.cycles._index";
const OVERLAP = "You have a cycle already on the given dates, if you want to create your draft cycle you can do that by removing dates";
const PAST = "Unable to create cycle in past date. Please enter a valid date.";
const pagePath = () => `/${w.slug}/projects/${w.project.id}/cycles`;
const dataPath = (tab?: string) => `${pagePath()}.data?index${tab ? `&tab=${tab}` : ""}`;
const apiBase = () => `/api/workspaces/${w.slug}/projects/${w.project.id}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeEach(async () => {
  w = await createTeamWithProject("cpage");
});

const post = (client: Client, json: unknown) => postPageAction(client, `${pagePath()}.data?index`, { json });
const load = (client: Client, tab?: string) => loadPageData<CyclesPageData>(client, dataPath(tab), ROUTE_ID);

async function cycleRows() {
  const { results } = await env.DB.prepare("SELECT id, name, description, start_date, end_date FROM cycles WHERE project_id = ? ORDER BY name, id")
    .bind(w.project.id)
    .all<{ id: string; name: string; description: string; start_date: string | null; end_date: string | null }>();
  return results;
}

async function addCycle(name: string, start: string | null = null, end: string | null = null) {
  const response = await w.owner.post(`${apiBase()}/cycles/`, { name, start_date: start, end_date: end });
  expectStatus(response, 201);
  return response.body.id as string;
}

/** A cycle that has already ended; the API refuses to create one, so it goes straight into D1. */
async function endedCycle(name: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const project = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(w.project.id).first<{ workspace_id: string }>();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, owned_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, project!.workspace_id, w.project.id, name, day(-20), day(-10), w.owner.user.id, now, now)
    .run();
  return id;
}

describe("the loader", () => {
  it("answers one tab's cycles, every cycle by default or for an unknown tab", async () => {
    await addCycle("Draft one");
    await addCycle("Now", day(-1), day(5));
    await addCycle("Later", day(10), day(20));
    await endedCycle("Done");
    const names = async (tab?: string) => (await load(w.member, tab)).cycles.map((cycle) => cycle.name).sort();
    expect(await names()).toEqual(["Done", "Draft one", "Later", "Now"]);
    expect(await names("nonsense")).toEqual(["Done", "Draft one", "Later", "Now"]);
    expect(await names("draft")).toEqual(["Draft one"]);
    expect(await names("upcoming")).toEqual(["Later"]);
    expect(await names("completed")).toEqual(["Done"]);
    const all = await load(w.member);
    expect(all).toMatchObject({ tab: "all", canEdit: true, active: null, project: { id: w.project.id } });
    expect((await load(w.viewer)).canEdit).toBe(false);
    const outsider = await fetchWorker(`${ORIGIN}${dataPath()}`, { headers: { cookie: w.outsider.cookie } });
    expect(outsider.status).toBeGreaterThanOrEqual(400);
  });

  it("shows the active cycle's dashboard on the current tab: breakdown and high priority issues", async () => {
    const id = await addCycle("Sprint 7", day(-2), day(4));
    const states = (await w.owner.get(`${apiBase()}/states/`)).body as { id: string; name: string }[];
    const done = states.find((state) => state.name === "Done")!.id;
    const urgent = await w.owner.post(`${apiBase()}/issues/`, { name: "Fix the outage", priority: "urgent", assignees_list: [w.member.user.id] });
    const high = await w.owner.post(`${apiBase()}/issues/`, { name: "Ship the fix", priority: "high", state: done });
    const low = await w.owner.post(`${apiBase()}/issues/`, { name: "Tidy up", priority: "low" });
    expectStatus(await w.owner.post(`${apiBase()}/cycles/${id}/cycle-issues/`, { issues: [urgent.body.id, high.body.id, low.body.id] }), 200);

    const data = await load(w.member, "current");
    expect(data.tab).toBe("current");
    expect(data.active?.cycle).toMatchObject({ id, name: "Sprint 7", status: "current", total_issues: 3, completed_issues: 1 });
    expect(data.active?.highPriority.map((issue) => [issue.name, issue.priority, issue.state?.group])).toEqual([
      ["Fix the outage", "urgent", "backlog"],
      ["Ship the fix", "high", "completed"],
    ]);
    const people = data.active?.breakdown.assignees.map((row) => [row.id, row.completed, row.total]);
    expect(people).toEqual([
      [w.member.user.id, 0, 1],
      [null, 1, 2],
    ]);
    expect(data.active?.breakdown.labels).toEqual([{ id: null, name: "", color: "", completed: 1, total: 3 }]);
  });

  it("renders the page and its empty state", async () => {
    const page = await fetchWorker(`${ORIGIN}${pagePath()}`, { headers: { cookie: w.member.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Create New Cycle");
    expect(html).toContain("Sprint more effectively with Cycles by confining your project to a fixed amount of time.");
    expect(html).toContain("Create new cycle now");
  });
});

describe("create and edit", () => {
  it("creates a draft and a dated cycle without overlap", async () => {
    const draft = await post(w.member, { intent: "create-cycle", cycle: { name: "Backlog grooming", description: "", start_date: null, end_date: null } });
    expect(draft.status, draft.text).toBe(200);
    const dated = await post(w.member, { intent: "create-cycle", cycle: { name: "Sprint 1", description: "First", start_date: day(1), end_date: day(14) } });
    expect(dated.status, dated.text).toBe(200);
    expect(await cycleRows()).toEqual([
      { id: expect.any(String), name: "Backlog grooming", description: "", start_date: null, end_date: null },
      { id: expect.any(String), name: "Sprint 1", description: "First", start_date: day(1), end_date: day(14) },
    ]);
    // Drafts never collide: a second one is fine.
    expect((await post(w.member, { intent: "create-cycle", cycle: { name: "Another draft", start_date: null, end_date: null } })).status).toBe(200);
  });

  it("refuses overlapping dates with 409 and its message, a past end and bad names with 400, writing nothing", async () => {
    await addCycle("Taken", day(5), day(10));
    const before = await cycleRows();
    const overlap = await post(w.member, { intent: "create-cycle", cycle: { name: "Clash", start_date: day(8), end_date: day(12) } });
    expect(overlap.status).toBe(409);
    expect(overlap.text).toContain(OVERLAP);
    const past = await post(w.member, { intent: "create-cycle", cycle: { name: "Old", start_date: day(-5), end_date: day(-1) } });
    expect(past.status).toBe(400);
    expect(past.text).toContain("end_date");
    expect(past.text).toContain(PAST);
    // The end before the start is bad input, told on the end date.
    const backwards = await post(w.member, { intent: "create-cycle", cycle: { name: "Backwards", start_date: day(30), end_date: day(25) } });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain("end_date");
    expect(backwards.text).toContain("Invalid date. Please enter valid date.");
    const empty = await post(w.member, { intent: "create-cycle", cycle: { name: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Name is required");
    const long = await post(w.member, { intent: "create-cycle", cycle: { name: "x".repeat(256) } });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Name should be less than 255 characters");
    for (const client of [w.viewer, w.guest]) {
      expect((await post(client, { intent: "create-cycle", cycle: { name: "Sneaky" } })).status).toBe(403);
    }
    expect(await cycleRows()).toEqual(before);
  });

  it("edits a cycle, leaving its own dates out of the check, and refuses another cycle's dates", async () => {
    const mine = await addCycle("Mine", day(1), day(7));
    await addCycle("Theirs", day(20), day(27));
    const same = await post(w.member, { intent: "update-cycle", cycle_id: mine, cycle: { name: "Mine, renamed", description: "x", start_date: day(1), end_date: day(8) } });
    expect(same.status, same.text).toBe(200);
    const before = await cycleRows();
    const clash = await post(w.member, { intent: "update-cycle", cycle_id: mine, cycle: { name: "Mine", start_date: day(1), end_date: day(21) } });
    expect(clash.status).toBe(409);
    expect(clash.text).toContain(OVERLAP);
    expect(await cycleRows()).toEqual(before);
    expect(before.find((row) => row.id === mine)).toMatchObject({ name: "Mine, renamed", description: "x", end_date: day(8) });
  });
});

describe("delete and favourites", () => {
  it("deletes a cycle; refuses a completed one with 409 and a viewer with 403", async () => {
    const id = await addCycle("Doomed");
    const ended = await endedCycle("History");
    expect((await post(w.viewer, { intent: "delete-cycle", cycle_id: id })).status).toBe(403);
    expect((await post(w.member, { intent: "delete-cycle", cycle_id: ended })).status).toBe(409);
    expect((await post(w.member, { intent: "delete-cycle", cycle_id: id })).status).toBe(200);
    expect((await cycleRows()).map((row) => row.name)).toEqual(["History"]);
  });

  it("stars and unstars for the caller only; an unknown cycle answers 404", async () => {
    const id = await addCycle("Starred");
    expect((await post(w.viewer, { intent: "favorite-cycle", cycle_id: id })).status).toBe(200);
    expect((await load(w.viewer)).cycles[0].is_favorite).toBe(true);
    expect((await load(w.member)).cycles[0].is_favorite).toBe(false);
    expect((await post(w.viewer, { intent: "unfavorite-cycle", cycle_id: id })).status).toBe(200);
    expect((await load(w.viewer)).cycles[0].is_favorite).toBe(false);
    expect((await post(w.member, { intent: "favorite-cycle", cycle_id: "no-such-cycle" })).status).toBe(404);
  });
});
