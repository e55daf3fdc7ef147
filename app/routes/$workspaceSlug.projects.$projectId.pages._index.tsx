// "/{slug}/projects/{projectId}/pages": the project's pages, one tab at a time (`?tab=`), with
// the create/rename/delete dialogs, favorites and the private/public toggle. The create dialog
// posts here from anywhere in the project.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useOutletContext } from "@remix-run/react";
import { ROLE } from "../../workers/domain/schemas/constants";
import { PagesList } from "~/components/pages/pages-list";
import { loadPagesList, pagesListAction } from "~/lib/pages.server";
import type { ProjectPageHandle, ProjectShellData } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Pages" };

export const meta: MetaFunction = () => [{ title: "Pages" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPagesList(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return pagesListAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}

export default function ProjectPages() {
  const data = useLoaderData<typeof loader>();
  const { project } = useOutletContext<{ project: ProjectShellData["project"] }>();
  return (
    <PagesList
      data={data}
      slug={project.workspace_detail.slug}
      projectId={project.id}
      canEdit={(project.member_role ?? 0) >= ROLE.member}
    />
  );
}
