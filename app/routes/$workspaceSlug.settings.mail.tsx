// "/{slug}/settings/mail": the workspace's mail, for owners: how this server's mail leaves (or
// why it cannot), the last error, a test mail to the owner's own address, and the mail log with
// each mail's status as the transport answered it. Everyone else gets the not-authorized screen.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { NotAuthorized } from "~/components/not-authorized";
import { WorkspaceMailPage } from "~/components/workspace-mail/mail-page";
import { workspacePath } from "~/lib/paths";
import { routeErrorKind } from "~/lib/route-error";
import type { loader as settingsLoader } from "./$workspaceSlug.settings";
import { loadWorkspaceMailPage, workspaceMailAction } from "~/lib/workspace-mail-page.server";

export const meta: MetaFunction = () => [{ title: "Mail · Workspace settings" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadWorkspaceMailPage(request, context, params.workspaceSlug ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return workspaceMailAction(request, context, params.workspaceSlug ?? "");
}

export default function WorkspaceMailSettings() {
  const data = useLoaderData<typeof loader>();
  return <WorkspaceMailPage data={data} />;
}

/** Members see the settings' own "not authorized" screen, inside the settings layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const slug = useParams().workspaceSlug ?? "";
  const settings = useRouteLoaderData<typeof settingsLoader>("routes/$workspaceSlug.settings");
  if (routeErrorKind(error) !== "Forbidden") throw error;
  return <NotAuthorized email={settings?.email ?? null} action={{ label: "Go to workspace", to: workspacePath(slug) }} />;
}
