// The routes of workers/api/cycles.ts, described for the OpenAPI document (see ../describe.ts).
import { IssueListParams } from "../../../domain/issues/list-query";
import { CreateCycleFields, CycleIssuesInput, DateCheckInput, FavoriteCycleInput, PatchCycleInput, PutCycleInput, TransferIssuesInput } from "../../../domain/schemas/cycles";
import { CycleListQuery } from "../queries";
import { CycleSchema, IssueListItemSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const cyclesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/cycles": { summary: "List cycles", access: "project:5", query: CycleListQuery, response: CycleSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/cycles": { summary: "Create a cycle", access: "project:15", body: CreateCycleFields, status: 201, errors: [409], response: CycleSchema },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/date-check": { summary: "Check cycle dates", description: "Whether the dates are free: cycles of a project do not overlap.", access: "project:5", body: DateCheckInput },
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { summary: "Get a cycle", access: "project:5", response: CycleSchema },
  "PATCH /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { summary: "Update a cycle", access: "project:15", body: PatchCycleInput, errors: [409], response: CycleSchema },
  "PUT /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { summary: "Replace a cycle", access: "project:15", body: PutCycleInput, errors: [409], response: CycleSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { summary: "Delete a cycle", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues": { summary: "List a cycle's issues", access: "project:5", query: IssueListParams, response: IssueListItemSchema, shape: "issues" },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues": { summary: "Add issues to a cycle", access: "project:15", body: CycleIssuesInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/:bridgeId": { summary: "Remove an issue from a cycle", access: "project:15", status: 204 },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues": { summary: "Move a cycle's open issues to another cycle", access: "project:15", body: TransferIssuesInput, errors: [409] },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-cycles": { summary: "Add a favourite cycle", access: "project:5", body: FavoriteCycleInput, status: 201 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-cycles/:cycleId": { summary: "Remove a favourite cycle", access: "project:5", status: 204 },
};
