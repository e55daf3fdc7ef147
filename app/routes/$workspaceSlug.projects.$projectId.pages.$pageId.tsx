// "/{slug}/projects/{projectId}/pages/{pageId}": a page and its blocks. A private page of
// someone else answers 404 like a missing one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useOutletContext, useParams } from "@remix-run/react";
import { ROLE } from "../../workers/domain/schemas/constants";
import { PageDetail } from "~/components/pages/page-detail";
import { MissingItemBoundary } from "~/components/shell-states";
import { truncate } from "~/components/ui";
import type { PageDetailData } from "~/lib/pages-contract";
import { loadPageDetail, pageDetailAction } from "~/lib/pages.server";
import { projectPagesPath } from "~/lib/paths";
import type { ProjectPageHandle, ProjectShellData } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params, data) => [
    { label: "Pages", to: projectPagesPath(params.workspaceSlug ?? "", params.projectId ?? "") },
    { label: truncate((data as PageDetailData | undefined)?.page.name ?? "Page", 40) },
  ],
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.page.name} · Pages` : "Page" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPageDetail(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.pageId ?? "");
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return pageDetailAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", params.pageId ?? "");
}

export default function ProjectPage() {
  const data = useLoaderData<typeof loader>();
  const { project } = useOutletContext<{ project: ProjectShellData["project"] }>();
  return (
    <PageDetail
      key={data.page.id}
      data={data}
      slug={project.workspace_detail.slug}
      canEdit={(project.member_role ?? 0) >= ROLE.member}
    />
  );
}

export function ErrorBoundary() {
  const params = useParams();
  return <MissingItemBoundary item="Page" listLabel="Pages" listPath={projectPagesPath(params.workspaceSlug ?? "", params.projectId ?? "")} />;
}
