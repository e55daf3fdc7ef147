// The issue views' live layer (app/lib/live-board.ts): which board changes patch the loaded list
// in place, which send the page back to its loaders, and how the layer meets fresher loader data.
import { describe, expect, it } from "vitest";
import type { Change } from "../../durable-objects/protocol";
import type { ViewIssue } from "../../app/lib/issue-views-contract";
import {
  BoardHub,
  type IssueOnScreen,
  type LiveScope,
  applyBoardChanges,
  emptyLiveIssues,
  issuePageConcern,
  liveIssuesAfter,
  pageConcern,
  withLiveIssues,
} from "../../app/lib/live-board";

const project: LiveScope = { kind: "project", id: null };

function issue(id: string, fields: Partial<ViewIssue> = {}): ViewIssue {
  return {
    id,
    name: `Issue ${id}`,
    sequence_id: 1,
    priority: "none",
    state: "todo",
    assignees: [],
    labels: [],
    start_date: null,
    target_date: null,
    estimate_point: null,
    sort_order: 65535,
    sub_issues_count: 0,
    link_count: 0,
    attachment_count: 0,
    created_by: "u1",
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    cycle: null,
    module: null,
    bridge_id: null,
    ...fields,
  };
}

/** A board row: the REST list row, which carries more than the views keep. */
const upsert = (row: ViewIssue, extra: Record<string, unknown> = {}): Change => ({
  kind: "issue",
  op: "upsert",
  id: row.id,
  row: { ...row, bridge_id: undefined, state_detail: null, ...extra },
});

describe("applyBoardChanges + withLiveIssues", () => {
  const loaded = [issue("a"), issue("b")];
  const known = new Set(loaded.map((i) => i.id));

  it("an upsert replaces the loaded row (same position) and a new issue is appended", () => {
    const moved = issue("a", { state: "done", updated_at: "2026-01-02T00:00:00.000Z" });
    const live = applyBoardChanges(emptyLiveIssues(), [upsert(moved), upsert(issue("c"))], project, known);
    expect(live).not.toBeNull();
    const shown = withLiveIssues(loaded, live ?? emptyLiveIssues());
    expect(shown.map((i) => [i.id, i.state])).toEqual([
      ["a", "done"],
      ["b", "todo"],
      ["c", "todo"],
    ]);
    expect(shown[0]).not.toHaveProperty("state_detail");
  });

  it("a delete removes the issue, also one that arrived live", () => {
    let live = applyBoardChanges(emptyLiveIssues(), [upsert(issue("c"))], project, known);
    live = applyBoardChanges(live ?? emptyLiveIssues(), [{ kind: "issue", op: "delete", id: "c" }, { kind: "issue", op: "delete", id: "a" }], project, known);
    expect(withLiveIssues(loaded, live ?? emptyLiveIssues()).map((i) => i.id)).toEqual(["b"]);
  });

  it("a loader row newer than the live one wins; on a tie the live row wins", () => {
    const live = applyBoardChanges(emptyLiveIssues(), [upsert(issue("a", { priority: "high", updated_at: "2026-01-02T00:00:00.000Z" }))], project, known);
    const newer = [issue("a", { priority: "low", updated_at: "2026-01-03T00:00:00.000Z" })];
    expect(withLiveIssues(newer, live ?? emptyLiveIssues())[0].priority).toBe("low");
    const tie = [issue("a", { priority: "low", updated_at: "2026-01-02T00:00:00.000Z" })];
    expect(withLiveIssues(tie, live ?? emptyLiveIssues())[0].priority).toBe("high");
  });

  it("an older version of an issue arriving after a newer one is ignored; an equal one still applies", () => {
    const newer = upsert(issue("a", { priority: "high", updated_at: "2026-01-03T00:00:00.000Z" }));
    const older = upsert(issue("a", { priority: "low", updated_at: "2026-01-02T00:00:00.000Z" }));
    let live = applyBoardChanges(emptyLiveIssues(), [newer], project, known);
    live = applyBoardChanges(live ?? emptyLiveIssues(), [older], project, known);
    expect(withLiveIssues(loaded, live ?? emptyLiveIssues())[0].priority).toBe("high");
    // Counters change without touching updated_at: a same-time row is the newer news.
    const counted = upsert(issue("a", { priority: "high", sub_issues_count: 2, updated_at: "2026-01-03T00:00:00.000Z" }));
    live = applyBoardChanges(live ?? emptyLiveIssues(), [counted], project, known);
    expect(withLiveIssues(loaded, live ?? emptyLiveIssues())[0].sub_issues_count).toBe(2);
  });

  it("state, label, member, cycle and module changes are left to revalidation", () => {
    for (const kind of ["state", "label", "member", "cycle", "module", "project"] as const) {
      expect(applyBoardChanges(emptyLiveIssues(), [{ kind, op: "delete", id: "x" }], project, known)).toBeNull();
    }
  });

  it("a cycle list drops an issue that left the cycle and revalidates for one that joined", () => {
    const cycle: LiveScope = { kind: "cycle", id: "c1" };
    const inCycle = [issue("a", { bridge_id: "br-a", cycle: "c1" })];
    const left = applyBoardChanges(emptyLiveIssues(), [upsert(issue("a"), { cycle: "c2" })], cycle, new Set(["a"]));
    expect(withLiveIssues(inCycle, left ?? emptyLiveIssues())).toEqual([]);
    expect(applyBoardChanges(emptyLiveIssues(), [upsert(issue("z"), { cycle: "c1" })], cycle, new Set(["a"]))).toBeNull();
    const stayed = applyBoardChanges(emptyLiveIssues(), [upsert(issue("a", { name: "Renamed" }), { cycle: "c1" })], cycle, new Set(["a"]));
    expect(withLiveIssues(inCycle, stayed ?? emptyLiveIssues())).toEqual([{ ...inCycle[0], name: "Renamed" }]);
  });

  it("a notice that an issue's comments or a page changed leaves the list as it is, without a reload", () => {
    const live = applyBoardChanges(emptyLiveIssues(), [{ kind: "issue_detail", op: "changed", id: "a", by: "u2" }], project, known);
    expect(live).toEqual(emptyLiveIssues());
  });

  it("a row missing a field the views need is not guessed at: revalidate", () => {
    const { sort_order: _dropped, ...partial } = issue("a");
    expect(applyBoardChanges(emptyLiveIssues(), [{ kind: "issue", op: "upsert", id: "a", row: partial }], project, known)).toBeNull();
  });
});

describe("batches and the clock the loaded list was read at", () => {
  const loaded = [issue("a", { priority: "high", updated_at: "2026-01-03T00:00:00.000Z" }), issue("b")];
  const known = new Set(loaded.map((i) => i.id));

  it("a replayed batch the loaded list already holds changes nothing: an older row, its create, a delete of a gone issue", () => {
    const olderA = upsert(issue("a", { priority: "low", updated_at: "2026-01-02T00:00:00.000Z" }));
    const createdB = upsert(issue("b"));
    const goneC: Change = { kind: "issue", op: "delete", id: "c" };
    const live = applyBoardChanges(emptyLiveIssues(), [olderA, createdB, goneC], project, known, 7);
    expect(withLiveIssues(loaded, live ?? emptyLiveIssues())).toEqual(loaded);
  });

  it("fresh loader data drops what batches up to its clock said and keeps later ones", () => {
    let live = applyBoardChanges(emptyLiveIssues(), [upsert(issue("c"))], project, known, 5) ?? emptyLiveIssues();
    live = applyBoardChanges(live, [{ kind: "issue", op: "delete", id: "b" }], project, known, 6) ?? emptyLiveIssues();
    live = applyBoardChanges(live, [upsert(issue("d"))], project, known, 8) ?? emptyLiveIssues();
    // Reloaded at clock 6: "c" is in the list now and "b" is not; "d" (clock 8) came after the read.
    const reloaded = [loaded[0], issue("c")];
    const kept = liveIssuesAfter(live, 6);
    expect([...kept.upserts.keys()]).toEqual(["d"]);
    expect(kept.deleted.size).toBe(0);
    expect(withLiveIssues(reloaded, kept).map((i) => i.id)).toEqual(["a", "c", "d"]);
    // Without a clock nothing can be told apart: the layer stays whole.
    expect(liveIssuesAfter(live, null)).toBe(live);
  });
});

describe("BoardHub", () => {
  it("tells a view mounting with older data that batches after its clock were already handed out", () => {
    const hub = new BoardHub();
    expect(hub.handedOutSince(0)).toBe(false);
    hub.deliver([{ kind: "issue", op: "delete", id: "a" }], 4);
    expect(hub.handedOutSince(3)).toBe(true);
    expect(hub.handedOutSince(4)).toBe(false);
    expect(hub.handedOutSince(null)).toBe(false);
  });

  it("a batch counts as placed only when a listener placed it", () => {
    const hub = new BoardHub();
    const batch: Change[] = [{ kind: "issue", op: "delete", id: "a" }];
    expect(hub.deliver(batch)).toBe(false);
    const stop = hub.subscribe({ changes: () => true, reset: () => {} });
    expect(hub.deliver(batch)).toBe(true);
    const stopRefusing = hub.subscribe({ changes: () => false, reset: () => {} });
    expect(hub.deliver(batch)).toBe(false);
    stopRefusing();
    stop();
    expect(hub.deliver(batch)).toBe(false);
  });

  it("a batch of notices reloads nothing when no screen listens: only the issue or page they name cares", () => {
    const hub = new BoardHub();
    expect(hub.deliver([{ kind: "page", op: "changed", id: "p1", by: "u2" }])).toBe(true);
    expect(hub.deliver([{ kind: "page", op: "changed", id: "p1", by: "u2" }, { kind: "label", op: "delete", id: "l" }])).toBe(false);
  });
});

describe("what an open issue page or page reads again", () => {
  const onScreen: IssueOnScreen = {
    issue: { id: "i1", parent: "p1", blockers_list: ["b1"], blocks_list: ["k1"] },
    subIssues: { sub_issues: [{ id: "s1" }] },
  };
  const concern = issuePageConcern(onScreen);
  const notice = (kind: "issue_detail" | "page", id: string, by = "u2"): Change => ({ kind, op: "changed", id, by });

  it("the issue page: its issue's notices and the issues it shows, not other issues'", () => {
    expect(concern(notice("issue_detail", "i1"))).toBe(true);
    expect(concern(notice("issue_detail", "i2"))).toBe(false);
    expect(concern(notice("page", "i1"))).toBe(false);
    for (const id of ["i1", "p1", "b1", "k1", "s1"]) expect(concern({ kind: "issue", op: "delete", id })).toBe(true);
    expect(concern(upsert(issue("new"), { parent: "i1" }))).toBe(true);
    expect(concern(upsert(issue("other"), { parent: "i9" }))).toBe(false);
    // A state or label may be named anywhere on the page: every loader reads again.
    expect(concern({ kind: "state", op: "delete", id: "st" })).toBeNull();
  });

  it("a page: its notices, but not the viewer's own while they type; linked issues are placed in place", () => {
    let typing = false;
    const page = pageConcern("pg1", "me", () => typing);
    expect(page(notice("page", "pg1"))).toBe(true);
    expect(page(notice("page", "pg1", "me"))).toBe(true);
    typing = true;
    expect(page(notice("page", "pg1", "me"))).toBe(false);
    expect(page(notice("page", "pg1"))).toBe(true);
    expect(page(notice("page", "pg2"))).toBe(false);
    expect(page(notice("issue_detail", "pg1"))).toBe(false);
    expect(page({ kind: "issue", op: "delete", id: "x" })).toBe(false);
    expect(page({ kind: "label", op: "delete", id: "l" })).toBeNull();
  });
});
