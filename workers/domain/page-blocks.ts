// Page blocks: the parts of a page. A block can be pushed into an
// issue of the project; while its sync flag is on, edits to its name or description are written
// to the linked issue in the same D1 batch as the block (with the issue's activity rows) and the
// issue is published to the live board after commit. A block lives and dies with its page's
// visibility: a private page's blocks are 404 for everyone but the page's creator. Every block
// write announces its page on the live board after commit (announcePage), a private page excepted.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { issues, pageBlocks, pages, type Issue, type Project } from "../../drizzle/schema";
import { inList, runBatch } from "../lib/batch";
import { sanitizeHtml } from "../lib/sanitize-html";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, readPage } from "./list-page";
import { Conflict, NotFound } from "./errors";
import { type ActivityChange, activityInsert } from "./issue-activity";
import { createIssue, deleteIssue, publishIssues } from "./issues";
import { announcePage, loadPage, touchPage, visibleTo } from "./pages";
import { FIRST_SORT_ORDER, SORT_STEP } from "./schemas/constants";
import { CreatePageBlockInput, PatchPageBlockInput } from "./schemas/pages";

export const BLOCK_NOT_FOUND = "Page block not found.";
export const BLOCK_ALREADY_CONVERTED = "This block has already been converted to an issue.";

export type PageBlock = typeof pageBlocks.$inferSelect;
type IssueBrief = Pick<Issue, "id" | "name" | "sequence_id">;
type ProjectBrief = Pick<Project, "id" | "identifier" | "name">;

export function pageBlockOf(block: PageBlock, issue: IssueBrief | null, project: ProjectBrief) {
  return {
    id: block.id,
    name: block.name,
    description: block.description,
    description_html: block.description_html,
    description_stripped: block.description_stripped,
    issue: block.issue_id,
    issue_detail: issue
      ? {
          id: issue.id,
          name: issue.name,
          sequence_id: issue.sequence_id,
          project_detail: { id: project.id, identifier: project.identifier, name: project.name },
        }
      : null,
    sync: block.sync,
    sort_order: block.sort_order,
    page: block.page_id,
    project: block.project_id,
    workspace: block.workspace_id,
    created_by: block.created_by,
    created_at: block.created_at,
    updated_at: block.updated_at,
  };
}

export type PageBlockView = ReturnType<typeof pageBlockOf>;

async function issueBriefs(ctx: ActorContext, projectId: string, ids: string[]) {
  const briefs = new Map<string, IssueBrief>();
  if (ids.length === 0) return briefs;
  const rows = await ctx.db
    .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id })
    .from(issues)
    .where(and(eq(issues.project_id, projectId), inList(issues.id, [...new Set(ids)])));
  for (const row of rows) briefs.set(row.id, row);
  return briefs;
}

async function shapeBlocks(ctx: ActorContext, access: ProjectAccess, blocks: PageBlock[]) {
  const briefs = await issueBriefs(
    ctx,
    access.project.id,
    blocks.flatMap((block) => block.issue_id ?? []),
  );
  return blocks.map((block) => pageBlockOf(block, block.issue_id ? (briefs.get(block.issue_id) ?? null) : null, access.project));
}

/**
 * A block of a page the actor may see (and of `pageId` when the path names one), with that page's
 * visibility, or 404.
 */
async function loadBlock(ctx: ActorContext, projectId: string, blockId: string, pageId?: string) {
  const [row] = await ctx.db
    .select({ block: pageBlocks, page: { id: pages.id, project_id: pages.project_id, access: pages.access } })
    .from(pageBlocks)
    .innerJoin(pages, eq(pages.id, pageBlocks.page_id))
    .where(
      and(
        eq(pageBlocks.id, blockId),
        eq(pageBlocks.project_id, projectId),
        pageId !== undefined ? eq(pageBlocks.page_id, pageId) : undefined,
        visibleTo(ctx.actor.id),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(BLOCK_NOT_FOUND);
  return row;
}

async function sanitizedDescription(html: string | undefined) {
  if (html === undefined) return undefined;
  const clean = await sanitizeHtml(html);
  return { description_html: clean.html || "<p></p>", description_stripped: clean.text };
}

const BLOCK_ORDER: OrderKey<PageBlock>[] = [
  { by: pageBlocks.sort_order, dir: "asc", of: (block) => block.sort_order },
  { by: pageBlocks.created_at, dir: "asc", of: (block) => block.created_at },
  { by: pageBlocks.id, dir: "asc", of: (block) => block.id },
];

/** One page of a page's blocks, in their sort order. */
export async function listPageBlocks(ctx: ActorContext, slug: string, projectId: string, pageId: string, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  await loadPage(ctx, projectId, pageId);
  const read = await readPage(page, BLOCK_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(pageBlocks)
      .where(and(eq(pageBlocks.page_id, pageId), eq(pageBlocks.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { rows: await shapeBlocks(ctx, access, read.rows), next_cursor: read.next_cursor };
}

export async function createPageBlock(ctx: ActorContext, slug: string, projectId: string, pageId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreatePageBlockInput, input);
  const { page } = await loadPage(ctx, projectId, pageId);
  const now = new Date().toISOString();
  const [inserted] = (await runBatch(ctx.db, [
    ctx.db
      .insert(pageBlocks)
      .values({
        workspace_id: access.workspace.id,
        project_id: projectId,
        page_id: pageId,
        name: data.name,
        description: (data.description ?? null) as PageBlock["description"],
        ...(await sanitizedDescription(data.description_html)),
        // New blocks go last; computed in the insert so concurrent adds still land after the rest.
        sort_order: sql`(SELECT COALESCE(MAX(${pageBlocks.sort_order}) + ${SORT_STEP}, ${FIRST_SORT_ORDER}) FROM ${pageBlocks} WHERE ${pageBlocks.page_id} = ${pageId})`,
        created_by: ctx.actor.id,
        created_at: now,
        updated_at: now,
      })
      .returning(),
    touchPage(ctx, pageId, now),
  ])) as [PageBlock[], unknown];
  announcePage(ctx, page);
  return pageBlockOf(inserted[0], null, access.project);
}

export async function getPageBlock(ctx: ActorContext, slug: string, projectId: string, blockId: string, pageId?: string) {
  const access = await projectAccess(ctx, slug, projectId);
  const { block } = await loadBlock(ctx, projectId, blockId, pageId);
  return (await shapeBlocks(ctx, access, [block]))[0];
}

/**
 * PATCH name, description, description_html or sync. With sync on (as it is after this write)
 * and a linked issue, the same name/description changes go to the issue in the same batch.
 */
export async function updatePageBlock(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  blockId: string,
  input: unknown,
  pageId?: string,
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(PatchPageBlockInput, input);
  const { block, page } = await loadBlock(ctx, projectId, blockId, pageId);
  const html = await sanitizedDescription(data.description_html);
  const patch: Partial<PageBlock> = {};
  if (data.name !== undefined) patch.name = data.name;
  if (data.description !== undefined) patch.description = data.description as PageBlock["description"];
  if (html) Object.assign(patch, html);
  if (data.sync !== undefined) patch.sync = data.sync;
  if (Object.keys(patch).length === 0) return (await shapeBlocks(ctx, access, [block]))[0];

  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [
    ctx.db.update(pageBlocks).set({ ...patch, updated_at: now }).where(eq(pageBlocks.id, blockId)).returning(),
    touchPage(ctx, block.page_id, now),
  ];
  const sync = data.sync ?? block.sync;
  const contentChanged = data.name !== undefined || data.description !== undefined || html !== undefined;
  let syncedIssueId: string | null = null;
  if (sync && block.issue_id && contentChanged) {
    const issueStatements = await issueSyncStatements(ctx, access, block.issue_id, data, html, now);
    if (issueStatements.length) {
      statements.push(...issueStatements);
      syncedIssueId = block.issue_id;
    }
  }
  const [updated] = (await runBatch(ctx.db, statements)) as [PageBlock[], ...unknown[]];
  if (!updated[0]) throw new NotFound(BLOCK_NOT_FOUND);
  announcePage(ctx, page);
  if (syncedIssueId) await publishIssues(ctx, access, [syncedIssueId]);
  return (await shapeBlocks(ctx, access, updated))[0];
}

/** The linked issue's update and activity rows, in the shape updateIssue writes them. */
async function issueSyncStatements(
  ctx: ActorContext,
  access: ProjectAccess,
  issueId: string,
  data: { name?: string; description?: Record<string, unknown> | null },
  html: { description_html: string; description_stripped: string } | undefined,
  now: string,
): Promise<BatchItem<"sqlite">[]> {
  const [issue] = await ctx.db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.project_id, access.project.id)))
    .limit(1);
  if (!issue) return []; // deleted meanwhile: the block simply keeps its own edit
  const patch: Partial<Issue> = {};
  const changes: ActivityChange[] = [];
  if (data.name !== undefined && data.name !== issue.name) {
    patch.name = data.name;
    changes.push({ field: "name", old_value: issue.name, new_value: data.name });
  }
  if (data.description !== undefined) patch.description = data.description as Issue["description"];
  if (html && html.description_html !== issue.description_html) {
    Object.assign(patch, html);
    changes.push({ field: "description", comment: "updated the description" });
  }
  if (Object.keys(patch).length === 0) return [];
  const target = { issueId, projectId: access.project.id, workspaceId: access.workspace.id };
  return [
    ctx.db
      .update(issues)
      .set({ ...patch, updated_by: ctx.actor.id, updated_at: now })
      .where(eq(issues.id, issueId)),
    ...changes.map((change) => activityInsert(ctx, target, change, now)),
  ];
}

export async function deletePageBlock(ctx: ActorContext, slug: string, projectId: string, blockId: string, pageId?: string) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const { block, page } = await loadBlock(ctx, projectId, blockId, pageId);
  // The linked issue, if any, stays: it has a life of its own in the project.
  await runBatch(ctx.db, [
    ctx.db.delete(pageBlocks).where(eq(pageBlocks.id, blockId)),
    touchPage(ctx, block.page_id, new Date().toISOString()),
  ]);
  announcePage(ctx, page);
}

/**
 * Converts the block into an issue of the project (name, description, description_html) and
 * links it. The issue is created by createIssue (sequence ids, activity, board); if another
 * request linked the block meanwhile, the new issue is removed again and 409 is answered.
 */
export async function convertPageBlockToIssue(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  blockId: string,
  pageId?: string,
) {
  await projectAccess(ctx, slug, projectId, ROLE.member);
  const { block, page } = await loadBlock(ctx, projectId, blockId, pageId);
  if (block.issue_id) throw new Conflict(BLOCK_ALREADY_CONVERTED);
  const description = block.description && typeof block.description === "object" && !Array.isArray(block.description) ? block.description : null;
  const issue = await createIssue(ctx, slug, projectId, {
    name: block.name,
    description,
    description_html: block.description_html,
  });
  const now = new Date().toISOString();
  const [linked] = (await runBatch(ctx.db, [
    ctx.db
      .update(pageBlocks)
      .set({ issue_id: issue.id, updated_at: now })
      .where(and(eq(pageBlocks.id, blockId), isNull(pageBlocks.issue_id)))
      .returning({ id: pageBlocks.id }),
    touchPage(ctx, block.page_id, now),
  ])) as [{ id: string }[], unknown];
  if (linked.length === 0) {
    await deleteIssue(ctx, slug, projectId, issue.id);
    throw new Conflict(BLOCK_ALREADY_CONVERTED);
  }
  announcePage(ctx, page);
  return issue;
}
