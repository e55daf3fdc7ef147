// Importing from Jira: the project check the wizard runs on the typed credentials, and starting
// the import.
import { Hono } from "hono";
import { type ApiEnv, actorOf, body } from "./hono-env";

// Few requests use the Jira importer: it loads (with its client and schemas) at the first
// request of these routes, not when the API starts.
const jira = () => import("../domain/jira-importer");

export const jiraImporterRoutes = new Hono<ApiEnv>({ strict: false });

// The credentials travel in the JSON body, never in the URL (URLs land in logs and histories).
jiraImporterRoutes.post("/:slug/importers/jira", async (c) => c.json(await (await jira()).jiraProjectInfo(actorOf(c), c.req.param("slug"), await body(c))));
jiraImporterRoutes.post("/:slug/projects/importers/jira", async (c) =>
  c.json(await (await jira()).startJiraImport(actorOf(c), c.req.param("slug"), await body(c)), 201),
);
