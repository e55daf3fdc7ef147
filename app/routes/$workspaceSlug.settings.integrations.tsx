// "/{slug}/settings/integrations": the workspace's integrations (GitHub, Slack): add an
// installation in a pop-up, or remove it.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { WorkspaceIntegrations } from "~/components/integrations/workspace-integrations";
import { loadIntegrationsPage } from "~/lib/integrations.server";

export const meta: MetaFunction = () => [{ title: "Integrations · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIntegrationsPage(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceIntegrationsSettings() {
  const data = useLoaderData<typeof loader>();
  const slug = useParams().workspaceSlug ?? "";
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <WorkspaceIntegrations slug={slug} data={data} />;
}
