// The routes of workers/api/github-importer.ts, described for the OpenAPI document (see ../describe.ts).
import { GithubImportInput, GithubTokenInput } from "../../../domain/schemas/github-importer";
import { GithubRepoQuery, GithubRepositoriesQuery } from "../queries";
import type { RouteDocs } from "../describe";

export const githubImporterDocs: RouteDocs = {
  "GET /api/workspaces/:slug/importers/github/credential": { summary: "Get the GitHub credential", description: "Whether the workspace has a GitHub token for imports, and whose.", access: "workspace:15" },
  "PUT /api/workspaces/:slug/importers/github/credential": { summary: "Save a GitHub token", access: "workspace:20", body: GithubTokenInput, errors: [502] },
  "DELETE /api/workspaces/:slug/importers/github/credential": { summary: "Remove the GitHub token", access: "workspace:20", status: 204 },
  "GET /api/workspaces/:slug/workspace-integrations/:integrationId/github-repositories": { summary: "List the GitHub App's repositories", description: "One page of GitHub's own list (30 repositories), with GitHub's total.", access: "workspace:15", query: GithubRepositoriesQuery, errors: [502] },
  "GET /api/workspaces/:slug/importers/github": { summary: "Get a GitHub repository's details", access: "workspace:15", query: GithubRepoQuery, errors: [502] },
  "POST /api/workspaces/:slug/projects/importers/github": { summary: "Start a GitHub import", access: "workspace:15", body: GithubImportInput, status: 201, errors: [502] },
};
