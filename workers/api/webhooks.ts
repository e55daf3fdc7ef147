// Outgoing webhooks of a workspace (owners only) and their delivery logs.
import { Hono } from "hono";
import { listed, pageOf } from "./list-pages";
import { type ApiEnv, actorOf, body } from "./hono-env";

// Few requests manage outgoing webhooks: they load (with their schemas) at the first request of
// these routes, not when the API starts.
const webhooks = () => import("../domain/webhooks");

export const webhookRoutes = new Hono<ApiEnv>({ strict: false });

webhookRoutes.get("/:slug/webhooks", async (c) => listed(c, await (await webhooks()).listWebhooks(actorOf(c), c.req.param("slug"), pageOf(c))));
webhookRoutes.post("/:slug/webhooks", async (c) => c.json(await (await webhooks()).createWebhook(actorOf(c), c.req.param("slug"), await body(c)), 201));
webhookRoutes.get("/:slug/webhooks/:webhookId", async (c) => c.json(await (await webhooks()).getWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"))));
webhookRoutes.patch("/:slug/webhooks/:webhookId", async (c) =>
  c.json(await (await webhooks()).updateWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), await body(c))),
);
webhookRoutes.delete("/:slug/webhooks/:webhookId", async (c) => {
  await (await webhooks()).deleteWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"));
  return c.body(null, 204);
});
webhookRoutes.post("/:slug/webhooks/:webhookId/rotate-secret", async (c) =>
  c.json(await (await webhooks()).rotateWebhookSecret(actorOf(c), c.req.param("slug"), c.req.param("webhookId"))),
);
webhookRoutes.get("/:slug/webhooks/:webhookId/deliveries", async (c) =>
  c.json(await (await webhooks()).listWebhookDeliveries(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), c.req.query())),
);
webhookRoutes.post("/:slug/webhooks/:webhookId/deliveries/:deliveryId/redeliver", async (c) =>
  c.json(await (await webhooks()).redeliverWebhookDelivery(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), c.req.param("deliveryId")), 201),
);
