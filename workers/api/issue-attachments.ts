import { Hono } from "hono";
import {
  deleteIssueAttachment,
  listIssueAttachments,
  openIssueAttachmentFile,
  readLimitedForm,
  uploadIssueAttachment,
} from "../domain/issue-attachments";
import { type ApiContext, type ApiEnv, actorOf } from "./hono-env";

/** Mounted at /api/workspaces: paths start with /:slug. */
export const issueAttachmentsRoutes = new Hono<ApiEnv>({ strict: false });

const P = "/:slug/projects/:projectId";
const ids = (c: ApiContext) => [c.req.param("slug") as string, c.req.param("projectId") as string] as const;
const attachmentId = (c: ApiContext) => c.req.param("attachmentId") as string;

/** `attachment` always: the browser downloads the file instead of rendering it in our origin. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

issueAttachmentsRoutes.get(`${P}/issues/:issueId/issue-attachments`, async (c) =>
  c.json(await listIssueAttachments(actorOf(c), ...ids(c), c.req.param("issueId") as string)),
);

issueAttachmentsRoutes.post(`${P}/issues/:issueId/issue-attachments`, async (c) => {
  const declared = c.req.header("content-length");
  const attachment = await uploadIssueAttachment(actorOf(c), ...ids(c), c.req.param("issueId") as string, {
    contentLength: declared && /^\d+$/.test(declared) ? Number(declared) : null,
    readForm: (maxBytes) => readLimitedForm(c.req.raw, maxBytes),
  });
  return c.json(attachment, 201);
});

issueAttachmentsRoutes.get(`${P}/issue-attachments/:attachmentId/file`, async (c) => {
  const file = await openIssueAttachmentFile(actorOf(c), ...ids(c), attachmentId(c));
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": contentDisposition(file.name),
      "x-content-type-options": "nosniff",
      // Even if a browser were talked into rendering it, the file gets no scripts and no origin.
      "content-security-policy": "default-src 'none'; sandbox",
      "cache-control": "private, no-cache",
      etag: file.etag,
    },
  });
});

for (const path of [`${P}/issues/:issueId/issue-attachments/:attachmentId`, `${P}/issue-attachments/:attachmentId`]) {
  issueAttachmentsRoutes.delete(path, async (c) => {
    await deleteIssueAttachment(actorOf(c), ...ids(c), attachmentId(c), c.req.param("issueId"));
    return c.body(null, 204);
  });
}
