import { listed, pageOf } from "./list-pages";
import {
  deleteIssueAttachment,
  listIssueAttachments,
  openIssueAttachmentFile,
  uploadIssueAttachment,
} from "../domain/issue-attachments";
import { servedFileHeaders } from "../lib/file-types";
import { assetUpload } from "./multipart";
import { inProject, optionalParam, projectRouter } from "./project-router";

export const issueAttachmentsRoutes = projectRouter();

issueAttachmentsRoutes.get("/issues/:issueId/issue-attachments", async (c) =>
  listed(c, await listIssueAttachments(...inProject(c), c.req.param("issueId"), pageOf(c))),
);

issueAttachmentsRoutes.post("/issues/:issueId/issue-attachments", async (c) =>
  c.json(await uploadIssueAttachment(...inProject(c), c.req.param("issueId"), assetUpload(c.req.raw)), 201),
);

issueAttachmentsRoutes.get("/issue-attachments/:attachmentId/file", async (c) => {
  const file = await openIssueAttachmentFile(...inProject(c), c.req.param("attachmentId"));
  return new Response(file.body, {
    // Raster images inline, anything else (HTML and SVG included) downloaded, never sniffed.
    headers: {
      ...servedFileHeaders(file),
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
