// What cycles and modules read and publish alike: whether the actor starred one, which people are
// project members, and sending their rows to the board.
import { and, eq } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { projectMembers, userFavorites, type FavoriteKind } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import type { IssueGroupScope } from "./membership";

/** Is there a user favourite of this kind for the actor? (a left join condition) */
export const favoriteOf = (ctx: ActorContext, kind: FavoriteKind, entityId: AnySQLiteColumn) =>
  and(eq(userFavorites.user_id, ctx.actor.id), eq(userFavorites.entity_type, kind), eq(userFavorites.entity_id, entityId));

/** Which of `userIds` are members of the project. */
export async function projectMemberIds(ctx: ActorContext, projectId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await ctx.db
    .select({ id: projectMembers.member_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.project_id, projectId), inList(projectMembers.member_id, userIds)));
  return new Set(rows.map((row) => row.id));
}

/** Sends cycle or module rows to the project's board, without is_favorite (the actor's own). */
export function publishGroupViews<V extends { id: string; is_favorite: boolean }>(
  ctx: ActorContext,
  access: ProjectAccess,
  kind: IssueGroupScope,
  views: V[],
) {
  for (const { is_favorite: _mine, ...row } of views) {
    ctx.effects.publish(access.project.id, { kind, op: "upsert", id: row.id, row });
  }
  return views;
}
