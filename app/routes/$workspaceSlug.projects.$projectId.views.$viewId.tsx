// "/{slug}/projects/{projectId}/views/{viewId}": the view's issues in the same issue views as
// the project's issues (spec 002 "List data loading": the list source is chosen by route).
import type { MetaFunction } from "@remix-run/cloudflare";
import { IssueViewsPage, issueViewsShouldRevalidate, projectNameOf } from "~/components/issue-views/issue-views-page";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import type { IssueViewsData } from "~/lib/issue-views.server";
import { projectViewsPath } from "~/lib/paths";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = {
  crumbs: (params, data) => [
    { label: "Views", to: projectViewsPath(params.workspaceSlug ?? "", params.projectId ?? "") },
    { label: (data as IssueViewsData | undefined)?.source.name ?? "View" },
  ],
};

export const meta: MetaFunction<typeof issueViewsLoader> = ({ data, matches }) => [
  { title: `${(data as IssueViewsData | undefined)?.source.name ?? "View"} · ${projectNameOf(matches)}` },
];

export const loader = issueViewsLoader;
export const action = issueViewsRouteAction;
export const shouldRevalidate = issueViewsShouldRevalidate;

export default function ViewIssues() {
  return <IssueViewsPage />;
}
