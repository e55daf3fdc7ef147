// Long groups at any length. The page holds each group's first page; when the end of what a group
// shows comes within half a screen of sight, a sentinel asks for the group's next page
// (GroupPagesContext), so a column of 5,000 issues is read a page at a time as it scrolls.
// Groups are virtualised (@tanstack/react-virtual): only the cards or rows in sight, and a few
// either side, are in the page, between two spacers that keep the group's full height. A kanban
// column scrolls itself; list groups share the layout's scroll box (IssueScrollerContext), each
// placed by its offset in it. The virtualiser's code is not part of what the page loads before
// it is interactive: until it arrives (just after hydration) a group draws its first screen.
import type { Virtualizer } from "@tanstack/react-virtual";
import {
  type ReactNode,
  type RefObject,
  createContext,
  startTransition,
  useContext,
  useEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { useBrowserLayoutEffect } from "~/hooks/use-browser-layout-effect";
import { SortableList } from "./dnd";
import type { IssueGroup, ViewIssue } from "./model";


/** Reads a group's next page; `loading` names the groups whose page is being read. */
export const GroupPagesContext = createContext<{ loadMore(key: string): void; loading: ReadonlySet<string> }>({
  loadMore() {},
  loading: new Set(),
});

/**
 * A sentinel that calls `onNear` while it is within half a screen of sight in `scroller` (the box
 * the group scrolls in, which clips it), and again after each change of `progress`, so one still
 * in sight asks again once the last ask was answered.
 */
function useNearEnd(active: boolean, progress: unknown, scroller: RefObject<HTMLElement | null>, onNear: () => void) {
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
      { root: scroller.current, rootMargin: "50% 0px" },
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
  as: "li" | "div" | "tr";
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
      className={loading ? "block shrink-0 px-3 py-2 text-xs text-neutral-500" : "block h-px shrink-0"}
    >
      {loading ? "Loading more issues..." : null}
    </Tag>
  );
}

/** The box the list layout scrolls in (the issue views' layout area). */
export const IssueScrollerContext = createContext<RefObject<HTMLElement | null>>({ current: null });

/**
 * Whether the page has hydrated. Before (the server's render and the first in the browser, which
 * must match it) groups draw only what a screen shows, with nothing either side: the document
 * stays small however long the groups are. After, they draw a margin either side for scrolling.
 */
function useDrawMargin(margin: number) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated ? margin : 0;
}

type VirtualCore = typeof import("@tanstack/react-virtual");
let loadedCore: VirtualCore | null = null;
let loadingCore: Promise<VirtualCore> | null = null;

/** The virtualiser's module, read once the page has hydrated; null until it has arrived. */
function useVirtualCore(): VirtualCore | null {
  const [core, setCore] = useState(loadedCore);
  useEffect(() => {
    if (core) return;
    let live = true;
    loadingCore ??= import("@tanstack/react-virtual").then((module) => {
      loadedCore = module;
      return module;
    });
    loadingCore.then(
      (module) => live && startTransition(() => setCore(module)),
      () => {
        loadingCore = null;
      },
    );
    return () => {
      live = false;
    };
  }, [core]);
  return core;
}

interface WindowOptions {
  count: number;
  getScrollElement(): HTMLElement | null;
  estimate: number;
  gap: number;
  overscan: number;
  scrollMargin: number;
  initialRect: { width: number; height: number };
  getItemKey(index: number): string | number;
}

interface DrawnItem {
  index: number;
  start: number;
  end: number;
}

interface IssueWindow {
  items: DrawnItem[];
  totalSize: number;
  measure(element: Element | null): void;
}

const measureNothing = () => {};

/**
 * The items a group draws before the virtualiser has arrived: those whose top is within the first
 * screen (`initialRect`), as the virtualiser itself draws them from the top with no margin.
 */
function firstScreen({ count, estimate, gap, scrollMargin, initialRect }: WindowOptions): IssueWindow {
  const items: DrawnItem[] = [];
  for (let index = 0; index < count; index++) {
    const start = scrollMargin + index * (estimate + gap);
    items.push({ index, start, end: start + estimate });
    if (index * (estimate + gap) + estimate >= initialRect.height) break;
  }
  return { items, totalSize: Math.max(count * estimate + Math.max(count - 1, 0) * gap, 0), measure: measureNothing };
}

/**
 * `@tanstack/react-virtual`'s element virtualiser, driven as its own hook drives it, once its code
 * has loaded; until then the first screen. The same hooks run on every render either way, so the
 * drawn cards keep their elements when the virtualiser takes over.
 */
function useIssueWindow(options: WindowOptions): IssueWindow {
  const core = useVirtualCore();
  const rerender = useReducer((count: number) => count + 1, 0)[1];
  const instance = useRef<Virtualizer<HTMLElement, Element> | null>(null);
  if (core) {
    const resolved = {
      count: options.count,
      getScrollElement: options.getScrollElement,
      estimateSize: () => options.estimate,
      gap: options.gap,
      overscan: options.overscan,
      scrollMargin: options.scrollMargin,
      initialRect: options.initialRect,
      getItemKey: options.getItemKey,
      observeElementRect: core.observeElementRect,
      observeElementOffset: core.observeElementOffset,
      scrollToFn: core.elementScroll,
      onChange: (_: unknown, sync: boolean) => (sync ? flushSync(rerender) : rerender()),
    };
    instance.current ??= new core.Virtualizer<HTMLElement, Element>(resolved);
    instance.current.setOptions(resolved);
  }
  const virtualizer = instance.current;
  useBrowserLayoutEffect(() => virtualizer?._didMount(), [virtualizer]);
  useBrowserLayoutEffect(() => virtualizer?._willUpdate());
  if (!virtualizer) return firstScreen(options);
  return { items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize(), measure: virtualizer.measureElement };
}

/** What a virtualised card or row puts on its element: its index, and the ref that measures it. */
export interface CardSlot {
  index: number;
  measure(element: Element | null): void;
}

/** How a layout's groups are drawn. */
interface GroupShape {
  /** `column`: the group scrolls itself (a kanban column); `section`: groups share the layout's box. */
  scroll: "column" | "section";
  as: "div" | "ul" | "tbody";
  /** An item's height before it is measured, and the gap after each. */
  estimate: number;
  gap: number;
  /** Items drawn either side of those in sight, once hydrated. */
  margin: number;
  /** What is drawn before the browser knows the box: about a screen. */
  serverRect: { width: number; height: number };
}

/** A kanban column: its own scroll box, cards of any height 8 px apart. */
export const KANBAN_COLUMN: GroupShape = { scroll: "column", as: "div", estimate: 104, gap: 8, margin: 6, serverRect: { width: 384, height: 720 } };
/** A list group: rows of 44 px (h-11) in the layout's shared scroll box. */
export const LIST_SECTION: GroupShape = { scroll: "section", as: "ul", estimate: 44, gap: 0, margin: 10, serverRect: { width: 1200, height: 800 } };
/** The spreadsheet's rows: 40 px (h-10), in the layout's shared scroll box. */
export const SPREADSHEET_ROWS: GroupShape = { scroll: "section", as: "tbody", estimate: 40, gap: 0, margin: 15, serverRect: { width: 1200, height: 800 } };

/**
 * A group's issues, virtualised: only those in sight and `margin` either side are drawn, between
 * two spacers that keep the group's full height. A section is placed in the shared box by its
 * offset (`scrollMargin`), measured after each render, since groups above it grow as they read
 * more. `data-first-index` tells drag and drop where the drawn issues start, so a drop lands at its
 * place in the whole group.
 */
export function VirtualIssueList({
  group,
  shape,
  className,
  children: renderIssue,
}: {
  group: IssueGroup;
  shape: GroupShape;
  className: string;
  children(issue: ViewIssue, slot: CardSlot): ReactNode;
}) {
  const pages = useContext(GroupPagesContext);
  const shared = useContext(IssueScrollerContext);
  const own = useRef<HTMLElement | null>(null);
  const scroller = shape.scroll === "section" ? shared : own;
  const [offset, setOffset] = useState(0);
  useBrowserLayoutEffect(() => {
    const box = shared.current;
    const element = own.current;
    if (shape.scroll !== "section" || !box || !element) return;
    const next = Math.round(element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop);
    if (next !== offset) setOffset(next);
  });
  const issues = group.issues;
  const margin = useDrawMargin(shape.margin);
  const drawn = useIssueWindow({
    count: issues.length,
    getScrollElement: () => scroller.current,
    estimate: shape.estimate,
    gap: shape.gap,
    overscan: margin,
    scrollMargin: offset,
    initialRect: shape.serverRect,
    getItemKey: (index) => issues[index]?.id ?? index,
  });
  const items = drawn.items;
  const first = items[0];
  const last = items[items.length - 1];
  // The spacers stand in for the items (and their gaps) above and below those drawn.
  const before = first ? first.start - offset - shape.gap : 0;
  const after = last ? drawn.totalSize - (last.end - offset) - shape.gap : 0;
  const atEnd = !last || last.index >= issues.length - 1;
  const sentinel = useNearEnd(group.more && atEnd, issues.length, scroller, () => pages.loadMore(group.key));
  const Spacer = shape.as === "ul" ? "li" : shape.as === "tbody" ? "tr" : "div";
  return (
    <SortableList
      as={shape.as}
      groupKey={group.key}
      className={className}
      data-first-index={first?.index ?? 0}
      elementRef={(element) => {
        own.current = element;
      }}
    >
      {before > 0 ? <Spacer aria-hidden="true" className="block shrink-0" style={{ height: before }} /> : null}
      {items.map((item) => {
        const issue = issues[item.index];
        return issue ? renderIssue(issue, { index: item.index, measure: drawn.measure }) : null;
      })}
      {after > 0 ? <Spacer aria-hidden="true" className="block shrink-0" style={{ height: after }} /> : null}
      {group.more ? (
        <EndMarker as={Spacer} sentinel={sentinel} remaining={group.count - issues.length} loading={pages.loading.has(group.key)} />
      ) : null}
    </SortableList>
  );
}
