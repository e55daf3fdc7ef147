// "/{slug}/projects/{projectId}/settings": the project settings layout. Guests and viewers see
// 'Oops! You are not authorized to view this page' instead.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData, useParams } from "@remix-run/react";
import { NotAuthorized } from "~/components/not-authorized";
import { projectIssuesPath, projectPath } from "~/lib/paths";
import { loadSettingsAccess } from "~/lib/project-settings.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Settings" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadSettingsAccess(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

/** The settings pages in the order the navigation lists them; General is the index. */
const SECTIONS = [
  { to: "", label: "General" },
  { to: "members", label: "Members" },
  { to: "states", label: "States" },
  { to: "labels", label: "Labels" },
  { to: "estimates", label: "Estimates" },
  { to: "integrations", label: "Integrations" },
];

export default function ProjectSettings() {
  const { authorized, email } = useLoaderData<typeof loader>();
  const { workspaceSlug = "", projectId = "" } = useParams();
  if (!authorized) {
    return <NotAuthorized email={email} action={{ label: "Go to issues", to: projectIssuesPath(workspaceSlug, projectId) }} />;
  }
  return (
    <div className="flex flex-1 flex-col bg-surface md:flex-row">
      <nav aria-label="Project settings" className="shrink-0 border-b border-neutral-200 px-4 py-4 md:w-56 md:border-r md:border-b-0">
        <p className="px-2 pb-2 text-xs font-semibold tracking-wide text-neutral-400 uppercase">Project Settings</p>
        <ul className="flex gap-1 md:flex-col">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={`${projectPath(workspaceSlug, projectId)}/settings${section.to ? `/${section.to}` : ""}`}
                end
                className={({ isActive }) =>
                  `block rounded-md px-2 py-1.5 text-sm ${isActive ? "bg-neutral-100 font-medium text-neutral-900" : "text-neutral-600 hover:bg-neutral-50"}`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1 px-5 py-6 sm:px-8">
        <div className="mx-auto max-w-3xl">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
