// Links of an issue: a URL with an optional title, unique per
// issue. Every write keeps issues.link_count in step and writes a "link" activity in the same
// batch, then publishes the issue row so boards showing the link count follow.
import { and, eq, ne, sql } from "drizzle-orm";
import { issueLinks, issues, users, type User } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { isUniqueViolation } from "../lib/d1-errors";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { Invalid, NotFound } from "./errors";
import { activityInsert } from "./issue-activity";
import { loadIssue, publishIssues } from "./issues";
import { CreateLinkInput, LINK_NOT_FOUND, LINK_URL_TAKEN, UpdateLinkInput } from "./schemas/links";
import { linkFieldsOf, memberDetailOf } from "./serializers";

export type IssueLink = typeof issueLinks.$inferSelect;

/** The link fields as stored: metadata is a JSON object. */
const CreateIssueLinkInput = CreateLinkInput.transform((link) => ({ ...link, metadata: link.metadata as NonNullable<IssueLink["metadata"]> }));
const UpdateIssueLinkInput = UpdateLinkInput.transform((link) => ({
  ...link,
  metadata: link.metadata as IssueLink["metadata"] | undefined,
}));

export function issueLinkOf(link: IssueLink, creator: User | null) {
  return {
    ...linkFieldsOf(link),
    issue: link.issue_id,
    created_by_detail: creator ? memberDetailOf(creator) : null,
    updated_at: link.updated_at,
  };
}

/** The count is recomputed from the rows (not +1/-1) so two racing deletes cannot drift it. */
const recountLinks = (ctx: ActorContext, issueId: string) =>
  ctx.db
    .update(issues)
    .set({ link_count: sql`(SELECT count(*) FROM ${issueLinks} WHERE ${issueLinks.issue_id} = ${issueId})` })
    .where(eq(issues.id, issueId));

const targetOf = (access: ProjectAccess, issueId: string) => ({
  issueId,
  projectId: access.project.id,
  workspaceId: access.workspace.id,
});

async function assertUrlFree(ctx: ActorContext, issueId: string, url: string, exceptLinkId?: string) {
  const [taken] = await ctx.db
    .select({ id: issueLinks.id })
    .from(issueLinks)
    .where(and(eq(issueLinks.issue_id, issueId), eq(issueLinks.url, url), exceptLinkId ? ne(issueLinks.id, exceptLinkId) : undefined))
    .limit(1);
  if (taken) throw Invalid.field("url", LINK_URL_TAKEN);
}

/** Runs a write that may hit the (issue, url) unique index and answers the same 400 as the pre-check. */
async function withUrlGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "issue_links.url")) throw Invalid.field("url", LINK_URL_TAKEN);
    throw error;
  }
}

/** A link of this project (and of `issueId` when the path names the issue). */
async function loadLink(ctx: ActorContext, projectId: string, linkId: string, issueId?: string) {
  const [row] = await ctx.db
    .select({ link: issueLinks, creator: users })
    .from(issueLinks)
    .leftJoin(users, eq(users.id, issueLinks.created_by))
    .where(
      and(eq(issueLinks.id, linkId), eq(issueLinks.project_id, projectId), issueId ? eq(issueLinks.issue_id, issueId) : undefined),
    )
    .limit(1);
  if (!row) throw new NotFound(LINK_NOT_FOUND);
  return row;
}

const LINK_ORDER: OrderKey<{ link: IssueLink }>[] = [
  { by: issueLinks.created_at, dir: "desc", of: (row) => row.link.created_at },
  { by: issueLinks.id, dir: "desc", of: (row) => row.link.id },
];

/** One page of an issue's links, newest first. */
export async function listIssueLinks(ctx: ActorContext, slug: string, projectId: string, issueId: string, page: PageRequest) {
  await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const read = await readPage(page, LINK_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select({ link: issueLinks, creator: users })
      .from(issueLinks)
      .leftJoin(users, eq(users.id, issueLinks.created_by))
      .where(and(eq(issueLinks.issue_id, issueId), eq(issueLinks.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(read, (rows) => rows.map(({ link, creator }) => issueLinkOf(link, creator)));
}

export async function getIssueLink(ctx: ActorContext, slug: string, projectId: string, linkId: string, issueId?: string) {
  await projectAccess(ctx, slug, projectId);
  const { link, creator } = await loadLink(ctx, projectId, linkId, issueId);
  return issueLinkOf(link, creator);
}

export async function createIssueLink(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateIssueLinkInput, input);
  await loadIssue(ctx, projectId, issueId);
  await assertUrlFree(ctx, issueId, data.url);
  const linkId = crypto.randomUUID();
  const now = new Date().toISOString();
  const results = await withUrlGuard(() =>
    runBatch(ctx.db, [
      ctx.db
        .insert(issueLinks)
        .values({
          id: linkId,
          workspace_id: access.workspace.id,
          project_id: projectId,
          issue_id: issueId,
          title: data.title,
          url: data.url,
          metadata: data.metadata,
          created_by: ctx.actor.id,
          created_at: now,
          updated_at: now,
        })
        .returning(),
      recountLinks(ctx, issueId),
      activityInsert(
        ctx,
        targetOf(access, issueId),
        { field: "link", verb: "created", new_value: data.url, new_identifier: linkId, comment: "added a link" },
        now,
      ),
    ]),
  );
  await publishIssues(ctx, access, [issueId]);
  return issueLinkOf((results[0] as IssueLink[])[0], ctx.actor);
}

export async function updateIssueLink(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  linkId: string,
  input: unknown,
  issueId?: string,
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(UpdateIssueLinkInput, input);
  const { link, creator } = await loadLink(ctx, projectId, linkId, issueId);
  const patch: Partial<IssueLink> = {};
  if (data.url !== undefined && data.url !== link.url) patch.url = data.url;
  if (data.title !== undefined && data.title !== link.title) patch.title = data.title;
  if (data.metadata !== undefined) patch.metadata = data.metadata;
  if (Object.keys(patch).length === 0) return issueLinkOf(link, creator);
  if (patch.url) await assertUrlFree(ctx, link.issue_id, patch.url, link.id);
  const now = new Date().toISOString();
  const statements = [ctx.db.update(issueLinks).set({ ...patch, updated_at: now }).where(eq(issueLinks.id, link.id)).returning()];
  const results = await withUrlGuard(() =>
    runBatch(
      ctx.db,
      patch.url !== undefined || patch.title !== undefined
        ? [
            ...statements,
            activityInsert(
              ctx,
              targetOf(access, link.issue_id),
              {
                field: "link",
                verb: "updated",
                old_value: link.url,
                new_value: patch.url ?? link.url,
                old_identifier: link.id,
                new_identifier: link.id,
                comment: "updated a link",
              },
              now,
            ),
          ]
        : statements,
    ),
  );
  return issueLinkOf((results[0] as IssueLink[])[0], creator);
}

export async function deleteIssueLink(ctx: ActorContext, slug: string, projectId: string, linkId: string, issueId?: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { link } = await loadLink(ctx, projectId, linkId, issueId);
  await runBatch(ctx.db, [
    ctx.db.delete(issueLinks).where(eq(issueLinks.id, link.id)),
    recountLinks(ctx, link.issue_id),
    activityInsert(ctx, targetOf(access, link.issue_id), {
      field: "link",
      verb: "deleted",
      old_value: link.url,
      old_identifier: link.id,
      comment: "removed a link",
    }),
  ]);
  await publishIssues(ctx, access, [link.issue_id]);
}
