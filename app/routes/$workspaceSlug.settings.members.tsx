// "/{slug}/settings/members": invitations and members of the workspace.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceMembers } from "~/components/workspace-settings/members";
import { loadWorkspaceMembers, workspaceMembersAction } from "~/lib/workspace-settings.server";

export const meta: MetaFunction = () => [{ title: "Members · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceMembers(request, context, params.workspaceSlug ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return workspaceMembersAction(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceMembersSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <WorkspaceMembers role={data.role} me={data.me} members={data.members} invitations={data.invitations} />;
}
