// The modules page: a card per module (favourites first) with its status, dates, lead, members and
// progress, a star that flips at once (a failed write only says so: the star is not put back), and
// a menu to edit, delete or copy its link. "Create Module" opens the module dialog, which loads the
// first time it is asked for. "Timeline" shows the modules on the month Gantt chart instead (its
// code loads when it is first shown); the choice is remembered in this browser. The modules stream
// in after the page's frame, with placeholder cards meanwhile.
import { useFavoriteToggles } from "~/hooks/use-favorite-toggles";
import { Await, Link, } from "@remix-run/react";
import { lazy, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { formatDate } from "../../../workers/domain/schemas/dates";
import { IconCalendar, IconModule, IconUser } from "~/components/icons";
import { InlineState } from "~/components/shell-states";
import { oneOf, useStoredPreference } from "~/hooks/use-stored-preference";
import { useFirstScreen } from "~/hooks/use-first-screen";
import { CreateButton, DisplayToggle, EmptyList, FavoriteStar, ListHeader, truncate } from "~/components/ui";
import { MODULE_TEXT, type ModuleResponse, type ModulesPageLoaderData } from "~/lib/modules-page-contract";
import { moduleIssuesPath } from "~/lib/paths";
import { Avatar, AvatarStack } from "../issue-views/parts";
import {
  DeleteModuleDialog,
  GroupBar,
  MODULE_NAME_SHOWN,
  ModuleMenu,
  StatusBadge,
  groupCountsText,
  moduleProgress,
  modulesActionPath,
  personOf,
  statusOf,
  useCopyModuleLink,
} from "./module-parts";

const ModulesTimeline = lazy(() => import("./modules-timeline"));

/** How the list is shown, remembered in this browser. */
const DISPLAY_KEY = "modulesDisplay";
/** Module cards drawn by the server's render: more than a tall window shows (three to a row). */
const MODULES_FIRST_SCREEN = 12;
const DISPLAYS = ["cards", "timeline"] as const;
type ModulesDisplay = (typeof DISPLAYS)[number];
const DISPLAY_LABELS: Record<ModulesDisplay, string> = { cards: "Cards", timeline: "Timeline" };

const loadForm = () => import("./module-form-dialog");
const ModuleFormDialog = lazy(() => loadForm().then((module) => ({ default: module.ModuleFormDialog })));
const preloadForm = () => void loadForm();


function DateLine({ label, date }: { label: string; date: string | null }) {
  return (
    <span className="flex items-center gap-1.5">
      <IconCalendar size={13} className="shrink-0 text-neutral-400" />
      <span className="text-neutral-500">{label}:</span>
      <span className="text-neutral-800">{date ? formatDate(date) : "Not set"}</span>
    </span>
  );
}

function ModuleCard({
  module,
  workspaceSlug,
  projectId,
  favorite,
  favoriteBusy,
  canEdit,
  onFavorite,
  onEdit,
  onDelete,
  onCopy,
}: {
  module: ModuleResponse;
  workspaceSlug: string;
  projectId: string;
  favorite: boolean;
  favoriteBusy: boolean;
  canEdit: boolean;
  onFavorite(favorite: boolean): void;
  onEdit(): void;
  onDelete(): void;
  onCopy(): void;
}) {
  const progress = moduleProgress(module);
  const lead = module.lead_detail ? personOf(module.lead_detail) : null;
  const members = module.members_detail.map(personOf);
  return (
    <li className="flex min-w-0 flex-col rounded-lg border border-neutral-200 bg-surface p-4 shadow-xs" data-module-id={module.id}>
      <div className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 pt-1 text-sm font-semibold break-words text-neutral-900" title={module.name}>
          <Link to={moduleIssuesPath(workspaceSlug, projectId, module.id)} className="hover:underline focus-visible:underline">
            {truncate(module.name, MODULE_NAME_SHOWN)}
          </Link>
        </h3>
        <FavoriteStar name={module.name} favorite={favorite} busy={favoriteBusy} onToggle={onFavorite} className="shrink-0" />
        <div className="-mr-1.5">
          <ModuleMenu module={module} canEdit={canEdit} onEdit={onEdit} onDelete={onDelete} onCopy={onCopy} onOpen={preloadForm} />
        </div>
      </div>
      <div className="mt-1.5">
        <StatusBadge status={statusOf(module)} />
      </div>
      {module.description ? <p className="mt-2 line-clamp-2 text-xs text-neutral-600">{module.description}</p> : null}
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        <DateLine label="Start" date={module.start_date} />
        <DateLine label="Target" date={module.target_date} />
      </div>
      <div className="mt-3 flex items-center justify-between gap-3 text-xs">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="text-neutral-500">Lead:</span>
          {lead ? (
            <>
              <Avatar member={lead} size="xs" />
              <span className="truncate text-neutral-800">{lead.name}</span>
            </>
          ) : (
            <span className="flex items-center gap-1 text-neutral-500">
              <IconUser size={13} /> No lead
            </span>
          )}
        </span>
        <span className="flex shrink-0 items-center gap-1.5">
          {members.length > 0 ? (
            <>
              <span className="sr-only">Members: {members.map((member) => member.name).join(", ")}</span>
              <AvatarStack members={members} max={4} />
            </>
          ) : (
            <span className="text-neutral-500">No members</span>
          )}
        </span>
      </div>
      <div className="mt-auto pt-4">
        <div className="mb-1.5 flex items-center justify-between text-xs">
          <span className="text-neutral-500">Progress</span>
          <span className="font-medium text-neutral-800" data-testid="module-progress">
            {progress}% · {module.completed_issues}/{module.total_issues} issues
          </span>
        </div>
        <GroupBar module={module} label={`Issues by state group: ${groupCountsText(module)}`} />
      </div>
    </li>
  );
}

/** Placeholder cards in the grid's shape, while the modules are on their way. */
function ModuleCardsLoading() {
  return (
    <div className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6 xl:grid-cols-3" role="status" aria-busy="true" aria-label="Loading modules">
      {[0, 1, 2].map((key) => (
        <div key={key} className="h-44 animate-pulse rounded-lg border border-neutral-200 bg-neutral-100" />
      ))}
    </div>
  );
}

/** The page: placeholders until the modules arrive (they stream after the frame), then the cards. */
export function ModulesList({ data, workspaceSlug }: { data: ModulesPageLoaderData; workspaceSlug: string }) {
  return (
    <Suspense fallback={<ModulesLoading />}>
      <Await resolve={data.modules} errorElement={<ModulesLoading failed />}>
        {(modules) => <ModulesCards data={data} modules={modules} workspaceSlug={workspaceSlug} />}
      </Await>
    </Suspense>
  );
}

function ModulesLoading({ failed = false }: { failed?: boolean }) {
  return (
    <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface">
      <div className="flex min-h-12 shrink-0 items-center gap-3 border-b border-neutral-200 px-4 py-2 sm:px-6">
        <h1 className="text-sm font-semibold text-neutral-900">Modules</h1>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto bg-neutral-50">
        {failed ? (
          <InlineState icon={<IconModule size={24} />} title="Modules could not be loaded" description="Reload the page to try again." />
        ) : (
          <ModuleCardsLoading />
        )}
      </div>
    </div>
  );
}

/** Placeholder rows in the timeline's shape, while its code is on its way. */
function TimelineLoading() {
  return (
    <div className="space-y-2 p-4 sm:p-6" role="status" aria-busy="true" aria-label="Loading the timeline">
      <div className="h-10 animate-pulse rounded bg-neutral-100" />
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="h-8 animate-pulse rounded bg-neutral-100" />
      ))}
    </div>
  );
}

function ModulesCards({ data, modules, workspaceSlug }: { data: ModulesPageLoaderData; modules: ModuleResponse[]; workspaceSlug: string }) {
  const { project, canEdit } = data;
  const action = modulesActionPath(workspaceSlug, project.id);
  const favorites = useFavoriteToggles({ action, kind: "module", texts: MODULE_TEXT, rollback: false });
  const copy = useCopyModuleLink(workspaceSlug, project.id);
  /** The dialog: creating (null) or editing a module; closed when undefined. */
  const [editing, setEditing] = useState<ModuleResponse | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ModuleResponse | null>(null);
  const openCreate = () => setEditing(null);
  const count = modules.length;
  const firstModules = useFirstScreen(modules, MODULES_FIRST_SCREEN);
  const [display, setDisplay] = useStoredPreference<ModulesDisplay>(DISPLAY_KEY, "cards", oneOf(DISPLAYS));

  return (
    <div className="flex h-[calc(100vh-3.5rem)] min-h-0 flex-col bg-surface">
      <ListHeader look="bar" title="Modules" count={count} noun="module">
        {count > 0 ? (
          <DisplayToggle legend="Display" modes={DISPLAYS} value={display} onChange={setDisplay} labels={DISPLAY_LABELS} className="ml-auto" />
        ) : null}
        {canEdit && count > 0 ? <CreateButton label="Create Module" onClick={openCreate} onPreload={preloadForm} /> : null}
      </ListHeader>
      <div className="min-h-0 flex-1 overflow-y-auto bg-neutral-50">
        {count === 0 ? (
          <EmptyList
            icon={<IconModule size={24} />}
            title="No modules yet"
            description="A module groups issues towards one goal, with a lead, members, dates and its progress."
            readOnlyDescription="Members of the project create modules; the ones they create show here."
            create={canEdit ? { label: "Create Module", onClick: openCreate, onPreload: preloadForm } : undefined}
          />
        ) : display === "timeline" ? (
          <Suspense fallback={<TimelineLoading />}>
            <ModulesTimeline modules={modules} workspaceSlug={workspaceSlug} projectId={project.id} />
          </Suspense>
        ) : (
          <ul className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6 xl:grid-cols-3" aria-label="Modules">
            {firstModules.map((module) => (
              <ModuleCard
                key={module.id}
                module={module}
                workspaceSlug={workspaceSlug}
                projectId={project.id}
                favorite={favorites.shown(module)}
                favoriteBusy={favorites.busy(module)}
                canEdit={canEdit}
                onFavorite={(favorite) => favorites.toggle(module, favorite)}
                onEdit={() => setEditing(module)}
                onDelete={() => setDeleting(module)}
                onCopy={() => void copy(module.id)}
              />
            ))}
          </ul>
        )}
      </div>
      {favorites.runners}
      {editing !== undefined ? (
        <Suspense fallback={null}>
          <ModuleFormDialog
            open
            onOpenChange={(open) => !open && setEditing(undefined)}
            workspaceSlug={workspaceSlug}
            projectId={project.id}
            module={editing ?? undefined}
            members={data.members}
            onSaved={() => setEditing(undefined)}
          />
        </Suspense>
      ) : null}
      {canEdit ? (
        <DeleteModuleDialog module={deleting} workspaceSlug={workspaceSlug} projectId={project.id} onClose={() => setDeleting(null)} onDeleted={() => {}} />
      ) : null}
    </div>
  );
}
