// The workspace home's recent projects: the three the member belongs to that changed last.
import { Link } from "@remix-run/react";
import { projectIssuesPath } from "~/lib/paths";
import { TimeAgo } from "./issue-detail/format";
import { ProjectIcon } from "./project-icon";
import type { ShellProject } from "./workspace-context";

/** How many recent projects the home shows. */
export const RECENT_PROJECTS = 3;

/** The member's projects, most recently updated first, cut at `RECENT_PROJECTS`. */
export function recentProjects<P extends Pick<ShellProject, "is_member" | "updated_at">>(projects: P[]): P[] {
  return projects
    .filter((project) => project.is_member)
    .sort((a, b) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : 0))
    .slice(0, RECENT_PROJECTS);
}

export function RecentProjects({ slug, projects }: { slug: string; projects: ShellProject[] }) {
  const recent = recentProjects(projects);
  if (recent.length === 0) return null;
  return (
    <section aria-labelledby="recent-projects" className="mb-8">
      <h2 id="recent-projects" className="mb-3 text-sm font-semibold text-neutral-700">
        Recent projects
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {recent.map((project) => (
          <li key={project.id}>
            <Link
              to={projectIssuesPath(slug, project.id)}
              className="flex items-center gap-3 rounded-lg border border-neutral-200 bg-surface px-3 py-2.5 shadow-xs hover:border-neutral-300 hover:shadow-sm"
            >
              <ProjectIcon project={project} size="md" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-neutral-900">{project.name}</span>
                <span className="block truncate text-xs text-neutral-600">
                  {project.identifier} · Updated <TimeAgo iso={project.updated_at} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
