// The routes of workers/api/issues.ts, described for the OpenAPI document (see ../describe.ts).
import { IssueListParams } from "../../../domain/issues/list-query";
import { PageParams } from "../../../domain/list-page";
import { AddSubIssuesInput, BulkDeleteIssuesInput, BulkUpdateIssuesInput, CreateIssueInput, UpdateIssueInput } from "../../../domain/schemas/issues";
import { IssueListItemSchema, IssueSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const issuesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issues": { summary: "List issues", access: "project:5", query: IssueListParams, response: IssueListItemSchema, shape: "issues" },
  "POST /api/workspaces/:slug/projects/:projectId/issues": { summary: "Create an issue", access: "project:15", body: CreateIssueInput, status: 201, response: IssueSchema, errors: [409] },
  "POST /api/workspaces/:slug/projects/:projectId/bulk-operation-issues": { summary: "Update many issues", description: "One change to many issues: state, priority, cycle or module set; assignees or labels added.", access: "project:15", body: BulkUpdateIssuesInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/bulk-delete-issues": { summary: "Delete many issues", access: "project:15", body: BulkDeleteIssuesInput },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId": { summary: "Get an issue", access: "project:5", response: IssueSchema },
  "PUT,PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId": { summary: "Update an issue", access: "project:15", body: UpdateIssueInput, response: IssueSchema, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId": { summary: "Delete an issue", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues": { summary: "List sub-issues", access: "project:5", query: PageParams, response: IssueListItemSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues": { summary: "Add sub-issues", access: "project:15", body: AddSubIssuesInput, errors: [409] },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/history": { summary: "List an issue's history", description: "Activities and comments, oldest first.", access: "project:5", query: PageParams, shape: "list" },
};
