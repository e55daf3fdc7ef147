// The routes of workers/api/states.ts, described for the OpenAPI document (see ../describe.ts).
import { CreateStateInput, PatchStateInput, PutStateInput } from "../../../domain/schemas/states";
import { StateListQuery } from "../queries";
import { StateSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const statesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/states": { summary: "List states", access: "project:5", query: StateListQuery, response: StateSchema, shape: "list", grouped: true },
  "POST /api/workspaces/:slug/projects/:projectId/states": { summary: "Create a state", access: "project:15", body: CreateStateInput, status: 201, errors: [409], response: StateSchema },
  "GET /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Get a state", access: "project:5", response: StateSchema },
  "PATCH /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Update a state", access: "project:15", body: PatchStateInput, errors: [409], response: StateSchema },
  "PUT /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Replace a state", access: "project:15", body: PutStateInput, errors: [409], response: StateSchema },
  "DELETE /api/workspaces/:slug/projects/:projectId/states/:stateId": { summary: "Delete a state", access: "project:15", status: 204, errors: [409] },
};
