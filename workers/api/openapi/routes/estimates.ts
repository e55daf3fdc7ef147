// The routes of workers/api/estimates.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateEstimateInput, UpdateEstimateInput } from "../../../domain/schemas/estimates";
import type { RouteDocs } from "../describe";

export const estimatesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/estimates": { summary: "List estimates", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/estimates": { summary: "Create an estimate", access: "project:15", body: CreateEstimateInput, status: 201, errors: [409] },
  "GET /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": { summary: "Get an estimate", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": { summary: "Update an estimate", access: "project:15", body: UpdateEstimateInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": { summary: "Delete an estimate", access: "project:15", status: 204 },
};
