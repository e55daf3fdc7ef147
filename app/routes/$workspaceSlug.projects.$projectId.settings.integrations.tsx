// "/{slug}/projects/{projectId}/settings/integrations": the GitHub and Slack cards of the project.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ProjectIntegrations } from "~/components/project-settings/integrations";
import { projectPath } from "~/lib/paths";
import { loadProjectIntegrations } from "~/lib/project-settings-integrations.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "Integrations" },
  ],
};

export const meta: MetaFunction = () => [{ title: "Integrations · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProjectIntegrations(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ProjectIntegrationsSettings() {
  const data = useLoaderData<typeof loader>();
  const { workspaceSlug = "", projectId = "" } = useParams();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <ProjectIntegrations slug={workspaceSlug} projectId={projectId} slack={data.slack} />;
}
