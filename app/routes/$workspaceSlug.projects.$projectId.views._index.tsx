// "/{slug}/projects/{projectId}/views": the project's saved views (favourites first), each with
// its filters named, and the create, edit and delete dialogs for members and owners.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ViewsList } from "~/components/views/views-list";
import { loadViewsPage, viewsPageAction } from "~/lib/views-page.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Views" };

export const meta: MetaFunction = ({ matches }) => {
  const shell = matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined;
  return [{ title: `Views · ${shell?.project?.name ?? "Project"}` }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadViewsPage(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return viewsPageAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ViewsPage() {
  const data = useLoaderData<typeof loader>();
  const { workspaceSlug = "" } = useParams();
  return <ViewsList data={data} workspaceSlug={workspaceSlug} />;
}
