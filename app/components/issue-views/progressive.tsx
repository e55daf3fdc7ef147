// Long groups at any length. The page holds each group's first page; when the end of what a group
// shows comes within a screen of the viewport, a sentinel asks for the group's next page
// (GroupPagesContext), so a column of 5,000 issues is read a page at a time as it scrolls.
// Groups are virtualised (@tanstack/react-virtual): only the cards or rows in sight, and a few
// either side, are in the page, between two spacers that keep the group's full height. A kanban
// column scrolls itself; list groups share the layout's scroll box (IssueScrollerContext), each
// placed by its offset in it.
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type RefObject, createContext, useContext, useEffect, useRef, useState } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-browser-layout-effect";
import { SortableList } from "./dnd";
import type { IssueGroup, ViewIssue } from "./model";


/** Reads a group's next page; `loading` names the groups whose page is being read. */
export const GroupPagesContext = createContext<{ loadMore(key: string): void; loading: ReadonlySet<string> }>({
  loadMore() {},
  loading: new Set(),
});

/**
 * A sentinel that calls `onNear` while it is within a screen of the viewport (and again after each
 * change of `progress`, so one still in sight asks again once the last ask was answered).
 */
function useNearEnd(active: boolean, progress: unknown, onNear: () => void) {
  const sentinel = useRef<HTMLElement | null>(null);
  const latest = useRef(onNear);
  latest.current = onNear;
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe afresh after each step, so a sentinel still in view fires again.
  useEffect(() => {
    const element = sentinel.current;
    if (!active || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "800px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [active, progress]);
  return sentinel;
}

/**
 * The element after a group's last drawn issue: invisible while more can be drawn at once, a
 * "Loading more issues..." line while the next page is read. Not an issue (no data-issue-id):
 * drag and drop ignores it.
 */
function EndMarker({
  as: Tag,
  sentinel,
  remaining,
  loading,
}: {
  as: "li" | "div";
  sentinel: React.MutableRefObject<HTMLElement | null>;
  remaining: number;
  loading: boolean;
}) {
  return (
    <Tag
      ref={(element: HTMLElement | null) => {
        sentinel.current = element;
      }}
      data-more-issues={remaining}
      role={loading ? "status" : undefined}
      aria-hidden={loading ? undefined : true}
      className={loading ? "shrink-0 px-3 py-2 text-xs text-neutral-500" : "h-px shrink-0"}
    >
      {loading ? "Loading more issues..." : null}
    </Tag>
  );
}

/** The box the list layout scrolls in (the issue views' layout area). */
export const IssueScrollerContext = createContext<RefObject<HTMLElement | null>>({ current: null });

/** A list row's fixed height (h-11). */
const ROW_HEIGHT = 44;
/** What the server draws of a list before the browser knows the window: about a screen. */
const SERVER_WINDOW = { width: 1200, height: 800 };

/**
 * A list group's rows, virtualised in the layout's scroll box: the rows in sight and ten either
 * side. The group's offset in the box (`scrollMargin`) is measured after each render, since groups
 * above it grow as they read more.
 */
export function VirtualIssueRows({
  group,
  className,
  children: renderIssue,
}: {
  group: IssueGroup;
  className: string;
  children(issue: ViewIssue, slot: CardSlot): ReactNode;
}) {
  const pages = useContext(GroupPagesContext);
  const scroller = useContext(IssueScrollerContext);
  const list = useRef<HTMLElement | null>(null);
  const [offset, setOffset] = useState(0);
  useBrowserLayoutEffect(() => {
    const box = scroller.current;
    const element = list.current;
    if (!box || !element) return;
    const next = Math.round(element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop);
    if (next !== offset) setOffset(next);
  });
  const issues = group.issues;
  const margin = useDrawMargin(10);
  const virtualizer = useVirtualizer({
    count: issues.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: margin,
    scrollMargin: offset,
    initialRect: SERVER_WINDOW,
    getItemKey: (index) => issues[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - offset : 0;
  const after = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - offset)) : 0;
  const atEnd = !last || last.index >= issues.length - 1;
  const sentinel = useNearEnd(group.more && atEnd, issues.length, () => pages.loadMore(group.key));
  return (
    <SortableList
      as="ul"
      groupKey={group.key}
      className={className}
      data-first-index={first?.index ?? 0}
      elementRef={(element) => {
        list.current = element;
      }}
    >
      {before > 0 ? <li aria-hidden="true" style={{ height: before }} /> : null}
      {items.map((item) => {
        const issue = issues[item.index];
        return issue ? renderIssue(issue, { index: item.index, measure: virtualizer.measureElement }) : null;
      })}
      {after > 0 ? <li aria-hidden="true" style={{ height: after }} /> : null}
      {group.more ? <EndMarker as="li" sentinel={sentinel} remaining={group.count - issues.length} loading={pages.loading.has(group.key)} /> : null}
    </SortableList>
  );
}

/**
 * Whether the page has hydrated. Before (the server's render and the first in the browser, which
 * must match it) groups draw only what a screen shows, with nothing either side: the document
 * stays small however long the groups are. After, they draw a margin either side for scrolling.
 */
function useDrawMargin(margin: number) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? margin : 0;
}

/** What a virtualised card puts on its element: its index, and the ref that measures it. */
export interface CardSlot {
  index: number;
  measure(element: Element | null): void;
}

/** About a card's height with the gap after it; each card is measured once drawn. */
const CARD_ESTIMATE = 104;
const CARD_GAP = 8;
/** What the server draws of a column before the browser knows its height: about a screen. */
const SERVER_COLUMN = { width: 384, height: 720 };

/**
 * A kanban column's cards, virtualised in the column's own scroll box: what is in sight and six
 * cards either side. `data-first-index` tells drag and drop where the drawn cards start, so a drop
 * lands at its place in the whole column.
 */
export function VirtualIssueColumn({
  group,
  className,
  children: renderIssue,
}: {
  group: IssueGroup;
  className: string;
  children(issue: ViewIssue, slot: CardSlot): ReactNode;
}) {
  const pages = useContext(GroupPagesContext);
  const scroller = useRef<HTMLElement | null>(null);
  const issues = group.issues;
  const margin = useDrawMargin(6);
  const virtualizer = useVirtualizer({
    count: issues.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    gap: CARD_GAP,
    overscan: margin,
    initialRect: SERVER_COLUMN,
    getItemKey: (index) => issues[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start : 0;
  const after = last ? Math.max(0, virtualizer.getTotalSize() - last.end - CARD_GAP) : 0;
  const atEnd = !last || last.index >= issues.length - 1;
  const sentinel = useNearEnd(group.more && atEnd, issues.length, () => pages.loadMore(group.key));
  return (
    <SortableList
      groupKey={group.key}
      className={className}
      data-first-index={first?.index ?? 0}
      elementRef={(element) => {
        scroller.current = element;
      }}
    >
      {before > 0 ? <div aria-hidden="true" className="shrink-0" style={{ height: before - CARD_GAP }} /> : null}
      {items.map((item) => {
        const issue = issues[item.index];
        return issue ? renderIssue(issue, { index: item.index, measure: virtualizer.measureElement }) : null;
      })}
      {after > 0 ? <div aria-hidden="true" className="shrink-0" style={{ height: after }} /> : null}
      {group.more ? (
        <EndMarker as="div" sentinel={sentinel} remaining={group.count - issues.length} loading={pages.loading.has(group.key)} />
      ) : null}
    </SortableList>
  );
}
