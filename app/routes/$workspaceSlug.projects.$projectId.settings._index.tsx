// "/{slug}/projects/{projectId}/settings": the project's general settings: cover, emoji, name,
// identifier, description, network, feature switches and deletion.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ProjectGeneral } from "~/components/project-settings/general";
import { projectPath } from "~/lib/paths";
import { loadProjectGeneral, projectGeneralAction } from "~/lib/project-settings-general.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "General" },
  ],
};

export const meta: MetaFunction = () => [{ title: "General · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProjectGeneral(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return projectGeneralAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ProjectGeneralSettings() {
  const data = useLoaderData<typeof loader>();
  const { workspaceSlug = "" } = useParams();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <ProjectGeneral key={data.project.id} slug={workspaceSlug} project={data.project} role={data.role} />;
}
