// The inbox (a person's notifications in a workspace) and following an issue.
import { Hono } from "hono";
import { listNotifications, markAllRead, unreadCount, updateNotification } from "../domain/inbox";
import { issueSubscribersOf, subscribeToIssue, unsubscribeFromIssue } from "../domain/issue-subscriptions";
import { type ApiEnv, actorOf, body } from "./hono-env";
import { listed, pageOf } from "./list-pages";
import { inProject, projectRouter } from "./project-router";

export const inboxRoutes = new Hono<ApiEnv>({ strict: false });

inboxRoutes.get("/:slug/notifications", async (c) => listed(c, await listNotifications(actorOf(c), c.req.param("slug"), c.req.query(), pageOf(c))));
inboxRoutes.get("/:slug/notifications/unread-count", async (c) => c.json(await unreadCount(actorOf(c), c.req.param("slug"))));
inboxRoutes.post("/:slug/notifications/mark-all-read", async (c) => c.json(await markAllRead(actorOf(c), c.req.param("slug"), await body(c))));
inboxRoutes.patch("/:slug/notifications/:notificationId", async (c) =>
  c.json(await updateNotification(actorOf(c), c.req.param("slug"), c.req.param("notificationId"), await body(c))),
);

export const issueSubscriptionRoutes = projectRouter();

issueSubscriptionRoutes.get("/issues/:issueId/subscribers", async (c) => c.json(await issueSubscribersOf(...inProject(c), c.req.param("issueId"))));
/** The caller follows the issue. */
issueSubscriptionRoutes.post("/issues/:issueId/subscription", async (c) => c.json(await subscribeToIssue(...inProject(c), c.req.param("issueId"))));
/** The caller stops following the issue. */
issueSubscriptionRoutes.delete("/issues/:issueId/subscription", async (c) => {
  await unsubscribeFromIssue(...inProject(c), c.req.param("issueId"));
  return c.body(null, 204);
});
