// The issues the views hold: the windows the loader read (each group's count and first page), the
// pages read since as the reader scrolled to the end of a group, and the windows read again when
// the grouping, order or filters change and what is held cannot answer them. A project of 100,000
// issues holds only what was shown; a small one holds every issue after its first read and
// regroups, reorders and narrows on the page alone.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { normaliseFilters } from "~/lib/issue-display";
import type { IssueGroupPage, IssueWindowGroup, IssueWindows, IssueWindowsAnswer } from "~/lib/issue-views-contract";
import {
  type DueSpan,
  WINDOWS_PARAM,
  type WindowGroupBy,
  windowGroupBy,
  windowsComplete,
} from "../../../workers/domain/schemas/issue-windows";
import type { ViewProps } from "../../../workers/domain/schemas/view-props";
import type { ViewIssue } from "./model";

/** What a set of windows was read for: the grouping, the order, the filters and the due dates. */
export interface WindowsShape {
  groupBy: WindowGroupBy;
  orderBy: ViewProps["orderBy"];
  filters: string;
  /** The due dates read ("from..to"), or "" for issues of any date. */
  due: string;
}

export interface HeldWindows {
  shape: WindowsShape;
  total: number;
  groups: Map<string, IssueWindowGroup>;
  /** Every issue read from the server for this shape, newest read last. */
  issues: ViewIssue[];
  /** Whether the held issues are every issue of this shape. */
  complete: boolean;
}

type DisplayWanted = Pick<ViewProps, "issueView" | "groupByProperty" | "orderBy" | "filters"> & { due: DueSpan | null };

const dueKey = (due: DueSpan | null | undefined) => (due ? `${due.from}..${due.to}` : "");

export function shapeOf(display: DisplayWanted): WindowsShape {
  return {
    groupBy: windowGroupBy(display.issueView, display.groupByProperty),
    orderBy: display.orderBy,
    filters: JSON.stringify(normaliseFilters(display.filters ?? {})),
    due: dueKey(display.due),
  };
}

const sameShape = (a: WindowsShape, b: WindowsShape) =>
  a.groupBy === b.groupBy && a.orderBy === b.orderBy && a.filters === b.filters && a.due === b.due;

function heldOf(windows: IssueWindows, filters: IssueFilters | null | undefined): HeldWindows {
  return {
    shape: {
      groupBy: windows.groupBy,
      orderBy: windows.orderBy,
      filters: JSON.stringify(normaliseFilters(filters ?? {})),
      due: dueKey(windows.due),
    },
    total: windows.total,
    groups: new Map(windows.groups.map((group) => [group.key, group])),
    issues: windows.issues,
    complete: windowsComplete(windows),
  };
}

/** A page of one group added to what is held: its issues (fresher rows replace held ones) and its cursor. */
function withPage(held: HeldWindows, page: IssueGroupPage): HeldWindows {
  const group = held.groups.get(page.key);
  if (!group) return held;
  const fresh = new Map(page.issues.map((issue) => [issue.id, issue]));
  const issues = [...held.issues.map((issue) => fresh.get(issue.id) ?? issue)];
  const heldIds = new Set(held.issues.map((issue) => issue.id));
  for (const issue of page.issues) if (!heldIds.has(issue.id)) issues.push(issue);
  const groups = new Map(held.groups);
  groups.set(page.key, { ...group, next_cursor: page.next_cursor });
  return { ...held, issues, groups, complete: [...groups.values()].every((g) => g.next_cursor === null) };
}

type Read =
  | { id: number; kind: "windows"; shape: WindowsShape; url: string }
  | { id: number; kind: "page"; shape: WindowsShape; key: string; url: string }
  | { id: number; kind: "counts"; shape: WindowsShape; url: string };

type IssueFilters = ViewProps["filters"];
type NewRead = Read extends infer R ? (R extends Read ? Omit<R, "id"> : never) : never;
type Answer = IssueWindowsAnswer | { ok: false; error: string; status: number };

/**
 * Reads one answer with fetch() (not a fetcher: a read in flight must not be aborted and re-run by
 * the page's revalidations) and reports it; a read still in flight when the views go is aborted.
 */
function WindowsReader({ read, onDone }: { read: Read; onDone(read: Read, answer: Answer): void }) {
  const report = useRef(onDone);
  report.current = onDone;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads exactly once, on mount.
  useEffect(() => {
    const controller = new AbortController();
    fetch(read.url, { signal: controller.signal, headers: { accept: "application/json" } })
      .then((response) => response.json() as Promise<Answer>)
      .then((answer) => report.current(read, answer))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        report.current(read, { ok: false, error: String(error), status: 0 });
      });
    return () => controller.abort();
  }, []);
  return null;
}

/** How long after a live change the counts of groups not wholly held are read again. */
const COUNTS_DELAY_MS = 300;

/**
 * The held windows for the page's data and the display shown now. `path` is the issue windows
 * route for the page's list source (`issueWindowsPath`). `liveChanged` changes identity whenever the board's
 * changes reach the page: groups not wholly held then read their counts again.
 */
export function useIssueWindows(
  loaded: IssueWindows,
  loadedFilters: IssueFilters | null | undefined,
  display: DisplayWanted,
  path: string,
  liveChanged: unknown,
) {
  const [held, setHeld] = useState(() => heldOf(loaded, loadedFilters));
  const [reads, setReads] = useState<Read[]>([]);
  const nextId = useRef(1);
  const latest = useRef(held);
  latest.current = held;

  // Fresher loader data (a revalidation) replaces what is held.
  const loadedRef = useRef(loaded);
  if (loadedRef.current !== loaded) {
    loadedRef.current = loaded;
    const next = heldOf(loaded, loadedFilters);
    latest.current = next;
    setHeld(next);
  }

  const wanted = shapeOf(display);
  const wantedKey = JSON.stringify(wanted);
  const request = useCallback(
    (extra: Record<string, unknown>) =>
      `${path}&${WINDOWS_PARAM}=${encodeURIComponent(
        JSON.stringify({
          issueView: display.issueView,
          groupByProperty: display.groupByProperty,
          orderBy: display.orderBy,
          filters: normaliseFilters(display.filters ?? {}),
          ...(display.due ? { due: display.due } : {}),
          ...extra,
        }),
      )}`,
    [path, display.issueView, display.groupByProperty, display.orderBy, display.filters, display.due],
  );
  const start = useCallback((read: NewRead) => {
    // A transition: a sentinel can ask while part of the page is still hydrating.
    startTransition(() =>
      setReads((list) => {
        // One read of a kind (and group) for a shape at a time.
        const same = (other: Read) =>
          other.kind === read.kind &&
          sameShape(other.shape, read.shape) &&
          (read.kind !== "page" || (other.kind === "page" && other.key === read.key));
        if (list.some(same)) return list;
        return [...list, { ...read, id: nextId.current++ } as Read];
      }),
    );
  }, []);

  // What is held cannot answer the display shown now: read its windows.
  const matches = sameShape(held.shape, wanted);
  // Every issue of the same filters answers any grouping and order, and any due dates when it was
  // read for all of them.
  const answersLocally =
    matches || (held.complete && held.shape.filters === wanted.filters && (held.shape.due === "" || held.shape.due === wanted.due));
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the wanted shape.
  useEffect(() => {
    if (!answersLocally) start({ kind: "windows", shape: wanted, url: request({}) });
  }, [answersLocally, wantedKey]);

  /** Reads the next page of a group whose end came into view. */
  const loadMore = useCallback(
    (key: string) => {
      const current = latest.current;
      const group = current.groups.get(key);
      if (!group || group.next_cursor === null) return;
      start({ kind: "page", shape: current.shape, key, url: request({ group: key, cursor: group.next_cursor }) });
    },
    [request, start],
  );

  // Board changes: the counts of groups the page does not wholly hold are read again.
  const firstLive = useRef(liveChanged);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the board's changes arrive.
  useEffect(() => {
    if (firstLive.current === liveChanged) return;
    const current = latest.current;
    if (current.complete || !sameShape(current.shape, wanted)) return;
    const timer = setTimeout(() => start({ kind: "counts", shape: current.shape, url: request({ counts: true }) }), COUNTS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [liveChanged]);

  // Answers land in transitions: one can arrive while part of the page is still hydrating (a lazy
  // layout), where an urgent update would make React drop the server's HTML (error 421).
  const done = useCallback((read: Read, answer: Answer) => {
    startTransition(() => setReads((list) => list.filter((item) => item.id !== read.id)));
    if ("ok" in answer) {
      console.error("Issues could not be loaded.", answer.error);
      return;
    }
    const current = latest.current;
    let next: HeldWindows | null = null;
    if ("windows" in answer) next = heldOf(answer.windows, JSON.parse(read.shape.filters));
    else if (!sameShape(current.shape, read.shape)) return;
    else if ("page" in answer) next = withPage(current, answer.page);
    else if ("counts" in answer) {
      const groups = new Map(current.groups);
      for (const [key, group] of groups) groups.set(key, { ...group, count: answer.counts.groups[key] ?? 0 });
      next = { ...current, groups, total: answer.counts.total };
    }
    if (!next) return;
    latest.current = next;
    startTransition(() => setHeld(next));
  }, []);

  /** A write's answer: the issue's row as it now is (its bridge row kept), or issues gone. */
  const applyIssue = useCallback((issue: ViewIssue) => {
    const current = latest.current;
    if (!current.issues.some((held) => held.id === issue.id)) return;
    const issues = current.issues.map((held) => (held.id === issue.id ? { ...issue, bridge_id: held.bridge_id } : held));
    latest.current = { ...current, issues };
    setHeld(latest.current);
  }, []);
  const removeIssues = useCallback((ids: string[]) => {
    const gone = new Set(ids);
    const current = latest.current;
    latest.current = { ...current, issues: current.issues.filter((issue) => !gone.has(issue.id)) };
    setHeld(latest.current);
  }, []);

  const readers = reads.map((read) => <WindowsReader key={read.id} read={read} onDone={done} />);
  const loading = useMemo(() => new Set(reads.flatMap((read) => (read.kind === "page" ? [read.key] : []))), [reads]);
  return { held, matches, loadMore, loading, readers, applyIssue, removeIssues };
}

