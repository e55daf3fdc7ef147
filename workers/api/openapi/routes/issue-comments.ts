// The routes of workers/api/issue-comments.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateCommentInput, UpdateCommentInput } from "../../../domain/schemas/issue-comments";
import { CommentSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const issueCommentsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments": { summary: "List an issue's comments", access: "project:5", query: PageParams, response: CommentSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments": { summary: "Comment on an issue", access: "project:15", body: CreateCommentInput, status: 201, response: CommentSchema },
  "PUT,PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId": { summary: "Edit an issue's comment", description: "Only the comment's author edits it.", access: "project:5", body: UpdateCommentInput, response: CommentSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId": { summary: "Delete an issue's comment", description: "The author, or a project admin.", access: "project:5", status: 204 },
  "PUT,PATCH /api/workspaces/:slug/projects/:projectId/comments/:commentId": { summary: "Edit a comment by id", description: "Only the comment's author edits it.", access: "project:5", body: UpdateCommentInput, response: CommentSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/comments/:commentId": { summary: "Delete a comment by id", description: "The author, or a project admin.", access: "project:5", status: 204 },
};
