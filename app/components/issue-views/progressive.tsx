// Long groups at any length. The page holds each group's first page; when the end of what a group
// shows comes within a screen of the viewport, a sentinel asks for the group's next page
// (GroupPagesContext), so a column of 5,000 issues is read a page at a time as it scrolls.
// Kanban columns are virtualised (@tanstack/react-virtual): only the cards in sight, and a few
// either side, are in the page, between two spacers that keep the column's full height. List
// groups draw their held rows in steps of STEP (the server, and the first client render, which
// must match it for hydration, draw FIRST_RENDER_PER_GROUP).
import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, createContext, useContext, useEffect, useRef, useState } from "react";
import { SortableList } from "./dnd";
import type { IssueGroup, ViewIssue } from "./model";

export const FIRST_RENDER_PER_GROUP = 50;
const STEP = 100;

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

/** A list group's rows, drawn in steps as it scrolls into view, its next page read at its end. */
export function ProgressiveIssueList({
  group,
  as = "div",
  className,
  children: renderIssue,
}: {
  group: IssueGroup;
  as?: "div" | "ul";
  className: string;
  children(issue: ViewIssue): ReactNode;
}) {
  const pages = useContext(GroupPagesContext);
  const [limit, setLimit] = useState(FIRST_RENDER_PER_GROUP);
  const held = group.issues.length;
  const drawMore = held > limit;
  const active = drawMore || group.more;
  const sentinel = useNearEnd(active, `${limit}:${held}`, () => {
    if (drawMore) setLimit((current) => current + STEP);
    else pages.loadMore(group.key);
  });
  const count = Math.min(held, limit);
  return (
    <SortableList as={as} groupKey={group.key} className={className}>
      {group.issues.slice(0, count).map(renderIssue)}
      {active ? (
        <EndMarker as={as === "ul" ? "li" : "div"} sentinel={sentinel} remaining={group.count - count} loading={pages.loading.has(group.key)} />
      ) : null}
    </SortableList>
  );
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
const SERVER_COLUMN = { width: 384, height: 960 };

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
  const virtualizer = useVirtualizer({
    count: issues.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    gap: CARD_GAP,
    overscan: 6,
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
