// The integrations' REST paths: the catalogue (/api/integrations), a workspace's installations
// (GitHub App install callback, removal) and a project's GitHub repository sync.
import { Hono } from "hono";
import { deleteGithubRepositorySync, getGithubRepositorySync, syncGithubRepository } from "../domain/github-repository-sync";
import { deleteWorkspaceIntegration, installGithubApp, listAppIntegrations, listWorkspaceIntegrations } from "../domain/integrations";
import { type ApiEnv, actorOf, body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

/** Mounted at /api/integrations. */
export const appIntegrationRoutes = new Hono<ApiEnv>({ strict: false });
appIntegrationRoutes.get("/", async (c) => c.json(await listAppIntegrations(actorOf(c))));

/** Mounted at /api/workspaces. */
export const workspaceIntegrationRoutes = new Hono<ApiEnv>({ strict: false });
workspaceIntegrationRoutes.get("/:slug/workspace-integrations", async (c) => c.json(await listWorkspaceIntegrations(actorOf(c), c.req.param("slug"))));
workspaceIntegrationRoutes.post("/:slug/workspace-integrations/github", async (c) =>
  c.json(await installGithubApp(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
workspaceIntegrationRoutes.delete("/:slug/workspace-integrations/:integrationId/provider", async (c) => {
  await deleteWorkspaceIntegration(actorOf(c), c.req.param("slug"), c.req.param("integrationId"));
  return c.body(null, 204);
});

const SYNC_PATH = "/workspace-integrations/:integrationId/github-repository-sync";
export const githubRepositorySyncRoutes = projectRouter();
githubRepositorySyncRoutes.get(SYNC_PATH, async (c) => c.json(await getGithubRepositorySync(...inProject(c), c.req.param("integrationId"))));
githubRepositorySyncRoutes.post(SYNC_PATH, async (c) =>
  c.json(await syncGithubRepository(...inProject(c), c.req.param("integrationId"), await body(c)), 201),
);
githubRepositorySyncRoutes.delete(SYNC_PATH, async (c) => {
  await deleteGithubRepositorySync(...inProject(c), c.req.param("integrationId"));
  return c.body(null, 204);
});
githubRepositorySyncRoutes.delete(`${SYNC_PATH}/:syncId`, async (c) => {
  await deleteGithubRepositorySync(...inProject(c), c.req.param("integrationId"), c.req.param("syncId"));
  return c.body(null, 204);
});
