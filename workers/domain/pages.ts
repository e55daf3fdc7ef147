// Pages: notes of a project made of blocks, with per-user favourites.
// A page with access 1 exists only for its creator: every read here (lists, detail, blocks,
// favourites) filters with `visibleTo`, and anyone else gets the same 404 as for a missing page,
// project owners included. Reading needs project membership, writing role >= 15;
// only the creator may change a page's access.
//
// The recent tab lists the pages updated in the last 7 days (UTC), keyed by date group: today,
// yesterday and this_week (two to six days ago); empty groups are left out.
import { type OrderKey, type PageRequest, readPage } from "./list-page";
import { type SQL, type SQLWrapper, and, asc, eq, gte, lte, ne, or, sql } from "drizzle-orm";
import { labels, pageBlocks, pageLabels, pages, userFavorites } from "../../drizzle/schema";
import { inList, runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, NotFound } from "./errors";
import { announceRenamedFavorite, announceToFavoriteOwners, dropFavorites, favoritesOf, removeFavorite, saveFavorite } from "./favorites";
import { DAY_MS } from "./schemas/dates";
import type { PageCard } from "./schemas/page-responses";
import { CreatePageInput, FavoritePageInput, PageListParams, PatchPageInput } from "./schemas/pages";

export const PAGE_NOT_FOUND = "Page not found.";
export const ONLY_CREATOR_CHANGES_ACCESS = "Only the creator of a page can change its access.";
/** How many block names a page card previews. */
export const PAGE_BLOCK_PREVIEW = 3;
export const RECENT_DAYS = 7;
export const RECENT_GROUPS = ["today", "yesterday", "this_week"] as const;

export type Page = typeof pages.$inferSelect;
type BlockPreview = { id: string; name: string };
type LabelDetail = { id: string; name: string; color: string };

/** Public pages, and private ones only for their creator. */
export const visibleTo = (userId: string | SQLWrapper) => or(eq(pages.access, 0), eq(pages.created_by, userId)) as SQL;

const favoriteOf = (userId: string) =>
  and(eq(userFavorites.entity_type, "page"), eq(userFavorites.entity_id, pages.id), eq(userFavorites.user_id, userId));

export function pageOf(page: Page, extras: { is_favorite: boolean; blocks: BlockPreview[]; label_details: LabelDetail[] }) {
  return {
    id: page.id,
    name: page.name,
    access: page.access,
    color: page.color,
    is_favorite: extras.is_favorite,
    label_details: extras.label_details,
    blocks: extras.blocks,
    project: page.project_id,
    workspace: page.workspace_id,
    created_by: page.created_by,
    created_at: page.created_at,
    updated_at: page.updated_at,
  };
}

export type PageView = ReturnType<typeof pageOf>;

/** A page as the pages screens' lists and cards show it. */
export const pageCardOf = (page: PageView): PageCard => ({
  id: page.id,
  name: page.name,
  access: page.access,
  is_favorite: page.is_favorite,
  blocks: page.blocks,
  label_details: page.label_details,
  created_by: page.created_by,
  created_at: page.created_at,
  updated_at: page.updated_at,
});

/** A page of the project the actor may see, or 404. */
export async function loadPage(ctx: ActorContext, projectId: string, pageId: string) {
  const [row] = await ctx.db
    .select({ page: pages, favoriteId: userFavorites.id })
    .from(pages)
    .leftJoin(userFavorites, favoriteOf(ctx.actor.id))
    .where(and(eq(pages.id, pageId), eq(pages.project_id, projectId), visibleTo(ctx.actor.id)))
    .limit(1);
  if (!row) throw new NotFound(PAGE_NOT_FOUND);
  return row;
}

/** The first block names and the labels of each page, read in one round trip. */
async function pageExtras(ctx: ActorContext, pageIds: string[]) {
  const blocks = new Map<string, BlockPreview[]>();
  const labelDetails = new Map<string, LabelDetail[]>();
  if (pageIds.length === 0) return { blocks, labelDetails };
  const ranked = ctx.db
    .select({
      id: pageBlocks.id,
      name: pageBlocks.name,
      page_id: pageBlocks.page_id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${pageBlocks.page_id} ORDER BY ${pageBlocks.sort_order}, ${pageBlocks.created_at}, ${pageBlocks.id})`.as(
        "rank",
      ),
    })
    .from(pageBlocks)
    .where(inList(pageBlocks.page_id, pageIds))
    .as("ranked");
  const [blockRows, labelRows] = await ctx.db.batch([
    ctx.db.select().from(ranked).where(lte(ranked.rank, PAGE_BLOCK_PREVIEW)).orderBy(asc(ranked.page_id), asc(ranked.rank)),
    ctx.db
      .select({ page_id: pageLabels.page_id, label_id: labels.id, label_name: labels.name, label_color: labels.color })
      .from(pageLabels)
      .innerJoin(labels, eq(labels.id, pageLabels.label_id))
      .where(inList(pageLabels.page_id, pageIds))
      .orderBy(asc(labels.name)),
  ]);
  for (const row of blockRows) {
    const list = blocks.get(row.page_id) ?? [];
    list.push({ id: row.id, name: row.name });
    blocks.set(row.page_id, list);
  }
  for (const row of labelRows) {
    const list = labelDetails.get(row.page_id) ?? [];
    list.push({ id: row.label_id, name: row.label_name, color: row.label_color });
    labelDetails.set(row.page_id, list);
  }
  return { blocks, labelDetails };
}

async function shapePages(ctx: ActorContext, rows: { page: Page; favoriteId: string | null }[]) {
  const extras = await pageExtras(
    ctx,
    rows.map((row) => row.page.id),
  );
  return rows.map(({ page, favoriteId }) =>
    pageOf(page, {
      is_favorite: favoriteId !== null,
      blocks: extras.blocks.get(page.id) ?? [],
      label_details: extras.labelDetails.get(page.id) ?? [],
    }),
  );
}

function recentGroupOf(updatedAt: string, today: string): (typeof RECENT_GROUPS)[number] {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${updatedAt.slice(0, 10)}T00:00:00Z`)) / DAY_MS);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  return "this_week";
}

/**
 * GET pages/?page_view=all|favorite|created_by_me|created_by_other (a list, newest first) or
 * recent (an object keyed by date group, most recently updated first).
 */
export async function listPages(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  params: Record<string, string | undefined>,
  page: PageRequest,
) {
  await projectAccess(ctx, slug, projectId);
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ""));
  const { page_view } = parseInput(PageListParams, present);
  const me = ctx.actor.id;
  const conditions: (SQL | undefined)[] = [eq(pages.project_id, projectId), visibleTo(me)];
  const today = new Date().toISOString().slice(0, 10);
  if (page_view === "favorite") conditions.push(sql`${userFavorites.id} IS NOT NULL`);
  if (page_view === "created_by_me") conditions.push(eq(pages.created_by, me));
  if (page_view === "created_by_other") conditions.push(ne(pages.created_by, me));
  if (page_view === "recent") {
    const since = new Date(Date.parse(`${today}T00:00:00Z`) - (RECENT_DAYS - 1) * DAY_MS).toISOString();
    conditions.push(gte(pages.updated_at, since));
  }
  const order: OrderKey<{ page: Page }>[] = [
    page_view === "recent"
      ? { by: pages.updated_at, dir: "desc", of: (row) => row.page.updated_at }
      : { by: pages.created_at, dir: "desc", of: (row) => row.page.created_at },
    { by: pages.id, dir: "desc", of: (row) => row.page.id },
  ];
  const read = await readPage(page, order, (after, orderBy, limit) =>
    ctx.db
      .select({ page: pages, favoriteId: userFavorites.id })
      .from(pages)
      .leftJoin(userFavorites, favoriteOf(me))
      .where(and(...conditions, after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  const shaped = await shapePages(ctx, read.rows);
  if (page_view !== "recent") return { rows: shaped, next_cursor: read.next_cursor };
  const grouped: Partial<Record<(typeof RECENT_GROUPS)[number], PageView[]>> = {};
  for (const page of shaped) {
    const key = recentGroupOf(page.updated_at, today);
    const group = grouped[key];
    if (group) group.push(page);
    else grouped[key] = [page];
  }
  // The recent view keeps its object shape; its page is counted across the groups.
  return { rows: grouped, next_cursor: read.next_cursor };
}

export async function createPage(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreatePageInput, input);
  const [created] = await ctx.db
    .insert(pages)
    .values({
      workspace_id: access.workspace.id,
      project_id: projectId,
      name: data.name,
      access: data.access ?? 0,
      created_by: ctx.actor.id,
    })
    .returning();
  return pageOf(created, { is_favorite: false, blocks: [], label_details: [] });
}

export async function getPage(ctx: ActorContext, slug: string, projectId: string, pageId: string) {
  await projectAccess(ctx, slug, projectId);
  const row = await loadPage(ctx, projectId, pageId);
  return (await shapePages(ctx, [row]))[0];
}

export async function updatePage(ctx: ActorContext, slug: string, projectId: string, pageId: string, input: unknown) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(PatchPageInput, input);
  const row = await loadPage(ctx, projectId, pageId);
  const page = row.page;
  if (data.access !== undefined && data.access !== page.access && page.created_by !== ctx.actor.id) {
    throw new Forbidden(ONLY_CREATOR_CHANGES_ACCESS);
  }
  const values: Partial<Page> = {};
  if (data.name !== undefined) values.name = data.name;
  if (data.access !== undefined) values.access = data.access;
  if (Object.keys(values).length === 0) return (await shapePages(ctx, [row]))[0];
  const [updated] = await ctx.db
    .update(pages)
    .set({ ...values, updated_at: new Date().toISOString() })
    // The access rule is repeated in SQL: a page made private meanwhile is not renamed by others.
    .where(and(eq(pages.id, pageId), eq(pages.project_id, projectId), visibleTo(ctx.actor.id)))
    .returning();
  if (!updated) throw new NotFound(PAGE_NOT_FOUND);
  announcePage(ctx, page, updated);
  await announceRenamedFavorite(ctx, "page", pageId, updated.name !== page.name);
  return (await shapePages(ctx, [{ page: updated, favoriteId: row.favoriteId }]))[0];
}

export async function deletePage(ctx: ActorContext, slug: string, projectId: string, pageId: string) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const { page } = await loadPage(ctx, projectId, pageId);
  // Blocks and page labels go with the page (foreign keys); favourites point at it by entity id.
  const [dropped] = await runBatch(ctx.db, [
    dropFavorites(ctx, favoritesOf("page", pageId)),
    ctx.db.delete(pages).where(and(eq(pages.id, pageId), eq(pages.project_id, projectId), visibleTo(ctx.actor.id))),
  ]);
  announceToFavoriteOwners(ctx, dropped);
  announcePage(ctx, page);
}

/**
 * Tells whoever has the page open that it or its blocks changed, given the page as it was and as
 * it is: a page private in both is never announced (only its creator may know it exists), while a
 * page just made private is, so the others' open copies learn they lost it.
 */
export function announcePage(ctx: ActorContext, ...versions: Pick<Page, "id" | "project_id" | "access">[]) {
  const page = versions.find((version) => version.access === 0);
  if (page) ctx.effects.publish(page.project_id, { kind: "page", op: "changed", id: page.id, by: ctx.actor.id });
}

/** Marks the page as touched: the recent tab follows edits to its blocks as well. */
export const touchPage = (ctx: ActorContext, pageId: string, now: string) =>
  ctx.db.update(pages).set({ updated_at: now }).where(eq(pages.id, pageId));

// ---------------------------------------------------------------- favourites

export async function addFavoritePage(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId);
  const { page: pageId } = parseInput(FavoritePageInput, input);
  const row = await loadPage(ctx, projectId, pageId);
  const favorite = await saveFavorite(ctx, access, "page", pageId);
  const [detail] = await shapePages(ctx, [{ page: row.page, favoriteId: favorite.id }]);
  return { id: favorite.id, page: pageId, page_detail: detail, project: projectId, created_at: favorite.created_at };
}

export async function removeFavoritePage(ctx: ActorContext, slug: string, projectId: string, pageId: string) {
  await projectAccess(ctx, slug, projectId);
  await removeFavorite(ctx, projectId, "page", pageId);
}
