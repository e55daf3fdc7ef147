import {
  deleteIssueAttachment,
  listIssueAttachments,
  openIssueAttachmentFile,
  uploadIssueAttachment,
} from "../domain/issue-attachments";
import { assetUpload } from "./multipart";
import { inProject, optionalParam, projectRouter } from "./project-router";

export const issueAttachmentsRoutes = projectRouter();

/** `attachment` always: the browser downloads the file instead of rendering it in our origin. */
function contentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

issueAttachmentsRoutes.get("/issues/:issueId/issue-attachments", async (c) =>
  c.json(await listIssueAttachments(...inProject(c), c.req.param("issueId"))),
);

issueAttachmentsRoutes.post("/issues/:issueId/issue-attachments", async (c) =>
  c.json(await uploadIssueAttachment(...inProject(c), c.req.param("issueId"), assetUpload(c.req.raw)), 201),
);

issueAttachmentsRoutes.get("/issue-attachments/:attachmentId/file", async (c) => {
  const file = await openIssueAttachmentFile(...inProject(c), c.req.param("attachmentId"));
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

// An attachment is deleted by its id alone or under its issue; under an issue it must belong to it.
for (const path of ["/issues/:issueId/issue-attachments/:attachmentId", "/issue-attachments/:attachmentId"] as const) {
  issueAttachmentsRoutes.delete(path, async (c) => {
    await deleteIssueAttachment(...inProject(c), c.req.param("attachmentId"), optionalParam(c, "issueId"));
    return c.body(null, 204);
  });
}
