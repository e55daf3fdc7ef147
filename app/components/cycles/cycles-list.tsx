// The project's cycles: tabs (all, the active cycle, upcoming, completed, drafts) kept in `?tab=`,
// each shown as a list, a board (one to three columns as the width allows) or a Gantt timeline
// (loaded on first use), the mode remembered in this browser, skeletons while a tab loads. The current tab is the active cycle's dashboard.
// Favourite stars flip at once and stay flipped if the write fails (only a toast says so); the
// cycle dialog creates and edits, a confirmation deletes.
import { ListTabs } from "~/components/list-tabs";
import { useFavoriteToggles } from "~/hooks/use-favorite-toggles";
import { useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { lazy, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import { useFirstScreen } from "~/hooks/use-first-screen";
import {
  CYCLE_TABS,
  CYCLE_TEXT,
  type CycleResponse,
  type CyclesPageAnswer,
  type CyclesPageData,
  type CyclesPageIntent,
  cycleTabOf,
} from "~/lib/cycles-page-contract";
import { projectCyclesPath } from "~/lib/paths";
import { ConfirmDialog } from "../dialog";
import { IconCycle, IconGrid, icon } from "../icons";
import { useAction } from "~/hooks/use-action";
import { useToast } from "../toast";
import { CreateButton, DisplayToggle, EmptyList, ListHeader } from "../ui";
import { ActiveCycleDashboard } from "./active-cycle-dashboard";
import { useCopyCycleLink } from "./copy-cycle-link";
import { CycleCard, type CycleItemActions, CycleRow } from "./cycle-items";

/** The Gantt mode (a month timeline of the tab's cycles), loaded when it is first shown. */
const CyclesGantt = lazy(() => import("./cycles-gantt"));
const loadForm = () => import("./cycle-form-dialog");
const CycleFormDialog = lazy(() => loadForm().then((module) => ({ default: module.CycleFormDialog })));
const preloadForm = () => void loadForm();

const DISPLAY_MODES = ["list", "board", "gantt"] as const;
type DisplayMode = (typeof DISPLAY_MODES)[number];
const DISPLAY_KEY = "cycles:display-mode";
const DISPLAY_LABELS: Record<DisplayMode, string> = { list: "List layout", board: "Board layout", gantt: "Gantt layout" };
const IconRows = icon("rows");
const IconGantt = icon("gantt");
const DISPLAY_ICONS: Record<DisplayMode, typeof IconRows> = { list: IconRows, board: IconGrid, gantt: IconGantt };

/** The cycles action (an index route), which the dialog and the list's controls post to. */
const actionPath = (slug: string, projectId: string) => `${projectCyclesPath(slug, projectId)}?index`;


/** Grey placeholders in the shape of the chosen mode (or of the dashboard), while a tab loads. */
function CyclesSkeleton({ mode, dashboard }: { mode: DisplayMode; dashboard: boolean }) {
  const bars = [0, 1, 2, 3];
  return (
    <div role="status" aria-label="Loading cycles" data-testid="cycles-skeleton" className="animate-pulse">
      {dashboard ? (
        <div className="space-y-4">
          <div className="h-32 rounded-lg border border-neutral-200 bg-neutral-100" />
          <div className="grid gap-4 lg:grid-cols-2">
            {bars.map((bar) => (
              <div key={bar} className="h-48 rounded-lg border border-neutral-200 bg-neutral-100" />
            ))}
          </div>
        </div>
      ) : mode === "gantt" ? (
        <div className="h-96 rounded-lg border border-neutral-200 bg-neutral-100" />
      ) : mode === "board" ? (
        <div className="grid grid-cols-1 gap-3 @2xl:grid-cols-2 @5xl:grid-cols-3">
          {bars.map((bar) => (
            <div key={bar} className="h-48 rounded-lg border border-neutral-200 bg-neutral-100" />
          ))}
        </div>
      ) : (
        <div className="space-y-px overflow-hidden rounded-lg border border-neutral-200">
          {bars.map((bar) => (
            <div key={bar} className="flex h-16 items-center gap-3 bg-surface px-4">
              <div className="h-8 w-1 rounded bg-neutral-200" />
              <div className="h-3 w-1/3 rounded bg-neutral-200" />
              <div className="ml-auto h-3 w-24 rounded bg-neutral-200" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

const TAB_EMPTY: Record<string, { title: string; text: string }> = {
  current: { title: "No active cycle", text: "No cycle runs today. Give an upcoming or draft cycle dates that include today to start it." },
  upcoming: { title: "No upcoming cycles", text: "Cycles whose start date is still ahead show here." },
  completed: { title: "No completed cycles", text: "Cycles whose end date has passed show here." },
  draft: { title: "No draft cycles", text: "Cycles without dates show here until they are planned." },
};

function EmptyCycles({ tab, canEdit, onCreate }: { tab: string; canEdit: boolean; onCreate(): void }) {
  const copy = TAB_EMPTY[tab];
  return (
    <EmptyList
      look="page"
      icon={<IconCycle size={22} />}
      title={copy ? copy.title : CYCLE_TEXT.emptyTitle}
      description={copy ? copy.text : CYCLE_TEXT.emptyText}
      create={canEdit ? { label: CYCLE_TEXT.emptyAction, onClick: onCreate, onPreload: preloadForm } : undefined}
    />
  );
}

/** "Delete Cycle": asks first; on success says so and closes; a refusal is told and the dialog stays. */
function DeleteCycleDialog({ cycle, action, onClose }: { cycle: CycleResponse | null; action: string; onClose(): void }) {
  const fetcher = useFetcher<CyclesPageAnswer>();
  const toast = useToast();
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", title: "Success!", message: CYCLE_TEXT.deleted });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open={cycle !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Cycle"
      description={
        <>
          Are you sure you want to delete cycle <span className="font-medium text-neutral-900">{cycle?.name}</span>? Its issues stay in the
          project. This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => {
        if (!cycle) return;
        const body: CyclesPageIntent = { intent: "delete-cycle", cycle_id: cycle.id };
        fetcher.submit(body as never, { method: "post", action, encType: "application/json" });
      }}
    />
  );
}

/** Cycles drawn by the server's render: more rows (and cards) than a tall window shows. */
const CYCLES_FIRST_SCREEN = 15;

export function CyclesList({ data, workspaceSlug }: { data: CyclesPageData; workspaceSlug: string }) {
  const { project, canEdit } = data;
  const action = actionPath(workspaceSlug, project.id);
  const location = useLocation();
  const navigation = useNavigation();
  const [mode, setMode] = useStoredPreference<DisplayMode>(DISPLAY_KEY, "list", oneOf(DISPLAY_MODES));
  const favorites = useFavoriteToggles({ action, kind: "cycle", texts: CYCLE_TEXT, rollback: false });
  const copyLink = useCopyCycleLink(workspaceSlug, project.id);
  /** The dialog: creating (null) or editing a cycle; closed when undefined. */
  const [editing, setEditing] = useState<CycleResponse | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CycleResponse | null>(null);
  const openCreate = () => setEditing(null);
  const firstCycles = useFirstScreen(data.cycles, CYCLES_FIRST_SCREEN);

  // Another tab of this list is on its way: its skeleton stands in for the old tab's cycles.
  const loadingTab = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const shownTab = loadingTab ? cycleTabOf(new URLSearchParams(navigation.location.search).get("tab")) : data.tab;

  const actions: CycleItemActions = {
    workspaceSlug,
    projectId: project.id,
    canEdit,
    today: data.today,
    favorite: favorites.shown,
    onFavorite: favorites.toggle,
    onEdit: (cycle) => setEditing(cycle),
    onDelete: setDeleting,
    onCopyLink: (cycle) => copyLink(cycle.id),
  };

  let body: React.ReactNode;
  if (loadingTab) {
    body = <CyclesSkeleton mode={mode} dashboard={shownTab === "current"} />;
  } else if (data.tab === "current" && data.active) {
    body = <ActiveCycleDashboard dashboard={data.active} workspaceSlug={workspaceSlug} identifier={project.identifier} today={data.today} />;
  } else if (data.cycles.length === 0) {
    body = <EmptyCycles tab={data.tab} canEdit={canEdit} onCreate={openCreate} />;
  } else if (mode === "gantt") {
    body = (
      <div className="h-[calc(100vh-15rem)] min-h-96 overflow-hidden rounded-lg border border-neutral-200">
        <Suspense fallback={<CyclesSkeleton mode="gantt" dashboard={false} />}>
          <CyclesGantt cycles={data.cycles} workspaceSlug={workspaceSlug} projectId={project.id} />
        </Suspense>
      </div>
    );
  } else if (mode === "board") {
    body = (
      <ul className="grid grid-cols-1 gap-3 @2xl:grid-cols-2 @5xl:grid-cols-3" aria-label="Cycles">
        {firstCycles.map((cycle) => (
          <CycleCard key={cycle.id} cycle={cycle} actions={actions} />
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className="rounded-lg border border-neutral-200 bg-surface" aria-label="Cycles">
        {firstCycles.map((cycle) => (
          <CycleRow key={cycle.id} cycle={cycle} actions={actions} />
        ))}
      </ul>
    );
  }

  return (
    <div className="@container mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <ListHeader look="page" title="Cycles">
        {shownTab === "current" ? null : (
          <DisplayToggle legend="Layout" modes={DISPLAY_MODES} value={mode} onChange={setMode} labels={DISPLAY_LABELS} icons={DISPLAY_ICONS} />
        )}
        {canEdit ? <CreateButton label="Create Cycle" onClick={openCreate} onPreload={preloadForm} /> : null}
      </ListHeader>

      <ListTabs label="Cycle lists" tabs={CYCLE_TABS} shownTab={shownTab} />

      <div className="mt-5" data-display-mode={mode}>
        {body}
      </div>
      {favorites.runners}
      {editing !== undefined ? (
        <Suspense fallback={null}>
          <CycleFormDialog
            workspaceSlug={workspaceSlug}
            projectId={project.id}
            open
            onOpenChange={(open) => !open && setEditing(undefined)}
            cycle={editing ?? undefined}
          />
        </Suspense>
      ) : null}
      {canEdit ? <DeleteCycleDialog cycle={deleting} action={action} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
