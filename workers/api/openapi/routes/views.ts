// The routes of workers/api/views.ts, described for the OpenAPI document (see ../describe.ts).
import { IssueListParams } from "../../../domain/issues/list-query";
import { PageParams } from "../../../domain/list-page";
import { CreateViewInput, FavoriteViewInput, PatchViewInput, PutViewInput } from "../../../domain/schemas/views";
import { IssueListItemSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const viewsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/views": { summary: "List saved views", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/views": { summary: "Create a saved view", access: "project:15", body: CreateViewInput, status: 201 },
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId": { summary: "Get a saved view", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/views/:viewId": { summary: "Update a saved view", access: "project:15", body: PatchViewInput },
  "PUT /api/workspaces/:slug/projects/:projectId/views/:viewId": { summary: "Replace a saved view", access: "project:15", body: PutViewInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/views/:viewId": { summary: "Delete a saved view", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId/issues": { summary: "List a saved view's issues", access: "project:5", query: IssueListParams, response: IssueListItemSchema, shape: "issues" },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-views": { summary: "Add a favourite view", access: "project:5", body: FavoriteViewInput, status: 201 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-views/:viewId": { summary: "Remove a favourite view", access: "project:5", status: 204 },
};
