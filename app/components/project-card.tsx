// One card of the workspace home grid.
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { DEFAULT_COVER_IMAGE, ROLE } from "~/lib/project-constants";
import { projectIssuesPath, projectPath } from "~/lib/paths";
import { DeleteProjectDialog } from "./delete-project-dialog";
import { IconCalendar, IconDots, IconLock, IconSettings, IconStar, IconTrash } from "./icons";
import { ProjectIcon } from "./project-icon";
import { formatDate } from "../../workers/domain/schemas/dates";
import { Menu, menuDangerItemClass, menuItemClass, truncate } from "./ui";
import { CoverCredit } from "./cover-credit";
import type { ShellProject } from "./workspace-context";

export const DESCRIPTION_MAX = 100;

function FavoriteToggle({ slug, project }: { slug: string; project: ShellProject }) {
  const fetcher = useFetcher();
  // Optimistic: the star flips as soon as the request leaves.
  const pending = fetcher.formData?.get("intent");
  const favorite = pending ? pending === "favorite" : project.is_favorite;
  return (
    <fetcher.Form method="post" action={`/${slug}`}>
      <input type="hidden" name="intent" value={favorite ? "unfavorite" : "favorite"} />
      <input type="hidden" name="project_id" value={project.id} />
      <button
        type="submit"
        aria-pressed={favorite}
        aria-label={favorite ? `Remove ${project.name} from favorites` : `Add ${project.name} to favorites`}
        title={favorite ? "Remove from favorites" : "Add to favorites"}
        className={`flex size-8 items-center justify-center rounded-md backdrop-blur transition-colors ${
          favorite ? "bg-surface/90 text-amber-500" : "bg-black/25 text-white hover:bg-black/40"
        }`}
      >
        <IconStar size={16} style={{ fill: favorite ? "currentColor" : "none" }} />
      </button>
    </fetcher.Form>
  );
}

function JoinButton({ slug, project }: { slug: string; project: ShellProject }) {
  const fetcher = useFetcher();
  const joining = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={`/${slug}`} className="relative z-10">
      <input type="hidden" name="intent" value="join-project" />
      <input type="hidden" name="project_id" value={project.id} />
      <button
        type="submit"
        disabled={joining}
        className="rounded-md border border-brand-200 bg-brand-50 dark:bg-brand-500/15 px-2.5 py-1 text-xs font-medium text-brand-700 dark:text-brand-300 hover:bg-brand-100 dark:hover:bg-brand-500/25 disabled:opacity-60"
        aria-label={`Select to Join ${project.name}`}
      >
        {joining ? "Joining..." : "Select to Join"}
      </button>
    </fetcher.Form>
  );
}

function CardMenu({ slug, project }: { slug: string; project: ShellProject }) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const role = project.member_role ?? 0;
  const canSettings = role >= ROLE.member;
  const canDelete = role >= ROLE.owner;
  if (!canSettings && !canDelete) return null;
  return (
    <>
      <Menu
        rootProps={{
          positioning: { placement: "bottom-end", gutter: 4 },
          onSelect: (details) => {
            if (details.value === "delete") setDeleteOpen(true);
          },
        }}
        triggerProps={{
          className: "flex size-8 items-center justify-center rounded-md bg-black/25 text-white backdrop-blur hover:bg-black/40",
          "aria-label": `${project.name} actions`,
        }}
        trigger={<IconDots size={16} />}
        contentClassName="z-50 w-44"
      >
        {(Menu) => (
          <>
            {canSettings ? (
              <Menu.Item value="settings" asChild>
                <Link to={`${projectPath(slug, project.id)}/settings`} className={menuItemClass}>
                  <IconSettings size={14} /> Settings
                </Link>
              </Menu.Item>
            ) : null}
            {canDelete ? (
              <Menu.Item value="delete" className={menuDangerItemClass}>
                <IconTrash size={14} /> Delete project
              </Menu.Item>
            ) : null}
          </>
        )}
      </Menu>
      {canDelete ? <DeleteProjectDialog slug={slug} project={project} open={deleteOpen} onOpenChange={setDeleteOpen} /> : null}
    </>
  );
}

export function ProjectCard({ slug, project }: { slug: string; project: ShellProject }) {
  const description = project.description.trim();
  return (
    <article
      aria-label={project.name}
      className="group relative flex h-full w-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-surface shadow-xs transition-shadow hover:shadow-md"
    >
      {project.is_member ? (
        // The whole card opens the project; the named link in the title is the accessible one.
        <Link to={projectIssuesPath(slug, project.id)} className="absolute inset-0 z-[1]" tabIndex={-1} aria-hidden="true" />
      ) : null}
      <div className="relative h-28 overflow-hidden bg-neutral-200">
        <img
          src={project.cover_image || DEFAULT_COVER_IMAGE}
          alt=""
          loading="lazy"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-black/45 via-black/5 to-transparent" />
        <CoverCredit credit={project.cover_image_credit} className="absolute top-2.5 left-2.5 z-10 max-w-[calc(100%-6rem)]" />
        <div className="absolute top-2.5 right-2.5 z-10 flex gap-1.5">
          {project.is_member ? <FavoriteToggle slug={slug} project={project} /> : null}
          {project.is_member ? <CardMenu slug={slug} project={project} /> : null}
        </div>
        <div className="absolute right-3 bottom-2.5 left-3 flex items-center gap-2">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface/95 shadow-sm">
            <ProjectIcon project={project} size="md" />
          </span>
          <div className="min-w-0 flex-1 text-white">
            <h3 className="truncate text-sm font-semibold drop-shadow-sm">
              {project.is_member ? (
                <Link to={projectIssuesPath(slug, project.id)} className="hover:underline">
                  {project.name}
                </Link>
              ) : (
                project.name
              )}
            </h3>
            <p className="font-mono text-[11px] text-white/80">{project.identifier}</p>
          </div>
        </div>
      </div>
      <div className="flex flex-1 flex-col px-4 pt-3 pb-4">
        <p className="min-h-10 text-sm leading-5 text-neutral-500">
          {description ? truncate(description, DESCRIPTION_MAX) : <span className="text-neutral-400">No description</span>}
        </p>
        <div className="mt-4 flex items-center justify-between gap-2">
          <span className="inline-flex items-center gap-1.5 text-xs text-neutral-500">
            <IconCalendar size={13} />
            Created on {formatDate(project.created_at)}
            {project.network === 0 ? (
              <span className="ml-1 inline-flex items-center gap-1 text-neutral-400" title="Secret project">
                <IconLock size={12} /> Secret
              </span>
            ) : null}
          </span>
          {project.is_member ? (
            <span className="rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-600/15 dark:bg-emerald-950/40 dark:text-emerald-400">
              Member
            </span>
          ) : (
            <JoinButton slug={slug} project={project} />
          )}
        </div>
      </div>
    </article>
  );
}
