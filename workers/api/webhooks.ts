// Outgoing webhooks of a workspace (owners only) and their delivery logs.
import { Hono } from "hono";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhookDelivery,
  rotateWebhookSecret,
  updateWebhook,
} from "../domain/webhooks";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const webhookRoutes = new Hono<ApiEnv>({ strict: false });

webhookRoutes.get("/:slug/webhooks", async (c) => c.json(await listWebhooks(actorOf(c), c.req.param("slug"))));
webhookRoutes.post("/:slug/webhooks", async (c) => c.json(await createWebhook(actorOf(c), c.req.param("slug"), await body(c)), 201));
webhookRoutes.get("/:slug/webhooks/:webhookId", async (c) => c.json(await getWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"))));
webhookRoutes.patch("/:slug/webhooks/:webhookId", async (c) =>
  c.json(await updateWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), await body(c))),
);
webhookRoutes.delete("/:slug/webhooks/:webhookId", async (c) => {
  await deleteWebhook(actorOf(c), c.req.param("slug"), c.req.param("webhookId"));
  return c.body(null, 204);
});
webhookRoutes.post("/:slug/webhooks/:webhookId/rotate-secret", async (c) =>
  c.json(await rotateWebhookSecret(actorOf(c), c.req.param("slug"), c.req.param("webhookId"))),
);
webhookRoutes.get("/:slug/webhooks/:webhookId/deliveries", async (c) =>
  c.json(await listWebhookDeliveries(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), c.req.query())),
);
webhookRoutes.post("/:slug/webhooks/:webhookId/deliveries/:deliveryId/redeliver", async (c) =>
  c.json(await redeliverWebhookDelivery(actorOf(c), c.req.param("slug"), c.req.param("webhookId"), c.req.param("deliveryId")), 201),
);
