// "/{slug}/projects/{projectId}/settings/labels": label management: groups, single
// labels, the inline form, the create dialog and the delete confirmation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LabelManager } from "~/components/labels/label-manager";
import { projectPath } from "~/lib/paths";
import { labelSettingsAction, loadLabelSettings } from "~/lib/project-settings.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "Labels" },
  ],
};

export const meta: MetaFunction = () => [{ title: "Labels · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadLabelSettings(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return labelSettingsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function LabelSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <LabelManager labels={data.labels} />;
}
