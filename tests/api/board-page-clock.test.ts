// A page hands its socket the live clock its loaders read (ADR 013, ADR 062): the clock comes from
// the copy the board (or the workspace hub) keeps in D1, read with the access check before any row
// the page shows. The socket connects from it and is replayed what committed after the page's data
// was read, so a change made between the page load and the socket's `connect` is not missed, and
// one the page already shows is not sent again as news once the copy has caught up.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../helpers/worker";
import { decode } from "turbo-stream";
import { ORIGIN } from "../helpers/api";
import {
  type BoardSocket,
  boardClockCopied,
  boardClockOf,
  changeSummary,
  connectHub,
  copiedBoardClock,
  loadIssuesPage,
  trackedBoards,
} from "../helpers/board";
import { issuePath, newIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";
import { uniqueIdentifier } from "../helpers/fixtures";

let p: ProjectFixture;
const boards = trackedBoards();
const connect = boards.connect;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "CLK");
  // The board has a history before the page loads: its clock, and its copy, are past 0.
  await newIssue(p, { name: "Already there" });
  await boardClockCopied(p.projectId);
});

afterEach(() => {
  boards.closeAll();
});

const missesAndResets = (board: BoardSocket) => board.messages.filter((m) => m.type === "changes" || m.type === "reset");

describe("the page's loader clock", () => {
  it("a change committed after the page loaded and before its socket connected is replayed, with no reset", async () => {
    const page = await loadIssuesPage(p.owner, p);
    expect(page.viewsClock).toBeGreaterThan(0);
    expect(page.shellClock).toBe(page.viewsClock);
    expect(page.issueNames).toContain("Already there");

    // Between the page load and the socket's connect: a create and a patch over the REST API.
    const made = await newIssue(p, { name: "Made in the gap" });
    expect((await p.owner.patch(issuePath(p, made.id), { priority: "high" })).status).toBe(200);
    expect(page.issueNames).not.toContain("Made in the gap");

    const board = await connect(p.owner, p, page.viewsClock ?? 0);
    const created = await board.next("changes");
    const patched = await board.next("changes");
    expect(created.since).toBe(page.viewsClock);
    expect(changeSummary(created)).toEqual([`upsert:issue:${made.id}`]);
    expect(changeSummary(patched)).toEqual([`upsert:issue:${made.id}`]);
    expect(patched.changes[0]).toMatchObject({ row: { name: "Made in the gap", priority: "high" } });
    expect(missesAndResets(board)).toEqual([]);
  });

  it("a page loaded once a change's clock is copied starts past it: the change is not replayed as new", async () => {
    const watcher = await connect(p.owner, p, (await loadIssuesPage(p.owner, p)).viewsClock ?? 0);
    await newIssue(p, { name: "Made before the load" });
    const { clock: madeAt } = await watcher.next("changes");
    expect(await boardClockCopied(p.projectId)).toBe(madeAt);

    const page = await loadIssuesPage(p.owner, p);
    expect(page.issueNames).toContain("Made before the load");
    expect(page.viewsClock).toBe(madeAt);

    const board = await connect(p.owner, p, page.viewsClock ?? 0);
    // Nothing is replayed; the next message is the next commit, live.
    const next = await newIssue(p, { name: "Made after the connect" });
    const live = await board.next("changes");
    expect(changeSummary(live)).toEqual([`upsert:issue:${next.id}`]);
    expect(live.since).toBe(page.viewsClock);
    expect(missesAndResets(board)).toEqual([]);
  });

  it("a copy that is behind (its write still on the way) replays what the page already shows, as the same rows", async () => {
    const made = await newIssue(p, { name: "Shown and replayed", priority: "low" });
    const madeAt = await boardClockCopied(p.projectId);
    // The copy as it stood before the board's write landed.
    await env.DB.prepare("UPDATE projects SET live_clock = ? WHERE id = ?").bind(madeAt - 1, p.projectId).run();
    const page = await loadIssuesPage(p.owner, p);
    expect(page.issueNames).toContain("Shown and replayed");
    expect(page.viewsClock).toBe(madeAt - 1);

    const board = await connect(p.owner, p, page.viewsClock ?? 0);
    const replayed = await board.next("changes");
    expect(changeSummary(replayed)).toEqual([`upsert:issue:${made.id}`]);
    expect(replayed.changes[0]).toMatchObject({ row: { name: "Shown and replayed", priority: "low" } });
    expect(board.messages.filter((m) => m.type === "reset")).toEqual([]);
  });

  it("never runs ahead of the board, and a board that lost its state brings an ahead copy back to its own clock", async () => {
    const own = await createProjectFixture(undefined, "CLA");
    for (let i = 0; i < 3; i++) await newIssue(own, { name: `Issue ${i}` });
    const clock = await boardClockCopied(own.projectId);
    expect(await copiedBoardClock(own.projectId)).toBeLessThanOrEqual(await boardClockOf(own.projectId));

    // A copy ahead of the board, as after the board's storage was lost: the page connects from a
    // clock the board never reached, is told to reset, and the board writes its own clock back.
    await env.DB.prepare("UPDATE projects SET live_clock = ? WHERE id = ?").bind(clock + 50, own.projectId).run();
    const page = await loadIssuesPage(own.owner, own);
    expect(page.viewsClock).toBe(clock + 50);
    const lost = await connect(own.owner, own, page.viewsClock ?? 0);
    expect(await lost.next("reset")).toMatchObject({ clock });
    expect(await boardClockCopied(own.projectId)).toBe(clock);

    const reloaded = await loadIssuesPage(own.owner, own);
    expect(reloaded.viewsClock).toBe(clock);
    const board = await connect(own.owner, own, reloaded.viewsClock ?? 0);
    expect(missesAndResets(board)).toEqual([]);
  });
});

describe("the workspace shell's hub clock", () => {
  /** The hub clock the workspace shell's loader hands its socket. */
  async function shellHubClock(): Promise<number> {
    const response = await fetchWorker(`${ORIGIN}/${p.slug}.data`, { headers: { cookie: p.owner.cookie } });
    expect(response.status).toBe(200);
    const decoded = await decode(response.body as ReadableStream<Uint8Array>);
    await decoded.done;
    const shell = (decoded.value as Record<string, { data?: { hubClock?: number } }>)["routes/$workspaceSlug"]?.data;
    if (typeof shell?.hubClock !== "number") throw new Error("the workspace shell handed no hub clock");
    return shell.hubClock;
  }

  const copiedHubClock = async () =>
    (await env.DB.prepare("SELECT live_clock FROM workspaces WHERE slug = ?").bind(p.slug).first<{ live_clock: number }>())?.live_clock;

  it("a project created after the shell loaded is replayed when its socket connects; once copied, it is not", async () => {
    const clock = await shellHubClock();
    const created = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Made in the gap", identifier: uniqueIdentifier() });
    expect(created.status).toBe(201);

    const hub = await connectHub(p.owner, p.slug, clock);
    const { clock: hubClock } = await hub.next("connected");
    expect(hubClock).toBeGreaterThan(clock);
    expect((await hub.next("notices")).notices.map((notice) => notice.kind)).toContain("projects");
    hub.close();

    // The copy catches up with the hub; a shell loaded then starts at the hub's clock and hears
    // nothing again: its first notice is the next change.
    const deadline = Date.now() + 5000;
    while ((await copiedHubClock()) !== hubClock) {
      if (Date.now() > deadline) throw new Error(`the hub clock's copy stayed at ${await copiedHubClock()}, the hub is at ${hubClock}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await shellHubClock()).toBe(hubClock);
    const quiet = await connectHub(p.owner, p.slug, hubClock);
    const next = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: "Made after the connect", identifier: uniqueIdentifier() });
    expect(next.status).toBe(201);
    expect((await quiet.next("notices")).clock).toBeGreaterThan(hubClock);
    quiet.close();
  });
});
