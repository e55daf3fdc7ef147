// A page hands its socket the board clock its loaders read at (ADR 013): the socket connects from
// there and the board replays exactly what committed after the page's data was read, so a change
// made between the page load and the socket's `connect` is not missed, and one the page already
// shows is not sent again as news.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type BoardSocket, changeSummary, loadIssuesPage, trackedBoards } from "../helpers/board";
import { issuePath, newIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
const boards = trackedBoards();
const connect = boards.connect;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "CLK");
  // The board has a history before the page loads: its clock is past 0.
  await newIssue(p, { name: "Already there" });
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

  it("a page loaded after a change has a clock past it: the change is not replayed as new", async () => {
    const watcher = await connect(p.owner, p, (await loadIssuesPage(p.owner, p)).viewsClock ?? 0);
    await newIssue(p, { name: "Made before the load" });
    const { clock: madeAt } = await watcher.next("changes");

    const page = await loadIssuesPage(p.owner, p);
    expect(page.issueNames).toContain("Made before the load");
    expect(page.viewsClock).toBeGreaterThanOrEqual(madeAt);

    const board = await connect(p.owner, p, page.viewsClock ?? 0);
    // Nothing is replayed; the next message is the next commit, live.
    const next = await newIssue(p, { name: "Made after the connect" });
    const live = await board.next("changes");
    expect(changeSummary(live)).toEqual([`upsert:issue:${next.id}`]);
    expect(live.since).toBe(page.viewsClock);
    expect(missesAndResets(board)).toEqual([]);
  });
});
