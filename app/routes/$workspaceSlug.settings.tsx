// "/{slug}/settings": the workspace settings layout: General, Members, Billing and Plans,
// Integrations, Webhooks, Mail (owners only) and Import/Export. Guests and viewers see 'Oops! You
// are not authorized to view this page' instead.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation } from "@remix-run/react";
import { NotAuthorized } from "~/components/not-authorized";
import { SettingsLayout } from "~/components/settings/layout";
import { ShellHeader } from "~/components/shell-header";
import { workspacePath } from "~/lib/paths";
import { loadWorkspaceSettingsAccess } from "~/lib/workspace-settings.server";
import { WORKSPACE_SETTINGS_SECTIONS, workspaceSettingsPath } from "~/lib/paths";
import { ROLE } from "../../workers/domain/schemas/constants";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Settings · ${data?.workspace.name ?? "Edge Tracker"}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceSettingsAccess(request, context, params.workspaceSlug ?? "");
}

/** The sections the actor's role may open: owner-only ones (Mail) are not offered to members. */
const sectionsFor = (role: number) => WORKSPACE_SETTINGS_SECTIONS.filter((section) => !("ownersOnly" in section) || role >= ROLE.owner);

export default function WorkspaceSettings() {
  const { authorized, email, workspace, role } = useLoaderData<typeof loader>();
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
      <SettingsLayout title="Workspace Settings" base={base} sections={sectionsFor(role)} />
    </>
  );
}
