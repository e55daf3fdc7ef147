// The routes of workers/api/modules.ts, described for the OpenAPI document (see ../describe.ts).
import { IssueListParams } from "../../../domain/issues/list-query";
import { PageParams } from "../../../domain/list-page";
import { CreateModuleInput, CreateModuleLinkInput, FavoriteModuleInput, ModuleIssuesInput, PatchModuleInput, PutModuleInput } from "../../../domain/schemas/modules";
import { IssueListItemSchema, ModuleSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const modulesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/modules": { summary: "List modules", access: "project:5", query: PageParams, response: ModuleSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/modules": { summary: "Create a module", access: "project:15", body: CreateModuleInput, status: 201, errors: [409], response: ModuleSchema },
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { summary: "Get a module", access: "project:5", response: ModuleSchema },
  "PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { summary: "Update a module", access: "project:15", body: PatchModuleInput, errors: [409], response: ModuleSchema },
  "PUT /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { summary: "Replace a module", access: "project:15", body: PutModuleInput, errors: [409], response: ModuleSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { summary: "Delete a module", access: "project:15", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues": { summary: "List a module's issues", access: "project:5", query: IssueListParams, response: IssueListItemSchema, shape: "issues" },
  "POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues": { summary: "Add issues to a module", access: "project:15", body: ModuleIssuesInput },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues/:bridgeId": { summary: "Remove an issue from a module", access: "project:15", status: 204 },
  "POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links": { summary: "Add a link to a module", access: "project:15", body: CreateModuleLinkInput, status: 201, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/:linkId": { summary: "Delete a module's link", access: "project:15", status: 204 },
  "DELETE /api/workspaces/:slug/projects/:projectId/module-links/:linkId": { summary: "Delete a module link by id", access: "project:15", status: 204 },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-modules": { summary: "Add a favourite module", access: "project:5", body: FavoriteModuleInput, status: 201 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-modules/:moduleId": { summary: "Remove a favourite module", access: "project:5", status: 204 },
};
