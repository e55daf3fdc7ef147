// Favourites of the things inside a project (cycles, modules, views, pages): one row per user and
// thing in user_favorites. Each entity module checks the thing exists and shapes its answer. Every
// change to a user's favourites is announced to that user's open tabs (the sidebar lists them).
import { type SQL, and, eq } from "drizzle-orm";
import { type FavoriteKind, userFavorites } from "../../drizzle/schema";
import type { ProjectAccess } from "./access";
import type { ActorContext } from "./context";
import { NotFound } from "./errors";

export const FAVORITE_NOT_FOUND = "Favorite not found.";

const mine = (ctx: ActorContext, kind: FavoriteKind, entityId: string) =>
  and(eq(userFavorites.user_id, ctx.actor.id), eq(userFavorites.entity_type, kind), eq(userFavorites.entity_id, entityId));

/** Marks the thing as a favourite of the actor (again is fine) and answers the favourite row. */
export async function saveFavorite(ctx: ActorContext, access: ProjectAccess, kind: FavoriteKind, entityId: string) {
  await ctx.db
    .insert(userFavorites)
    .values({ user_id: ctx.actor.id, workspace_id: access.workspace.id, project_id: access.project.id, entity_type: kind, entity_id: entityId })
    .onConflictDoNothing();
  const [favorite] = await ctx.db.select().from(userFavorites).where(mine(ctx, kind, entityId));
  ctx.effects.favoritesChanged(access.workspace.id, ctx.actor.id);
  return favorite;
}

/** Removes the actor's favourite of the thing in this project; 404 when there was none. */
export async function removeFavorite(ctx: ActorContext, projectId: string, kind: FavoriteKind, entityId: string) {
  const deleted = await ctx.db
    .delete(userFavorites)
    .where(and(mine(ctx, kind, entityId), eq(userFavorites.project_id, projectId)))
    .returning(whoseFavorite);
  if (deleted.length === 0) throw new NotFound(FAVORITE_NOT_FOUND);
  announceToFavoriteOwners(ctx, deleted);
}

const whoseFavorite = { user_id: userFavorites.user_id, workspace_id: userFavorites.workspace_id };
type DroppedFavorite = { user_id: string; workspace_id: string };

/** Every user's favourite of one thing. */
export const favoritesOf = (kind: FavoriteKind, entityId: string) =>
  and(eq(userFavorites.entity_type, kind), eq(userFavorites.entity_id, entityId));

/**
 * The statement that deletes the favourites `where` names (they go with the thing they point
 * at), for a batch; it answers whose they were, for `announceToFavoriteOwners`.
 */
export const dropFavorites = (ctx: ActorContext, where: SQL | undefined) => ctx.db.delete(userFavorites).where(where).returning(whoseFavorite);

/** Tells each user whose favourite it was (the rows `dropFavorites` answered) that their favourites changed. */
export function announceToFavoriteOwners(ctx: ActorContext, dropped: unknown) {
  for (const row of dropped as DroppedFavorite[]) ctx.effects.favoritesChanged(row.workspace_id, row.user_id);
}

/**
 * A starred thing was renamed: everyone who starred it sees its name in their sidebar, so each is
 * told their favourites changed. Nothing is read when the name stayed.
 */
export async function announceRenamedFavorite(ctx: ActorContext, kind: FavoriteKind, entityId: string, renamed: boolean) {
  if (!renamed) return;
  announceToFavoriteOwners(ctx, await ctx.db.select(whoseFavorite).from(userFavorites).where(favoritesOf(kind, entityId)));
}
