// Importing from Jira: the project check the wizard runs on the typed credentials, and starting
// the import.
import { Hono } from "hono";
import { jiraProjectInfo, startJiraImport } from "../domain/jira-importer";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const jiraImporterRoutes = new Hono<ApiEnv>({ strict: false });

jiraImporterRoutes.get("/:slug/importers/jira", async (c) => c.json(await jiraProjectInfo(actorOf(c), c.req.param("slug"), c.req.query())));
jiraImporterRoutes.post("/:slug/projects/importers/jira", async (c) =>
  c.json(await startJiraImport(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
