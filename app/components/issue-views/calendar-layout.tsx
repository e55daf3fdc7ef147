// The calendar layout, loaded on demand: monthly or weekly, weekdays
// only unless weekends are turned on, at most 4 issues a day then "{n} more" / "Hide", and an
// issue dragged to another day gets that day as its due date. Weeks start on Monday; days are UTC
// dates like the due dates themselves. The mode and the weekend toggle are remembered in the
// browser; an unreadable stored value is dropped and the default used.
import { useMemo, useState } from "react";
import { useStoredPreference } from "~/hooks/use-stored-preference";
import { useFirstScreen } from "~/hooks/use-first-screen";
import { StateGroupIcon } from "~/components/issue-icons";
import {
  CALENDAR_MAX_PER_DAY,
  TITLE_MAX,
  dateOfDay,
  dayNumber,
  stateColor,
  todayUtc,
} from "~/lib/issue-display";
import { firstDayOfMonth, formatMonth, formatMonthDay, monthGridDays, weekdayOf } from "../../../workers/domain/schemas/dates";
import { SortableList } from "./dnd";
import { type ViewIssue, issueKey } from "./model";
import { IssueLink, useViewContext } from "./parts";
import { IconChevronLeft } from "./view-icons";
import { IconChevronRight } from "~/components/icons";
import { toggled } from "~/lib/sets";

type Mode = "month" | "week";
interface CalendarPrefs {
  mode: Mode;
  showWeekends: boolean;
}

const STORAGE_KEY = "issue-views:calendar";
const DEFAULT_PREFS: CalendarPrefs = { mode: "month", showWeekends: false };
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** Weeks whose issues the server's render draws (about what a tall window shows); the rest once hydrated. */
const FIRST_SCREEN_WEEKS = 3;

/** The stored preferences, or null when they are not (or no longer) in this shape. */
function readPrefs(raw: string): CalendarPrefs | null {
  try {
    const value = JSON.parse(raw) as Partial<CalendarPrefs>;
    if ((value.mode !== "month" && value.mode !== "week") || typeof value.showWeekends !== "boolean") return null;
    return { mode: value.mode, showWeekends: value.showWeekends };
  } catch {
    return null;
  }
}

function monthOf(date: string) {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) - 1 };
}

/** The weeks (as lists of day numbers) the calendar shows around `anchor`. */
function weeksFor(mode: Mode, anchor: string): number[][] {
  const anchorDay = dayNumber(anchor);
  if (mode === "week") {
    const monday = anchorDay - weekdayOf(anchorDay);
    return [Array.from({ length: 7 }, (_, index) => monday + index)];
  }
  const { first, last } = monthGridDays(anchor);
  const weeks: number[][] = [];
  for (let monday = first; monday <= last; monday += 7) {
    weeks.push(Array.from({ length: 7 }, (_, index) => monday + index));
  }
  return weeks;
}

function shift(mode: Mode, anchor: string, direction: 1 | -1) {
  if (mode === "week") return dateOfDay(dayNumber(anchor) + 7 * direction);
  const { year, month } = monthOf(anchor);
  return dateOfDay(firstDayOfMonth(year, month + direction));
}

function titleOf(mode: Mode, anchor: string, weeks: number[][]) {
  if (mode === "month") {
    const { year, month } = monthOf(anchor);
    return formatMonth(firstDayOfMonth(year, month));
  }
  const days = weeks[0];
  return `${formatMonthDay(days[0])} - ${formatMonthDay(days[6])}, ${dateOfDay(days[6]).slice(0, 4)}`;
}

function CalendarIssue({ issue }: { issue: ViewIssue }) {
  const { identifier, lookups, properties } = useViewContext();
  const state = issue.state ? lookups.states.get(issue.state) : undefined;
  return (
    <div
      data-issue-id={issue.id}
      className="group flex h-7 items-center gap-1.5 rounded-md border border-neutral-200 bg-surface px-1.5 text-xs shadow-xs hover:border-neutral-300"
    >
      <StateGroupIcon group={state?.group ?? "backlog"} color={stateColor(state)} size={11} />
      {properties.key ? <span className="shrink-0 text-neutral-400">{issueKey(identifier, issue)}</span> : null}
      <IssueLink issue={issue} max={TITLE_MAX.calendar} className="min-w-0 truncate text-neutral-800 hover:text-neutral-950" />
    </div>
  );
}

/** `anchor` is the day the calendar is on (its month or week holds it); the issues are those due in its month. */
export default function CalendarLayout({ issues, anchor, onAnchor: setAnchor }: { issues: ViewIssue[]; anchor: string; onAnchor(day: string): void }) {
  const [prefs, savePrefs] = useStoredPreference<CalendarPrefs>(STORAGE_KEY, DEFAULT_PREFS, readPrefs, JSON.stringify);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const today = todayUtc();


  const byDay = useMemo(() => {
    const map = new Map<string, ViewIssue[]>();
    for (const issue of issues) {
      if (!issue.target_date) continue;
      const list = map.get(issue.target_date);
      if (list) list.push(issue);
      else map.set(issue.target_date, [issue]);
    }
    return map;
  }, [issues]);

  const weeks = weeksFor(prefs.mode, anchor);
  const weeksWithIssues = useFirstScreen(weeks, FIRST_SCREEN_WEEKS).length;
  const columns = prefs.showWeekends ? [0, 1, 2, 3, 4, 5, 6] : [0, 1, 2, 3, 4];
  const currentMonth = monthOf(anchor).month;
  const unit = prefs.mode === "month" ? "month" : "week";
  const toggleDay = (date: string) => setExpanded((current) => toggled(current, date));

  return (
    <div className="flex min-h-full flex-col bg-surface">
      <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-4 py-2 sm:px-6">
        <h2 className="min-w-40 text-sm font-semibold text-neutral-900" aria-live="polite">
          {titleOf(prefs.mode, anchor, weeks)}
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={`Previous ${unit}`}
            onClick={() => setAnchor(shift(prefs.mode, anchor, -1))}
            className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
          >
            <IconChevronLeft size={16} />
          </button>
          <button
            type="button"
            aria-label={`Next ${unit}`}
            onClick={() => setAnchor(shift(prefs.mode, anchor, 1))}
            className="rounded-md p-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
          >
            <IconChevronRight size={16} />
          </button>
          <button
            type="button"
            onClick={() => setAnchor(todayUtc())}
            className="ml-1 rounded-md border border-neutral-200 px-2 py-1 text-xs font-medium text-neutral-700 hover:bg-neutral-50"
          >
            Today
          </button>
        </div>
        <div className="ml-auto flex items-center gap-3">
          <label className="flex items-center gap-1.5 text-xs text-neutral-600">
            <input
              type="checkbox"
              className="size-3.5 accent-brand-500"
              checked={prefs.showWeekends}
              onChange={(event) => savePrefs({ ...prefs, showWeekends: event.target.checked })}
            />
            Show weekends
          </label>
          <fieldset className="flex rounded-md bg-neutral-100 p-0.5">
            <legend className="sr-only">Calendar range</legend>
            {(["month", "week"] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={prefs.mode === mode}
                onClick={() => savePrefs({ ...prefs, mode })}
                className={`rounded px-2 py-0.5 text-xs font-medium ${
                  prefs.mode === mode ? "bg-surface text-neutral-900 shadow-xs" : "text-neutral-500 hover:text-neutral-800"
                }`}
              >
                {mode === "month" ? "Monthly" : "Weekly"}
              </button>
            ))}
          </fieldset>
        </div>
      </div>
      <div className="grid border-b border-neutral-200 bg-neutral-50" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}>
        {columns.map((column) => (
          <div key={column} className="px-2 py-1.5 text-xs font-medium text-neutral-500">
            {WEEKDAYS[column]}
          </div>
        ))}
      </div>
      <ol className="flex-1" aria-label="Calendar">
        {weeks.map((week, weekIndex) => (
          <li
            key={week[0]}
            aria-label={`Week of ${dateOfDay(week[columns[0]])}`}
            className={`grid border-b border-neutral-200 ${prefs.mode === "week" ? "min-h-[28rem]" : "min-h-32"}`}
            style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
          >
            {columns.map((column) => {
              const day = week[column];
              const date = dateOfDay(day);
              const dayIssues = weekIndex < weeksWithIssues ? (byDay.get(date) ?? []) : [];
              const open = expanded.has(date);
              const shown = open ? dayIssues : dayIssues.slice(0, CALENDAR_MAX_PER_DAY);
              const outside = prefs.mode === "month" && monthOf(date).month !== currentMonth;
              return (
                <section
                  key={date}
                  aria-label={date}
                  data-date={date}
                  className={`flex min-w-0 flex-col gap-1 border-r border-neutral-100 p-1.5 last:border-r-0 ${outside ? "bg-neutral-50/70" : ""}`}
                >
                  <span
                    className={`self-end rounded-full px-1.5 text-xs ${
                      date === today ? "bg-brand-600 font-semibold text-white" : outside ? "text-neutral-400" : "text-neutral-500"
                    }`}
                  >
                    {Number(date.slice(8, 10))}
                  </span>
                  <SortableList groupKey={date} group="calendar" className="flex min-h-6 flex-col gap-1">
                    {shown.map((issue) => (
                      <CalendarIssue key={issue.id} issue={issue} />
                    ))}
                  </SortableList>
                  {dayIssues.length > CALENDAR_MAX_PER_DAY ? (
                    <button
                      type="button"
                      onClick={() => toggleDay(date)}
                      className="self-start rounded px-1 text-xs font-medium text-brand-600 dark:text-brand-400 hover:bg-brand-50 dark:hover:bg-brand-500/15"
                    >
                      {open ? "Hide" : `${dayIssues.length - CALENDAR_MAX_PER_DAY} more`}
                    </button>
                  ) : null}
                </section>
              );
            })}
          </li>
        ))}
      </ol>
    </div>
  );
}
