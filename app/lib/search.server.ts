// The command palette's search: the workspace search read model, for the signed-in caller.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { searchWorkspace } from "../../workers/domain/search";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { SearchAnswer } from "./search-contract";

/** Searches the workspace `slug` for `search` (the whole workspace: every project the caller is in). */
export async function loadWorkspaceSearch(request: Request, context: AppLoadContext, slug: string): Promise<SearchAnswer> {
  const ctx = await requireActor(request, context);
  const search = new URL(request.url).searchParams.get("search") ?? "";
  return loadOrThrow(request, async () => ({ search, ...(await searchWorkspace(ctx, slug, { search })) }));
}
