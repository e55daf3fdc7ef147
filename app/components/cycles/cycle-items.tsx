// One cycle as a list row or a board card: status badge, name (cut at 70, 15 on cards), dates,
// owner, assignees, progress, the time it has left, its favourite star, "View Cycle" and its menu
// (Edit and Delete, which a completed cycle does not offer, and Copy link).
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { CycleResponse } from "~/lib/cycles-page-contract";
import { cycleIssuesPath } from "~/lib/paths";
import { IconCalendar, IconLink, IconPencil, IconTrash } from "../icons";
import { ActionsMenu, FavoriteStar, buttonClass, truncate } from "../ui";
import { CYCLE_STATUS_BADGE, CYCLE_STATUS_COLORS, CYCLE_STATUS_LABEL, percentDone } from "~/lib/cycle-display";
import { CYCLE_NAME_MAX_CARD, CYCLE_NAME_MAX_LIST, cycleDates, cycleTimeLeft } from "./cycle-format";
import { AssigneeStack, Owner } from "./people";

/** What a row or card can do, supplied by the list. */
export interface CycleItemActions {
  workspaceSlug: string;
  projectId: string;
  canEdit: boolean;
  /** The caller's today, which days left count from. */
  today: string;
  favorite(cycle: CycleResponse): boolean;
  onFavorite(cycle: CycleResponse, favorite: boolean): void;
  onEdit(cycle: CycleResponse): void;
  onDelete(cycle: CycleResponse): void;
  onCopyLink(cycle: CycleResponse): void;
}

export function StatusBadge({ status }: { status: CycleResponse["status"] }) {
  return (
    <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${CYCLE_STATUS_BADGE[status]}`}>
      <span className="size-1.5 rounded-full" style={{ backgroundColor: CYCLE_STATUS_COLORS[status] }} aria-hidden="true" />
      {CYCLE_STATUS_LABEL[status]}
    </span>
  );
}

/** Days left, or "Completed" with the open issues in a tooltip (on hover and on focus). */
export function TimeLeft({ cycle, today }: { cycle: CycleResponse; today: string }) {
  const left = cycleTimeLeft(cycle, today);
  if (!left) return null;
  if (!left.pending) return <span className="text-xs whitespace-nowrap text-neutral-600">{left.text}</span>;
  return (
    <span className="group/tip relative inline-flex">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must be reachable by keyboard. */}
      <span tabIndex={0} className="cursor-default text-xs whitespace-nowrap text-neutral-600 underline decoration-dotted underline-offset-2" aria-describedby={`pending-${cycle.id}`}>
        {left.text}
      </span>
      <span
        id={`pending-${cycle.id}`}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-1.5 -translate-x-1/2 rounded-md bg-neutral-900 px-2 py-1 text-[11px] whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity group-focus-within/tip:visible group-focus-within/tip:opacity-100 group-hover/tip:visible group-hover/tip:opacity-100 dark:bg-neutral-700"
      >
        {left.pending}
      </span>
    </span>
  );
}

export function ProgressBar({ cycle, className = "" }: { cycle: CycleResponse; className?: string }) {
  const percent = percentDone(cycle.completed_issues, cycle.total_issues);
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <span
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-neutral-200"
        role="progressbar"
        aria-label={`Progress of ${cycle.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="block h-full rounded-full bg-green-600" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-9 shrink-0 text-right text-xs text-neutral-600 tabular-nums">{percent}%</span>
    </span>
  );
}

function CycleFavorite({ cycle, actions }: { cycle: CycleResponse; actions: CycleItemActions }) {
  return <FavoriteStar name={cycle.name} favorite={actions.favorite(cycle)} onToggle={(favorite) => actions.onFavorite(cycle, favorite)} small />;
}

function CycleMenu({ cycle, actions }: { cycle: CycleResponse; actions: CycleItemActions }) {
  const editable = actions.canEdit && cycle.status !== "completed";
  return (
    <ActionsMenu
      name={cycle.name}
      size="size-7"
      actions={[
        ...(editable
          ? [
              { value: "edit", label: "Edit cycle", icon: <IconPencil size={14} />, onSelect: () => actions.onEdit(cycle) },
              { value: "delete", label: "Delete cycle", icon: <IconTrash size={14} />, danger: true, onSelect: () => actions.onDelete(cycle) },
            ]
          : []),
        { value: "copy", label: "Copy link", icon: <IconLink size={14} />, onSelect: () => actions.onCopyLink(cycle) },
      ]}
    />
  );
}

/** The cycle's name as the heading of its row or card, cut at `max` (whole on hover), linking to its issues. */
function CycleName({ cycle, href, max, className }: { cycle: CycleResponse; href: string; max: number; className: string }) {
  return (
    <h3 className={className} title={cycle.name}>
      <Link to={href} className="hover:underline focus-visible:underline">
        {truncate(cycle.name, max)}
      </Link>
    </h3>
  );
}

function Dates({ cycle }: { cycle: CycleResponse }) {
  const dates = cycleDates(cycle);
  return (
    <span className="flex items-center gap-1 text-xs whitespace-nowrap text-neutral-600">
      <IconCalendar size={13} className="shrink-0 text-neutral-500" />
      {dates ?? "No dates"}
    </span>
  );
}

/** One cycle of the list or the cards, marked with its id and status. */
function CycleItem({ cycle, className, children }: { cycle: CycleResponse; className: string; children: ReactNode }) {
  return (
    <li className={className} data-cycle-id={cycle.id} data-status={cycle.status}>
      {children}
    </li>
  );
}

/** The cycle's status as a coloured mark (a bar in rows, a dot on cards). */
function StatusMark({ cycle, className }: { cycle: CycleResponse; className: string }) {
  return <span className={`shrink-0 rounded-full ${className}`} style={{ backgroundColor: CYCLE_STATUS_COLORS[cycle.status] }} aria-hidden="true" />;
}

export function CycleRow({ cycle, actions }: { cycle: CycleResponse; actions: CycleItemActions }) {
  const detail = cycleIssuesPath(actions.workspaceSlug, actions.projectId, cycle.id);
  return (
    <CycleItem
      cycle={cycle}
      className="flex flex-col gap-2 border-b border-neutral-200 px-4 py-3 last:border-b-0 hover:bg-neutral-50 md:flex-row md:items-center md:gap-4 sm:px-6"
    >
      <div className="flex min-w-0 flex-1 items-center gap-2.5">
        <StatusMark cycle={cycle} className="h-8 w-1" />
        <div className="min-w-0">
          <CycleName cycle={cycle} href={detail} max={CYCLE_NAME_MAX_LIST} className="truncate text-sm font-medium text-neutral-900" />
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <StatusBadge status={cycle.status} />
            <Dates cycle={cycle} />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 md:flex-nowrap">
        <Owner person={cycle.owned_by_detail} />
        <AssigneeStack people={cycle.assignees} />
        <ProgressBar cycle={cycle} className="w-32" />
        <span className="w-24">
          <TimeLeft cycle={cycle} today={actions.today} />
        </span>
        <span className="ml-auto flex items-center gap-1 md:ml-0">
          <Link to={detail} className={buttonClass("secondary", "sm", "h-7 px-2")} aria-label={`View Cycle ${cycle.name}`}>
            View Cycle
          </Link>
          <CycleFavorite cycle={cycle} actions={actions} />
          <CycleMenu cycle={cycle} actions={actions} />
        </span>
      </div>
    </CycleItem>
  );
}

export function CycleCard({ cycle, actions }: { cycle: CycleResponse; actions: CycleItemActions }) {
  const detail = cycleIssuesPath(actions.workspaceSlug, actions.projectId, cycle.id);
  return (
    <CycleItem cycle={cycle} className="flex min-w-0 flex-col rounded-lg border border-neutral-200 bg-surface p-4 shadow-xs">
      <div className="flex items-start gap-2">
        <StatusMark cycle={cycle} className="mt-1.5 size-2" />
        <CycleName cycle={cycle} href={detail} max={CYCLE_NAME_MAX_CARD} className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-900" />
        <StatusBadge status={cycle.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Dates cycle={cycle} />
        <TimeLeft cycle={cycle} today={actions.today} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Owner person={cycle.owned_by_detail} />
        <AssigneeStack people={cycle.assignees} />
      </div>
      <ProgressBar cycle={cycle} className="mt-3" />
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-neutral-100 pt-3">
        <Link to={detail} className={buttonClass("secondary", "sm")} aria-label={`View Cycle ${cycle.name}`}>
          View Cycle
        </Link>
        <span className="flex items-center gap-1">
          <CycleFavorite cycle={cycle} actions={actions} />
          <CycleMenu cycle={cycle} actions={actions} />
        </span>
      </div>
    </CycleItem>
  );
}
