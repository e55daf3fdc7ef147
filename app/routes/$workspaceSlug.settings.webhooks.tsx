// "/{slug}/settings/webhooks": the workspace's outgoing webhooks (owners only): add one with the
// events it wants, see and copy its signing secret, edit, switch on or off, delete, and read each
// one's delivery log with a Redeliver button.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { WebhooksPage } from "~/components/webhooks/webhooks-page";
import { loadWebhooksPage } from "~/lib/webhooks.server";

export const meta: MetaFunction = () => [{ title: "Webhooks · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWebhooksPage(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceWebhooks() {
  const data = useLoaderData<typeof loader>();
  const slug = useParams().workspaceSlug ?? "";
  // The settings layout shows the not-authorized screen; this page reads nothing for them.
  if (!data.authorized) return null;
  return <WebhooksPage slug={slug} canManage={data.canManage} webhooks={data.webhooks} />;
}
