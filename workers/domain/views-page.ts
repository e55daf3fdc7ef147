// The saved views page as one read model: the access check, then the project's views with the
// caller's favourites beside the project's lookups (states, labels, members; cached in the
// isolate), which the page needs to name what each view filters on and to edit the filters.
import { asc, desc, eq, sql, and } from "drizzle-orm";
import { issueViews, userFavorites } from "../../drizzle/schema";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { filterLookupsOf } from "./issue-views-page";
import { loadProjectLookups } from "./issue-views";
import type { ViewsPageData } from "./schemas/responses";

/** The project's views, favourites first then by name, with what the filter pickers offer. */
export async function viewsPageOf(ctx: ActorContext, slug: string, projectId: string): Promise<ViewsPageData> {
  const access = await projectAccess(ctx, slug, projectId);
  const [rows, lookups] = await Promise.all([
    ctx.db
      .select({
        id: issueViews.id,
        name: issueViews.name,
        description: issueViews.description,
        query_data: issueViews.query_data,
        created_by: issueViews.created_by,
        updated_at: issueViews.updated_at,
        favoriteId: userFavorites.id,
      })
      .from(issueViews)
      .leftJoin(
        userFavorites,
        and(eq(userFavorites.entity_type, "view"), eq(userFavorites.entity_id, issueViews.id), eq(userFavorites.user_id, ctx.actor.id)),
      )
      .where(eq(issueViews.project_id, projectId))
      .orderBy(desc(sql`${userFavorites.id} IS NOT NULL`), asc(issueViews.name), asc(issueViews.id)),
    loadProjectLookups(ctx.db, access.project, access.workspace),
  ]);
  const role = access.membership.role;
  return {
    project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
    role,
    canEdit: role >= ROLE.member,
    views: rows.map(({ favoriteId, ...view }) => ({
      ...view,
      description: view.description ?? "",
      query_data: view.query_data ?? {},
      is_favorite: favoriteId !== null,
    })),
    ...filterLookupsOf(lookups),
  };
}
