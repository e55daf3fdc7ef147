// The routes of workers/api/issue-properties.ts, described for the OpenAPI document (see ../describe.ts).
import { IssuePropertiesInput } from "../../../domain/issue-properties";
import type { RouteDocs } from "../describe";

export const issuePropertiesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issue-properties": { summary: "Get my issue properties", description: "Which properties the caller's lists show.", access: "project:5" },
  "POST /api/workspaces/:slug/projects/:projectId/issue-properties": { summary: "Save my issue properties", access: "project:5", body: IssuePropertiesInput, status: 201 },
  "PATCH /api/workspaces/:slug/projects/:projectId/issue-properties/:propertiesId": { summary: "Update my issue properties", access: "project:5", body: IssuePropertiesInput },
};
