// "/{slug}/projects/{projectId}/settings/estimates": the project's estimates, the one it uses
// (or none), the create/edit dialog and the delete confirmation.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EstimateManager } from "~/components/project-settings/estimates";
import { projectPath } from "~/lib/paths";
import { estimateSettingsAction, loadEstimateSettings } from "~/lib/project-settings-estimates.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params) => [
    { label: "Settings", to: `${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings` },
    { label: "Estimates" },
  ],
};

export const meta: MetaFunction = () => [{ title: "Estimates · Project settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadEstimateSettings(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return estimateSettingsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function EstimateSettings() {
  const data = useLoaderData<typeof loader>();
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <EstimateManager estimates={data.estimates} current={data.current} canPick={data.canPick} />;
}
