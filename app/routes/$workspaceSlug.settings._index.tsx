// "/{slug}/settings": the workspace's general settings: logo, name, deletion.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceGeneral } from "~/components/workspace-settings/general";
import { loadWorkspaceGeneral, workspaceGeneralAction } from "~/lib/workspace-settings.server";

export const meta: MetaFunction = () => [{ title: "General · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceGeneral(request, context, params.workspaceSlug ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return workspaceGeneralAction(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceGeneralSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <WorkspaceGeneral key={data.workspace.id} workspace={data.workspace} role={data.role} />;
}
