// The loader and action every issue-views page shares (project issues, a cycle, a module, a saved
// view), bound to the list source the route's params name.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { issueListSourceOf } from "../../workers/domain/issue-views-page";
import { WINDOWS_PARAM } from "./issue-views-contract";
import { issueViewsAction, loadIssueViews, loadIssueWindows } from "./issue-views.server";

/** The page, or (with `?windows=`) the views' later reads of its issues. */
export function issueViewsLoader({ request, context, params }: LoaderFunctionArgs) {
  const slug = params.workspaceSlug ?? "";
  const projectId = params.projectId ?? "";
  if (new URL(request.url).searchParams.has(WINDOWS_PARAM)) return loadIssueWindows(request, context, slug, projectId, issueListSourceOf(params));
  return loadIssueViews(request, context, slug, projectId, issueListSourceOf(params));
}

export function issueViewsRouteAction({ request, context, params }: ActionFunctionArgs) {
  return issueViewsAction(request, context, params.workspaceSlug ?? "", params.projectId ?? "", issueListSourceOf(params));
}
