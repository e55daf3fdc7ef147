// "/{slug}/projects/{projectId}/settings": the project settings layout. Guests and viewers see
// 'Oops! You are not authorized to view this page' instead.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { NotAuthorized } from "~/components/not-authorized";
import { SettingsLayout } from "~/components/settings/layout";
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
  return <SettingsLayout title="Project Settings" base={`${projectPath(workspaceSlug, projectId)}/settings`} sections={SECTIONS} />;
}
