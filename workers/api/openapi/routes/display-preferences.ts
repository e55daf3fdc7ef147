// The routes of workers/api/display-preferences.ts, described for the OpenAPI document (see ../describe.ts).
import { DisplayPreferencesInput } from "../../../domain/schemas/display-preferences";
import type { RouteDocs } from "../describe";

export const displayPreferencesDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/project-views": { summary: "Get my display preferences", access: "project:5" },
  "POST,PATCH /api/workspaces/:slug/projects/:projectId/project-views": { summary: "Save my display preferences", access: "project:5", body: DisplayPreferencesInput },
};
