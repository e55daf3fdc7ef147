// The command palette's search: the workspace search read model, for the signed-in caller.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { searchWorkspace } from "../../workers/domain/search";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { SearchAnswer } from "./search-contract";

/**
 * Searches the workspace `slug` for `search`: every project the caller is in, or the one
 * `project_id` names, with `per_page` results per kind when given.
 */
export async function loadWorkspaceSearch(request: Request, context: AppLoadContext, slug: string): Promise<SearchAnswer> {
  const ctx = await requireActor(request, context);
  const params = new URL(request.url).searchParams;
  const search = params.get("search") ?? "";
  const within = { project_id: params.get("project_id") ?? undefined, per_page: params.get("per_page") ?? undefined };
  return loadOrThrow(request, async () => ({ search, ...(await searchWorkspace(ctx, slug, { search, ...within })) }));
}
