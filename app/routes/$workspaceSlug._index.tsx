// The workspace home: the recent projects and the project cards grid. Data comes from the
// shell's loader.
import type { MetaFunction } from "@remix-run/cloudflare";
import { IconGrid, IconPlus } from "~/components/icons";
import { ProjectCard } from "~/components/project-card";
import { RecentProjects } from "~/components/recent-projects";
import { ShellHeader } from "~/components/shell-header";
import { buttonClass } from "~/components/ui";
import { useWorkspaceShell } from "~/components/workspace-context";

export const meta: MetaFunction = ({ matches }) => {
  const parent = matches.find((match) => match.id === "routes/$workspaceSlug")?.data as
    | { workspace?: { name: string } }
    | undefined;
  return [{ title: `Projects · ${parent?.workspace?.name ?? "Edge Tracker"}` }];
};

export default function WorkspaceHome() {
  const { workspace, projects, openCreateProject } = useWorkspaceShell();
  return (
    <>
      <ShellHeader
        breadcrumbs={[{ label: workspace.name, to: `/${workspace.slug}` }, { label: "Projects" }]}
        right={
          <button type="button" onClick={openCreateProject} className={buttonClass("primary", "sm")}>
            <IconPlus size={14} />
            Add Project
          </button>
        }
      />
      <div className="flex-1 bg-neutral-50/60 px-4 py-6 sm:px-8 sm:py-8">
        <div className="mx-auto max-w-6xl">
          <div className="mb-6 flex items-end justify-between gap-4">
            <div>
              <h1 className="text-xl font-semibold tracking-tight text-neutral-900">Projects</h1>
              <p className="mt-1 text-sm text-neutral-500">
                {projects.length === 0
                  ? "Create your first project to start tracking issues."
                  : `${projects.length} project${projects.length === 1 ? "" : "s"} in ${workspace.name}`}
              </p>
            </div>
          </div>
          <RecentProjects slug={workspace.slug} projects={projects} />
          {projects.length === 0 ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-neutral-300 bg-surface px-6 py-16 text-center">
              <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-brand-50 dark:bg-brand-500/15 text-brand-500 dark:text-brand-400">
                <IconGrid size={22} />
              </span>
              <h2 className="text-base font-semibold text-neutral-900">No projects yet</h2>
              <p className="mt-1 max-w-sm text-sm text-neutral-500">
                Projects organise issues, cycles and modules for a team or a product area.
              </p>
              <button type="button" onClick={openCreateProject} className={buttonClass("primary", "md", "mt-6")}>
                <IconPlus size={14} />
                New Project
              </button>
            </div>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {projects.map((project) => (
                <li key={project.id} className="flex">
                  <ProjectCard slug={workspace.slug} project={project} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}
