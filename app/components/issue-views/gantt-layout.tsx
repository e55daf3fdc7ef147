// The Gantt layout, loaded on demand: a month view at 80 px per day, bars
// from start_date to target_date; without a due date the bar spans created_at to updated_at and
// says so. Day lines are a CSS background, so a row costs two elements whatever the range.
import { useEffect, useMemo, useRef } from "react";
import { StateGroupIcon } from "~/components/issue-icons";
import {
  GANTT_DAY_WIDTH,
  GANTT_NO_DUE_DATE_NOTE,
  dateOfDay,
  dayNumber,
  stateColor,
  todayUtc,
} from "~/lib/issue-display";
import { firstDayOfMonth, formatMonth } from "../../../workers/domain/schemas/dates";
import { type ViewIssue, issueKey } from "./model";
import { IssueLink, useViewContext } from "./parts";
import { readableTextOn } from "~/lib/contrast";

const ROW_HEIGHT = 40;
const SIDEBAR_WIDTH = 288;
/** At most this many months either side of today, whatever odd dates an issue holds. */
const MAX_MONTHS_AWAY = 24;

interface Bar {
  issue: ViewIssue;
  start: number;
  end: number;
  noDueDate: boolean;
}

function barOf(issue: ViewIssue): Bar {
  if (!issue.target_date) {
    const start = dayNumber(issue.created_at);
    return { issue, start, end: Math.max(start, dayNumber(issue.updated_at)), noDueDate: true };
  }
  const end = dayNumber(issue.target_date);
  const start = Math.min(end, dayNumber(issue.start_date ?? issue.created_at));
  return { issue, start, end, noDueDate: false };
}

/** Whole months covering today and every bar (within MAX_MONTHS_AWAY of today). */
function monthsFor(bars: Bar[], today: number) {
  const todayDate = dateOfDay(today);
  const year = Number(todayDate.slice(0, 4));
  const month = Number(todayDate.slice(5, 7)) - 1;
  const floor = firstDayOfMonth(year, month - MAX_MONTHS_AWAY);
  const ceiling = firstDayOfMonth(year, month + MAX_MONTHS_AWAY + 1) - 1;
  let min = today;
  let max = today;
  for (const bar of bars) {
    min = Math.min(min, Math.max(bar.start, floor));
    max = Math.max(max, Math.min(bar.end, ceiling));
  }
  const months: { label: string; start: number; days: number }[] = [];
  const first = dateOfDay(min);
  const y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7)) - 1;
  while (firstDayOfMonth(y, m) <= max) {
    const start = firstDayOfMonth(y, m);
    const days = firstDayOfMonth(y, m + 1) - start;
    months.push({ label: formatMonth(start), start, days });
    m += 1;
  }
  return months;
}

export default function GanttLayout({ issues }: { issues: ViewIssue[] }) {
  const { identifier, lookups } = useViewContext();
  const scroller = useRef<HTMLElement>(null);
  const today = dayNumber(todayUtc());
  const bars = useMemo(() => issues.map(barOf), [issues]);
  const months = useMemo(() => monthsFor(bars, today), [bars, today]);
  const rangeStart = months[0]?.start ?? today;
  const totalDays = months.reduce((sum, month) => sum + month.days, 0);
  const width = totalDays * GANTT_DAY_WIDTH;

  // Open on today, a little in from the left edge.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = Math.max(0, (today - rangeStart - 3) * GANTT_DAY_WIDTH);
  }, [today, rangeStart]);

  const days = Array.from({ length: totalDays }, (_, index) => rangeStart + index);
  const dayLines = `repeating-linear-gradient(to right, transparent 0 ${GANTT_DAY_WIDTH - 1}px, var(--color-neutral-100) ${GANTT_DAY_WIDTH - 1}px ${GANTT_DAY_WIDTH}px)`;

  return (
    <section ref={scroller} className="relative h-full overflow-auto bg-surface" aria-label="Gantt chart">
      <div style={{ width: SIDEBAR_WIDTH + width }} className="relative">
        <div className="sticky top-0 z-20 flex border-b border-neutral-200 bg-surface">
          <div
            className="sticky left-0 z-10 flex shrink-0 items-end border-r border-neutral-200 bg-surface px-4 pb-1.5 text-xs font-medium text-neutral-500"
            style={{ width: SIDEBAR_WIDTH }}
          >
            Issues
          </div>
          <div style={{ width }}>
            <div className="flex h-7 border-b border-neutral-100">
              {months.map((month) => (
                <div
                  key={month.start}
                  className="shrink-0 border-r border-neutral-200 pt-1.5 text-xs font-semibold text-neutral-700"
                  style={{ width: month.days * GANTT_DAY_WIDTH }}
                >
                  {/* The month's name stays in sight beside the issue column while its days scroll by. */}
                  <span className="sticky inline-block px-2" style={{ left: SIDEBAR_WIDTH }}>
                    {month.label}
                  </span>
                </div>
              ))}
            </div>
            <div className="flex h-6">
              {days.map((day) => (
                <div
                  key={day}
                  className={`shrink-0 border-r border-neutral-100 text-center text-[11px] leading-6 ${
                    day === today ? "bg-brand-50 dark:bg-brand-500/15 font-semibold text-brand-600 dark:text-brand-400" : "text-neutral-400"
                  }`}
                  style={{ width: GANTT_DAY_WIDTH }}
                >
                  {Number(dateOfDay(day).slice(8, 10))}
                </div>
              ))}
            </div>
          </div>
        </div>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-0 bottom-0 z-0 w-px bg-brand-400/60"
          style={{ left: SIDEBAR_WIDTH + (today - rangeStart) * GANTT_DAY_WIDTH + GANTT_DAY_WIDTH / 2 }}
        />
        <ul aria-label="Issues on the timeline">
          {bars.map((bar) => {
            const state = bar.issue.state ? lookups.states.get(bar.issue.state) : undefined;
            const color = stateColor(state);
            const left = (bar.start - rangeStart) * GANTT_DAY_WIDTH;
            const barWidth = (bar.end - bar.start + 1) * GANTT_DAY_WIDTH;
            const key = issueKey(identifier, bar.issue);
            return (
              <li key={bar.issue.id} data-gantt-issue={bar.issue.id} className="flex border-b border-neutral-100" style={{ height: ROW_HEIGHT }}>
                <div
                  className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-neutral-200 bg-surface px-4"
                  style={{ width: SIDEBAR_WIDTH }}
                >
                  <StateGroupIcon group={state?.group ?? "backlog"} color={color} size={12} />
                  <span className="shrink-0 text-xs text-neutral-400">{key}</span>
                  <IssueLink issue={bar.issue} max={50} className="truncate text-sm text-neutral-800" />
                </div>
                <div className="relative" style={{ width, backgroundImage: dayLines }}>
                  <div
                    className={`absolute top-2 flex h-6 items-center overflow-hidden rounded-md px-2 text-xs whitespace-nowrap ${
                      bar.noDueDate ? "border border-dashed text-neutral-700" : "shadow-xs"
                    }`}
                    style={{
                      left,
                      width: barWidth,
                      backgroundColor: bar.noDueDate ? `${color}22` : color,
                      color: bar.noDueDate ? undefined : readableTextOn(color),
                      borderColor: bar.noDueDate ? color : undefined,
                    }}
                    title={bar.noDueDate ? `${bar.issue.name}: ${GANTT_NO_DUE_DATE_NOTE}` : bar.issue.name}
                  >
                    <span className="truncate">{bar.issue.name}</span>
                  </div>
                  {bar.noDueDate ? (
                    <span
                      className="absolute top-2.5 text-[11px] whitespace-nowrap text-neutral-400 italic"
                      style={{ left: left + barWidth + 8 }}
                    >
                      {GANTT_NO_DUE_DATE_NOTE}
                    </span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
