// "/{slug}/projects/{projectId}/issues": the project's issues in the issue views (list, kanban,
// calendar, Gantt), server-rendered from the member's stored display preferences. Cycle, module
// and saved-view pages are the same page with another list source (app/lib/issue-views-route.tsx).
import type { MetaFunction } from "@remix-run/cloudflare";
import { IssueViewsPage, issueViewsShouldRevalidate, projectNameOf } from "~/components/issue-views/issue-views-page";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import type { ProjectPageHandle } from "./$workspaceSlug.projects.$projectId";

export const handle: ProjectPageHandle = { crumb: "Issues" };

export const meta: MetaFunction = ({ matches }) => [{ title: `Issues · ${projectNameOf(matches)}` }];

export const loader = issueViewsLoader;
export const action = issueViewsRouteAction;
export const shouldRevalidate = issueViewsShouldRevalidate;

export default function ProjectIssues() {
  return <IssueViewsPage title="Issues" />;
}
