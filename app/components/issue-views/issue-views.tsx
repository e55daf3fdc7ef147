// The issue views: one component a project, cycle, module or saved-view page renders with its
// loader's data (app/lib/issue-views.server.ts) and the path of the action that takes its writes.
//
// Writes are optimistic: each one is an overlay on the loader's issues until its fetcher settles
// (by then Remix has revalidated the data), or rolled back when the server refuses. Because the
// overlay sits on whatever the loader last returned, a revalidation that lands mid-flight (the
// live board asks for them) never undoes a change the user just made.
import { useFetcher, useNavigate } from "@remix-run/react";
import { type ReactNode, Suspense, lazy, memo, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { IconPlus, IconTrash } from "~/components/icons";
import { useToast } from "~/components/toast";
import { issueWindowsPath } from "~/lib/paths";
import { VIEW_TEXT } from "~/lib/views-text";
import { buttonClass } from "~/components/ui";
import { useLiveIssues } from "~/hooks/use-live-issues";
import { useShortcut } from "~/hooks/use-shortcut";
import { type IssueToEdit, useIssueModal } from "~/components/issue-modal/context";
import type { IssuePageData } from "~/lib/issue-page-contract";
import type { IssueViewsActionResult, IssueViewsIntent } from "~/lib/issue-views-contract";
import {
  type FilterKey,
  type GroupBy,
  type IssuePropertyKey,
  type IssuePropertyToggles,
  type ViewProps,
  displayPropsPatch,
  hasActiveFilters,
  normaliseFilters,
  sortOrderForDrop,
  todayUtc,
} from "~/lib/issue-display";
import { AppliedFilters } from "./applied-filters";
import { DndProvider, type DropDetails, SortableList, TRASH_KEY, useDnd } from "./dnd";
import { KanbanLayout } from "./kanban-layout";
import { CalendarLayout, GanttLayout } from "./layout-chunks";
import { useEstimatePoints } from "./estimate-points";
import { ListLayout } from "./list-layout";
import {
  type IssueGroup,
  type IssuePatch,
  type IssueViewsData,
  type ViewIssue,
  applyPatch,
  filterIssues,
  groupChangePatch,
  groupFrontiers,
  groupIssues,
  lookupsOf,
  sortIssues,
  windowedGroups,
} from "./model";
import { GroupPagesContext, IssueScrollerContext } from "./progressive";
import { useIssueWindows } from "./use-issue-windows";
import { ViewContext, type ViewContextValue } from "./parts";
import type { CardAction, MenuTarget } from "./property-menu";
import { DisplayMenu, FiltersMenu, LayoutButtons } from "./view-options";

const loadDialogs = () => import("./dialogs");
const loadPropertyMenu = () => import("./property-menu");
const PropertyMenu = lazy(() => loadPropertyMenu().then((module) => ({ default: module.PropertyMenu })));
const DeleteIssueDialog = lazy(() => loadDialogs().then((module) => ({ default: module.DeleteIssueDialog })));
const BulkDeleteDialog = lazy(() => loadDialogs().then((module) => ({ default: module.BulkDeleteDialog })));
const SaveViewDialog = lazy(() => loadDialogs().then((module) => ({ default: module.SaveViewDialog })));

type Overlay = { kind: "patch"; issueId: string; patch: IssuePatch; at: string } | { kind: "delete"; ids: string[] };

interface PendingWrite {
  id: number;
  body: IssueViewsIntent;
  overlay?: Overlay;
  onSettled?(result: IssueViewsActionResult): void;
}

/** Sends one write through its own fetcher and reports the answer once Remix is idle again. */
function WriteRunner({ write, action, onDone }: { write: PendingWrite; action: string; onDone(write: PendingWrite, result: IssueViewsActionResult): void }) {
  const fetcher = useFetcher<IssueViewsActionResult>({ key: `issue-views-write-${write.id}` });
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sends exactly once, on mount.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    fetcher.submit(write.body as never, { method: "post", action, encType: "application/json" });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the fetcher settling only.
  useEffect(() => {
    if (sent.current && fetcher.state === "idle" && fetcher.data !== undefined) onDone(write, fetcher.data);
  }, [fetcher.state, fetcher.data]);
  return null;
}

/** Keeps the previous object for issues whose fields did not change, so memoised cards skip work. */
function useStableIssues(issues: ViewIssue[]) {
  const previous = useRef(new Map<string, ViewIssue>());
  return useMemo(() => {
    const before = previous.current;
    const next = new Map<string, ViewIssue>();
    const list = issues.map((issue) => {
      const old = before.get(issue.id);
      const same =
        old !== undefined &&
        (Object.keys(issue) as (keyof ViewIssue)[]).every((key) => {
          const a = issue[key];
          const b = old[key];
          return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]));
        });
      const kept = same ? old : issue;
      next.set(issue.id, kept);
      return kept;
    });
    previous.current = next;
    return list;
  }, [issues]);
}

/** The lookups only change identity when their content does (revalidations return new arrays). */
function useStableLookups(data: IssueViewsData) {
  const signature = JSON.stringify([data.states, data.labels, data.members]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on content, not identity.
  return useMemo(() => lookupsOf(data), [signature]);
}

function EmptyState({
  kind,
  canEdit,
  onCreate,
  onAddExisting,
}: {
  kind: IssueViewsData["source"]["kind"];
  canEdit: boolean;
  onCreate(): void;
  onAddExisting?: () => void;
}) {
  const shortcut = (
    <span className="ml-1 rounded border border-white/40 px-1 font-sans text-[10px] font-medium" aria-hidden="true">
      C
    </span>
  );
  if (kind === "project") {
    return (
      <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
        <div className="max-w-md">
          <h2 className="text-lg font-semibold text-neutral-900">Create New Issue</h2>
          <p className="mt-2 text-sm text-neutral-500">
            Issues help you track individual pieces of work. With Issues, keep track of what's going on, who is working on it, and
            what's done.
          </p>
          {canEdit ? (
            <button type="button" onClick={onCreate} className={`${buttonClass("primary")} mt-5`} aria-keyshortcuts="C">
              <IconPlus size={14} />
              New Issue
              {shortcut}
            </button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-16 text-center">
      <h2 className="text-lg font-semibold text-neutral-900">You don't have any issue yet.</h2>
      {canEdit ? (
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <button type="button" onClick={onCreate} className={buttonClass("primary")} aria-keyshortcuts="C">
            <IconPlus size={14} />
            Create a new issue
            {shortcut}
          </button>
          {onAddExisting ? (
            <button type="button" onClick={onAddExisting} className={buttonClass("secondary")}>
              Add an existing issue
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** Above the calendar and the Gantt chart when not every issue is read: how many, and a button for more. */
function MoreIssuesBar({ group }: { group: IssueGroup }) {
  const pages = useContext(GroupPagesContext);
  const loading = pages.loading.has(group.key);
  return (
    <div className="flex items-center gap-3 border-b border-neutral-200 bg-neutral-50 px-4 py-1.5 text-xs text-neutral-600 sm:px-6">
      <span>
        Showing {group.issues.length.toLocaleString("en-US")} of {group.count.toLocaleString("en-US")} issues
      </span>
      <button type="button" className={buttonClass("secondary", "sm")} disabled={loading} onClick={() => pages.loadMore(group.key)}>
        {loading ? "Loading..." : "Load more"}
      </button>
    </div>
  );
}

/** The layout area memoised on what it shows: menus and dialogs opening do not re-render 1,000 cards. */
const LayoutArea = memo(function LayoutArea({
  layout,
  groups,
  grouped,
  visible,
  orderBy,
  dragFrom,
}: {
  layout: ViewProps["issueView"];
  groups: IssueGroup[];
  grouped: boolean;
  visible: ViewIssue[];
  orderBy: ViewProps["orderBy"];
  dragFrom: string | null;
}) {
  if (layout === "kanban") return <KanbanLayout groups={groups} orderBy={orderBy} dragFrom={dragFrom} />;
  if (layout === "calendar" || layout === "gantt_chart") {
    // Ungrouped: the one group holds what is shown, up to the last issue read.
    const all = groups[0];
    const shown = all?.issues ?? visible;
    return (
      <>
        {all?.more ? <MoreIssuesBar group={all} /> : null}
        {layout === "calendar" ? <CalendarLayout issues={shown} /> : <GanttLayout issues={shown} more={all?.more ?? false} />}
      </>
    );
  }
  return <ListLayout groups={groups} grouped={grouped} orderBy={orderBy} dragFrom={dragFrom} />;
});

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
  const [props, setProps] = useState<ViewProps>(data.display);
  const [toggles, setToggles] = useState<IssuePropertyToggles>(data.properties.toggles);
  const points = useEstimatePoints(Boolean(toggles.estimate));
  const [pending, setPending] = useState<PendingWrite[]>([]);
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [drag, setDrag] = useState<{ issueId: string; fromKey: string } | null>(null);
  const [deleting, setDeleting] = useState<ViewIssue | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const nextWriteId = useRef(1);
  const dateInput = useRef<HTMLInputElement>(null);
  const dateIssue = useRef<string | null>(null);
  const menuNonce = useRef(0);
  const scroller = useRef<HTMLDivElement>(null);

  const issuePath = useCallback(
    (issueId: string) => `/${data.workspaceSlug}/projects/${data.project.id}/issues/${issueId}`,
    [data.workspaceSlug, data.project.id],
  );

  // ------------------------------------------------------------ writes

  const write = useCallback((body: IssueViewsIntent, overlay?: Overlay, onSettled?: (result: IssueViewsActionResult) => void) => {
    setPending((list) => [...list, { id: nextWriteId.current++, body, overlay, onSettled }]);
  }, []);

  const settle = useCallback((done: PendingWrite, result: IssueViewsActionResult) => {
    setPending((list) => list.filter((item) => item.id !== done.id));
    done.onSettled?.(result);
  }, []);

  // The issues held (each group's first pages, and the pages read since), and board changes from
  // other tabs and users patching them in place (app/lib/live-board.ts).
  const [liveTick, setLiveTick] = useState(0);
  // A transition, as the live layer's own update: a batch can arrive while part of the page is
  // still hydrating, and an urgent update would make React drop its server HTML (error 421).
  const onLivePlaced = useCallback(() => startTransition(() => setLiveTick((tick) => tick + 1)), []);
  const windows = useIssueWindows(
    data.windows,
    data.display.filters,
    props,
    issueWindowsPath(data.workspaceSlug, data.project.id, data.source),
    liveTick,
  );
  const { held, applyIssue, removeIssues } = windows;
  const loaded = useStableIssues(useLiveIssues(held.issues, data.source, data.boardClock, onLivePlaced));
  const issues = useMemo(() => {
    const overlays = pending.flatMap((item) => item.overlay ?? []);
    if (overlays.length === 0) return loaded;
    const deleted = new Set(overlays.flatMap((overlay) => (overlay.kind === "delete" ? overlay.ids : [])));
    const patched = new Map<string, ViewIssue>();
    const byId = new Map(loaded.map((issue) => [issue.id, issue]));
    for (const overlay of overlays) {
      if (overlay.kind !== "patch") continue;
      const base = patched.get(overlay.issueId) ?? byId.get(overlay.issueId);
      if (base) patched.set(overlay.issueId, applyPatch(base, overlay.patch, overlay.at));
    }
    return loaded.flatMap((issue) => (deleted.has(issue.id) ? [] : [patched.get(issue.id) ?? issue]));
  }, [loaded, pending]);

  const byId = useMemo(() => new Map(issues.map((issue) => [issue.id, issue])), [issues]);

  const updateIssue = useCallback(
    (issue: ViewIssue, patch: IssuePatch) => {
      write({ intent: "update-issue", issueId: issue.id, patch: { ...patch } }, { kind: "patch", issueId: issue.id, patch, at: new Date().toISOString() }, (result) => {
        // A failed patch from the views is rolled back and only logged.
        if (!result.ok) console.error("Issue could not be updated.", result.error);
        else if (result.issue) applyIssue(result.issue);
      });
    },
    [write, applyIssue],
  );

  const deleteIssue = useCallback(
    (issue: ViewIssue) => {
      setDeleting(null);
      write({ intent: "delete-issue", issueId: issue.id }, { kind: "delete", ids: [issue.id] }, (result) => {
        if (result.ok) {
          removeIssues([issue.id]);
          toast.show({ type: "success", title: "Success", message: "Issue deleted successfully" });
        } else console.error("Issue could not be deleted.", result.error);
      });
    },
    [write, toast, removeIssues],
  );

  const bulkDelete = useCallback(
    (ids: string[]) => {
      setBulkOpen(false);
      write({ intent: "bulk-delete", issue_ids: ids }, { kind: "delete", ids }, (result) => {
        if (result.ok) {
          removeIssues(ids);
          toast.show({ type: "success", title: "Success", message: result.message ?? "Issues deleted successfully" });
        } else console.error("Issues could not be deleted.", result.error);
      });
    },
    [write, toast, removeIssues],
  );

  // ------------------------------------------------------------ display preferences

  const saveDisplay = useCallback(
    (patch: Partial<ViewProps>) => {
      const body = { ...patch, ...(patch.filters ? { filters: normaliseFilters(patch.filters) } : {}) };
      write({ intent: "display", view_props: body }, undefined, (result) => {
        if (!result.ok) console.error("Display preferences could not be saved.", result.error);
      });
    },
    [write],
  );

  const changeDisplay = (change: Partial<ViewProps>) => {
    const patch = displayPropsPatch(props, change);
    setProps((current) => ({ ...current, ...patch }));
    // Inside a saved view the filters are the view's: they change locally until "Update view".
    if (data.source.kind === "view" && patch.filters) {
      const { filters: _filters, ...rest } = patch;
      if (Object.keys(rest).length) saveDisplay(rest);
    } else {
      saveDisplay(patch);
    }
  };

  const setFilters = (filters: ViewProps["filters"]) => changeDisplay({ filters });

  const toggleFilter = (key: FilterKey, value: string) => {
    const current = props.filters[key] ?? [];
    const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
    setFilters({ ...props.filters, [key]: next.length ? next : null });
  };

  const toggleProperty = (key: IssuePropertyKey) => {
    const value = !toggles[key];
    setToggles((current) => ({ ...current, [key]: value }));
    write({ intent: "properties", properties: { [key]: value } }, undefined, (result) => {
      if (!result.ok) console.error("Issue properties could not be saved.", result.error);
    });
  };

  const updateView = () => {
    write({ intent: "update-view", query_data: normaliseFilters(props.filters) }, undefined, (result) => {
      if (result.ok) toast.show({ type: "success", title: "Success!", message: VIEW_TEXT.updated });
      else toast.show({ type: "error", title: "Error!", message: VIEW_TEXT.updateFailed });
    });
  };

  // ------------------------------------------------------------ what is shown

  const layout = props.issueView;
  const groupBy: GroupBy | null =
    layout === "kanban" ? (props.groupByProperty ?? "state") : layout === "list" ? props.groupByProperty : null;
  const visible = useMemo(
    () => sortIssues(filterIssues(issues, props.filters, lookups), props.orderBy),
    [issues, props.filters, props.orderBy, lookups],
  );
  // The last issue read of each group, in the held windows' own grouping and order.
  const frontiers = useMemo(
    () => (held.complete ? null : groupFrontiers(held.issues, held.shape.groupBy, held.shape.orderBy, lookups)),
    [held, lookups],
  );
  const windowed = windows.matches && frontiers !== null;
  const groups = useMemo(() => {
    const local = groupIssues(visible, groupBy, lookups);
    const all = windowed && frontiers ? windowedGroups(local, held, frontiers, props.orderBy) : local;
    return groupBy && !props.showEmptyGroups ? all.filter((group) => group.count > 0) : all;
  }, [visible, groupBy, lookups, props.showEmptyGroups, windowed, frontiers, held, props.orderBy]);
  const total = windowed ? held.total : visible.length;
  const latestGroups = useRef(groups);
  latestGroups.current = groups;

  const canEdit = data.canEdit;
  const canDrag =
    canEdit && (layout === "calendar" || ((layout === "list" || layout === "kanban") && groupBy !== "labels" && groupBy !== "created_by"));
  const manual = props.orderBy === "sort_order";
  const today = todayUtc();

  const context = useMemo<ViewContextValue>(
    () => ({ identifier, issuePath, lookups, properties: toggles, canEdit, canDrag: canDrag && layout !== "calendar", today, points }),
    [identifier, issuePath, lookups, toggles, canEdit, canDrag, layout, today, points],
  );

  // ------------------------------------------------------------ drag and drop

  const onDrop = (details: DropDetails) => {
    const issue = byId.get(details.issueId);
    if (!issue) return;
    if (details.toKey === TRASH_KEY) {
      setDeleting(issue);
      return;
    }
    if (layout === "calendar") {
      if (details.toKey !== issue.target_date) updateIssue(issue, { target_date: details.toKey });
      return;
    }
    const patch: IssuePatch = {};
    if (details.fromKey !== details.toKey) Object.assign(patch, groupChangePatch(groupBy, details.toKey));
    if (manual) {
      const target = latestGroups.current.find((group) => group.key === details.toKey);
      const others = (target?.issues ?? []).filter((other) => other.id !== issue.id).map((other) => other.sort_order);
      const sortOrder = sortOrderForDrop(others, details.index, issue.sort_order);
      if (sortOrder !== issue.sort_order) patch.sort_order = sortOrder;
    }
    if (Object.keys(patch).length > 0) updateIssue(issue, patch);
  };

  const dnd = useDnd(canDrag, layout !== "calendar" && manual, {
    onStart: (issueId, fromKey) => {
      setMenu(null);
      setDrag({ issueId, fromKey });
    },
    onEnd: () => setDrag(null),
    onDrop,
  });

  // ------------------------------------------------------------ actions on cards

  // The create/update modal belongs to the project shell, which also binds C.
  const issueModal = useIssueModal();
  const sourceDefaults = useMemo(
    () => (data.source.kind === "cycle" ? { cycle: data.source.id } : data.source.kind === "module" ? { module: data.source.id } : {}),
    [data.source.kind, data.source.id],
  );
  const openCreate = useCallback(() => {
    if (canEdit) issueModal.open({ defaults: sourceDefaults });
  }, [canEdit, issueModal, sourceDefaults]);

  // Editing needs the description, which the list does not carry: read the issue page's data first.
  const editFetcher = useFetcher<IssuePageData>();
  const editing = useRef<string | null>(null);
  useEffect(() => {
    const issue = editFetcher.data?.issue;
    if (editFetcher.state !== "idle" || !issue || editing.current !== issue.id) return;
    editing.current = null;
    issueModal.open({
      issue: {
        id: issue.id,
        sequence_id: issue.sequence_id,
        name: issue.name,
        description_html: issue.description_html,
        state: issue.state,
        priority: issue.priority as IssueToEdit["priority"],
        assignees_list: issue.assignees,
        labels_list: issue.labels,
        start_date: issue.start_date,
        target_date: issue.target_date,
        estimate_point: issue.estimate_point,
        parent: issue.parent,
        cycle: issue.cycle,
        module: issue.module,
      },
    });
  }, [editFetcher.state, editFetcher.data, issueModal]);

  const cardAction = useCallback(
    (issue: ViewIssue, action: CardAction) => {
      const path = issuePath(issue.id);
      switch (action) {
        case "copy-link":
          navigator.clipboard
            .writeText(new URL(path, window.location.origin).toString())
            .then(() => toast.show({ type: "success", title: "Link Copied!", message: "Issue link copied to clipboard." }))
            .catch(() => toast.show({ type: "error", title: "Error!", message: "Some error occurred" }));
          break;
        case "open-new-tab":
          window.open(path, "_blank", "noopener");
          break;
        case "edit":
          editing.current = issue.id;
          editFetcher.load(path);
          break;
        case "delete":
          setDeleting(issue);
          break;
      }
    },
    [issuePath, toast, editFetcher],
  );

  const openDatePicker = (issue: ViewIssue, anchor: HTMLElement) => {
    const input = dateInput.current;
    if (!input) return;
    const rect = anchor.getBoundingClientRect();
    input.style.left = `${rect.left}px`;
    input.style.top = `${rect.bottom}px`;
    input.value = issue.target_date ?? "";
    dateIssue.current = issue.id;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };

  /** One click handler for every card: property buttons, menus and client-side issue links. */
  const onLayoutClick = (event: React.MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const button = target.closest<HTMLElement>("[data-action]");
    const card = target.closest<HTMLElement>("[data-issue-id]");
    if (button && card) {
      const issue = byId.get(card.dataset.issueId ?? "");
      if (!issue || !canEdit) return;
      event.preventDefault();
      const action = button.dataset.action;
      if (action === "due_date") openDatePicker(issue, button);
      else setMenu({ kind: action as MenuTarget["kind"], issueId: issue.id, anchor: button, nonce: ++menuNonce.current });
      return;
    }
    const link = target.closest<HTMLAnchorElement>("a[data-issue-link]");
    if (link && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      navigate(link.pathname);
    }
  };

  useShortcut({ key: "delete" }, () => {
    if (canEdit) setBulkOpen(true);
  });

  const closeMenu = useCallback(() => setMenu(null), []);
  const groupPages = useMemo(() => ({ loadMore: windows.loadMore, loading: windows.loading }), [windows.loadMore, windows.loading]);
  /** Drag and drop and the property menu load when the pointer (or focus) first reaches the board. */
  const preloadInteractions = () => {
    dnd.load();
    if (canEdit) void loadPropertyMenu();
  };
  const filtered = hasActiveFilters(props.filters);
  const saveLabel =
    data.source.kind === "view" ? (canEdit ? "Update view" : null) : canEdit && data.source.kind === "project" ? "Save view" : null;
  const empty = total === 0;

  return (
    <ViewContext.Provider value={context}>
      <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface" data-layout={layout}>
        <div className="flex min-h-12 shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-neutral-200 px-4 py-2 sm:px-6">
          <h1 className="text-sm font-semibold text-neutral-900">{title}</h1>
          <span className="text-xs text-neutral-400" aria-live="polite">
            {total.toLocaleString("en-US")} issue{total === 1 ? "" : "s"}
          </span>
          <div className="ml-auto flex items-center gap-2">
            {headerActions}
            <LayoutButtons layout={layout} onChange={(issueView) => changeDisplay({ issueView })} />
            <FiltersMenu filters={props.filters} choices={data} onToggle={toggleFilter} />
            <DisplayMenu props={props} properties={toggles} onChange={changeDisplay} onToggleProperty={toggleProperty} />
            {canEdit && onAddExisting ? (
              <button type="button" onClick={onAddExisting} className={buttonClass("secondary", "sm")}>
                Add existing issues
              </button>
            ) : null}
            {canEdit ? (
              <button type="button" onClick={openCreate} className={buttonClass("primary", "sm")} aria-keyshortcuts="C">
                <IconPlus size={14} />
                Add Issue
              </button>
            ) : null}
          </div>
        </div>
        {filtered ? (
          <AppliedFilters
            filters={props.filters}
            lookups={lookups}
            onRemove={toggleFilter}
            onClearType={() => setFilters({ ...props.filters, type: null })}
            onClearAll={() => setFilters({})}
            saveLabel={saveLabel}
            onSave={() => (data.source.kind === "view" ? updateView() : setSaveOpen(true))}
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
            onClick={onLayoutClick}
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
              />
            )}
          </div>
          <SortableList
            groupKey={TRASH_KEY}
            accept
            aria-hidden={drag ? undefined : true}
            className={`fixed top-3 left-1/2 z-40 flex h-16 w-80 -translate-x-1/2 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-red-300 bg-red-50/95 dark:border-red-900 dark:bg-red-950/95 text-sm font-medium text-red-600 dark:text-red-400 shadow-lg [&>[data-issue-id]]:hidden ${
              drag && layout !== "calendar" ? "visible" : "invisible"
            }`}
          >
            <IconTrash size={16} />
            <span>Drop here to delete the issue</span>
          </SortableList>
          </IssueScrollerContext.Provider>
          </GroupPagesContext.Provider>
        </DndProvider>
      </div>
      <input
        ref={dateInput}
        type="date"
        tabIndex={-1}
        aria-label="Due date"
        className="pointer-events-none fixed size-px opacity-0"
        onChange={(event) => {
          const issue = dateIssue.current ? byId.get(dateIssue.current) : undefined;
          const value = event.target.value || null;
          if (issue && value !== issue.target_date) updateIssue(issue, { target_date: value });
        }}
      />
      {menu ? (
        <Suspense fallback={null}>
          <PropertyMenu
            target={menu}
            issue={byId.get(menu.issueId)}
            states={data.states}
            labels={data.labels}
            members={data.members}
            points={points}
            onClose={closeMenu}
            onPatch={updateIssue}
            onAction={cardAction}
          />
        </Suspense>
      ) : null}
      {pending.map((item) => (
        <WriteRunner key={item.id} write={item} action={actionPath} onDone={settle} />
      ))}
      {windows.readers}
      <Suspense fallback={null}>
        {deleting ? (
          <DeleteIssueDialog issue={deleting} identifier={identifier} onConfirm={deleteIssue} onOpenChange={(open) => !open && setDeleting(null)} />
        ) : null}
        {bulkOpen ? <BulkDeleteDialog open issues={issues} identifier={identifier} onConfirm={bulkDelete} onOpenChange={setBulkOpen} /> : null}
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
