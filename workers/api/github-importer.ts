// The GitHub importer's REST paths: the workspace's GitHub credential, the wizard's repository
// listing and repository details, and starting an import.
import { Hono } from "hono";
import { type ApiEnv, actorOf, body } from "./hono-env";

// Few requests use the GitHub importer: it loads (with its client and schemas) at the first
// request of these routes, not when the API starts.
const github = () => import("../domain/github-importer");

export const githubImporterRoutes = new Hono<ApiEnv>({ strict: false });

githubImporterRoutes.get("/:slug/importers/github/credential", async (c) => c.json(await (await github()).getGithubConnection(actorOf(c), c.req.param("slug"))));
githubImporterRoutes.put("/:slug/importers/github/credential", async (c) =>
  c.json(await (await github()).saveGithubToken(actorOf(c), c.req.param("slug"), await body(c))),
);
githubImporterRoutes.delete("/:slug/importers/github/credential", async (c) => {
  await (await github()).deleteGithubToken(actorOf(c), c.req.param("slug"));
  return c.body(null, 204);
});
githubImporterRoutes.get("/:slug/workspace-integrations/:integrationId/github-repositories", async (c) =>
  c.json(await (await github()).listGithubRepositories(actorOf(c), c.req.param("slug"), c.req.param("integrationId"), c.req.query("page"))),
);
githubImporterRoutes.get("/:slug/importers/github", async (c) =>
  c.json(await (await github()).githubRepoInfo(actorOf(c), c.req.param("slug"), c.req.query("owner"), c.req.query("repo"))),
);
githubImporterRoutes.post("/:slug/projects/importers/github", async (c) =>
  c.json(await (await github()).startGithubImport(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
