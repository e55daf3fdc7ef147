// Saved issue views: a name and a stored filter set (query_data) per
// project, the project's issues seen through those filters, and per-user favourites. Reading
// needs project membership, writing role >= 15. query_data is checked by
// the list query's own parser before it is stored, so a saved view can always be listed.
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { and, eq, sql } from "drizzle-orm";
import { issueViews, userFavorites, type IssueFilters } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid, NotFound } from "./errors";
import { announceRenamedFavorite, announceToFavoriteOwners, dropFavorites, favoritesOf, removeFavorite, saveFavorite } from "./favorites";
import { issueListQueryFromFilters, listIssuesWithAccess } from "./issues";
import { CreateViewInput, FavoriteViewInput, PatchViewInput, PutViewInput } from "./schemas/views";

export const VIEW_NOT_FOUND = "View not found.";

type IssueView = typeof issueViews.$inferSelect;

export function viewOf(view: IssueView, isFavorite: boolean) {
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    query_data: view.query_data ?? {},
    is_favorite: isFavorite,
    project: view.project_id,
    workspace: view.workspace_id,
    created_by: view.created_by,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
}

export type ViewView = ReturnType<typeof viewOf>;

const favoriteOf = (userId: string) =>
  and(eq(userFavorites.entity_type, "view"), eq(userFavorites.entity_id, issueViews.id), eq(userFavorites.user_id, userId));

/** The view with the actor's favourite flag; another project's view answers 404. */
async function loadView(ctx: ActorContext, projectId: string, viewId: string) {
  const [row] = await ctx.db
    .select({ view: issueViews, favoriteId: userFavorites.id })
    .from(issueViews)
    .leftJoin(userFavorites, favoriteOf(ctx.actor.id))
    .where(and(eq(issueViews.id, viewId), eq(issueViews.project_id, projectId)))
    .limit(1);
  if (!row) throw new NotFound(VIEW_NOT_FOUND);
  return row;
}

/** Runs the filters through the list query parser: what it refuses could never be listed. */
function assertListable(filters: IssueFilters | null | undefined) {
  if (!filters) return;
  try {
    issueListQueryFromFilters(filters);
  } catch (error) {
    if (error instanceof Invalid) {
      throw new Invalid(Object.fromEntries(Object.entries(error.fields).map(([key, messages]) => [`query_data.${key}`, messages])));
    }
    throw error;
  }
}

/** One page of a project's saved views: favourites first, then by name. */
export async function listViews(ctx: ActorContext, slug: string, projectId: string, page: PageRequest) {
  await projectAccess(ctx, slug, projectId);
  const order: OrderKey<{ view: typeof issueViews.$inferSelect; favoriteId: string | null }>[] = [
    { by: sql`${userFavorites.id} IS NOT NULL`, dir: "desc", of: (row) => (row.favoriteId !== null ? 1 : 0) },
    { by: issueViews.name, dir: "asc", of: (row) => row.view.name },
    { by: issueViews.id, dir: "asc", of: (row) => row.view.id },
  ];
  const rows = await readPage(page, order, (after, orderBy, limit) =>
    ctx.db
      .select({ view: issueViews, favoriteId: userFavorites.id })
      .from(issueViews)
      .leftJoin(userFavorites, favoriteOf(ctx.actor.id))
      .where(and(eq(issueViews.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map((row) => viewOf(row.view, row.favoriteId !== null)));
}

export async function createView(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateViewInput, input);
  assertListable(data.query_data);
  const [created] = await ctx.db
    .insert(issueViews)
    .values({
      workspace_id: access.workspace.id,
      project_id: projectId,
      name: data.name,
      description: data.description ?? "",
      query_data: data.query_data ?? {},
      created_by: ctx.actor.id,
    })
    .returning();
  return viewOf(created, false);
}

export async function getView(ctx: ActorContext, slug: string, projectId: string, viewId: string) {
  await projectAccess(ctx, slug, projectId);
  const row = await loadView(ctx, projectId, viewId);
  return viewOf(row.view, row.favoriteId !== null);
}

export async function updateView(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  viewId: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(replace ? PutViewInput : PatchViewInput, input);
  assertListable(data.query_data);
  const row = await loadView(ctx, projectId, viewId);
  const values: Partial<IssueView> = {};
  if (data.name !== undefined) values.name = data.name;
  if (data.description !== undefined) values.description = data.description;
  if (data.query_data !== undefined) values.query_data = data.query_data ?? {};
  if (Object.keys(values).length === 0) return viewOf(row.view, row.favoriteId !== null);
  const [updated] = await ctx.db
    .update(issueViews)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(and(eq(issueViews.id, viewId), eq(issueViews.project_id, projectId)))
    .returning();
  if (!updated) throw new NotFound(VIEW_NOT_FOUND);
  await announceRenamedFavorite(ctx, "view", viewId, updated.name !== row.view.name);
  return viewOf(updated, row.favoriteId !== null);
}

export async function deleteView(ctx: ActorContext, slug: string, projectId: string, viewId: string) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  await loadView(ctx, projectId, viewId);
  // Favourites point at views by (entity_type, entity_id), not by a foreign key: they go first.
  const [dropped] = await runBatch(ctx.db, [
    dropFavorites(ctx, favoritesOf("view", viewId)),
    ctx.db.delete(issueViews).where(and(eq(issueViews.id, viewId), eq(issueViews.project_id, projectId))),
  ]);
  announceToFavoriteOwners(ctx, dropped);
}

/**
 * The project's issues through the view's stored filters. Only the presentation comes from the
 * query string (order_by, group_by, the page: per_page and cursor, and a board's windows:
 * per_group and group); the filters are the view's.
 */
export async function listViewIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  viewId: string,
  params: Record<string, string | undefined>,
) {
  const access: ProjectAccess = await projectAccess(ctx, slug, projectId);
  const { view } = await loadView(ctx, projectId, viewId);
  const query = issueListQueryFromFilters(view.query_data, {
    order_by: params.order_by,
    group_by: params.group_by,
    per_page: params.per_page,
    cursor: params.cursor,
    per_group: params.per_group,
    group: params.group,
  });
  return await listIssuesWithAccess(ctx, access, query);
}

// ---------------------------------------------------------------- favourites

export async function addFavoriteView(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId);
  const { view: viewId } = parseInput(FavoriteViewInput, input);
  const { view } = await loadView(ctx, projectId, viewId);
  const favorite = await saveFavorite(ctx, access, "view", view.id);
  return { id: favorite.id, view: view.id, view_detail: viewOf(view, true), project: projectId, created_at: favorite.created_at };
}

export async function removeFavoriteView(ctx: ActorContext, slug: string, projectId: string, viewId: string) {
  await projectAccess(ctx, slug, projectId);
  await removeFavorite(ctx, projectId, "view", viewId);
}
