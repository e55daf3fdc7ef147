// The routes of workers/api/issue-attachments.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import type { RouteDocs } from "../describe";

export const issueAttachmentsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments": { summary: "List an issue's attachments", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments": { summary: "Attach a file to an issue", access: "project:15", body: { multipartFile: "asset" }, status: 201, errors: [413] },
  "GET /api/workspaces/:slug/projects/:projectId/issue-attachments/:attachmentId/file": { summary: "Download an attachment", description: "Raster images are answered inline, any other type as a download.", access: "project:5", media: "application/octet-stream" },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId": { summary: "Delete an issue's attachment", access: "project:15", status: 204 },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-attachments/:attachmentId": { summary: "Delete an attachment by id", access: "project:15", status: 204 },
};
