// Slack's REST paths: the pop-up's landing (/api/slack-redirect), the workspace install, and a
// project's channel record. `origin` is this server's address, which Slack's redirect_uri names.
import { Hono } from "hono";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";
import { inProject, projectRouter } from "./project-router";

// Few requests use Slack: it loads (with its client and schemas) at the first request of these
// routes, not when the API starts.
const slack = () => import("../domain/slack");

const originOf = (c: ApiContext) => new URL(c.req.url).origin;

/** Mounted at /api. */
export const slackRedirectRoutes = new Hono<ApiEnv>({ strict: false });

slackRedirectRoutes.post("/slack-redirect", async (c) => c.json(await (await slack()).completeSlackRedirect(actorOf(c), await body(c), originOf(c)), 201));

/** Mounted at /api/workspaces. */
export const slackRoutes = new Hono<ApiEnv>({ strict: false });

slackRoutes.post("/:slug/workspace-integrations/slack", async (c) => c.json(await (await slack()).installSlack(actorOf(c), c.req.param("slug"), await body(c), originOf(c)), 201));

const project = projectRouter(slackRoutes);
const SYNC_PATH = "/workspace-integrations/:integrationId/project-slack-sync";

project.get(SYNC_PATH, async (c) => c.json(await (await slack()).listSlackChannels(...inProject(c), c.req.param("integrationId"))));
project.post(SYNC_PATH, async (c) =>
  c.json(await (await slack()).connectSlackChannel(...inProject(c), c.req.param("integrationId"), await body(c), originOf(c)), 201),
);
project.delete(`${SYNC_PATH}/:syncId`, async (c) => {
  await (await slack()).disconnectSlackChannel(...inProject(c), c.req.param("integrationId"), c.req.param("syncId"));
  return c.body(null, 204);
});
