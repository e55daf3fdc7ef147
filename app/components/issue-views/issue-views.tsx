// The issue views: one component a project, cycle, module or saved-view page renders with its
// loader's data (app/lib/issue-views.server.ts) and the path of the action that takes its writes.
// It puts together the hooks beside it: the optimistic write queue (use-optimistic-writes), the
// display (use-view-display), the issue edits (use-issue-edits), what is shown (use-shown-groups)
// and the cards' actions (use-card-actions), and lays out the header, the area and the dialogs.
import { useNavigate } from "@remix-run/react";
import { type ReactNode, lazy, useCallback, useMemo, useRef, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { useToast } from "~/components/toast";
import { useShortcut } from "~/hooks/use-shortcut";
import { useIssueModal } from "~/components/issue-modal/context";
import { hasActiveFilters, todayUtc } from "~/lib/issue-display";
import { AppliedFilters } from "./applied-filters";
import { DndProvider } from "./dnd";
import { useEstimatePoints } from "./estimate-points";
import type { IssueViewsData, ViewIssue } from "./model";
import { ViewContext, type ViewContextValue } from "./parts";
import { GroupPagesContext, IssueScrollerContext } from "./progressive";
import { useStableLookups } from "./stable-data";
import { useCardActions } from "./use-card-actions";
import { useIssueEdits } from "./use-issue-edits";
import { useOverlaidIssues, useWriteQueue } from "./use-optimistic-writes";
import { useShownGroups } from "./use-shown-groups";
import { useHeldIssues } from "./use-held-issues";
import { useIssueOpening } from "./use-issue-opening";
import { useWithPendingRows } from "./use-pending-rows";
import { useViewDisplay } from "./use-view-display";
import { useViewDrag } from "./use-view-drag";
import { EmptyState, LayoutArea, TrashZone } from "./view-area";
import { ViewHeader } from "./view-header";

const loadDialogs = () => import("./dialogs");
const loadPropertyMenu = () => import("./property-menu");
const PropertyMenu = lazy(() => loadPropertyMenu().then((module) => ({ default: module.PropertyMenu })));
const DeleteIssueDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DeleteIssueDialog })));
const BulkDeleteDialog = lazy(() => loadDialogs().then((module) => ({ default: module.BulkDeleteDialog })));
const SaveViewDialog = lazy(() => loadDialogs().then((module) => ({ default: module.SaveViewDialog })));

export interface IssueViewsProps {
  data: IssueViewsData;
  /** The route whose action takes the views' writes (issueViewsAction). */
  actionPath: string;
  /** Shown as the page heading (e.g. "Issues", a cycle's name). */
  title: string;
  /** Cycle and module pages offer "Add an existing issue" in the empty state. */
  onAddExisting?: () => void;
  /** Where a new saved view opens (when the views page exists). */
  viewPath?: (viewId: string) => string;
  /** Extra controls at the start of the header's actions (a cycle's or module's panel toggle). */
  headerActions?: ReactNode;
}

export function IssueViews({ data, actionPath, title, onAddExisting, viewPath, headerActions }: IssueViewsProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const identifier = data.project.identifier;
  const lookups = useStableLookups(data);
  const queue = useWriteQueue(actionPath);
  const { write } = queue;
  const display = useViewDisplay(data, write, toast);
  const { props, toggles } = display;
  const points = useEstimatePoints(Boolean(toggles.estimate));
  const [deleting, setDeleting] = useState<ViewIssue | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);

  const issuePath = useCallback(
    (issueId: string) => `/${data.workspaceSlug}/projects/${data.project.id}/issues/${issueId}`,
    [data.workspaceSlug, data.project.id],
  );

  const { windows, loaded, calendar } = useHeldIssues(data, props);
  const { held } = windows;
  const issues = useOverlaidIssues(useWithPendingRows(loaded, data.project.id, data.source, data.userId), queue.pending);
  const byId = useMemo(() => new Map(issues.map((issue) => [issue.id, issue])), [issues]);
  const edits = useIssueEdits(write, windows, toast);
  const { updateIssue } = edits;
  const { layout, groupBy, visible, groups, total, latestGroups } = useShownGroups(issues, props, held, windows.matches, lookups);

  const canEdit = data.canEdit;
  const canDrag =
    canEdit && (layout === "calendar" || ((layout === "list" || layout === "kanban") && groupBy !== "labels" && groupBy !== "created_by"));
  const manual = props.orderBy === "sort_order";
  const today = todayUtc();

  const context = useMemo<ViewContextValue>(
    () => ({ identifier, issuePath, lookups, properties: toggles, canEdit, canDrag: canDrag && layout !== "calendar", today, points }),
    [identifier, issuePath, lookups, toggles, canEdit, canDrag, layout, today, points],
  );
  const opening = useIssueOpening(issues, lookups, identifier, issuePath);
  const cards = useCardActions({ issuePath, workspaceSlug: data.workspaceSlug, identifier, byId, canEdit, updateIssue, onDelete: setDeleting, onOpen: opening.onOpen });

  const { dnd, drag } = useViewDrag({
    canDrag,
    layout,
    groupBy,
    manual,
    byId,
    latestGroups,
    updateIssue,
    onDelete: setDeleting,
    onStart: cards.closeMenu,
  });

  // The create/update modal belongs to the project shell, which also binds C.
  const issueModal = useIssueModal();
  const sourceDefaults = useMemo(
    () => (data.source.kind === "cycle" ? { cycle: data.source.id } : data.source.kind === "module" ? { module: data.source.id } : {}),
    [data.source.kind, data.source.id],
  );
  const openCreate = useCallback(() => {
    if (canEdit) issueModal.open({ defaults: sourceDefaults });
  }, [canEdit, issueModal, sourceDefaults]);

  useShortcut({ key: "delete" }, () => {
    if (canEdit) setBulkOpen(true);
  });

  const groupPages = useMemo(() => ({ loadMore: windows.loadMore, loading: windows.loading }), [windows.loadMore, windows.loading]);
  /** Drag and drop and the property menu load when the pointer (or focus) first reaches the board. */
  const preloadInteractions = () => {
    dnd.load();
    if (canEdit) void loadPropertyMenu();
  };
  const filtered = hasActiveFilters(props.filters);
  const saveLabel =
    data.source.kind === "view" ? (canEdit ? "Update view" : null) : canEdit && data.source.kind === "project" ? "Save view" : null;
  // The calendar is drawn with no issue in its weeks: its other months are a click away.
  const empty = total === 0 && layout !== "calendar";
  const confirmDelete = (issue: ViewIssue) => {
    setDeleting(null);
    edits.deleteIssue(issue);
  };
  const confirmBulkDelete = (ids: string[]) => {
    setBulkOpen(false);
    edits.bulkDelete(ids);
  };

  return (
    <ViewContext.Provider value={context}>
      <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface" data-layout={layout}>
        <ViewHeader
          title={title}
          total={total}
          props={props}
          toggles={toggles}
          choices={data}
          canEdit={canEdit}
          actions={headerActions}
          onChange={display.changeDisplay}
          onToggleFilter={display.toggleFilter}
          onToggleProperty={display.toggleProperty}
          onCreate={openCreate}
          onAddExisting={onAddExisting}
        />
        {filtered ? (
          <AppliedFilters
            filters={props.filters}
            lookups={lookups}
            onRemove={display.toggleFilter}
            onClearType={() => display.setFilters({ ...props.filters, type: null })}
            onClearAll={() => display.setFilters({})}
            saveLabel={saveLabel}
            onSave={() => (data.source.kind === "view" ? display.updateView() : setSaveOpen(true))}
          />
        ) : null}
        <DndProvider value={dnd.value}>
          <GroupPagesContext.Provider value={groupPages}>
          <IssueScrollerContext.Provider value={scroller}>
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: delegation; every target inside is a real button or link. */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation root, not a control. */}
          <div
            ref={scroller}
            className="relative min-h-0 flex-1 overflow-auto [&_.dnd-ghost]:opacity-40"
            onClick={cards.onLayoutClick}
            onPointerEnter={preloadInteractions}
            onFocus={preloadInteractions}
            data-dnd={dnd.ready ? "ready" : "off"}
          >
            {empty ? (
              <EmptyState kind={data.source.kind} canEdit={canEdit} onCreate={openCreate} onAddExisting={onAddExisting} />
            ) : (
              <LayoutArea
                layout={layout}
                groups={groups}
                grouped={groupBy !== null}
                visible={visible}
                orderBy={props.orderBy}
                dragFrom={drag?.fromKey ?? null}
                calendarDay={calendar.day}
                onCalendarDay={calendar.setDay}
              />
            )}
          </div>
          <TrashZone shown={drag !== null && layout !== "calendar"} />
          </IssueScrollerContext.Provider>
          </GroupPagesContext.Provider>
        </DndProvider>
      </div>
      <input
        ref={cards.dateInput}
        type="date"
        tabIndex={-1}
        aria-label="Due date"
        className="pointer-events-none fixed size-px opacity-0"
        onChange={(event) => cards.onDatePicked(event.target.value || null)}
      />
      {cards.menu ? (
        <Suspense fallback={null}>
          <PropertyMenu
            target={cards.menu}
            issue={byId.get(cards.menu.issueId)}
            states={data.states}
            labels={data.labels}
            members={data.members}
            points={points}
            onClose={cards.closeMenu}
            onPatch={updateIssue}
            onAction={cards.cardAction}
          />
        </Suspense>
      ) : null}
      {queue.runners}
      {opening.preload}
      {windows.readers}
      <Suspense fallback={null}>
        {deleting ? (
          <DeleteIssueDialog issue={deleting} identifier={identifier} onConfirm={confirmDelete} onOpenChange={(open) => !open && setDeleting(null)} />
        ) : null}
        {bulkOpen ? <BulkDeleteDialog open issues={issues} identifier={identifier} onConfirm={confirmBulkDelete} onOpenChange={setBulkOpen} /> : null}
        {saveOpen ? (
          <SaveViewDialog
            open
            actionPath={actionPath}
            filters={props.filters}
            choices={data}
            onOpenChange={setSaveOpen}
            onSaved={(viewId) => {
              setSaveOpen(false);
              if (viewPath && viewId) navigate(viewPath(viewId));
            }}
          />
        ) : null}
      </Suspense>
    </ViewContext.Provider>
  );
}
