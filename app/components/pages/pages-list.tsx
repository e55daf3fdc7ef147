// The project's pages: tabs (all, favorites, created by me, created by others, recent by date
// group), three display modes (list, detailed, grid of cards previewing the first block names)
// remembered in the browser, skeletons while a tab loads, and each page's favorite star, access
// toggle (its creator only), rename and delete. Favorites and access change on screen at once
// and fall back by themselves when the write is refused (the loader's data never changed).
import { ListTabs } from "~/components/list-tabs";
import { Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "../../../workers/domain/schemas/dates";
import {
  PAGE_DELETED,
  PAGE_DELETE_FAILED,
  PAGE_NAME_LIST_MAX,
} from "../../../workers/domain/schemas/pages";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import { pagePath } from "~/lib/paths";
import { PAGE_TABS, type PageCard, type PagesAnswer, type PagesIntent, type PagesListData, RECENT_GROUP_LABELS } from "~/lib/pages-contract";
import { ConfirmDeleteDialog } from "../dialog";
import { IconGrid, IconPages, IconPencil, IconTrash, icon } from "../icons";
import { useAction, useActionWatchers } from "~/hooks/use-action";
import { useToast } from "../toast";
import { CreateButton, DisplayToggle, EmptyList, ListHeader, truncate } from "../ui";
import { PageFormDialog, pagesActionPath } from "./page-form-dialog";
import { PageToggles, type WatchPageAnswer, iconButton } from "./page-toggles";

export const DISPLAY_MODES = ["list", "detailed", "grid"] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
const DISPLAY_KEY = "pages:display-mode";
const DISPLAY_LABELS: Record<DisplayMode, string> = { list: "List view", detailed: "Detailed view", grid: "Grid view" };

const IconRows = icon("rows");
const IconDetailed = icon("detailed");
const DISPLAY_ICONS: Record<DisplayMode, typeof IconRows> = { list: IconRows, detailed: IconDetailed, grid: IconGrid };

interface PageActions {
  slug: string;
  projectId: string;
  me: string;
  canEdit: boolean;
  onEdit(page: PageCard): void;
  onDelete(page: PageCard): void;
  /** Watches a keyed fetcher's answer from the list. */
  watch: WatchPageAnswer;
}

function PageControls({ page, actions }: { page: PageCard; actions: PageActions }) {
  return (
    <div className="flex shrink-0 items-center gap-0.5">
      <PageToggles page={page} slug={actions.slug} projectId={actions.projectId} me={actions.me} watch={actions.watch} />
      {actions.canEdit ? (
        <>
          <button type="button" className={iconButton} aria-label={`Rename ${page.name}`} onClick={() => actions.onEdit(page)}>
            <IconPencil size={14} />
          </button>
          <button type="button" className={iconButton} aria-label={`Delete ${page.name}`} onClick={() => actions.onDelete(page)}>
            <IconTrash size={14} />
          </button>
        </>
      ) : null}
    </div>
  );
}

function PageName({ page, actions, className = "" }: { page: PageCard; actions: PageActions; className?: string }) {
  return (
    <Link
      to={pagePath(actions.slug, actions.projectId, page.id)}
      title={page.name.length > PAGE_NAME_LIST_MAX ? page.name : undefined}
      className={`min-w-0 truncate font-medium text-neutral-900 hover:text-brand-700 dark:hover:text-brand-300 ${className}`}
    >
      {truncate(page.name, PAGE_NAME_LIST_MAX)}
    </Link>
  );
}

function BlockNames({ page }: { page: PageCard }) {
  if (page.blocks.length === 0) return <p className="text-xs text-neutral-500 italic">No blocks yet</p>;
  return (
    <ul className="space-y-0.5" aria-label={`First blocks of ${page.name}`}>
      {page.blocks.map((block) => (
        <li key={block.id} className="truncate text-xs text-neutral-600">
          {block.name}
        </li>
      ))}
    </ul>
  );
}

function PageRow({ page, mode, actions }: { page: PageCard; mode: "list" | "detailed"; actions: PageActions }) {
  return (
    <li
      data-testid="page-item"
      className={`flex gap-3 border-t border-neutral-100 px-4 py-2 first:border-t-0 ${mode === "list" ? "items-center" : "items-start"}`}
    >
      <IconPages size={16} className={`shrink-0 text-neutral-500 ${mode === "list" ? "" : "mt-1.5"}`} />
      <div className="min-w-0 flex-1">
        <div className={`flex min-w-0 items-center gap-2 ${mode === "list" ? "" : "mt-1"}`}>
          <PageName page={page} actions={actions} className="text-sm" />
        </div>
        {mode === "detailed" ? (
          <div className="mt-1 space-y-1.5">
            <BlockNames page={page} />
            <p className="text-xs text-neutral-500">
              Created {formatDate(page.created_at)} · Updated {formatDate(page.updated_at)}
            </p>
          </div>
        ) : null}
      </div>
      <PageControls page={page} actions={actions} />
    </li>
  );
}

function PageGridCard({ page, actions }: { page: PageCard; actions: PageActions }) {
  return (
    <li data-testid="page-item" className="flex min-h-40 flex-col rounded-lg border border-neutral-200 bg-surface shadow-xs">
      <div className="flex items-center gap-2 px-4 pt-3">
        <IconPages size={16} className="shrink-0 text-neutral-500" />
        <PageName page={page} actions={actions} className="text-sm" />
      </div>
      <div className="flex-1 px-4 py-2.5">
        <BlockNames page={page} />
      </div>
      <div className="flex items-center justify-between gap-2 border-t border-neutral-100 px-3 py-1.5">
        <span className="truncate text-xs text-neutral-500">{formatDate(page.updated_at)}</span>
        <PageControls page={page} actions={actions} />
      </div>
    </li>
  );
}

function PageItems({ pages, mode, actions }: { pages: PageCard[]; mode: DisplayMode; actions: PageActions }) {
  if (mode === "grid") {
    return (
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {pages.map((page) => (
          <PageGridCard key={page.id} page={page} actions={actions} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="rounded-lg border border-neutral-200 bg-surface">
      {pages.map((page) => (
        <PageRow key={page.id} page={page} mode={mode} actions={actions} />
      ))}
    </ul>
  );
}

/** Grey placeholders in the shape of the chosen mode, while a tab's pages load. */
function PagesSkeleton({ mode }: { mode: DisplayMode }) {
  const bars = [0, 1, 2, 3];
  return (
    <div role="status" aria-label="Loading pages" data-testid="pages-skeleton" className="animate-pulse">
      {mode === "grid" ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {bars.map((bar) => (
            <div key={bar} className="h-40 rounded-lg border border-neutral-200 bg-neutral-100" />
          ))}
        </div>
      ) : (
        <div className="space-y-px overflow-hidden rounded-lg border border-neutral-200">
          {bars.map((bar) => (
            <div key={bar} className={`flex items-center gap-3 bg-surface px-4 ${mode === "detailed" ? "h-20" : "h-11"}`}>
              <div className="size-4 rounded bg-neutral-200" />
              <div className="h-3 w-1/3 rounded bg-neutral-200" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

function EmptyPages({ canEdit, onCreate }: { canEdit: boolean; onCreate(): void }) {
  return (
    <EmptyList
      look="page"
      icon={<IconPages size={22} />}
      title="Create New Page"
      description="Use AI-powered notes to write down your thoughts, meeting minutes and plans, then turn their blocks into issues."
      create={canEdit ? { label: "New page", onClick: onCreate } : undefined}
    />
  );
}

export function PagesList({
  data,
  slug,
  projectId,
  canEdit,
}: {
  data: PagesListData;
  slug: string;
  projectId: string;
  canEdit: boolean;
}) {
  const toast = useToast();
  const location = useLocation();
  const navigation = useNavigation();
  const [mode, setMode] = useStoredPreference<DisplayMode>(DISPLAY_KEY, "list", oneOf(DISPLAY_MODES));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PageCard | null>(null);
  const [deleting, setDeleting] = useState<PageCard | null>(null);
  const deleteFetcher = useFetcher<PagesAnswer>();
  useAction(deleteFetcher, {
    onDone: () => {
      setDeleting(null);
      toast.show({ type: "success", title: "Success!", message: PAGE_DELETED });
    },
    message: () => PAGE_DELETE_FAILED,
    onError: () => setDeleting(null),
  });

  const listing = data.listing;
  // Another tab of this list is on its way: its skeleton stands in for the old tab's pages.
  const loadingTab = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const shownTab = loadingTab ? (new URLSearchParams(navigation.location.search).get("tab") ?? "all") : listing.tab;
  const { watch, watchers } = useActionWatchers<PagesAnswer>();
  const actions: PageActions = { slug, projectId, me: data.me, canEdit, onEdit: setEditing, onDelete: setDeleting, watch };
  const empty = listing.kind === "list" ? listing.pages.length === 0 : listing.groups.length === 0;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <ListHeader look="page" title="Pages">
        <DisplayToggle legend="Display mode" modes={DISPLAY_MODES} value={mode} onChange={setMode} labels={DISPLAY_LABELS} icons={DISPLAY_ICONS} />
        {canEdit ? <CreateButton label="Create page" onClick={() => setCreating(true)} /> : null}
      </ListHeader>

      <ListTabs label="Page lists" tabs={PAGE_TABS} shownTab={shownTab} />

      <div className="mt-5" data-display-mode={mode}>
        {loadingTab ? (
          <PagesSkeleton mode={mode} />
        ) : empty ? (
          <EmptyPages canEdit={canEdit} onCreate={() => setCreating(true)} />
        ) : listing.kind === "list" ? (
          <PageItems pages={listing.pages} mode={mode} actions={actions} />
        ) : (
          <div className="space-y-6">
            {listing.groups.map((group) => (
              <section key={group.key} aria-labelledby={`recent-${group.key}`}>
                <h2 id={`recent-${group.key}`} className="mb-2 text-xs font-semibold tracking-wide text-neutral-600 uppercase">
                  {RECENT_GROUP_LABELS[group.key]}
                </h2>
                <PageItems pages={group.pages} mode={mode} actions={actions} />
              </section>
            ))}
          </div>
        )}
      </div>

      {watchers}
      {creating ? <PageFormDialog workspaceSlug={slug} projectId={projectId} open onOpenChange={setCreating} /> : null}
      {editing ? (
        <PageFormDialog
          workspaceSlug={slug}
          projectId={projectId}
          page={editing}
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
        />
      ) : null}
      <ConfirmDeleteDialog
        kind="page"
        target={deleting}
        consequence="All of its blocks will be deleted."
        onClose={() => setDeleting(null)}
        pending={deleteFetcher.state !== "idle"}
        onConfirm={(target) =>
          deleteFetcher.submit({ intent: "delete-page", page_id: target.id } satisfies PagesIntent, {
            method: "post",
            action: pagesActionPath(slug, projectId),
            encType: "application/json",
          })
        }
      />
    </div>
  );
}
