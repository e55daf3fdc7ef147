// "/{slug}/projects" is the workspace home's project grid.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/${params.workspaceSlug ?? ""}`);
}
