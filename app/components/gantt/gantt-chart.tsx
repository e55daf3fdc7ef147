// The month Gantt every timeline in the app is drawn with (issues, cycles, modules): 80 px per
// day, eight months loaded around today and more loaded as the reader scrolls near either end, a
// sticky column of names, one block per row, and a full-screen mode. Rows are windowed, so only
// the rows in sight are in the page: a thousand rows scroll as smoothly as ten; so are the
// header's day numbers. Day lines are a CSS background, so a row costs a few elements whatever
// the range.
import { type CSSProperties, type ReactNode, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useBrowserLayoutEffect } from "~/hooks/use-browser-layout-effect";
import { ClientLink } from "~/components/ui/client-link";
import { useScrollSpan, useWindowedRows } from "~/hooks/use-windowed-rows";
import { readableTextOn } from "~/lib/contrast";
import { type GanttRange, blockBox, daysIn, daysInSight, edgeNear, extendRange, initialRange, monthsOf, openingScroll } from "~/lib/gantt";
import { FALLBACK_STATE_COLOR, GANTT_DAY_WIDTH, GANTT_NO_DUE_DATE_NOTE, dateOfDay, dayNumber, todayUtc } from "~/lib/issue-display";
import { icon } from "../icons";

/** One row of the chart: a name in the left column and a block from `start` to `end`. */
/** Rows from the end at which the caller is told the end is near. */
const NEAR_END_ROWS = 10;

export interface GanttBlock {
  id: string;
  name: string;
  /** First and last day of the block (UTC day numbers, both included); null draws no block. */
  start: number | null;
  end: number | null;
  /** Where the row's name and block lead. */
  href?: string;
  /** The block's colour; grey without one. */
  color?: string;
  /** The block stands in for missing dates (see `blockSpan`): drawn dashed, with a note. */
  noDueDate?: boolean;
  /** Shown before the name (a state icon, an issue key). */
  icon?: ReactNode;
}

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 52;
const NAME_COLUMN_WIDTH = 288;
const NARROW_NAME_COLUMN_WIDTH = 160;

/** A layout effect in the browser; nothing on the server, where there is no layout. */

const IconExpand = icon("expand");
const IconShrink = icon("shrink");

function useNameColumnWidth() {
  const [width, setWidth] = useState(NAME_COLUMN_WIDTH);
  useEffect(() => {
    const query = window.matchMedia("(max-width: 767px)");
    const apply = () => setWidth(query.matches ? NARROW_NAME_COLUMN_WIDTH : NAME_COLUMN_WIDTH);
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);
  return width;
}

export function GanttChart({
  blocks,
  title,
  nameHeading,
  label = "Gantt chart",
  emptyText,
  onNearEnd,
}: {
  blocks: GanttBlock[];
  /** The chart's own heading beside the "Gantt View Beta" tag. */
  title?: string;
  /** The heading of the name column ("Issues", "Cycles"). */
  nameHeading: string;
  /** The accessible name of the chart's region. */
  label?: string;
  /** Said in place of the rows when there are none. */
  emptyText?: string;
  /** Called while the last rows are in sight (the caller reads more, when it has more). */
  onNearEnd?: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const today = dayNumber(todayUtc());
  const [range, setRange] = useState<GanttRange>(() => initialRange(today));
  const [fullScreen, setFullScreen] = useState(false);
  const nameWidth = useNameColumnWidth();
  const months = useMemo(() => monthsOf(range), [range]);
  const width = daysIn(range) * GANTT_DAY_WIDTH;
  const rows = useWindowedRows(scroller, blocks.length, ROW_HEIGHT, HEADER_HEIGHT);
  const nearEnd = blocks.length > 0 && rows.last >= blocks.length - NEAR_END_ROWS;
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again after each read that left the end in sight.
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, blocks.length]);
  /** Days added in front by the last extension: the scroll position moves right by as much. */
  const pendingShift = useRef(0);

  const scrollToToday = useCallback(
    (behavior: ScrollBehavior = "auto") => {
      const element = scroller.current;
      if (element) element.scrollTo({ left: openingScroll(range, today), behavior });
    },
    [today, range],
  );

  // Open on today, a little in from the left edge.
  useBrowserLayoutEffect(() => {
    scrollToToday();
  }, []);

  // After growing to the left, keep what was in sight where it was.
  useBrowserLayoutEffect(() => {
    const element = scroller.current;
    if (element && pendingShift.current) {
      element.scrollLeft += pendingShift.current * GANTT_DAY_WIDTH;
      pendingShift.current = 0;
    }
  }, [range]);

  // Load more months when the reader nears either end.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      if (pendingShift.current) return;
      const side = edgeNear({ left: element.scrollLeft, width: element.scrollWidth - nameWidth, viewport: element.clientWidth - nameWidth });
      if (!side) return;
      setRange((old) => {
        const next = extendRange(old, side);
        pendingShift.current = next.addedDays;
        return next.range;
      });
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [nameWidth]);

  // Escape leaves full screen.
  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) setFullScreen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fullScreen]);

  const dayLines = `repeating-linear-gradient(to right, transparent 0 ${GANTT_DAY_WIDTH - 1}px, var(--color-neutral-100) ${GANTT_DAY_WIDTH - 1}px ${GANTT_DAY_WIDTH}px)`;
  const todayInRange = today >= range.start && today <= range.end;

  return (
    <section
      aria-label={label}
      data-gantt-range={`${dateOfDay(range.start)}..${dateOfDay(range.end)}`}
      className={`flex min-h-0 flex-col bg-surface ${fullScreen ? "fixed inset-0 z-50" : "h-full"}`}
    >
      <div className="flex h-10 shrink-0 items-center gap-2 border-b border-neutral-200 px-4">
        {title ? <h2 className="truncate text-sm font-medium text-neutral-800">{title}</h2> : null}
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
          Gantt View Beta
        </span>
        <div className="ml-auto flex items-center gap-1">
          <button
            type="button"
            onClick={() => scrollToToday("smooth")}
            className="rounded-md px-2 py-1 text-xs font-medium text-neutral-600 hover:bg-neutral-100"
          >
            Today
          </button>
          <button
            type="button"
            onClick={() => setFullScreen((on) => !on)}
            aria-pressed={fullScreen}
            aria-label={fullScreen ? "Exit full screen" : "Full screen"}
            title={fullScreen ? "Exit full screen" : "Full screen"}
            className="flex size-7 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100"
          >
            {fullScreen ? <IconShrink size={15} /> : <IconExpand size={15} />}
          </button>
        </div>
      </div>
      <div ref={scroller} className="relative min-h-0 flex-1 overflow-auto" data-gantt-scroller="">
        <div style={{ width: nameWidth + width, height: HEADER_HEIGHT + blocks.length * ROW_HEIGHT }} className="relative">
          <div className="sticky top-0 z-20 flex border-b border-neutral-200 bg-surface" style={{ height: HEADER_HEIGHT }}>
            <div
              className="sticky left-0 z-10 flex shrink-0 items-end border-r border-neutral-200 bg-surface px-4 pb-1.5 text-xs font-medium text-neutral-500"
              style={{ width: nameWidth }}
            >
              {nameHeading}
            </div>
            <div style={{ width }}>
              <div className="flex h-7 border-b border-neutral-100">
                {months.map((month) => (
                  <div
                    key={month.start}
                    data-gantt-month={month.label}
                    className="shrink-0 border-r border-neutral-200 pt-1.5 text-xs font-semibold text-neutral-700"
                    style={{ width: month.days * GANTT_DAY_WIDTH }}
                  >
                    {/* The month's name stays in sight beside the name column while its days scroll by. */}
                    <span className="sticky inline-block px-2" style={{ left: nameWidth }}>
                      {month.label}
                    </span>
                  </div>
                ))}
              </div>
              <DayNumbers scroller={scroller} range={range} today={today} nameWidth={nameWidth} />
            </div>
          </div>
          {todayInRange ? (
            <div
              aria-hidden="true"
              className="pointer-events-none absolute top-0 bottom-0 z-0 w-px bg-brand-400/60"
              style={{ left: nameWidth + (today - range.start) * GANTT_DAY_WIDTH + GANTT_DAY_WIDTH / 2 }}
            />
          ) : null}
          {blocks.length === 0 && emptyText ? (
            <p className="sticky left-0 px-4 py-6 text-sm text-neutral-500" style={{ width: `min(100%, ${nameWidth + 480}px)` }}>
              {emptyText}
            </p>
          ) : null}
          <ul aria-label={`${nameHeading} on the timeline`} className="relative" style={{ height: blocks.length * ROW_HEIGHT }}>
            {blocks.slice(rows.first, rows.last).map((block, offset) => (
              <GanttRow
                key={block.id}
                block={block}
                index={rows.first + offset}
                count={blocks.length}
                range={range}
                width={width}
                nameWidth={nameWidth}
                dayLines={dayLines}
              />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** Header cells drawn either side of the days in sight. */
const DAY_MARGIN = 14;
/** The box's width before it is measured (the server's render, the first paint): a wide window. */
const UNMEASURED_VIEWPORT = 1600;

/**
 * The header's row of day numbers: only the days in sight (and a margin) are drawn, after a
 * spacer standing in for those before them, so eight months of days cost a screen's worth of
 * cells. Before the box is measured, the days where the chart opens (today) are drawn.
 */
function DayNumbers({ scroller, range, today, nameWidth }: { scroller: RefObject<HTMLElement | null>; range: GanttRange; today: number; nameWidth: number }) {
  const view = useScrollSpan(scroller, "x", { offset: openingScroll(range, today), size: UNMEASURED_VIEWPORT + nameWidth });
  const sight = daysInSight(range, view.offset, view.size - nameWidth, DAY_MARGIN);
  const days = Array.from({ length: sight.end - sight.start + 1 }, (_, index) => sight.start + index);
  return (
    <div className="flex h-6">
      <div aria-hidden="true" className="shrink-0" style={{ width: (sight.start - range.start) * GANTT_DAY_WIDTH }} />
      {days.map((day) => (
        <div
          key={day}
          data-gantt-day={dateOfDay(day)}
          className={`shrink-0 border-r border-neutral-100 text-center text-[11px] leading-6 ${
            day === today ? "bg-brand-50 font-semibold text-brand-600 dark:bg-brand-500/15 dark:text-brand-400" : "text-neutral-500"
          }`}
          style={{ width: GANTT_DAY_WIDTH }}
        >
          {Number(dateOfDay(day).slice(8, 10))}
        </div>
      ))}
    </div>
  );
}

/**
 * A row's block: a link to the row's page when it has one, kept out of the tab order and hidden
 * from assistive tech (the row's name link says the same).
 */
function BlockBox({ href, className, style, children }: { href?: string; className: string; style: CSSProperties; children: ReactNode }) {
  if (!href) {
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  }
  return (
    <ClientLink to={href} aria-hidden="true" tabIndex={-1} className={className} style={style}>
      {children}
    </ClientLink>
  );
}

function GanttRow({
  block,
  index,
  count,
  range,
  width,
  nameWidth,
  dayLines,
}: {
  block: GanttBlock;
  index: number;
  count: number;
  range: GanttRange;
  width: number;
  nameWidth: number;
  dayLines: string;
}) {
  const color = block.color ?? FALLBACK_STATE_COLOR;
  const box = block.start !== null && block.end !== null ? blockBox(range, { start: block.start, end: block.end }) : null;
  const tooltip = block.noDueDate ? `${block.name}: ${GANTT_NO_DUE_DATE_NOTE}` : block.name;
  const bar = box ? (
    <div
      title={tooltip}
      className={`flex h-full w-full items-center overflow-clip rounded-md px-2 text-xs whitespace-nowrap ${
        block.noDueDate ? "border border-dashed text-neutral-700" : "shadow-xs"
      }`}
      style={{
        backgroundColor: block.noDueDate ? `${color}22` : color,
        color: block.noDueDate ? undefined : readableTextOn(color),
        borderColor: block.noDueDate ? color : undefined,
      }}
    >
      {/* The name sticks to the view's left edge (just past the name column) while the bar is in
          sight, so a bar that starts off screen still says what it is. overflow-clip, not hidden,
          on the bar: hidden would make the bar its own scroller and the name would not stick. */}
      <span className="sticky truncate" style={{ left: nameWidth + 8 }}>
        {block.name}
      </span>
    </div>
  ) : null;
  const barClass = "absolute top-2 block h-6 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500";
  return (
    <li
      data-gantt-block={block.id}
      aria-posinset={index + 1}
      aria-setsize={count}
      className="absolute left-0 flex border-b border-neutral-100"
      style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT, width: nameWidth + width }}
    >
      <div
        className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-neutral-200 bg-surface px-4"
        style={{ width: nameWidth }}
      >
        {block.icon}
        {block.href ? (
          <ClientLink to={block.href} title={block.name} className="truncate text-sm text-neutral-800 hover:underline">
            {block.name}
          </ClientLink>
        ) : (
          <span title={block.name} className="truncate text-sm text-neutral-800">
            {block.name}
          </span>
        )}
      </div>
      <div className="relative" style={{ width, backgroundImage: dayLines }}>
        {box && bar ? (
          <BlockBox href={block.href} className={barClass} style={{ left: box.left, width: box.width }}>
            {bar}
          </BlockBox>
        ) : null}
        {box && block.noDueDate ? (
          <span
            className="absolute top-2.5 text-[11px] whitespace-nowrap text-neutral-500 italic"
            style={{ left: box.left + box.width + 8 }}
          >
            {GANTT_NO_DUE_DATE_NOTE}
          </span>
        ) : null}
      </div>
    </li>
  );
}
