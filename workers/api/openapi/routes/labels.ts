// The routes of workers/api/labels.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateLabelInput, UpdateLabelInput } from "../../../domain/schemas/labels";
import { LabelSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const labelsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels": { summary: "List labels", access: "project:5", query: PageParams, response: LabelSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/issue-labels": { summary: "Create a label", access: "project:15", body: CreateLabelInput, status: 201, errors: [409], response: LabelSchema },
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": { summary: "Get a label", access: "project:5", response: LabelSchema },
  "PATCH /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": { summary: "Update a label", access: "project:15", body: UpdateLabelInput, errors: [409], response: LabelSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": { summary: "Delete a label", access: "project:15", status: 204 },
};
