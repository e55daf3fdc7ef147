// The page detail's read model: the page, its blocks in order with the issues they became (and
// those issues' states), and the project's states, in one D1 batch after the access check.
// A private page is 404 for everyone but its creator, like every other page read.
import { and, asc, eq, sql } from "drizzle-orm";
import { issues, pageBlocks, pages, states, userFavorites } from "../../drizzle/schema";
import { runNamedBatch } from "../lib/batch";
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { NotFound } from "./errors";
import { PAGE_BLOCK_PREVIEW, PAGE_NOT_FOUND, pageCardOf, pageOf, visibleTo } from "./pages";
import type { PageDetailData } from "./schemas/page-responses";

/** Everything `/pages/{pageId}` shows: one access check, then one batch. */
export async function pageDetailOf(ctx: ActorContext, slug: string, projectId: string, pageId: string): Promise<PageDetailData> {
  const access = await projectAccess(ctx, slug, projectId);
  const db = ctx.db;
  const me = ctx.actor.id;
  const read = await runNamedBatch(db, {
    // Batched rows come keyed by column name: the favourite's id is named apart from the page's.
    page: db
      .select({ page: pages, favoriteId: sql<string | null>`${userFavorites.id}`.as("favorite_id") })
      .from(pages)
      .leftJoin(
        userFavorites,
        and(eq(userFavorites.entity_type, "page"), eq(userFavorites.entity_id, pages.id), eq(userFavorites.user_id, me)),
      )
      .where(and(eq(pages.id, pageId), eq(pages.project_id, projectId), visibleTo(me)))
      .limit(1),
    // The page's visibility is repeated here, so a private page's blocks are never read for others.
    blocks: db
      .select({
        id: pageBlocks.id,
        name: pageBlocks.name,
        description_html: pageBlocks.description_html,
        sync: pageBlocks.sync,
        // Named apart, so the issue's id and name never collide with the block's in a row.
        issue_id: sql<string | null>`${issues.id}`.as("issue_id"),
        issue_name: sql<string | null>`${issues.name}`.as("issue_name"),
        issue_sequence: sql<number | null>`${issues.sequence_id}`.as("issue_sequence"),
        issue_state: sql<string | null>`${issues.state_id}`.as("issue_state"),
      })
      .from(pageBlocks)
      .innerJoin(pages, eq(pages.id, pageBlocks.page_id))
      .leftJoin(issues, eq(issues.id, pageBlocks.issue_id))
      .where(and(eq(pageBlocks.page_id, pageId), eq(pageBlocks.project_id, projectId), visibleTo(me)))
      .orderBy(asc(pageBlocks.sort_order), asc(pageBlocks.created_at), asc(pageBlocks.id)),
    states: db
      .select({ id: states.id, name: states.name, color: states.color, group: states.group })
      .from(states)
      .where(eq(states.project_id, projectId))
      .orderBy(asc(states.sequence), asc(states.created_at)),
  });
  const row = read.page[0];
  if (!row) throw new NotFound(PAGE_NOT_FOUND);
  const blocks = read.blocks.map((block) => ({
    id: block.id,
    name: block.name,
    description_html: block.description_html,
    sync: block.sync,
    issue:
      block.issue_id !== null && block.issue_name !== null && block.issue_sequence !== null
        ? { id: block.issue_id, name: block.issue_name, sequence_id: block.issue_sequence, state: block.issue_state }
        : null,
  }));
  const page = pageOf(row.page, {
    is_favorite: row.favoriteId !== null,
    blocks: blocks.slice(0, PAGE_BLOCK_PREVIEW).map(({ id, name }) => ({ id, name })),
    label_details: [],
  });
  return {
    page: pageCardOf(page),
    blocks,
    states: read.states,
    project: { id: access.project.id, identifier: access.project.identifier },
  };
}
