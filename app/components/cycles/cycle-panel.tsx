// A cycle's side panel on its detail page (24rem, on the right of the issues, sliding in and out):
// status, dates, name and description, lead, progress, the burndown and the breakdown by group.
// Its data comes from the panel's resource route through a fetcher, so the issues never wait for
// it (useCyclePanelData). Loaded lazily with its page.
import { useFetcher } from "@remix-run/react";
import { lazy, useEffect, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { BurndownChart } from "~/components/charts/burndown-chart";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { IconChevronDown, IconDots, IconLink, IconPencil, IconTrash } from "~/components/icons";
import { Menu, Spinner } from "~/components/ui";
import type {
  Burndown,
  CyclePanelAnswer,
  CyclePanelIntent,
  CyclePanelData,
  CycleResponse,
} from "~/lib/cycle-panel-contract";
import { CYCLE_TEXT } from "~/lib/cycles-page-contract";
import { CYCLE_STATUS_BADGE, CYCLE_STATUS_LABEL, PROGRESS_GROUPS, daysLeftText, percentDone } from "~/lib/cycle-display";
import { cycleDatesInput } from "../../../workers/domain/schemas/cycles";
import { localToday } from "./cycle-format";
import { useCopyCycleLink } from "./copy-cycle-link";
import { useAction } from "~/hooks/use-action";
import { cyclePanelPath } from "~/lib/paths";

const TransferIssuesDialog = lazy(() => import("./transfer-issues-dialog"));
const CycleFormDialog = lazy(() => import("./cycle-form-dialog").then((module) => ({ default: module.CycleFormDialog })));

export interface CyclePanelProps {
  workspaceSlug: string;
  projectId: string;
  cycleId: string;
  /** The panel's data (useCyclePanelData); null while it loads. */
  panel: CyclePanelData | null;
  open: boolean;
  /** Asks for the transfer dialog (the completed banner's button opens it too). */
  transferOpen: boolean;
  onTransferOpenChange(open: boolean): void;
}

export default function CyclePanel({ workspaceSlug, projectId, cycleId, panel, open, transferOpen, onTransferOpenChange }: CyclePanelProps) {
  const panelPath = cyclePanelPath(workspaceSlug, projectId, cycleId);
  return (
    <aside
      aria-label="Cycle details"
      // React 18 does not know `inert` yet; a closed panel is out of the tab order and the tree.
      {...({ inert: open ? undefined : "" } as object)}
      className={`h-[calc(100vh-3.5rem)] shrink-0 overflow-hidden border-neutral-200 bg-surface transition-[width] duration-200 ease-out max-lg:absolute max-lg:top-0 max-lg:right-0 max-lg:z-30 max-lg:shadow-xl ${
        open ? "w-96 border-l" : "w-0"
      }`}
      data-open={open}
    >
      <div className="h-full w-96 overflow-y-auto">
        {panel ? (
          <PanelBody
            key={panel.cycle.id}
            cycle={panel.cycle}
            burndown={panel.burndown}
            canEdit={panel.canEdit}
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            panelPath={panelPath}
          />
        ) : (
          <div className="flex items-center gap-2 p-6 text-sm text-neutral-500" role="status">
            <Spinner />
            Loading cycle...
          </div>
        )}
      </div>
      {transferOpen ? (
        <Suspense fallback={null}>
          <TransferIssuesDialog panelPath={panelPath} onClose={() => onTransferOpenChange(false)} />
        </Suspense>
      ) : null}
    </aside>
  );
}

function PanelBody({
  cycle,
  burndown,
  canEdit,
  workspaceSlug,
  projectId,
  panelPath,
}: {
  cycle: CycleResponse;
  burndown: Burndown | null;
  canEdit: boolean;
  workspaceSlug: string;
  projectId: string;
  panelPath: string;
}) {
  const completed = cycle.status === "completed";
  const [progressOpen, setProgressOpen] = useState(true);
  // Until it starts the panel says so; while it runs, the days left to its end.
  const timeLeft = cycle.status === "upcoming" ? "Cycle is yet to start" : cycle.status === "current" ? daysLeftText(cycle, localToday()) : null;
  return (
    <div className="flex flex-col gap-5 p-5">
      <div className="flex items-center gap-2">
        <span className={`rounded px-2 py-0.5 text-xs font-medium ${CYCLE_STATUS_BADGE[cycle.status]}`} data-testid="cycle-status">
          {CYCLE_STATUS_LABEL[cycle.status]}
        </span>
        {timeLeft ? (
          <span className="text-xs text-neutral-600" data-testid="cycle-time-left">
            {timeLeft}
          </span>
        ) : null}
        <div className="ml-auto">
          <PanelMenu cycle={cycle} workspaceSlug={workspaceSlug} projectId={projectId} panelPath={panelPath} />
        </div>
      </div>

      <CycleDates cycle={cycle} disabled={completed || !canEdit} panelPath={panelPath} />

      <div>
        <h2 className="break-words text-lg font-semibold text-neutral-900">{cycle.name}</h2>
        {cycle.description ? <p className="mt-1 whitespace-pre-wrap break-words text-sm text-neutral-600">{cycle.description}</p> : null}
      </div>

      <dl className="grid grid-cols-[7rem_1fr] gap-y-3 text-sm">
        <dt className="text-neutral-500">Lead</dt>
        <dd className="min-w-0 truncate text-neutral-800">{cycle.owned_by_detail?.display_name || cycle.owned_by_detail?.first_name || "No lead"}</dd>
        <dt className="text-neutral-500">Progress</dt>
        <dd className="text-neutral-800" data-testid="cycle-progress">
          {cycle.completed_issues}/{cycle.total_issues}
          <span className="ml-2 text-neutral-500">{percentDone(cycle.completed_issues, cycle.total_issues)}%</span>
        </dd>
      </dl>

      <section className="rounded-lg border border-neutral-200">
        <button
          type="button"
          className="flex w-full items-center justify-between px-4 py-3 text-sm font-medium text-neutral-800"
          aria-expanded={progressOpen}
          onClick={() => setProgressOpen((value) => !value)}
        >
          Progress
          <IconChevronDown size={16} className={`transition-transform ${progressOpen ? "rotate-180" : ""}`} />
        </button>
        {progressOpen ? (
          <div className="border-t border-neutral-200 px-4 py-3">
            {burndown ? (
              <BurndownChart burndown={burndown} />
            ) : (
              <p className="text-sm text-neutral-500">
                {cycle.status === "draft" ? "Add start and end dates to see the burndown." : "The burndown appears when the cycle starts."}
              </p>
            )}
          </div>
        ) : null}
      </section>

      <section className="rounded-lg border border-neutral-200 px-4 py-3">
        <h3 className="mb-3 text-sm font-medium text-neutral-800">Other Information</h3>
        <GroupBreakdown cycle={cycle} />
      </section>
    </div>
  );
}

function GroupBreakdown({ cycle }: { cycle: CycleResponse }) {
  const total = cycle.total_issues;
  return (
    <ul className="flex flex-col gap-2 text-sm">
      {PROGRESS_GROUPS.map(({ group, label, color }) => {
        const count = cycle[`${group}_issues`];
        return (
          <li key={group} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} aria-hidden="true" />
            <span className="flex-1 text-neutral-700">{label}</span>
            <span className="tabular-nums text-neutral-500">
              {count} <span className="text-neutral-400">· {percentDone(count, total)}%</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Start and end pickers bounded by each other; a change is saved once both are set and in order. */
function CycleDates({ cycle, disabled, panelPath }: { cycle: CycleResponse; disabled: boolean; panelPath: string }) {
  const fetcher = useFetcher<CyclePanelAnswer>();
  useAction(fetcher, { message: CYCLE_TEXT.updateFailed });
  const [start, setStart] = useState(cycle.start_date ?? "");
  const [end, setEnd] = useState(cycle.end_date ?? "");
  // The server's dates win when they change (a save elsewhere, or a refused one here, which is told).
  useEffect(() => {
    setStart(cycle.start_date ?? "");
    setEnd(cycle.end_date ?? "");
  }, [cycle.start_date, cycle.end_date]);
  // The schema's date rules; the panel says what is wrong once both dates are picked.
  const problemOf = (nextStart: string, nextEnd: string) =>
    cycleDatesInput().safeParse({ start_date: nextStart || null, end_date: nextEnd || null }).error?.issues[0]?.message;
  const problem = start !== "" && end !== "" ? problemOf(start, end) : undefined;
  const invalid = problem !== undefined;
  const save = (nextStart: string, nextEnd: string) => {
    if (!nextStart || !nextEnd || problemOf(nextStart, nextEnd)) return;
    if (nextStart === cycle.start_date && nextEnd === cycle.end_date) return;
    const body: CyclePanelIntent = { intent: "update-dates", start_date: nextStart, end_date: nextEnd };
    fetcher.submit(body as never, { method: "post", action: panelPath, encType: "application/json" });
  };
  const field = "w-full rounded-md border border-neutral-200 bg-surface px-2 py-1.5 text-sm text-neutral-800 disabled:cursor-not-allowed disabled:opacity-60";
  return (
    <div>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs text-neutral-500">
          Start date
          <input
            type="date"
            className={`${field} mt-1`}
            value={start}
            max={end || undefined}
            disabled={disabled}
            onChange={(event) => {
              setStart(event.target.value);
              save(event.target.value, end);
            }}
          />
        </label>
        <label className="text-xs text-neutral-500">
          End date
          <input
            type="date"
            className={`${field} mt-1`}
            value={end}
            min={start || undefined}
            disabled={disabled}
            aria-invalid={invalid}
            onChange={(event) => {
              setEnd(event.target.value);
              save(start, event.target.value);
            }}
          />
        </label>
      </div>
      {invalid ? (
        <p className="mt-1.5 text-xs text-red-600" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function PanelMenu({
  cycle,
  workspaceSlug,
  projectId,
  panelPath,
}: {
  cycle: CycleResponse;
  workspaceSlug: string;
  projectId: string;
  panelPath: string;
}) {
  const deletion = useFetcher<CyclePanelAnswer>();
  const [deleting, setDeleting] = useState<CycleResponse | null>(null);
  const [editing, setEditing] = useState(false);
  // A deletion that succeeds redirects to the cycles (with its toast); a refused one is told.
  useAction(deletion);
  const copy = useCopyCycleLink(workspaceSlug, projectId);
  const copyLink = () => void copy(cycle.id);
  const item = "flex w-full cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-neutral-700 data-[highlighted]:bg-neutral-100";
  return (
    <>
      <Menu
        contentClassName="z-50 min-w-40"
        trigger={<IconDots size={16} />}
        triggerProps={{ "aria-label": "Cycle actions", className: "rounded p-1 text-neutral-500 hover:bg-neutral-100" }}
        rootProps={{ positioning: { placement: "bottom-end" } }}
      >
        {(Menu) => (
          <>
            {cycle.status !== "completed" ? (
              <Menu.Item value="edit" className={item} onSelect={() => setEditing(true)}>
                <IconPencil size={14} />
                Edit
              </Menu.Item>
            ) : null}
            <Menu.Item value="copy-link" className={item} onSelect={copyLink}>
              <IconLink size={14} />
              Copy link
            </Menu.Item>
            {cycle.status !== "completed" ? (
              <Menu.Item value="delete" className={`${item} text-red-600`} onSelect={() => setDeleting(cycle)}>
                <IconTrash size={14} />
                Delete
              </Menu.Item>
            ) : null}
          </>
        )}
      </Menu>
      {editing ? (
        <Suspense fallback={null}>
          <CycleFormDialog workspaceSlug={workspaceSlug} projectId={projectId} cycle={cycle} open onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      <ConfirmDeleteDialog
        kind="cycle"
        target={deleting}
        consequence="Its issues stay in the project."
        pending={deletion.state !== "idle"}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const body: CyclePanelIntent = { intent: "delete-cycle" };
          deletion.submit(body as never, { method: "post", action: panelPath, encType: "application/json" });
        }}
      />
    </>
  );
}
