// A project opens on its issues.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { projectIssuesPath } from "~/lib/paths";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(projectIssuesPath(params.workspaceSlug ?? "", params.projectId ?? ""));
}
