// The routes of workers/api/integrations.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { StartConnectionInput } from "../../../domain/schemas/connections";
import { GithubInstallInput, GithubRepositorySyncInput } from "../../../domain/schemas/integrations";
import type { RouteDocs } from "../describe";

export const integrationsDocs: RouteDocs = {
  "GET /api/integrations": { summary: "List the integration catalogue", access: "signed-in", query: PageParams, shape: "list" },
  "GET /api/workspaces/:slug/workspace-integrations": { summary: "List the workspace's integrations", access: "workspace:15", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/connection-states": { summary: "Start connecting an integration", description: "Answers the provider's page to open, with the round trip's one-time state.", access: "workspace:20", body: StartConnectionInput, status: 201 },
  "POST /api/workspaces/:slug/workspace-integrations/github": { summary: "Finish installing the GitHub App", access: "workspace:20", body: GithubInstallInput, status: 201, errors: [502] },
  "DELETE /api/workspaces/:slug/workspace-integrations/:integrationId/provider": { summary: "Remove an integration", access: "workspace:20", status: 204 },
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": { summary: "Get the project's GitHub repository sync", access: "project:5" },
  "POST /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": { summary: "Sync the project with a GitHub repository", access: "project:20", body: GithubRepositorySyncInput, status: 201, errors: [409, 502] },
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": { summary: "Stop the project's GitHub repository sync", access: "project:20", status: 204 },
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/:syncId": { summary: "Stop a GitHub repository sync by id", access: "project:20", status: 204 },
};
