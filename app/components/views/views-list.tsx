// The saved views page: the project's views, favourites in their own section first, each with its
// description and its filters in words, a star that flips at once (and back, with a toast, if the
// write fails), and for members and owners a menu to edit or delete it. "Create View" opens the
// view dialog, which loads the first time it is asked for.
import { useFavoriteToggles } from "~/hooks/use-favorite-toggles";
import { Link, useFetcher } from "@remix-run/react";
import { lazy, useMemo, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { ConfirmDialog } from "~/components/dialog";
import { IconPencil, IconTrash, IconViews } from "~/components/icons";
import { useToast } from "~/components/toast";
import { useAction } from "~/hooks/use-action";
import { ActionsMenu, CreateButton, EmptyList, FavoriteStar, ListHeader } from "~/components/ui";
import { projectViewsPath, viewIssuesPath } from "~/lib/paths";
import type { SavedViewSummary, ViewsPageAnswer, ViewsPageIntent, ViewsPageLoaderData } from "~/lib/views-page-contract";
import { VIEW_TEXT } from "~/lib/views-text";
import { type Lookups, lookupsOf } from "../issue-views/model";
import type { EditedView } from "./view-form-dialog";
import { filterSummary } from "./filter-summary";

const loadForm = () => import("./view-form-dialog");
const ViewFormDialog = lazy(() => loadForm().then((module) => ({ default: module.ViewFormDialog })));
const CreateViewDialog = lazy(() => loadForm().then((module) => ({ default: module.CreateViewDialog })));
const preloadForm = () => void loadForm();


function FilterChips({ view, lookups }: { view: SavedViewSummary; lookups: Lookups }) {
  const parts = filterSummary(view.query_data, lookups);
  if (parts.length === 0) return <p className="mt-1.5 text-xs text-neutral-500">No filters: every issue of the project</p>;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={`Filters of ${view.name}`}>
      {parts.map((part) => (
        <li key={part.key} className="max-w-full truncate rounded-md border border-neutral-200 bg-neutral-50 px-1.5 py-0.5 text-xs text-neutral-700">
          <span className="text-neutral-500">{part.label}:</span> {part.values.join(", ")}
        </li>
      ))}
    </ul>
  );
}

function ViewRow({
  view,
  workspaceSlug,
  projectId,
  lookups,
  favorite,
  favoriteBusy,
  canEdit,
  onFavorite,
  onEdit,
  onDelete,
}: {
  view: SavedViewSummary;
  workspaceSlug: string;
  projectId: string;
  lookups: Lookups;
  favorite: boolean;
  favoriteBusy: boolean;
  canEdit: boolean;
  onFavorite(favorite: boolean): void;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <li className="group relative flex items-start gap-3 border-b border-neutral-200 px-4 py-3 hover:bg-neutral-50 sm:px-6" data-view-id={view.id}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-600" aria-hidden="true">
        <IconViews size={16} />
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="truncate text-sm font-medium text-neutral-900">
          <Link to={viewIssuesPath(workspaceSlug, projectId, view.id)} className="hover:underline focus-visible:underline">
            {view.name}
          </Link>
        </h3>
        {view.description ? <p className="mt-0.5 line-clamp-2 text-xs text-neutral-600">{view.description}</p> : null}
        <FilterChips view={view} lookups={lookups} />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <FavoriteStar name={view.name} favorite={favorite} busy={favoriteBusy} onToggle={onFavorite} />
        {canEdit ? (
          <ActionsMenu
            name={view.name}
            onPreload={preloadForm}
            actions={[
              { value: "edit", label: "Edit view", icon: <IconPencil size={14} />, onSelect: onEdit },
              { value: "delete", label: "Delete view", icon: <IconTrash size={14} />, danger: true, onSelect: onDelete },
            ]}
          />
        ) : null}
      </div>
    </li>
  );
}

/** "Delete View": asks first, then deletes and says so (or that it could not). */
function DeleteViewDialog({ view, action, onClose }: { view: SavedViewSummary | null; action: string; onClose(): void }) {
  const fetcher = useFetcher<ViewsPageAnswer>({ key: "view-delete" });
  const toast = useToast();
  useAction(fetcher, {
    onDone: () => {
      toast.show({ type: "success", title: "Success!", message: VIEW_TEXT.deleted });
      onClose();
    },
    message: () => VIEW_TEXT.deleteFailed,
  });
  return (
    <ConfirmDialog
      open={view !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete View"
      description={
        <>
          Are you sure you want to delete view <span className="font-medium text-neutral-900">{view?.name}</span>? All of the data related to
          the view will be permanently removed. This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={fetcher.state !== "idle"}
      onConfirm={() => {
        if (!view) return;
        const body: ViewsPageIntent = { intent: "delete-view", view_id: view.id };
        fetcher.submit(body as never, { method: "post", action, encType: "application/json" });
      }}
    />
  );
}

export function ViewsList({ data, workspaceSlug }: { data: ViewsPageLoaderData; workspaceSlug: string }) {
  const { project, canEdit } = data;
  const action = `${projectViewsPath(workspaceSlug, project.id)}?index`;
  const lookups = useMemo(() => lookupsOf(data), [data]);
  const favorites = useFavoriteToggles({ action, kind: "view", texts: VIEW_TEXT, rollback: true });
  /** The dialog: creating (null view) or editing a view; closed when undefined. */
  const [editing, setEditing] = useState<EditedView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<SavedViewSummary | null>(null);
  const starred = data.views.filter((view) => favorites.shown(view));
  const others = data.views.filter((view) => !favorites.shown(view));
  const openCreate = () => setEditing(null);

  const row = (view: SavedViewSummary) => (
    <ViewRow
      key={view.id}
      view={view}
      workspaceSlug={workspaceSlug}
      projectId={project.id}
      lookups={lookups}
      favorite={favorites.shown(view)}
      favoriteBusy={favorites.busy(view)}
      canEdit={canEdit}
      onFavorite={(favorite) => favorites.toggle(view, favorite)}
      onEdit={() => setEditing({ id: view.id, name: view.name, description: view.description, query_data: view.query_data })}
      onDelete={() => setDeleting(view)}
    />
  );
  const section = (title: string, views: SavedViewSummary[]) => (
    <section aria-label={title}>
      <h2 className="border-b border-neutral-200 bg-neutral-50 px-4 py-1.5 text-[11px] font-semibold tracking-wide text-neutral-500 uppercase sm:px-6">
        {title}
        <span className="ml-1.5 font-normal">{views.length}</span>
      </h2>
      <ul>{views.map(row)}</ul>
    </section>
  );

  return (
    <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface">
      <ListHeader look="bar" title="Views" count={data.views.length} noun="view">
        {canEdit && data.views.length > 0 ? <CreateButton label="Create View" onClick={openCreate} onPreload={preloadForm} className="ml-auto" /> : null}
      </ListHeader>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {data.views.length === 0 ? (
          <EmptyList
            icon={<IconViews size={24} />}
            title="No views yet"
            description="A view is a saved set of filters: open the project's issues through it in any layout, Gantt included."
            readOnlyDescription="Members of the project create views; the ones they save show here."
            create={canEdit ? { label: "Create View", onClick: openCreate, onPreload: preloadForm } : undefined}
          />
        ) : (
          <>
            {starred.length > 0 ? section("Favorites", starred) : null}
            {others.length > 0 ? section(starred.length > 0 ? "Other views" : "All views", others) : null}
          </>
        )}
      </div>
      {favorites.runners}
      {editing === null ? (
        <Suspense fallback={null}>
          {/* The same dialog the project's other pages open; here the new view shows in the list. */}
          <CreateViewDialog
            workspaceSlug={workspaceSlug}
            projectId={project.id}
            open
            onOpenChange={(open) => !open && setEditing(undefined)}
            onCreated={() => {}}
          />
        </Suspense>
      ) : editing ? (
        <Suspense fallback={null}>
          <ViewFormDialog
            open
            onOpenChange={(open) => !open && setEditing(undefined)}
            actionPath={action}
            view={editing}
            choices={data}
            onSaved={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
      {canEdit ? <DeleteViewDialog view={deleting} action={action} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
