// The webhooks sink of integration events: one delivery row per (event, switched-on webhook of the
// event's workspace that asked for its kind), all written in one batch, then one `webhook.deliver`
// job each. Delivery ids derive from the event and the webhook, so a batch handed over twice (a
// retried queue message) writes nothing new; its jobs find their rows already taken or delivered.
import { eq, and } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../../drizzle/schema";
import { openDb } from "../../db";
import type { AppEnv } from "../../env";
import type { JobMessage } from "../../jobs";
import { chunks, inList, runBatch } from "../../lib/batch";
import type { IntegrationEvent } from "../../domain/integration-events";
import { deliveryIdOf } from "../../lib/webhook-signature";

/** The body a receiver gets: the event without the tracker's internal routing flags. */
export function deliveryPayload(event: IntegrationEvent): string {
  const { id, event: kind, action, workspace_id, project_id, actor_id, occurred_at, data, changes } = event;
  return JSON.stringify({ id, event: kind, action, workspace_id, project_id, actor_id, occurred_at, data, ...(changes ? { changes } : {}) });
}

export async function deliverToWebhooks(env: AppEnv, events: IntegrationEvent[]): Promise<void> {
  if (events.length === 0) return;
  const { db } = openDb(env.DB, null);
  const workspaceIds = [...new Set(events.map((event) => event.workspace_id))];
  const hooks = await db
    .select({ id: webhooks.id, workspace_id: webhooks.workspace_id, events: webhooks.events })
    .from(webhooks)
    .where(and(inList(webhooks.workspace_id, workspaceIds), eq(webhooks.is_active, true)));
  const now = new Date().toISOString();
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const event of events) {
    const payload = deliveryPayload(event);
    for (const hook of hooks) {
      if (hook.workspace_id !== event.workspace_id || !hook.events.includes(event.event)) continue;
      rows.push({
        id: await deliveryIdOf(event.id, hook.id),
        webhook_id: hook.id,
        workspace_id: hook.workspace_id,
        event: event.event,
        action: event.action,
        payload,
        status: "pending",
        next_attempt_at: now,
        created_at: now,
      });
    }
  }
  if (rows.length === 0) return;
  // Nine values a row: ten rows a statement stays under D1's 100 bound parameters.
  await runBatch(
    db,
    chunks(rows, 10).map((part) => db.insert(webhookDeliveries).values(part).onConflictDoNothing()),
  );
  for (const part of chunks(rows, 100)) {
    await env.JOBS.sendBatch(part.map((row) => ({ body: { type: "webhook.deliver", deliveryId: row.id as string } satisfies JobMessage })));
  }
}
