// "/{slug}/projects/{id}/issue-windows?source=...&windows={...}": what the issue views read after
// their first screen (a group's next page, new windows for another display, the counts), as JSON.
// A resource route read with fetch(), so a read in flight is never caught up in the page's own
// revalidations.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadIssueWindows } from "~/lib/issue-views.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadIssueWindows(request, context, params.workspaceSlug ?? "", params.projectId ?? "");
}
