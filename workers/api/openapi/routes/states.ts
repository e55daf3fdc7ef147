// The routes of workers/api/states.ts, described for the OpenAPI document (see ../describe.ts).
import { CreateStateInput, PatchStateInput, PutStateInput } from "../../../domain/schemas/states";
import { StateListQuery } from "../queries";
import type { RouteDocs } from "../describe";

export const statesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/states": { summary: "List states", access: "project:5", query: StateListQuery, shape: "list" },
  "POST /api/workspaces/:slug/projects/:projectId/states": { summary: "Create a state", access: "project:15", body: CreateStateInput, status: 201, errors: [409] },
  "GET /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Get a state", access: "project:5" },
  "PATCH /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Update a state", access: "project:15", body: PatchStateInput, errors: [409] },
  "PUT /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Replace a state", access: "project:15", body: PutStateInput, errors: [409] },
  "DELETE /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Delete a state", access: "project:15", status: 204, errors: [409] },
};
