// The routes of workers/api/projects.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { AddFavoriteProjectInput, AddProjectMembersInput, CreateProjectInput, JoinProjectsInput, UpdateProjectInput, UpdateProjectMemberInput } from "../../../domain/schemas/projects";
import { ProjectSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const projectsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects": { summary: "List projects", access: "workspace:5", query: PageParams, response: ProjectSchema, shape: "list" },
  "POST /api/workspaces/:slug/projects": { summary: "Create a project", access: "workspace:15", body: CreateProjectInput, status: 201, response: ProjectSchema, errors: [409] },
  "POST /api/workspaces/:slug/projects/join": { summary: "Join projects", access: "workspace:10", body: JoinProjectsInput },
  "GET /api/workspaces/:slug/projects/:projectId": { summary: "Get a project", access: "project:5", response: ProjectSchema },
  "PATCH /api/workspaces/:slug/projects/:projectId": { summary: "Update a project", access: "project:20", body: UpdateProjectInput, response: ProjectSchema, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId": { summary: "Delete a project", access: "project:20", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/members": { summary: "List project members", access: "project:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/members/add": { summary: "Add project members", access: "project:20", body: AddProjectMembersInput, status: 201 },
  "PATCH /api/workspaces/:slug/projects/:projectId/members/:memberId": { summary: "Change a project member's role", access: "project:20", body: UpdateProjectMemberInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/members/:memberId": { summary: "Remove a project member", access: "project:20", status: 204, errors: [409] },
  "GET /api/workspaces/:slug/projects/:projectId/project-members/me": { summary: "Get my project membership", access: "project:5" },
  "GET /api/workspaces/:slug/user-favorite-projects": { summary: "List favourite projects", access: "workspace:5", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/user-favorite-projects": { summary: "Add a favourite project", access: "project:5", body: AddFavoriteProjectInput, status: 201 },
  "DELETE /api/workspaces/:slug/user-favorite-projects/:projectId": { summary: "Remove a favourite project", access: "project:5", status: 204 },
};
