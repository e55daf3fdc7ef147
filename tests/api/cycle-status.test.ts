// The cycle status rule (workers/domain/cycle-status.ts) at the day boundaries, and the same rule
// as users meet it: the status field of cycles and the cycle_view tabs of the list.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cycleInView, cycleStatus, todayIn, todayUtc } from "../../workers/domain/cycle-status";
import { call } from "../helpers/api";
import { type ProjectWithRoles, projectWithRoles } from "../helpers/project-roles";

const TODAY = "2030-06-15";
const YESTERDAY = "2030-06-14";
const TOMORROW = "2030-06-16";

describe("cycleStatus", () => {
  it("a cycle without dates is a draft", () => {
    expect(cycleStatus({ start_date: null, end_date: null }, TODAY)).toBe("draft");
  });

  it.each([
    // start        end          status
    [YESTERDAY, YESTERDAY, "completed"],
    [YESTERDAY, TODAY, "current"],
    [YESTERDAY, TOMORROW, "current"],
    [TODAY, TODAY, "current"],
    [TODAY, TOMORROW, "current"],
    [TOMORROW, TOMORROW, "upcoming"],
    [TOMORROW, "2030-07-01", "upcoming"],
    ["2030-01-01", "2030-06-14", "completed"],
  ] as const)("start %s, end %s (today %s) is %s", (start, end, status) => {
    expect(cycleStatus({ start_date: start, end_date: end }, TODAY)).toBe(status);
  });

  it("ends on the last day: the end date itself is still current, the day after it is completed", () => {
    const cycle = { start_date: "2030-06-01", end_date: "2030-06-15" };
    expect(cycleStatus(cycle, "2030-06-15")).toBe("current");
    expect(cycleStatus(cycle, "2030-06-16")).toBe("completed");
  });

  it("starts on the first day: the day before is upcoming, the start date itself is current", () => {
    const cycle = { start_date: "2030-06-15", end_date: "2030-06-30" };
    expect(cycleStatus(cycle, "2030-06-14")).toBe("upcoming");
    expect(cycleStatus(cycle, "2030-06-15")).toBe("current");
  });

  it("crosses month and year boundaries by date, not by text length", () => {
    expect(cycleStatus({ start_date: "2030-12-31", end_date: "2031-01-01" }, "2031-01-01")).toBe("current");
    expect(cycleStatus({ start_date: "2030-12-01", end_date: "2030-12-31" }, "2031-01-01")).toBe("completed");
    expect(cycleStatus({ start_date: "2031-01-01", end_date: "2031-01-31" }, "2030-12-31")).toBe("upcoming");
  });

  it("a row with only one date (never written by the API) is a draft until its end has passed", () => {
    expect(cycleStatus({ start_date: YESTERDAY, end_date: null }, TODAY)).toBe("draft");
    expect(cycleStatus({ start_date: null, end_date: TOMORROW }, TODAY)).toBe("draft");
    expect(cycleStatus({ start_date: null, end_date: YESTERDAY }, TODAY)).toBe("completed");
  });

  it("today is the UTC date, whatever the offset of the moment", () => {
    expect(todayUtc(new Date("2030-06-15T23:30:00-05:00"))).toBe("2030-06-16");
    expect(todayUtc(new Date("2030-06-16T00:30:00+02:00"))).toBe("2030-06-15");
    expect(todayUtc(new Date("2030-06-15T00:00:00Z"))).toBe("2030-06-15");
  });

  it("today is the calendar day where the user is: the same moment is three different days", () => {
    const moment = new Date("2030-06-15T23:30:00Z");
    expect(todayIn("UTC", moment)).toBe("2030-06-15");
    expect(todayIn("America/New_York", moment)).toBe("2030-06-15");
    expect(todayIn("Asia/Tokyo", moment)).toBe("2030-06-16");
    expect(todayIn("Pacific/Pago_Pago", new Date("2030-06-15T05:00:00Z"))).toBe("2030-06-14");
    expect(todayIn(undefined, moment)).toBe("2030-06-15");
  });

  it("a cycle ending on the 15th is over at midnight in Tokyo but still current in New York", () => {
    const cycle = { start_date: "2030-06-01", end_date: "2030-06-15" };
    // 15:30 UTC on the 15th is 00:30 on the 16th in Tokyo (UTC+9) and 11:30 on the 15th in New York.
    const justAfterTokyoMidnight = new Date("2030-06-15T15:30:00Z");
    expect(cycleStatus(cycle, todayIn("Asia/Tokyo", justAfterTokyoMidnight))).toBe("completed");
    expect(cycleStatus(cycle, todayIn("America/New_York", justAfterTokyoMidnight))).toBe("current");
    // One minute before Tokyo's midnight it is current there too.
    expect(cycleStatus(cycle, todayIn("Asia/Tokyo", new Date("2030-06-15T14:59:00Z")))).toBe("current");
    // A cycle starting on the 16th has begun in Tokyo and is still upcoming in New York.
    const next = { start_date: "2030-06-16", end_date: "2030-06-30" };
    expect(cycleStatus(next, todayIn("Asia/Tokyo", justAfterTokyoMidnight))).toBe("current");
    expect(cycleStatus(next, todayIn("America/New_York", justAfterTokyoMidnight))).toBe("upcoming");
  });

  it("the incomplete view holds every status but completed; all holds everything", () => {
    expect(["draft", "upcoming", "current"].every((s) => cycleInView(s as "draft", "incomplete"))).toBe(true);
    expect(cycleInView("completed", "incomplete")).toBe(false);
    expect(cycleInView("completed", "all")).toBe(true);
    expect(cycleInView("current", "upcoming")).toBe(false);
  });
});

// ---------------------------------------------------------------- through the API

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let p: ProjectWithRoles;
let base: string;
const byName: Record<string, string> = {};

/** Past dates cannot be written through the API (that is the point), so those rows go straight in. */
async function insertCycle(projectId: string, name: string, start: string | null, end: string | null) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const project = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(projectId).first<{ workspace_id: string }>();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, project!.workspace_id, projectId, name, start, end, now, now)
    .run();
  return id;
}

beforeAll(async () => {
  p = await projectWithRoles();
  const projectId = p.projectId;
  base = p.base;
  for (const [name, start, end] of [
    ["ended yesterday", day(-10), day(-1)],
    ["ends today", day(-3), day(0)],
    ["started today", day(0), day(5)],
    ["starts tomorrow", day(1), day(8)],
    ["draft", null, null],
  ] as const) {
    byName[name] = await insertCycle(projectId, name, start, end);
  }
});

describe("status in responses and list tabs", () => {
  it("each cycle answers the status its dates give today", async () => {
    const list = await p.owner.get(`${base}/cycles/`);
    expect(list.status).toBe(200);
    const status = Object.fromEntries(list.body.map((c: { name: string; status: string }) => [c.name, c.status]));
    expect(status).toEqual({
      "ended yesterday": "completed",
      "ends today": "current",
      "started today": "current",
      "starts tomorrow": "upcoming",
      draft: "draft",
    });
    const one = await p.owner.get(`${base}/cycles/${byName["ends today"]}/`);
    expect(one.body.status).toBe("current");
  });

  it.each([
    ["completed", ["ended yesterday"]],
    ["current", ["ends today", "started today"]],
    ["upcoming", ["starts tomorrow"]],
    ["draft", ["draft"]],
    ["incomplete", ["draft", "ends today", "started today", "starts tomorrow"]],
    ["all", ["draft", "ended yesterday", "ends today", "started today", "starts tomorrow"]],
  ])("cycle_view=%s lists %j", async (view, names) => {
    const response = await p.viewer.get(`${base}/cycles/?cycle_view=${view}`);
    expect(response.status).toBe(200);
    expect(response.body.map((c: { name: string }) => c.name).sort()).toEqual([...names].sort());
  });

  it.each(["completed", "current", "upcoming", "draft", "incomplete", "all"])("cycle_view=%s pages exactly: one cycle a page, only the tab's", async (view) => {
    const whole = await p.viewer.get(`${base}/cycles/?cycle_view=${view}`);
    const seen: string[] = [];
    let next: string | null = `${base}/cycles/?cycle_view=${view}&per_page=1`;
    while (next) {
      const page = await p.viewer.get(next);
      expect(page.status, next).toBe(200);
      // The filter runs before the page is cut: no page is short or empty while more follow.
      expect(page.body, next).toHaveLength(1);
      seen.push(page.body[0].name);
      next = page.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
    }
    expect(seen).toEqual(whole.body.map((c: { name: string }) => c.name));
  });

  it("answers each status on the user's calendar day, named by the browser's tz cookie", async () => {
    // At any moment one of these two zones is on another date than UTC: Kiritimati (UTC+14) from
    // 10:00 UTC, Pago Pago (UTC-11) before 11:00 UTC.
    const utcToday = todayUtc();
    const zone = todayIn("Pacific/Kiritimati") !== utcToday ? "Pacific/Kiritimati" : "Pacific/Pago_Pago";
    const zoneToday = todayIn(zone);
    expect(zoneToday).not.toBe(utcToday);
    const cookie = `${p.owner.cookie}; tz=${encodeURIComponent(zone)}`;
    const list = await call("GET", `${base}/cycles/`, { cookie });
    expect(list.status).toBe(200);
    const status = Object.fromEntries(list.body.map((c: { name: string; status: string }) => [c.name, c.status]));
    // Ahead of UTC, the cycle ending today (UTC) is over; behind it, the one starting today has not begun.
    if (zone === "Pacific/Kiritimati") expect(status["ends today"]).toBe("completed");
    else expect(status["started today"]).toBe("upcoming");
    // An unknown zone is UTC.
    const unknown = await call("GET", `${base}/cycles/`, { cookie: `${p.owner.cookie}; tz=Mars%2FOlympus` });
    const utcStatus = Object.fromEntries(unknown.body.map((c: { name: string; status: string }) => [c.name, c.status]));
    expect(utcStatus["ends today"]).toBe("current");
    expect(utcStatus["started today"]).toBe("current");
  });

  it("an unknown cycle_view is a 400 naming the allowed values", async () => {
    const response = await p.owner.get(`${base}/cycles/?cycle_view=someday`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ cycle_view: ["cycle_view must be one of all, incomplete, draft, upcoming, current, completed"] });
  });

  it("moving the dates moves the cycle between tabs", async () => {
    // Dates after every other cycle's: two cycles of a project may not overlap.
    const moved = await p.owner.patch(`${base}/cycles/${byName.draft}/`, { start_date: day(10), end_date: day(12) });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe("upcoming");
    const drafts = await p.owner.get(`${base}/cycles/?cycle_view=draft`);
    expect(drafts.body).toEqual([]);
    const upcoming = await p.owner.get(`${base}/cycles/?cycle_view=upcoming`);
    expect(upcoming.body.map((c: { name: string }) => c.name)).toContain("draft");
    const back = await p.owner.patch(`${base}/cycles/${byName.draft}/`, { start_date: null, end_date: null });
    expect(back.body.status).toBe("draft");
  });
});
