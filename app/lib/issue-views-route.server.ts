// The loader and action every issue-views page shares (project issues, a cycle, a module, a saved
// view), bound to the list source the route's params name.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { issueListSourceOf } from "../../workers/domain/issue-views-page";
import { issueViewsAction, loadIssueViews } from "./issue-views.server";

export function issueViewsLoader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssueViews(request, context, params.workspaceSlug ?? "", params.projectId ?? "", issueListSourceOf(params));
}

export function issueViewsRouteAction({ request, context, params }: ActionFunctionArgs) {
  return issueViewsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", issueListSourceOf(params));
}
