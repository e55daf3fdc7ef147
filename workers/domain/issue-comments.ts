// Comments on an issue: ProseMirror JSON plus HTML that is
// sanitised with the allow-list before it is stored. A comment must have content (an empty
// paragraph is not content, an image is). Writing needs the member role; only the author may
// edit or delete their comment, whatever their role (canEditComment, canDeleteComment). Every write puts a
// "comment" activity in the same batch and, after commit, tells the live board the issue changed
// (its open pages read it again); the history endpoint merges comments with activities.
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { and, eq } from "drizzle-orm";
import { issueComments, users, type Json, type User } from "../../drizzle/schema";
import { type EventAction, eventFor } from "./integration-events";
import { allInOrder, runBatch } from "../lib/batch";
import { sanitizeHtml } from "../lib/sanitize-html";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Forbidden, type FieldErrors, Invalid, NotFound } from "./errors";
import { activityInsert } from "./issue-activity";
import { announceNotified, mentionEvent, newMentionsInProject, notificationStatements, subscribeStatement } from "./notifications";
import { loadIssue, publishIssueDetail } from "./issues";
import { type CommentActor, canDeleteComment, canEditComment } from "./schemas/comment-access";
import { COMMENT_EMPTY, COMMENT_NOT_AUTHOR, COMMENT_NOT_FOUND, CreateCommentInput, UpdateCommentInput } from "./schemas/issue-comments";
import { memberDetailOf } from "./serializers";

export type IssueComment = typeof issueComments.$inferSelect;

/** Activity rows carry a preview of the text, not the whole comment. */
const ACTIVITY_PREVIEW = 255;


export function issueCommentOf(comment: IssueComment, actor: User | null) {
  return {
    id: comment.id,
    actor: comment.actor_id,
    actor_detail: actor ? memberDetailOf(actor) : null,
    comment_json: comment.comment_json,
    comment_html: comment.comment_html,
    comment_stripped: comment.comment_stripped,
    issue: comment.issue_id,
    project: comment.project_id,
    workspace: comment.workspace_id,
    created_at: comment.created_at,
    updated_at: comment.updated_at,
  };
}

const isEmptyJson = (value: Record<string, unknown> | null | undefined) => !value || Object.keys(value).length === 0;

/** Sanitised HTML and its text; null when nothing visible is left (an image counts as content). */
async function cleanComment(html: string | null | undefined) {
  const clean = await sanitizeHtml(html ?? "");
  if (clean.text === "" && !/<img\b/i.test(clean.html)) return null;
  return clean;
}

const preview = (text: string) => (text.length > ACTIVITY_PREVIEW ? `${text.slice(0, ACTIVITY_PREVIEW - 1)}…` : text);

const targetOf = (access: ProjectAccess, issueId: string) => ({
  issueId,
  projectId: access.project.id,
  workspaceId: access.workspace.id,
});

/** A comment of this project (and of `issueId` when the path names the issue). */
async function loadComment(ctx: ActorContext, projectId: string, commentId: string, issueId?: string) {
  const [row] = await ctx.db
    .select({ comment: issueComments, actor: users })
    .from(issueComments)
    .leftJoin(users, eq(users.id, issueComments.actor_id))
    .where(
      and(
        eq(issueComments.id, commentId),
        eq(issueComments.project_id, projectId),
        issueId ? eq(issueComments.issue_id, issueId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(COMMENT_NOT_FOUND);
  return row;
}

type CommentRow = { comment: typeof issueComments.$inferSelect; actor: typeof users.$inferSelect | null };
const COMMENT_ORDER: OrderKey<CommentRow>[] = [
  { by: issueComments.created_at, dir: "asc", of: (row) => row.comment.created_at },
  { by: issueComments.id, dir: "asc", of: (row) => row.comment.id },
];

/** One page of an issue's comments, oldest first. */
export async function listIssueComments(ctx: ActorContext, slug: string, projectId: string, issueId: string, page: PageRequest) {
  await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const rows = await readPage(page, COMMENT_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select({ comment: issueComments, actor: users })
      .from(issueComments)
      .leftJoin(users, eq(users.id, issueComments.actor_id))
      .where(and(eq(issueComments.issue_id, issueId), eq(issueComments.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map(({ comment, actor }) => issueCommentOf(comment, actor)));
}

export async function createIssueComment(ctx: ActorContext, slug: string, projectId: string, issueId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateCommentInput, input);
  // The issue and the people the text mentions are read side by side: one round trip's wait.
  const cleaning = cleanComment(data.comment_html);
  const [, clean, mentioned] = await allInOrder([
    loadIssue(ctx, projectId, issueId),
    cleaning,
    cleaning.then((text) => (text ? newMentionsInProject(ctx, projectId, text.html, null, "comment_html") : [])),
  ] as const);
  const errors: FieldErrors = {};
  if (isEmptyJson(data.comment_json)) errors.comment_json = [COMMENT_EMPTY];
  if (!clean) errors.comment_html = [COMMENT_EMPTY];
  if (!clean || Object.keys(errors).length) throw new Invalid(errors);

  const commentId = crypto.randomUUID();
  const now = new Date().toISOString();
  const target = targetOf(access, issueId);
  const results = await runBatch(ctx.db, [
    ctx.db
      .insert(issueComments)
      .values({
        id: commentId,
        workspace_id: access.workspace.id,
        project_id: projectId,
        issue_id: issueId,
        actor_id: ctx.actor.id,
        comment_json: data.comment_json as Json,
        comment_html: clean.html,
        comment_stripped: clean.text,
        created_at: now,
        updated_at: now,
      })
      .returning(),
    activityInsert(
      ctx,
      targetOf(access, issueId),
      { field: "comment", verb: "created", new_value: preview(clean.text), new_identifier: commentId, comment: "added a comment" },
      now,
    ),
    // The commenter follows the issue; the people mentioned are told first, then every subscriber.
    subscribeStatement(ctx, target, [ctx.actor.id], now),
    ...notificationStatements(
      ctx,
      target,
      [mentionEvent(mentioned, commentId), { audience: { subscribers: true }, changes: [{ kind: "commented", comment_id: commentId, new_value: preview(clean.text) }] }],
      now,
    ),
  ]);
  const created = issueCommentOf((results[0] as IssueComment[])[0], ctx.actor);
  announceNotified(ctx, access.workspace.id, results.slice(2));
  emitCommentEvent(ctx, access, "created", created);
  return created;
}

/** Loads the comment and refuses anyone `may` turns away (its rule: only the author, project owners included). */
async function authoredComment(
  ctx: ActorContext,
  access: ProjectAccess,
  may: (actor: CommentActor) => boolean,
  commentId: string,
  issueId?: string,
) {
  const row = await loadComment(ctx, access.project.id, commentId, issueId);
  if (!may({ role: access.membership.role, isAuthor: row.comment.actor_id === ctx.actor.id })) throw new Forbidden(COMMENT_NOT_AUTHOR);
  return row;
}

export async function updateIssueComment(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  commentId: string,
  input: unknown,
  issueId?: string,
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { comment, actor } = await authoredComment(ctx, access, canEditComment, commentId, issueId);
  const data = parseInput(UpdateCommentInput, input);
  const patch: Partial<IssueComment> = {};
  if (data.comment_json !== undefined) {
    if (isEmptyJson(data.comment_json)) throw Invalid.field("comment_json", COMMENT_EMPTY);
    patch.comment_json = data.comment_json as Json;
  }
  if (data.comment_html !== undefined) {
    const clean = await cleanComment(data.comment_html);
    if (!clean) throw Invalid.field("comment_html", COMMENT_EMPTY);
    if (clean.html !== comment.comment_html) {
      patch.comment_html = clean.html;
      patch.comment_stripped = clean.text;
    }
  }
  if (Object.keys(patch).length === 0) return issueCommentOf(comment, actor);
  // Only the people the edit adds are told of their mention.
  const mentioned = patch.comment_html ? await newMentionsInProject(ctx, projectId, patch.comment_html, comment.comment_html, "comment_html") : [];
  const now = new Date().toISOString();
  const results = await runBatch(ctx.db, [
    ctx.db.update(issueComments).set({ ...patch, updated_at: now }).where(eq(issueComments.id, comment.id)).returning(),
    activityInsert(
      ctx,
      targetOf(access, comment.issue_id),
      {
        field: "comment",
        verb: "updated",
        old_value: preview(comment.comment_stripped),
        new_value: preview(patch.comment_stripped ?? comment.comment_stripped),
        old_identifier: comment.id,
        new_identifier: comment.id,
        comment: "updated a comment",
      },
      now,
    ),
    ...notificationStatements(ctx, targetOf(access, comment.issue_id), [mentionEvent(mentioned, comment.id)], now),
  ]);
  const updated = issueCommentOf((results[0] as IssueComment[])[0], actor);
  announceNotified(ctx, access.workspace.id, results.slice(2));
  emitCommentEvent(ctx, access, "updated", updated);
  return updated;
}

export async function deleteIssueComment(ctx: ActorContext, slug: string, projectId: string, commentId: string, issueId?: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { comment } = await authoredComment(ctx, access, canDeleteComment, commentId, issueId);
  await runBatch(ctx.db, [
    ctx.db.delete(issueComments).where(eq(issueComments.id, comment.id)),
    activityInsert(ctx, targetOf(access, comment.issue_id), {
      field: "comment",
      verb: "deleted",
      old_value: preview(comment.comment_stripped),
      old_identifier: comment.id,
      comment: "deleted a comment",
    }),
  ]);
  emitCommentEvent(ctx, access, "deleted", issueCommentOf(comment, null));
}

/**
 * Tells whoever has the issue open that its comments changed, and the project's integrations
 * about the change (nothing when none listens).
 */
function emitCommentEvent(ctx: ActorContext, access: ProjectAccess, action: EventAction, comment: ReturnType<typeof issueCommentOf>) {
  publishIssueDetail(ctx, access.project.id, comment.issue);
  const { comment_json: _json, ...data } = comment;
  ctx.effects.emit(eventFor(access.project, ctx.actor.id, "comment", action, data as unknown as Record<string, Json>));
}
