// Project settings open on their labels page (the one section built so far).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { projectPath } from "~/lib/paths";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`${projectPath(params.workspaceSlug ?? "", params.projectId ?? "")}/settings/labels`);
}
