// The GitHub importer's REST paths: the workspace's GitHub credential, the wizard's repository
// listing and repository details, and starting an import.
import { Hono } from "hono";
import {
  deleteGithubToken,
  getGithubConnection,
  githubRepoInfo,
  listGithubRepositories,
  saveGithubToken,
  startGithubImport,
} from "../domain/github-importer";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const githubImporterRoutes = new Hono<ApiEnv>({ strict: false });

githubImporterRoutes.get("/:slug/importers/github/credential", async (c) => c.json(await getGithubConnection(actorOf(c), c.req.param("slug"))));
githubImporterRoutes.put("/:slug/importers/github/credential", async (c) =>
  c.json(await saveGithubToken(actorOf(c), c.req.param("slug"), await body(c))),
);
githubImporterRoutes.delete("/:slug/importers/github/credential", async (c) => {
  await deleteGithubToken(actorOf(c), c.req.param("slug"));
  return c.body(null, 204);
});
githubImporterRoutes.get("/:slug/workspace-integrations/:integrationId/github-repositories", async (c) =>
  c.json(await listGithubRepositories(actorOf(c), c.req.param("slug"), c.req.param("integrationId"), c.req.query("page"))),
);
githubImporterRoutes.get("/:slug/importers/github", async (c) =>
  c.json(await githubRepoInfo(actorOf(c), c.req.param("slug"), c.req.query("owner"), c.req.query("repo"))),
);
githubImporterRoutes.post("/:slug/projects/importers/github", async (c) =>
  c.json(await startGithubImport(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
