// A workspace's mail (owners only): the Mail page's read (transport, last error, counts, one page
// of the log; `?cursor=` reads older rows) and the test mail, which answers the queued row (202).
import { Hono } from "hono";
import { type ApiEnv, actorOf } from "./hono-env";

// Few requests read the mail log: the module loads at the first request of these routes.
const workspaceMail = () => import("../domain/workspace-mail");

export const workspaceMailRoutes = new Hono<ApiEnv>({ strict: false });

workspaceMailRoutes.get("/:slug/mail", async (c) =>
  c.json(await (await workspaceMail()).workspaceMailPage(actorOf(c), c.req.param("slug"), c.req.query("cursor") || undefined)),
);
workspaceMailRoutes.post("/:slug/mail/test", async (c) => c.json(await (await workspaceMail()).sendTestMail(actorOf(c), c.req.param("slug")), 202));
