// The routes of workers/api/importers.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CsvImportInput } from "../../../domain/schemas/csv-importer";
import type { RouteDocs } from "../describe";

export const importersDocs: RouteDocs = {
  "GET /api/workspaces/:slug/importers": { summary: "List imports", access: "workspace:15", query: PageParams, shape: "list" },
  "DELETE /api/workspaces/:slug/importers/:service/:importerId": { summary: "Delete an import's record", access: "workspace:15", status: 204 },
  "POST /api/workspaces/:slug/importers/:service/:importerId/resume": { summary: "Resume an import", access: "workspace:15" },
  "POST /api/workspaces/:slug/projects/importers/csv": { summary: "Start a CSV import", access: "project:15", body: CsvImportInput, status: 201, errors: [413] },
};
