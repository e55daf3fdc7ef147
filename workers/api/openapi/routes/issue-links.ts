// The routes of workers/api/issue-links.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateLinkInput, UpdateLinkInput } from "../../../domain/schemas/links";
import type { RouteDocs } from "../describe";

export const issueLinksDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links": { summary: "List an issue's links", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links": { summary: "Add a link to an issue", access: "project:15", body: CreateLinkInput, status: 201, errors: [409] },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": { summary: "Get an issue's link", access: "project:5" },
  "PUT,PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": { summary: "Update an issue's link", access: "project:15", body: UpdateLinkInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": { summary: "Delete an issue's link", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": { summary: "Get a link by id", access: "project:5" },
  "PUT,PATCH /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": { summary: "Update a link by id", access: "project:15", body: UpdateLinkInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": { summary: "Delete a link by id", access: "project:15", status: 204 },
};
