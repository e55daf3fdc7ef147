// The routes of workers/api/jira-importer.ts, described for the OpenAPI document (see ../describe.ts).
import { JiraCredentials, JiraImportInput } from "../../../domain/schemas/jira-importer";
import type { RouteDocs } from "../describe";

export const jiraImporterDocs: RouteDocs = {
  "POST /api/workspaces/:slug/importers/jira": { summary: "Check a Jira project", description: "Reads the project's name, issue count and users with the credentials in the body (never in the URL).", access: "workspace:15", body: JiraCredentials, errors: [502] },
  "POST /api/workspaces/:slug/projects/importers/jira": { summary: "Start a Jira import", access: "workspace:15", body: JiraImportInput, status: 201, errors: [502] },
};
