// The integrations' REST paths: the catalogue (/api/integrations), starting a connection round
// trip (its one-time state), a workspace's installations (GitHub App install callback, removal)
// and a project's GitHub repository sync.
import { Hono } from "hono";
import { listed, pageOf } from "./list-pages";
import { type ApiEnv, actorOf, body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

// Few requests manage integrations: they load (with the GitHub App's client and their schemas) at
// the first request of these routes, not when the API starts.
const integrations = () => import("../domain/integrations");
const repositorySync = () => import("../domain/github-repository-sync");
const connections = () => import("../domain/connections/start");

/** Mounted at /api/integrations. */
export const appIntegrationRoutes = new Hono<ApiEnv>({ strict: false });
appIntegrationRoutes.get("/", async (c) => listed(c, await (await integrations()).listAppIntegrations(actorOf(c), pageOf(c))));

/** Mounted at /api/workspaces. */
export const workspaceIntegrationRoutes = new Hono<ApiEnv>({ strict: false });
workspaceIntegrationRoutes.get("/:slug/workspace-integrations", async (c) => listed(c, await (await integrations()).listWorkspaceIntegrations(actorOf(c), c.req.param("slug"), pageOf(c))));
// Starts installing the GitHub App or Slack, or connecting a project's Slack channel: the answer is
// the provider's page (with the round trip's state); `origin` is where Slack sends the person back.
workspaceIntegrationRoutes.post("/:slug/connection-states", async (c) =>
  c.json(await (await connections()).startConnection(actorOf(c), c.req.param("slug"), await body(c), new URL(c.req.url).origin), 201),
);
workspaceIntegrationRoutes.post("/:slug/workspace-integrations/github", async (c) =>
  c.json(await (await integrations()).installGithubApp(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
workspaceIntegrationRoutes.delete("/:slug/workspace-integrations/:integrationId/provider", async (c) => {
  await (await integrations()).deleteWorkspaceIntegration(actorOf(c), c.req.param("slug"), c.req.param("integrationId"));
  return c.body(null, 204);
});

const SYNC_PATH = "/workspace-integrations/:integrationId/github-repository-sync";
export const githubRepositorySyncRoutes = projectRouter();
githubRepositorySyncRoutes.get(SYNC_PATH, async (c) => c.json(await (await repositorySync()).getGithubRepositorySync(...inProject(c), c.req.param("integrationId"))));
githubRepositorySyncRoutes.post(SYNC_PATH, async (c) =>
  c.json(await (await repositorySync()).syncGithubRepository(...inProject(c), c.req.param("integrationId"), await body(c)), 201),
);
githubRepositorySyncRoutes.delete(SYNC_PATH, async (c) => {
  await (await repositorySync()).deleteGithubRepositorySync(...inProject(c), c.req.param("integrationId"));
  return c.body(null, 204);
});
githubRepositorySyncRoutes.delete(`${SYNC_PATH}/:syncId`, async (c) => {
  await (await repositorySync()).deleteGithubRepositorySync(...inProject(c), c.req.param("integrationId"), c.req.param("syncId"));
  return c.body(null, 204);
});
