// The routes of workers/api/webhooks.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateWebhookInput, UpdateWebhookInput, WebhookDeliveriesQuery } from "../../../domain/schemas/webhooks";
import type { RouteDocs } from "../describe";

export const webhooksDocs: RouteDocs = {
  "GET /api/workspaces/:slug/webhooks": { summary: "List webhooks", access: "workspace:20", query: PageParams, shape: "list" },
  "POST /api/workspaces/:slug/webhooks": { summary: "Add a webhook", description: "The answer holds the signing secret. See the `webhooks` section for what each delivery sends.", access: "workspace:20", body: CreateWebhookInput, status: 201 },
  "GET /api/workspaces/:slug/webhooks/:webhookId": { summary: "Get a webhook", access: "workspace:20" },
  "PATCH /api/workspaces/:slug/webhooks/:webhookId": { summary: "Update a webhook", access: "workspace:20", body: UpdateWebhookInput },
  "DELETE /api/workspaces/:slug/webhooks/:webhookId": { summary: "Delete a webhook", access: "workspace:20", status: 204 },
  "POST /api/workspaces/:slug/webhooks/:webhookId/rotate-secret": { summary: "Rotate a webhook's secret", access: "workspace:20" },
  "GET /api/workspaces/:slug/webhooks/:webhookId/deliveries": { summary: "List a webhook's deliveries", description: "One page of the delivery log, newest first; `next_cursor` reads older ones.", access: "workspace:20", query: WebhookDeliveriesQuery },
  "POST /api/workspaces/:slug/webhooks/:webhookId/deliveries/:deliveryId/redeliver": { summary: "Redeliver a delivery", access: "workspace:20", status: 201, errors: [409] },
};
