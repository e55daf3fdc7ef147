// A cycle's side panel as the browser reads and writes it (its resource route): the cycle with its
// counts and burndown on real D1, which follows issues completed and moved; the transfer targets;
// the date, delete and transfer intents, and who may send them. A refused write changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { CyclePanelLoaderData } from "../../app/lib/cycle-panel-contract";
import type { CyclePanelData, TransferTarget } from "../../workers/domain/schemas/issue-group-responses";
import { type Client, ORIGIN } from "../helpers/api";
import { expectStatus } from "../helpers/fixtures";
import { postPageAction } from "../helpers/page-action";
import { type ProjectWithRoles, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;
let doneState: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const panelPath = (cycleId: string) => `/${p.slug}/projects/${p.projectId}/cycles/${cycleId}/panel`;

async function read(client: Client, path: string) {
  const response = await fetchWorker(`${ORIGIN}${path}`, { headers: { cookie: client.cookie }, redirect: "manual" });
  const type = response.headers.get("content-type") ?? "";
  return { status: response.status, body: (type.includes("json") ? await response.json() : null) as CyclePanelLoaderData | null };
}

async function panelOf(client: Client, cycleId: string): Promise<CyclePanelData> {
  const answer = await read(client, panelPath(cycleId));
  expect(answer.status).toBe(200);
  return (answer.body as { panel: CyclePanelData }).panel;
}

async function createCycle(name: string, start: string | null, end: string | null) {
  const response = await p.owner.post(`${p.base}/cycles/`, { name, start_date: start, end_date: end });
  expectStatus(response, 201);
  return response.body.id as string;
}

async function createIssue(name: string, cycle: string) {
  const response = await p.owner.post(`${p.base}/issues/`, { name, cycle });
  expectStatus(response, 201);
  return response.body.id as string;
}

const bridgeJoined = async (issueId: string) =>
  (await env.DB.prepare("SELECT cycle_id, created_at FROM cycle_issues WHERE issue_id = ?").bind(issueId).first<{ cycle_id: string; created_at: string }>())!;

beforeAll(async () => {
  p = await projectWithRoles();
  const states = await p.owner.get(`${p.base}/states/`);
  doneState = states.body.find((state: { group: string }) => state.group === "completed").id;
});

describe("the panel's data", () => {
  it("gives the cycle, its counts and a burndown over its days that follows completed issues", async () => {
    const cycleId = await createCycle("Sprint A", day(-2), day(3));
    const [first, second] = [await createIssue("One", cycleId), await createIssue("Two", cycleId)];
    await createIssue("Three", cycleId);

    const before = await panelOf(p.member, cycleId);
    expect(before.cycle).toMatchObject({ id: cycleId, name: "Sprint A", status: "current", total_issues: 3, completed_issues: 0 });
    expect(before.canEdit).toBe(true);
    expect(before.burndown?.days).toEqual([day(-2), day(-1), day(0), day(1), day(2), day(3)]);
    expect(before.burndown?.scope).toBe(3);
    expect(before.burndown?.pending).toBe(3);
    // The issues joined today: not open before it; no value after it.
    expect(before.burndown?.current).toEqual([0, 0, 3, null, null, null]);
    expect(before.burndown?.ideal).toEqual([3, 2.4, 1.8, 1.2, 0.6, 0]);

    for (const id of [first, second]) expectStatus(await p.owner.patch(`${p.base}/issues/${id}/`, { state: doneState }), 200);
    const after = await panelOf(p.member, cycleId);
    expect(after.cycle.completed_issues).toBe(2);
    expect(after.burndown?.pending).toBe(1);
    expect(after.burndown?.current).toEqual([0, 0, 1, null, null, null]);
  });

  it("has no burndown for a draft or a cycle that has not started", async () => {
    expect((await panelOf(p.owner, await createCycle("Draft B", null, null))).burndown).toBeNull();
    expect((await panelOf(p.owner, await createCycle("Later C", day(5), day(9)))).burndown).toBeNull();
  });

  it("an issue moved to another cycle joins it that day; added again where it is, it keeps its day", async () => {
    const from = await createCycle("From D", day(20), day(25));
    const to = await createCycle("To E", day(30), day(35));
    const issue = await createIssue("Mover", from);
    await env.DB.prepare("UPDATE cycle_issues SET created_at = '2020-01-01T00:00:00.000Z' WHERE issue_id = ?").bind(issue).run();
    expectStatus(await p.owner.post(`${p.base}/cycles/${from}/cycle-issues/`, { issues: [issue] }), 200);
    expect((await bridgeJoined(issue)).created_at).toBe("2020-01-01T00:00:00.000Z");
    expectStatus(await p.owner.post(`${p.base}/cycles/${to}/cycle-issues/`, { issues: [issue] }), 200);
    const moved = await bridgeJoined(issue);
    expect(moved.cycle_id).toBe(to);
    expect(moved.created_at > "2026-01-01").toBe(true);
    // The same through the issue's own cycle field.
    expectStatus(await p.owner.patch(`${p.base}/issues/${issue}/`, { cycle: from }), 200);
    expect((await bridgeJoined(issue)).cycle_id).toBe(from);
  });

  it("lists the cycles that have not ended, but this one, as transfer targets", async () => {
    const source = await createCycle("Source F", day(40), day(45));
    const answer = await read(p.viewer, `${panelPath(source)}?targets`);
    expect(answer.status).toBe(200);
    const targets = (answer.body as { targets: TransferTarget[] }).targets;
    expect(targets.map((cycle) => cycle.id)).not.toContain(source);
    expect(targets.every((cycle) => cycle.status !== "completed")).toBe(true);
    expect(targets.map((cycle) => cycle.name)).toEqual(expect.arrayContaining(["Sprint A", "Draft B", "Later C"]));
  });

  it("shows nothing to someone outside the project", async () => {
    const cycleId = await createCycle("Private G", null, null);
    expect((await read(p.outsider, panelPath(cycleId))).status).toBe(403);
    expect((await panelOf(p.viewer, cycleId)).canEdit).toBe(false);
  });
});

describe("the panel's intents", () => {
  const post = (client: Client, cycleId: string, json: unknown) => postPageAction(client, panelPath(cycleId), { json });
  const stored = async (cycleId: string) =>
    env.DB.prepare("SELECT start_date, end_date FROM cycles WHERE id = ?").bind(cycleId).first<{ start_date: string | null; end_date: string | null }>();

  it("saves new dates, refuses an end before the start, and refuses viewers", async () => {
    const cycleId = await createCycle("Dated H", day(50), day(55));
    expect((await post(p.member, cycleId, { intent: "update-dates", start_date: day(50), end_date: day(58) })).status).toBe(200);
    expect(await stored(cycleId)).toEqual({ start_date: day(50), end_date: day(58) });
    const backwards = await post(p.member, cycleId, { intent: "update-dates", start_date: day(50), end_date: day(49) });
    expect(backwards.status).toBe(400);
    expect(JSON.parse(backwards.text).fields).toEqual({ end_date: ["Invalid date. Please enter valid date."] });
    const viewer = await post(p.viewer, cycleId, { intent: "update-dates", start_date: day(51), end_date: day(59) });
    expect(viewer.status).toBe(403);
    expect(await stored(cycleId)).toEqual({ start_date: day(50), end_date: day(58) });
    expect((await post(p.member, cycleId, { intent: "reschedule" })).status).toBe(400);
  });

  it("deletes and sends the browser back to the cycles with the toast", async () => {
    const cycleId = await createCycle("Gone I", null, null);
    expect((await post(p.guest, cycleId, { intent: "delete-cycle" })).status).toBe(403);
    const answer = await post(p.member, cycleId, { intent: "delete-cycle" });
    expect([302, 204]).toContain(answer.status);
    const location = answer.headers.get("location") ?? answer.headers.get("x-remix-redirect");
    expect(location).toBe(`/${p.slug}/projects/${p.projectId}/cycles`);
    expect(answer.headers.get("set-cookie")).toContain("Cycle%20deleted%20successfully");
    expect(await stored(cycleId)).toBeNull();
  });

  it("transfers the unfinished issues of a completed cycle and refuses a completed target", async () => {
    const source = await createCycle("Old J", null, null);
    const open = await createIssue("Left over", source);
    const done = await createIssue("Shipped", source);
    expectStatus(await p.owner.patch(`${p.base}/issues/${done}/`, { state: doneState }), 200);
    await env.DB.prepare("UPDATE cycles SET start_date = ?, end_date = ? WHERE id = ?").bind(day(-20), day(-10), source).run();
    const ended = await createCycle("Also old K", null, null);
    await env.DB.prepare("UPDATE cycles SET start_date = ?, end_date = ? WHERE id = ?").bind(day(-30), day(-25), ended).run();
    const target = await createCycle("Next L", day(60), day(70));

    expect((await post(p.member, source, { intent: "transfer-issues", new_cycle_id: ended })).status).toBe(409);
    expect((await bridgeJoined(open)).cycle_id).toBe(source);
    expect((await post(p.member, source, { intent: "transfer-issues", new_cycle_id: target })).status).toBe(200);
    expect((await bridgeJoined(open)).cycle_id).toBe(target);
    expect((await bridgeJoined(done)).cycle_id).toBe(source);
  });
});
