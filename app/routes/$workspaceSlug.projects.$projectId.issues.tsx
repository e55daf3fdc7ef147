// "/{slug}/projects/{projectId}/issues": the project's issues in the issue views (list, kanban,
// calendar, Gantt), server-rendered from the member's stored display preferences. The loader and
// action are the shared issue-views ones with the project as the list source; cycle, module and
// saved-view pages reuse them with their own source.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";
import { IssueViews } from "~/components/issue-views/issue-views";
import { issueViewsAction, loadIssueViews } from "~/lib/issue-views.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Issues" };

export const meta: MetaFunction = ({ matches }) => {
  const project = (matches.find((match) => match.id === "routes/$workspaceSlug.projects.$projectId")?.data as
    | { project?: { name: string } }
    | undefined)?.project;
  return [{ title: `Issues · ${project?.name ?? "Project"}` }];
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssueViews(request, context, params.workspaceSlug ?? "", params.projectId ?? "", { kind: "project" });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return issueViewsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", { kind: "project" });
}

/**
 * Layout, grouping, ordering and property toggles are applied on the page already: saving them
 * needs no new list. Filter changes and issue writes reload it (spec: "then the list is refetched").
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ json, defaultShouldRevalidate }) => {
  const body = json as { intent?: string; view_props?: Record<string, unknown> } | undefined;
  if (body?.intent === "properties") return false;
  if (body?.intent === "display" && body.view_props && !("filters" in body.view_props)) return false;
  return defaultShouldRevalidate;
};

export default function ProjectIssues() {
  const data = useLoaderData<typeof loader>();
  const actionPath = `/${data.workspaceSlug}/projects/${data.project.id}/issues`;
  return <IssueViews key={`${data.project.id}:${data.source.kind}`} data={data} actionPath={actionPath} title="Issues" />;
}
