// Live board changes applied to the issue views without a reload (issue 7, ADR 007).
//
// The views show three layers: the loader's issues, then the live layer built here from the
// board's issue changes, then this tab's own pending optimistic overlays (issue-views.tsx). The
// live layer never touches an overlay, so a change from elsewhere cannot undo an in-flight drag;
// once the write settles, the server's row (which reached the board before the write's response)
// is what remains. Changes this layer cannot place (states, labels, members, cycles, modules, an
// issue outside the loaded list's scope) fall back to revalidating the loaders. Notices (an
// issue's comments or a page changed) concern only the screen showing that issue or page.
import type { Change, Notice } from "../../durable-objects/protocol";
import type { ViewIssue } from "./issue-views-contract";

/** The fields of a view issue that a board row carries (bridge_id is a cycle/module detail). */
const ROW_KEYS = [
  "id",
  "name",
  "sequence_id",
  "priority",
  "state",
  "assignees",
  "labels",
  "start_date",
  "target_date",
  "estimate_point",
  "sort_order",
  "sub_issues_count",
  "link_count",
  "attachment_count",
  "created_by",
  "created_at",
  "updated_at",
  "cycle",
  "module",
] as const satisfies readonly (keyof ViewIssue)[];

// Fails to compile when ViewIssue gains a field this module does not copy from board rows.
type Uncopied = Exclude<keyof ViewIssue, (typeof ROW_KEYS)[number] | "bridge_id">;
const everyFieldCopied: Uncopied extends never ? true : never = true;
void everyFieldCopied;

/** What a list shows: the whole project (or a saved view, filtered in the page), a cycle, a module. */
export interface LiveScope {
  kind: "project" | "view" | "cycle" | "module";
  id: string | null;
}

export interface LiveIssues {
  /** The newest board row of each issue changed since the page loaded (live wins ties). */
  upserts: Map<string, ViewIssue>;
  deleted: Set<string>;
  /** Issues that left this list's cycle or module. */
  leftScope: Set<string>;
  /** The board clock of the batch that last touched each issue above. */
  clocks: Map<string, number>;
}

export const emptyLiveIssues = (): LiveIssues => ({ upserts: new Map(), deleted: new Set(), leftScope: new Set(), clocks: new Map() });

function inScope(row: Record<string, unknown>, scope: LiveScope) {
  if (scope.kind === "cycle") return row.cycle === scope.id;
  if (scope.kind === "module") return row.module === scope.id;
  return true;
}

function viewIssueOf(row: Record<string, unknown>, bridgeId: string | null): ViewIssue | null {
  for (const key of ROW_KEYS) if (!(key in row)) return null;
  const issue = Object.fromEntries(ROW_KEYS.map((key) => [key, row[key]])) as Omit<ViewIssue, "bridge_id">;
  return { ...issue, bridge_id: bridgeId };
}

/**
 * Folds one batch of board changes (stamped `clock`) into the live layer. Returns the new layer,
 * or null when the batch holds something this layer cannot show correctly: the caller revalidates.
 * A batch the loaded list already holds (replayed from before the socket connected) changes
 * nothing: its rows are whole and come in commit order, and a loaded row newer than one wins.
 */
export function applyBoardChanges(
  live: LiveIssues,
  changes: Change[],
  scope: LiveScope,
  known: ReadonlySet<string>,
  clock = Number.POSITIVE_INFINITY,
): LiveIssues | null {
  const next: LiveIssues = {
    upserts: new Map(live.upserts),
    deleted: new Set(live.deleted),
    leftScope: new Set(live.leftScope),
    clocks: new Map(live.clocks),
  };
  for (const change of changes) {
    if (isNotice(change)) continue;
    if (change.kind !== "issue") return null;
    next.clocks.set(change.id, clock);
    if (change.op === "delete") {
      next.deleted.add(change.id);
      next.upserts.delete(change.id);
      continue;
    }
    const wasListed = known.has(change.id) || next.upserts.has(change.id);
    if (!inScope(change.row, scope)) {
      next.upserts.delete(change.id);
      if (wasListed) next.leftScope.add(change.id);
      continue;
    }
    // Two writes to one issue can reach the board in the other order than they committed: a row
    // older than the one we hold is that late arrival, not news.
    const held = next.upserts.get(change.id);
    if (held && typeof change.row.updated_at === "string" && change.row.updated_at < held.updated_at) continue;
    // A cycle or module list keeps its bridge id; an issue that joins one needs the loader's.
    const bridgeId = held?.bridge_id ?? null;
    if (scope.kind === "cycle" || scope.kind === "module") {
      if (!wasListed || next.leftScope.has(change.id)) return null;
    }
    const issue = viewIssueOf(change.row, bridgeId);
    if (!issue) return null;
    next.upserts.set(change.id, issue);
    next.leftScope.delete(change.id);
  }
  return next;
}

/**
 * The live layer once the loaders answered with issues read at board clock `loadedClock`: what
 * batches up to that clock said is in the loaded list (or older than it), so only later batches
 * stay. Without a clock (the board did not answer the loader) the layer is kept whole.
 */
export function liveIssuesAfter(live: LiveIssues, loadedClock: number | null): LiveIssues {
  if (loadedClock === null || live.clocks.size === 0) return live;
  const stale = [...live.clocks].filter(([, clock]) => clock <= loadedClock).map(([id]) => id);
  if (stale.length === 0) return live;
  const next: LiveIssues = {
    upserts: new Map(live.upserts),
    deleted: new Set(live.deleted),
    leftScope: new Set(live.leftScope),
    clocks: new Map(live.clocks),
  };
  for (const id of stale) {
    next.upserts.delete(id);
    next.deleted.delete(id);
    next.leftScope.delete(id);
    next.clocks.delete(id);
  }
  return next;
}

/**
 * The loader's issues with the live layer laid over them. A loaded row newer than the live one
 * (the loader ran after the change) wins; new issues go at the end (the views sort anyway).
 */
export function withLiveIssues(loaded: ViewIssue[], live: LiveIssues): ViewIssue[] {
  if (live.upserts.size === 0 && live.deleted.size === 0 && live.leftScope.size === 0) return loaded;
  const seen = new Set<string>();
  const out: ViewIssue[] = [];
  for (const issue of loaded) {
    seen.add(issue.id);
    if (live.deleted.has(issue.id) || live.leftScope.has(issue.id)) continue;
    const row = live.upserts.get(issue.id);
    out.push(row && row.updated_at >= issue.updated_at ? { ...row, bridge_id: issue.bridge_id } : issue);
  }
  for (const [id, row] of live.upserts) if (!seen.has(id)) out.push(row);
  return out;
}

/** A notice says an issue's detail or a page changed; it carries no row to place anywhere. */
export const isNotice = (change: Change): change is Notice => change.op === "changed";

/**
 * Whether a board change is about what a screen shows: true makes the screen read its own loader
 * again, false leaves it be, and null means the screen cannot tell (a state, label or member
 * changed), so the project shell reloads every loader as it does for screens without a live layer.
 */
export type Concern = (change: Change) => boolean | null;

/** What the issue page shows of other issues: its parent, its sub-issues and its relations. */
export interface IssueOnScreen {
  issue: { id: string; parent: string | null; blockers_list: string[]; blocks_list: string[] };
  subIssues: { sub_issues: { id: string }[] };
}

/**
 * The issue page's concern: notices for its issue (comments), and changes to the issue itself, to
 * an issue it names, or to one that just became its sub-issue. Other issues' changes do not show.
 */
export function issuePageConcern({ issue, subIssues }: IssueOnScreen): Concern {
  const named = new Set([
    issue.id,
    ...(issue.parent ? [issue.parent] : []),
    ...issue.blockers_list,
    ...issue.blocks_list,
    ...subIssues.sub_issues.map((child) => child.id),
  ]);
  return (change) => {
    if (isNotice(change)) return change.kind === "issue_detail" && change.id === issue.id;
    if (change.kind !== "issue") return null;
    return named.has(change.id) || (change.op === "upsert" && change.row.parent === issue.id);
  };
}

/**
 * A page's concern: notices for the page, except the viewer's own while they are typing on it
 * (their edit is on their screen already, and their own write reloads it when it answers). Its
 * linked issues are placed by the page itself; other kinds it cannot tell.
 */
export function pageConcern(pageId: string, me: string, typing: () => boolean): Concern {
  return (change) => {
    if (isNotice(change)) return change.kind === "page" && change.id === pageId && !(change.by === me && typing());
    return change.kind === "issue" ? false : null;
  };
}

/** A listener answers whether it placed the batch; false makes the page revalidate. */
export type BoardListener = { changes(changes: Change[], clock: number): boolean; reset(): void };

/**
 * Hands the project socket's batches to whichever views are mounted (the socket lives in the
 * project shell, the views in child routes). A batch no listener placed is left to revalidation.
 */
export class BoardHub {
  private readonly listeners = new Set<BoardListener>();
  /** The clock of the newest batch handed out (0 before the first). */
  private delivered = 0;
  /** Reloads the page's data; the socket's owner sets it. */
  reloadPage: () => void = () => {};

  subscribe(listener: BoardListener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Whether batches after `loadedClock` were already handed out: a view mounting with issues read
   * at that clock lacks them (they went to the page it replaced while its loaders ran).
   */
  handedOutSince(loadedClock: number | null): boolean {
    return loadedClock !== null && loadedClock < this.delivered;
  }

  /**
   * True when every mounted listener placed the batch (and there was at least one), or when it
   * holds only notices: those concern only a screen that listens for them.
   */
  deliver(changes: Change[], clock = this.delivered): boolean {
    this.delivered = Math.max(this.delivered, clock);
    let placed = true;
    for (const listener of this.listeners) placed = listener.changes(changes, clock) && placed;
    return placed && (this.listeners.size > 0 || changes.every(isNotice));
  }

  reset() {
    for (const listener of this.listeners) listener.reset();
  }
}
