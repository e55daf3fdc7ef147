// The routes of workers/api/project-exports.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { ExportInput } from "../../../domain/schemas/csv-importer";
import type { RouteDocs } from "../describe";

export const projectExportsDocs: RouteDocs = {
  "POST /api/workspaces/:slug/projects/:projectId/exports": { summary: "Export a project", access: "project:15", body: ExportInput, status: 201 },
  "GET /api/workspaces/:slug/exports": { summary: "List exports", access: "workspace:15", query: PageParams, shape: "list" },
  "GET /api/workspaces/:slug/exports/:exportId/download": { summary: "Download an export", access: "project:10", media: "application/octet-stream" },
};
