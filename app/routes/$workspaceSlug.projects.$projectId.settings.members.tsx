// "/{slug}/projects/{projectId}/settings/members": the project's members: add from the
// workspace, change roles, remove.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProjectMembers } from "~/components/project-settings/members";
import { projectPath } from "~/lib/paths";
import { loadProjectMembers, projectMembersAction } from "~/lib/project-settings-members.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "Members" },
  ],
};

export const meta: MetaFunction = () => [{ title: "Members · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProjectMembers(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return projectMembersAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ProjectMembersSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <ProjectMembers role={data.role} me={data.me} members={data.members} candidates={data.candidates} />;
}
