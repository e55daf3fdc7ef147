// "/{slug}/search?search=...": the command palette's search results as JSON (a resource route,
// loaded by the palette's fetcher).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadWorkspaceSearch } from "~/lib/search.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return Response.json(await loadWorkspaceSearch(request, context, params.workspaceSlug ?? ""));
}
