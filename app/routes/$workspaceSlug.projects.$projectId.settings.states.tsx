// "/{slug}/projects/{projectId}/settings/states": the project's states by group, with the
// inline state form, the create dialog, default, ordering and the delete confirmation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { StateManager } from "~/components/project-settings/states";
import { projectPath } from "~/lib/paths";
import { loadStateSettings, stateSettingsAction } from "~/lib/project-settings-states.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "States" },
  ],
};

export const meta: MetaFunction = () => [{ title: "States · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadStateSettings(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return stateSettingsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function StateSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <StateManager states={data.states} />;
}
