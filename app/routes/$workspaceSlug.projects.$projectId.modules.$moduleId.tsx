// "/{slug}/projects/{projectId}/modules/{moduleId}": the module's issues in the same issue views as
// the project's issues (the route's params choose the list source).
import { IssueViewsPage, issueViewsShouldRevalidate, sourcePageRoute } from "~/components/issue-views/issue-views-page";
import { issueViewsLoader, issueViewsRouteAction } from "~/lib/issue-views-route.server";
import { projectModulesPath } from "~/lib/paths";

const page = sourcePageRoute("Modules", projectModulesPath, "Module");
export const handle = page.handle;
export const meta = page.meta;
export const ErrorBoundary = page.ErrorBoundary;
export const loader = issueViewsLoader;
export const action = issueViewsRouteAction;
export const shouldRevalidate = issueViewsShouldRevalidate;

export default function ModuleIssues() {
  return <IssueViewsPage />;
}
