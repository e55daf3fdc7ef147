// Favourites of the things inside a project (cycles, modules, views, pages): one row per user and
// thing in user_favorites. Each entity module checks the thing exists and shapes its answer.
import { and, eq } from "drizzle-orm";
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
  return favorite;
}

/** Removes the actor's favourite of the thing in this project; 404 when there was none. */
export async function removeFavorite(ctx: ActorContext, projectId: string, kind: FavoriteKind, entityId: string) {
  const deleted = await ctx.db
    .delete(userFavorites)
    .where(and(mine(ctx, kind, entityId), eq(userFavorites.project_id, projectId)))
    .returning({ id: userFavorites.id });
  if (deleted.length === 0) throw new NotFound(FAVORITE_NOT_FOUND);
}
