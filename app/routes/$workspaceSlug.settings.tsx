// "/{slug}/settings": the workspace settings layout: General, Members, Billing and Plans,
// Integrations and Import/Export. Guests and viewers see 'Oops! You are not authorized to view
// this page' instead.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { NotAuthorized } from "~/components/not-authorized";
import { ShellHeader } from "~/components/shell-header";
import { workspacePath } from "~/lib/paths";
import { loadWorkspaceSettingsAccess } from "~/lib/workspace-settings.server";
import { WORKSPACE_SETTINGS_SECTIONS, workspaceSettingsPath } from "~/lib/workspace-settings-contract";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Settings · ${data?.workspace.name ?? "Edge Tracker"}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceSettingsAccess(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceSettings() {
  const { authorized, email, workspace } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const base = workspaceSettingsPath(workspace.slug);
  const current = WORKSPACE_SETTINGS_SECTIONS.find((section) => section.to && pathname.startsWith(`${base}/${section.to}`));
  const breadcrumbs = [
    { label: workspace.name, to: workspacePath(workspace.slug) },
    { label: "Settings", to: base },
    { label: current?.label ?? "General" },
  ];
  if (!authorized) {
    return (
      <>
        <ShellHeader breadcrumbs={breadcrumbs.slice(0, 2)} />
        <NotAuthorized email={email} action={{ label: "Go to workspace", to: workspacePath(workspace.slug) }} />
      </>
    );
  }
  return (
    <>
      <ShellHeader breadcrumbs={breadcrumbs} />
      <div className="flex flex-1 flex-col bg-surface md:flex-row">
        <nav
          aria-label="Workspace settings"
          className="shrink-0 overflow-x-auto border-b border-neutral-200 px-4 py-3 md:w-56 md:border-r md:border-b-0 md:py-4"
        >
          <p className="hidden px-2 pb-2 text-xs font-semibold tracking-wide text-neutral-500 uppercase md:block">Workspace Settings</p>
          <ul className="flex gap-1 md:flex-col">
            {WORKSPACE_SETTINGS_SECTIONS.map((section) => (
              <li key={section.label} className="shrink-0">
                <NavLink
                  to={workspaceSettingsPath(workspace.slug, section.to)}
                  end={section.to === ""}
                  className={({ isActive }) =>
                    `block rounded-md px-2 py-1.5 text-sm whitespace-nowrap ${isActive ? "bg-neutral-100 font-medium text-neutral-900" : "text-neutral-600 hover:bg-neutral-50"}`
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
    </>
  );
}
