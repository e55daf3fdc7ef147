// The sidebar's favourites inside projects (cycles, modules, views, pages): the actor's, in the
// projects they still belong to, oldest star first. Favourite projects come with the projects list.
import { type Column, and, asc, eq, ne, sql } from "drizzle-orm";
import { cycles, type FavoriteKind, issueViews, modules, pages, projectMembers, userFavorites } from "../../drizzle/schema";
import { preparedRead } from "../lib/prepared-reads";
import { workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { visibleTo } from "./pages";
import { LIST_PAGES } from "./schemas/list-pages";
import type { SidebarFavorite } from "./schemas/responses";


const starred = (kind: FavoriteKind, id: Column) => and(eq(userFavorites.entity_type, kind), eq(id, userFavorites.entity_id));

/** The person's favourites inside the workspace's projects: every page's sidebar, built once per isolate. */
const sidebarFavorites = preparedRead((db) => {
  const userId = sql.placeholder("userId");
  return db
    .select({
      id: userFavorites.id,
      kind: userFavorites.entity_type,
      entity_id: userFavorites.entity_id,
      project_id: userFavorites.project_id,
      cycle: cycles.name,
      module: modules.name,
      view: issueViews.name,
      page: pages.name,
    })
    .from(userFavorites)
    .innerJoin(projectMembers, and(eq(projectMembers.project_id, userFavorites.project_id), eq(projectMembers.member_id, userId)))
    .leftJoin(cycles, starred("cycle", cycles.id))
    .leftJoin(modules, starred("module", modules.id))
    .leftJoin(issueViews, starred("view", issueViews.id))
    // A page made private by its creator is no longer anyone else's to see.
    .leftJoin(pages, and(starred("page", pages.id), visibleTo(userId)))
    .where(and(eq(userFavorites.user_id, userId), eq(userFavorites.workspace_id, sql.placeholder("workspaceId")), ne(userFavorites.entity_type, "project")))
    .orderBy(asc(userFavorites.created_at), asc(userFavorites.id))
    .limit(LIST_PAGES.plainListCap)
    .prepare();
});

/** The actor's favourites inside the workspace's projects, for the sidebar. */
export async function listSidebarFavorites(ctx: ActorContext, slug: string): Promise<SidebarFavorite[]> {
  const { workspace } = await workspaceAccess(ctx, slug);
  const rows = await sidebarFavorites(ctx.db, { userId: ctx.actor.id, workspaceId: workspace.id });
  const shown: SidebarFavorite[] = [];
  for (const { cycle, module, view, page, kind, ...row } of rows) {
    const name = cycle ?? module ?? view ?? page;
    if (name !== null && kind !== "project") shown.push({ ...row, kind, name });
  }
  return shown;
}
