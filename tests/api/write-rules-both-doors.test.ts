// Every write rule holds at both doors: the same bad input sent over REST and posted to the page's
// action, as the browser posts it, is refused with the same status and message, and leaves the
// database as it was. Rules that read other rows (two cycles of a project may not overlap) hold
// when two saves arrive at once.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Call, Client } from "../helpers/api";
import { callWorker, createTeamWithProject } from "../helpers/fixtures";
import { postPageAction } from "../helpers/page-action";

const OVERLAP = "You have a cycle already on the given dates, if you want to create your draft cycle you can do that by removing dates";
const CYCLE_BACKWARDS = "Invalid date. Please enter valid date.";
const CYCLE_PAST = "Unable to create cycle in past date. Please enter a valid date.";
const MODULE_BACKWARDS = "The date you have entered is invalid. Please check and enter a valid date.";
const NOT_AUTHOR = "Only the author can edit or delete this comment.";
const NOT_EDITABLE = "Completed cycles are not editable.";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

beforeAll(async () => {
  w = await createTeamWithProject("doors");
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = () => `/api/workspaces/${w.slug}/projects/${w.project.id}`;
const page = () => `/${w.slug}/projects/${w.project.id}`;
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** A REST call as a script sends it, waiting for the request's after-response work. */
const rest = (client: Client, method: string, path: string, body?: unknown) => callWorker(method, `${api()}${path}`, { cookie: client.cookie, body });

async function created(answer: Promise<Call>) {
  const response = await answer;
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

/** What the rules guard, read straight from D1: equal digests mean a refused write changed nothing. */
async function digest() {
  const queries = [
    "SELECT count(*) || ':' || coalesce(group_concat(id || name || coalesce(start_date, '-') || coalesce(end_date, '-') || updated_at, '|'), '') AS d FROM (SELECT * FROM cycles ORDER BY id)",
    "SELECT count(*) || ':' || coalesce(group_concat(id || name || coalesce(start_date, '-') || coalesce(target_date, '-') || updated_at, '|'), '') AS d FROM (SELECT * FROM modules ORDER BY id)",
    "SELECT count(*) || ':' || coalesce(group_concat(id || comment_html || updated_at, '|'), '') AS d FROM (SELECT * FROM issue_comments ORDER BY id)",
    "SELECT count(*) AS d FROM issue_activities",
  ];
  const results = await env.DB.batch(queries.map((query) => env.DB.prepare(query)));
  return results.map((result) => (result.results[0] as { d: string | number }).d);
}

/** A refusal as the caller (a project member, in every row) notices it: the status class and the message it carries. */
type Refusal = { status: number; text: string };
type Door = (client: Client) => Promise<Refusal>;

const restDoor =
  (method: string, path: () => string, body: unknown): Door =>
  async (client) => {
    const response = await rest(client, method, path(), body);
    return { status: response.status, text: JSON.stringify(response.body) };
  };

/** A JSON intent posted to a page's action (`dataPath` is the page's `.data` or resource URL). */
const pageDoor =
  (dataPath: () => string, json: () => unknown): Door =>
  async (client) => {
    const answer = await postPageAction(client, dataPath(), { json: json() });
    return { status: answer.status, text: answer.text };
  };

/** A cycle that has already ended; no door creates one, so it goes straight into D1. */
async function endedCycle(name: string) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, owned_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, w.workspaceId, w.project.id, name, day(-20), day(-10), w.owner.user.id, now, now)
    .run();
  return id;
}

const cyclesAction = () => `${page()}/cycles.data?index`;
const modulesAction = () => `${page()}/modules.data?index`;

/** A cycle of six days from `from` days ahead, made by the owner over REST. */
const plantCycle = (name: string, from: number) => created(rest(w.owner, "POST", "/cycles/", { name, start_date: day(from), end_date: day(from + 5) }));
const panelDoor = (cycleId: string, dates: object) => pageDoor(() => `${page()}/cycles/${cycleId}/panel`, () => ({ intent: "update-dates", ...dates }));

/** The doors that create a cycle with `dates`. */
const cycleCreateDoors = (dates: object): Record<string, Door> => ({
  "REST POST": restDoor("POST", () => "/cycles/", { name: "New", ...dates }),
  "cycle dialog create": pageDoor(cyclesAction, () => ({ intent: "create-cycle", cycle: { name: "New", ...dates } })),
});

/** Those, and the side panel moving `cycleId` onto the same dates. */
const datedCycleDoors = (cycleId: string, dates: object) => ({ ...cycleCreateDoors(dates), "side panel": panelDoor(cycleId, dates) });

interface Rule {
  name: string;
  /** Plants what the rule needs, in a range of days of its own (`at`), and names the target. */
  setup(at: number): Promise<Record<string, string>>;
  status: number;
  message: string;
  doors(ids: Record<string, string>, at: number): Record<string, Door>;
}

const RULES: Rule[] = [
  {
    name: "a new cycle may not overlap another",
    setup: async (at) => ({ booked: await plantCycle("Booked", at) }),
    status: 409,
    message: OVERLAP,
    doors: (_, at) => cycleCreateDoors({ start_date: day(at + 3), end_date: day(at + 9) }),
  },
  {
    name: "an edited cycle may not overlap another",
    setup: async (at) => ({ booked: await plantCycle("Booked", at), moving: await plantCycle("Moving", at + 20) }),
    status: 409,
    message: OVERLAP,
    doors: ({ moving }, at) => {
      const dates = { start_date: day(at + 4), end_date: day(at + 12) };
      const body = { name: "Moving", description: "", ...dates };
      return {
        "REST PATCH": restDoor("PATCH", () => `/cycles/${moving}/`, dates),
        "REST PUT": restDoor("PUT", () => `/cycles/${moving}/`, body),
        "cycle dialog": pageDoor(cyclesAction, () => ({ intent: "update-cycle", cycle_id: moving, cycle: body })),
        "side panel": panelDoor(moving, dates),
      };
    },
  },
  {
    name: "a cycle's end may not come before its start",
    setup: async (at) => ({ dated: await plantCycle("Dated", at) }),
    status: 400,
    message: CYCLE_BACKWARDS,
    doors: ({ dated }, at) => ({
      ...datedCycleDoors(dated, { start_date: day(at + 9), end_date: day(at + 7) }),
      "REST PATCH of the start alone": restDoor("PATCH", () => `/cycles/${dated}/`, { start_date: day(at + 6) }),
    }),
  },
  {
    name: "a cycle's new end may not be in the past",
    setup: async (at) => ({ dated: await plantCycle("Dated", at) }),
    status: 400,
    message: CYCLE_PAST,
    doors: ({ dated }) => {
      const past = { start_date: day(-9), end_date: day(-2) };
      return {
        ...datedCycleDoors(dated, past),
        "REST PATCH": restDoor("PATCH", () => `/cycles/${dated}/`, past),
        "cycle dialog edit": pageDoor(cyclesAction, () => ({ intent: "update-cycle", cycle_id: dated, cycle: { name: "Dated", ...past } })),
      };
    },
  },
  {
    name: "a completed cycle refuses edits, its own dates resent included",
    setup: async () => ({ ended: await endedCycle("Ended") }),
    status: 409,
    message: NOT_EDITABLE,
    doors: ({ ended }) => {
      const body = { name: "Renamed", description: "", start_date: day(-20), end_date: day(-10) };
      return {
        "REST PATCH": restDoor("PATCH", () => `/cycles/${ended}/`, body),
        "REST PUT": restDoor("PUT", () => `/cycles/${ended}/`, body),
        "cycle dialog edit": pageDoor(cyclesAction, () => ({ intent: "update-cycle", cycle_id: ended, cycle: body })),
        "side panel": panelDoor(ended, { start_date: day(-20), end_date: day(-10) }),
      };
    },
  },
  {
    name: "a module may not start after its target date",
    setup: async (at) => ({ module: await created(rest(w.owner, "POST", "/modules/", { name: "Dated module", start_date: day(at), target_date: day(at + 5) })) }),
    status: 400,
    message: MODULE_BACKWARDS,
    doors: ({ module }, at) => {
      const backwards = { name: "Backwards", start_date: day(at + 9), target_date: day(at + 7) };
      return {
        "REST POST": restDoor("POST", () => "/modules/", backwards),
        "module dialog create": pageDoor(modulesAction, () => ({ intent: "create-module", module: backwards })),
        "REST PATCH of the start alone": restDoor("PATCH", () => `/modules/${module}/`, { start_date: day(at + 6) }),
        "module sidebar patch": pageDoor(modulesAction, () => ({ intent: "patch-module", module_id: module, patch: { start_date: day(at + 6) } })),
        "module dialog edit": pageDoor(modulesAction, () => ({ intent: "update-module", module_id: module, module: backwards })),
      };
    },
  },
  {
    name: "only its author may delete a comment",
    setup: async () => {
      const issue = await created(rest(w.owner, "POST", "/issues/", { name: "Commented" }));
      const comment = await created(rest(w.owner, "POST", `/issues/${issue}/comments/`, { comment_json: doc("Mine"), comment_html: "<p>Mine</p>" }));
      return { issue, comment };
    },
    status: 403,
    message: NOT_AUTHOR,
    doors: ({ issue, comment }) => ({
      "REST DELETE": restDoor("DELETE", () => `/issues/${issue}/comments/${comment}/`, undefined),
      "issue page": pageDoor(() => `${page()}/issues/${issue}.data`, () => ({ intent: "delete-comment", comment_id: comment })),
    }),
  },
];

describe("each write rule, through every door", () => {
  RULES.forEach((rule, index) => {
    it(rule.name, async () => {
      const at = 100 * (index + 1);
      const ids = await rule.setup(at);
      const before = await digest();
      for (const [door, send] of Object.entries(rule.doors(ids, at))) {
        const refusal = await send(w.member);
        expect(refusal.status, `${door}: ${refusal.text}`).toBe(rule.status);
        expect(refusal.text, door).toContain(rule.message);
        expect(await digest(), door).toEqual(before);
      }
    });
  });
});

describe("two saves at once", () => {
  const cycleDates = async (ids: string[]) => {
    const { results } = await env.DB.prepare(
      `SELECT id, start_date, end_date FROM cycles WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY start_date`,
    )
      .bind(...ids)
      .all<{ id: string; start_date: string; end_date: string }>();
    return results;
  };
  const cyclesNamed = async (name: string) =>
    (await env.DB.prepare("SELECT count(*) AS n FROM cycles WHERE project_id = ? AND name = ?").bind(w.project.id, name).first<{ n: number }>())!.n;

  it("two overlapping creates leave exactly one cycle, through either door", async () => {
    const rangeA = { start_date: day(1000), end_date: day(1006) };
    const rangeB = { start_date: day(1004), end_date: day(1010) };
    const answers = await Promise.all([
      rest(w.member, "POST", "/cycles/", { name: "Race REST", ...rangeA }),
      rest(w.owner, "POST", "/cycles/", { name: "Race REST", ...rangeB }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await cyclesNamed("Race REST")).toBe(1);

    const pageRangeA = { start_date: day(1100), end_date: day(1106) };
    const pageRangeB = { start_date: day(1106), end_date: day(1110) };
    const posted = await Promise.all([
      postPageAction(w.member, cyclesAction(), { json: { intent: "create-cycle", cycle: { name: "Race page", ...pageRangeA } } }),
      postPageAction(w.owner, cyclesAction(), { json: { intent: "create-cycle", cycle: { name: "Race page", ...pageRangeB } } }),
    ]);
    expect(posted.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await cyclesNamed("Race page")).toBe(1);
  });

  it("two edits moving two cycles onto the same dates leave them apart", async () => {
    const first = await created(rest(w.owner, "POST", "/cycles/", { name: "First", start_date: day(1200), end_date: day(1205) }));
    const second = await created(rest(w.owner, "POST", "/cycles/", { name: "Second", start_date: day(1220), end_date: day(1225) }));
    const target = { start_date: day(1240), end_date: day(1245) };
    const answers = await Promise.all([
      rest(w.member, "PATCH", `/cycles/${first}/`, target),
      postPageAction(w.owner, cyclesAction(), { json: { intent: "update-cycle", cycle_id: second, cycle: { name: "Second", ...target } } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const [earlier, later] = await cycleDates([first, second]);
    expect(earlier.end_date < later.start_date).toBe(true);
  });
});
