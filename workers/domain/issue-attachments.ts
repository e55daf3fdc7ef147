// Attachments of an issue: one file of any kind per upload, at most 5 MB, its type told by its
// bytes (raster images, PDF, ZIP, plain text; anything else is unknown), stored in R2 (FILES)
// under attachments/{workspace}/{project}/{issue}/{uuid}. Files are served back through the Worker
// after a project-membership check, never from a public bucket URL. The row,
// issues.attachment_count and the "attachment" activity are written in one batch; the R2 object is
// written before it and removed if the batch fails.
import { and, eq, sql } from "drizzle-orm";
import { issueAttachments, issues } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { fileTypeOf, headOf } from "../lib/file-types";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { NotFound, } from "./errors";
import { activityInsert } from "./issue-activity";
import { loadIssue, publishIssues } from "./issues";
import { type AssetUpload, receiveFile } from "./uploads";

export type IssueAttachment = typeof issueAttachments.$inferSelect;

export const ATTACHMENT_NOT_FOUND = "Attachment not found.";

export function attachmentFileUrl(access: Pick<ProjectAccess, "workspace" | "project">, attachmentId: string) {
  return `/api/workspaces/${access.workspace.slug}/projects/${access.project.id}/issue-attachments/${attachmentId}/file/`;
}

export function issueAttachmentOf(attachment: IssueAttachment, access: Pick<ProjectAccess, "workspace" | "project">) {
  return {
    id: attachment.id,
    asset: attachmentFileUrl(access, attachment.id),
    attributes: attachment.attributes,
    content_type: attachment.content_type,
    issue: attachment.issue_id,
    project: attachment.project_id,
    workspace: attachment.workspace_id,
    created_by: attachment.created_by,
    updated_by: attachment.updated_by,
    created_at: attachment.created_at,
    updated_at: attachment.updated_at,
  };
}

const recountAttachments = (ctx: ActorContext, issueId: string) =>
  ctx.db
    .update(issues)
    .set({
      attachment_count: sql`(SELECT count(*) FROM ${issueAttachments} WHERE ${issueAttachments.issue_id} = ${issueId})`,
    })
    .where(eq(issues.id, issueId));

const targetOf = (access: ProjectAccess, issueId: string) => ({
  issueId,
  projectId: access.project.id,
  workspaceId: access.workspace.id,
});

async function loadAttachment(ctx: ActorContext, projectId: string, attachmentId: string, issueId?: string) {
  const [row] = await ctx.db
    .select()
    .from(issueAttachments)
    .where(
      and(
        eq(issueAttachments.id, attachmentId),
        eq(issueAttachments.project_id, projectId),
        issueId ? eq(issueAttachments.issue_id, issueId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(ATTACHMENT_NOT_FOUND);
  return row;
}

const ATTACHMENT_ORDER: OrderKey<IssueAttachment>[] = [
  { by: issueAttachments.created_at, dir: "desc", of: (row) => row.created_at },
  { by: issueAttachments.id, dir: "desc", of: (row) => row.id },
];

/** One page of an issue's attachments, newest first. */
export async function listIssueAttachments(ctx: ActorContext, slug: string, projectId: string, issueId: string, page: PageRequest) {
  const access = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  const read = await readPage(page, ATTACHMENT_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(issueAttachments)
      .where(and(eq(issueAttachments.issue_id, issueId), eq(issueAttachments.project_id, projectId), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(read, (rows) => rows.map((row) => issueAttachmentOf(row, access)));
}

export async function uploadIssueAttachment(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  issueId: string,
  upload: AssetUpload,
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  await loadIssue(ctx, projectId, issueId);
  const { file: asset, name } = await receiveFile(upload, "file");
  // The type the bytes prove, not the one the browser claimed (an SVG sent as "image/png" is unknown).
  const contentType = fileTypeOf(await headOf(asset.content), asset.type);

  const attachmentId = crypto.randomUUID();
  const key = `attachments/${access.workspace.id}/${projectId}/${issueId}/${crypto.randomUUID()}`;
  await ctx.env.FILES.put(key, asset.content, { httpMetadata: { contentType }, customMetadata: { name, attachment_id: attachmentId } });
  const now = new Date().toISOString();
  let results: unknown[];
  try {
    results = await runBatch(ctx.db, [
      ctx.db
        .insert(issueAttachments)
        .values({
          id: attachmentId,
          workspace_id: access.workspace.id,
          project_id: projectId,
          issue_id: issueId,
          asset_key: key,
          attributes: { name, size: asset.size },
          content_type: contentType,
          created_by: ctx.actor.id,
          updated_by: ctx.actor.id,
          created_at: now,
          updated_at: now,
        })
        .returning(),
      recountAttachments(ctx, issueId),
      activityInsert(
        ctx,
        targetOf(access, issueId),
        { field: "attachment", verb: "created", new_value: name, new_identifier: attachmentId, comment: "uploaded an attachment" },
        now,
      ),
    ]);
  } catch (error) {
    // Nothing committed: do not leave an object no row points to.
    await ctx.env.FILES.delete(key);
    throw error;
  }
  await publishIssues(ctx, access, [issueId]);
  return issueAttachmentOf((results[0] as IssueAttachment[])[0], access);
}

/** The stored file, for project members only (guests included: reading needs membership). */
export async function openIssueAttachmentFile(ctx: ActorContext, slug: string, projectId: string, attachmentId: string) {
  await projectAccess(ctx, slug, projectId);
  const attachment = await loadAttachment(ctx, projectId, attachmentId);
  const object = await ctx.env.FILES.get(attachment.asset_key);
  if (!object) throw new NotFound(ATTACHMENT_NOT_FOUND);
  return {
    body: object.body,
    etag: object.httpEtag,
    contentType: attachment.content_type,
    name: attachment.attributes.name,
  };
}

export async function deleteIssueAttachment(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  attachmentId: string,
  issueId?: string,
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const attachment = await loadAttachment(ctx, projectId, attachmentId, issueId);
  await runBatch(ctx.db, [
    ctx.db.delete(issueAttachments).where(eq(issueAttachments.id, attachment.id)),
    recountAttachments(ctx, attachment.issue_id),
    activityInsert(ctx, targetOf(access, attachment.issue_id), {
      field: "attachment",
      verb: "deleted",
      old_value: attachment.attributes.name,
      old_identifier: attachment.id,
      comment: "deleted an attachment",
    }),
  ]);
  // The row is gone first, so no response can point at a missing object.
  await ctx.env.FILES.delete(attachment.asset_key);
  await publishIssues(ctx, access, [attachment.issue_id]);
}
