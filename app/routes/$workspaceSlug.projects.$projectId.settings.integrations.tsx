// "/{slug}/projects/{projectId}/settings/integrations": the GitHub and Slack cards of the project.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useParams } from "@remix-run/react";
import { ProjectIntegrations } from "~/components/project-settings/integrations";
import { projectPath } from "~/lib/paths";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "Integrations" },
  ],
};

export const meta: MetaFunction = () => [{ title: "Integrations · Project settings" }];

export default function ProjectIntegrationsSettings() {
  const { workspaceSlug = "", projectId = "" } = useParams();
  return <ProjectIntegrations slug={workspaceSlug} projectId={projectId} />;
}
