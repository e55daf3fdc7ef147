// The active cycle at a glance: its summary card, its issues by group as one bar, its progress per
// assignee or per label (the chosen tab remembered in this browser), its urgent and high priority
// issues, and its burndown with the count of issues still pending.
import { Link } from "@remix-run/react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import type { ActiveCycleDashboard as Dashboard, CycleResponse, HighPriorityIssue } from "~/lib/cycles-page-contract";
import { cycleIssuesPath, issuePath } from "~/lib/paths";
import { IconUser } from "../icons";
import { BurndownChart } from "../charts/burndown-chart";
import { buttonClass, truncate } from "../ui";
import { PROGRESS_GROUPS } from "~/lib/cycle-display";
import { CYCLE_NAME_MAX_LIST, ISSUE_NAME_MAX_DASHBOARD, cycleDates, groupCount } from "./cycle-format";
import { StatusBadge, TimeLeft } from "./cycle-items";
import { AssigneeStack, Owner, PersonAvatar } from "./people";

const BREAKDOWN_TABS = ["Assignees", "Labels"] as const;
type BreakdownTab = (typeof BREAKDOWN_TABS)[number];
/** Where the chosen tab is remembered. */
const BREAKDOWN_TAB_KEY = "activeCycleTab";

function Panel({ title, children, className = "", right }: { title: string; children: ReactNode; className?: string; right?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`flex min-w-0 flex-col rounded-lg border border-neutral-200 bg-surface ${className}`}>
      <div className="flex items-center justify-between gap-2 border-b border-neutral-100 px-4 py-2.5">
        <h2 id={id} className="text-sm font-semibold text-neutral-900">
          {title}
        </h2>
        {right}
      </div>
      <div className="min-h-0 flex-1 p-4">{children}</div>
    </section>
  );
}

function SummaryCard({ cycle, workspaceSlug, today }: { cycle: CycleResponse; workspaceSlug: string; today: string }) {
  return (
    <section aria-label="Active cycle" className="rounded-lg border border-neutral-200 bg-surface p-4" data-cycle-id={cycle.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-base font-semibold text-neutral-900" title={cycle.name}>
              {truncate(cycle.name, CYCLE_NAME_MAX_LIST)}
            </h2>
            <StatusBadge status={cycle.status} />
            <TimeLeft cycle={cycle} today={today} />
          </div>
          <p className="mt-1 text-xs text-neutral-600">{cycleDates(cycle)}</p>
        </div>
        <Link to={cycleIssuesPath(workspaceSlug, cycle.project, cycle.id)} className={buttonClass("primary", "sm")}>
          View Cycle
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="flex items-center gap-2">
          <span className="text-xs text-neutral-500">Owner</span>
          <Owner person={cycle.owned_by_detail} />
        </div>
        <div className="flex items-center gap-2">
          <span className="text-xs text-neutral-500">Assignees</span>
          <AssigneeStack people={cycle.assignees} />
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          <div className="flex gap-1">
            <dt className="text-neutral-500">Issues</dt>
            <dd className="font-medium text-neutral-900">{cycle.total_issues}</dd>
          </div>
          {PROGRESS_GROUPS.map((group) => (
            <div key={group.group} className="flex gap-1">
              <dt className="text-neutral-500">{group.label}</dt>
              <dd className="font-medium text-neutral-900">{groupCount(cycle, group.group)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function GroupProgress({ cycle }: { cycle: CycleResponse }) {
  const total = cycle.total_issues;
  return (
    <Panel title="Progress">
      <div
        className="flex h-3 w-full overflow-hidden rounded-full bg-neutral-100"
        role="img"
        aria-label={PROGRESS_GROUPS.map((group) => `${group.label} ${groupCount(cycle, group.group)}`).join(", ")}
      >
        {total > 0
          ? PROGRESS_GROUPS.map((group) => {
              const count = groupCount(cycle, group.group);
              return count > 0 ? (
                <span key={group.group} className="h-full" style={{ width: `${(count / total) * 100}%`, backgroundColor: group.color }} />
              ) : null;
            })
          : null}
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3" aria-label="Issues by group">
        {PROGRESS_GROUPS.map((group) => (
          <li key={group.group} className="flex items-center gap-2 text-xs text-neutral-700" data-group={group.group}>
            <span className="size-2.5 shrink-0 rounded-sm" style={{ backgroundColor: group.color }} aria-hidden="true" />
            <span>{group.label}</span>
            <span className="ml-auto font-medium text-neutral-900 tabular-nums">{groupCount(cycle, group.group)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

function CompletedOfTotal({ completed, total, label }: { completed: number; total: number; label: string }) {
  const percent = total ? Math.round((completed / total) * 100) : 0;
  return (
    <span className="flex shrink-0 items-center gap-2">
      <span
        className="h-1.5 w-16 overflow-hidden rounded-full bg-neutral-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={completed}
      >
        <span className="block h-full rounded-full bg-green-600" style={{ width: `${percent}%` }} />
      </span>
      <span className="w-12 text-right text-xs text-neutral-700 tabular-nums">
        {completed}/{total}
      </span>
    </span>
  );
}

function Breakdown({ dashboard }: { dashboard: Dashboard }) {
  const [tab, setTab] = useStoredPreference<BreakdownTab>(BREAKDOWN_TAB_KEY, "Assignees", oneOf(BREAKDOWN_TABS));
  const { assignees, labels } = dashboard.breakdown;
  const tabs = (
    <div role="tablist" aria-label="Breakdown" className="flex rounded-md border border-neutral-200 p-0.5">
      {BREAKDOWN_TABS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          onClick={() => setTab(name)}
          className={`rounded px-2.5 py-1 text-xs font-medium ${tab === name ? "bg-neutral-100 text-neutral-900" : "text-neutral-600 hover:text-neutral-900"}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
  const rows =
    tab === "Assignees"
      ? assignees.map((row) => ({
          key: row.id ?? "none",
          name: row.id ? row.display_name : "No assignee",
          mark: row.id ? (
            <PersonAvatar id={row.id} name={row.display_name} avatar={row.avatar} />
          ) : (
            <IconUser size={16} className="text-neutral-500" />
          ),
          completed: row.completed,
          total: row.total,
        }))
      : labels.map((row) => ({
          key: row.id ?? "none",
          name: row.id ? row.name : "No label",
          mark: <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: row.color || "#858e96" }} aria-hidden="true" />,
          completed: row.completed,
          total: row.total,
        }));
  return (
    <Panel title={tab} right={tabs}>
      {rows.length === 0 ? (
        <p className="text-xs text-neutral-500">No issues in this cycle yet.</p>
      ) : (
        <ul className="max-h-64 space-y-2 overflow-y-auto" aria-label={`Progress by ${tab === "Assignees" ? "assignee" : "label"}`}>
          {rows.map((row) => (
            <li key={row.key} className="flex items-center gap-2">
              <span className="flex size-5 shrink-0 items-center justify-center">{row.mark}</span>
              <span className="min-w-0 flex-1 truncate text-sm text-neutral-800">{row.name}</span>
              <CompletedOfTotal completed={row.completed} total={row.total} label={`${row.name}: ${row.completed} of ${row.total} completed`} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const PRIORITY_STYLE: Record<HighPriorityIssue["priority"], string> = {
  urgent: "bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950/50 dark:text-red-300",
  high: "bg-orange-50 text-orange-700 ring-orange-600/20 dark:bg-orange-950/50 dark:text-orange-300",
};

function HighPriority({ dashboard, workspaceSlug, identifier }: { dashboard: Dashboard; workspaceSlug: string; identifier: string }) {
  const issues = dashboard.highPriority;
  const done = issues.filter((issue) => issue.state?.group === "completed").length;
  return (
    <Panel title="High Priority Issues" right={<CompletedOfTotal completed={done} total={issues.length} label={`${done} of ${issues.length} high priority issues completed`} />}>
      {issues.length === 0 ? (
        <p className="text-xs text-neutral-500">No urgent or high priority issues in this cycle.</p>
      ) : (
        <ul className="max-h-64 space-y-1.5 overflow-y-auto">
          {issues.map((issue) => (
            <li key={issue.id} className="flex items-center gap-2 text-sm">
              <span className="w-16 shrink-0 text-xs text-neutral-500 tabular-nums">
                {identifier}-{issue.sequence_id}
              </span>
              <Link
                to={issuePath(workspaceSlug, dashboard.cycle.project, issue.id)}
                className="min-w-0 flex-1 truncate text-neutral-800 hover:underline"
                title={issue.name}
              >
                {truncate(issue.name, ISSUE_NAME_MAX_DASHBOARD)}
              </Link>
              <span className={`shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium capitalize ring-1 ring-inset ${PRIORITY_STYLE[issue.priority]}`}>
                {issue.priority}
              </span>
              {issue.state ? (
                <span className="hidden shrink-0 items-center gap-1 text-xs text-neutral-600 sm:flex">
                  <span className="size-2 rounded-full" style={{ backgroundColor: issue.state.color }} aria-hidden="true" />
                  {issue.state.name}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function BurndownPanel({ dashboard }: { dashboard: Dashboard }) {
  const { cycle, burndown } = dashboard;
  // The chart measures its box and loads uPlot lazily: drawn only once the page has hydrated, as
  // an update reaching its still-suspended boundary during hydration is a React error (421).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <Panel title="Burndown">
      {burndown ? (
        hydrated ? (
          <BurndownChart burndown={burndown} />
        ) : (
          <div className="h-[184px] w-full animate-pulse rounded bg-neutral-100" />
        )
      ) : (
        <>
          <p className="text-xs font-medium text-neutral-800" data-testid="pending-issues">
            Pending Issues: {cycle.total_issues - cycle.completed_issues}
          </p>
          <p className="mt-2 text-xs text-neutral-500">The chart starts on the cycle's first day.</p>
        </>
      )}
    </Panel>
  );
}

export function ActiveCycleDashboard({
  dashboard,
  workspaceSlug,
  identifier,
  today,
}: {
  dashboard: Dashboard;
  workspaceSlug: string;
  identifier: string;
  today: string;
}) {
  return (
    <div className="space-y-4" data-testid="active-cycle">
      <SummaryCard cycle={dashboard.cycle} workspaceSlug={workspaceSlug} today={today} />
      <div className="grid gap-4 lg:grid-cols-2">
        <GroupProgress cycle={dashboard.cycle} />
        <Breakdown dashboard={dashboard} />
        <HighPriority dashboard={dashboard} workspaceSlug={workspaceSlug} identifier={identifier} />
        <BurndownPanel dashboard={dashboard} />
      </div>
    </div>
  );
}
