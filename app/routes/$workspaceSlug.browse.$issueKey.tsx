// "/{slug}/browse/DEMO-52": an issue by its key, as copied links and messages name it; sends the
// person on to the issue's page.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirectToIssueKey } from "~/lib/issue-detail.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return redirectToIssueKey(request, context, params.workspaceSlug ?? "", params.issueKey ?? "");
}
