// "/{slug}/projects/{projectId}/views/{viewId}": the view's issues in the same issue views as
// the project's issues (the route's params choose the list source).
import { IssueViewsPage, issueViewsShouldRevalidate, sourcePageRoute } from "~/components/issue-views/issue-views-page";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import { projectViewsPath } from "~/lib/paths";

export const { handle, meta, ErrorBoundary } = sourcePageRoute("Views", projectViewsPath, "View");
export const loader = issueViewsLoader;
export const action = issueViewsRouteAction;
export const shouldRevalidate = issueViewsShouldRevalidate;

export default function ViewIssues() {
  return <IssueViewsPage />;
}
