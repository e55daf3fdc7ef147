// The month Gantt's arithmetic, apart from React so it can be tested on its own: which days are
// loaded, how the loaded range grows when the reader scrolls near an edge, and where a block sits
// when its own dates are missing. Days are UTC day numbers (days since 1970-01-01), as in
// app/lib/issue-display.ts, so the server's render and the browser's hydration agree.
import { firstDayOfMonth, formatMonth } from "../../workers/domain/schemas/dates";
import { GANTT_DAY_WIDTH, dateOfDay, dayNumber } from "./issue-display";

/** How many months are loaded at first, around today. */
export const GANTT_LOADED_MONTHS = 8;
/** The months before today's month in the first range (the rest come after it). */
const MONTHS_BEFORE_TODAY = 3;
/** How many months one extension adds on the side the reader scrolled to. */
export const GANTT_EXTEND_MONTHS = 4;
/** Scrolling within this many pixels of either end of the loaded range loads more of it. */
export const GANTT_EDGE_PX = 1000;

/** A run of loaded days: `start` and `end` are day numbers, both included. */
export interface GanttRange {
  start: number;
  end: number;
}

export interface GanttMonth {
  label: string;
  /** Day number of the month's first day. */
  start: number;
  days: number;
}

function yearMonthOf(day: number) {
  const date = dateOfDay(day);
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 };
}

/**
 * The days of `range` whose header cells are drawn: those in sight when the chart is scrolled
 * `left` px in a box `viewport` px wide (beside the name column), and `margin` days either side.
 */
export function daysInSight(range: GanttRange, left: number, viewport: number, margin: number): GanttRange {
  const start = Math.max(range.start, range.start + Math.floor(left / GANTT_DAY_WIDTH) - margin);
  const end = Math.min(range.end, range.start + Math.ceil((left + viewport) / GANTT_DAY_WIDTH) + margin);
  return { start, end: Math.max(start, end) };
}

/** Where the chart opens: today a little in from the left edge (the scroll offset, in px). */
export const openingScroll = (range: GanttRange, today: number) => Math.max(0, (today - range.start - 3) * GANTT_DAY_WIDTH);

/** The first range: eight whole months, today's month the fourth of them. */
export function initialRange(today: number): GanttRange {
  const { year, month } = yearMonthOf(today);
  return {
    start: firstDayOfMonth(year, month - MONTHS_BEFORE_TODAY),
    end: firstDayOfMonth(year, month - MONTHS_BEFORE_TODAY + GANTT_LOADED_MONTHS) - 1,
  };
}

/**
 * The range grown by `months` whole months on one side. `addedDays` is how many days came in
 * front of the old first day (0 when growing to the right): the view scrolls right by that many
 * days so what the reader was looking at stays where it was.
 */
export function extendRange(range: GanttRange, side: "left" | "right", months = GANTT_EXTEND_MONTHS) {
  if (side === "left") {
    const { year, month } = yearMonthOf(range.start);
    const start = firstDayOfMonth(year, month - months);
    return { range: { start, end: range.end }, addedDays: range.start - start };
  }
  const { year, month } = yearMonthOf(range.end);
  return { range: { start: range.start, end: firstDayOfMonth(year, month + 1 + months) - 1 }, addedDays: 0 };
}

/** Which end of the loaded range the reader has scrolled close to, if either. */
export function edgeNear(scroll: { left: number; width: number; viewport: number }, threshold = GANTT_EDGE_PX): "left" | "right" | null {
  if (scroll.left < threshold) return "left";
  if (scroll.width - (scroll.left + scroll.viewport) < threshold) return "right";
  return null;
}

/** The months of a range, first to last. */
export function monthsOf(range: GanttRange): GanttMonth[] {
  const months: GanttMonth[] = [];
  let { year, month } = yearMonthOf(range.start);
  while (firstDayOfMonth(year, month) <= range.end) {
    const start = firstDayOfMonth(year, month);
    const next = firstDayOfMonth(year, month + 1);
    months.push({ label: formatMonth(start), start, days: next - start });
    month += 1;
    if (month > 11) {
      month = 0;
      year += 1;
    }
  }
  return months;
}

/** Days in a range, both ends included. */
export const daysIn = (range: GanttRange) => range.end - range.start + 1;

/**
 * The left offset and width in pixels of a block from `start` to `end` (both days included), cut
 * to the loaded range; null when it lies wholly outside (it appears once the range reaches it).
 */
export function blockBox(range: GanttRange, block: { start: number; end: number }) {
  const start = Math.max(block.start, range.start);
  const end = Math.min(block.end, range.end);
  if (start > end) return null;
  return { left: (start - range.start) * GANTT_DAY_WIDTH, width: (end - start + 1) * GANTT_DAY_WIDTH };
}

/**
 * Where an item's block goes. With both its dates the block spans them (an end before the start is
 * read as one day at the start); without both it spans the day it was created to the day it was
 * last updated, and says so (`noDueDate`).
 */
export function blockSpan(item: {
  start: string | null | undefined;
  end: string | null | undefined;
  created_at: string;
  updated_at: string;
}): { start: number; end: number; noDueDate: boolean } {
  if (item.start && item.end) {
    const start = dayNumber(item.start);
    return { start, end: Math.max(start, dayNumber(item.end)), noDueDate: false };
  }
  const start = dayNumber(item.created_at);
  return { start, end: Math.max(start, dayNumber(item.updated_at)), noDueDate: true };
}
