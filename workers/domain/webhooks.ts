// Outgoing webhooks: a workspace owner points URLs at the tracker's events (issues, comments,
// cycles, modules, projects) and reads each one's delivery log. Only workspace owners see or change
// webhooks, secrets included. Every write that adds, removes or switches a webhook recomputes the
// workspace's projects' event flags in the same batch, so events start and stop with it.
import { and, desc, eq, lt, or } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../drizzle/schema";
import { refreshEventSinks } from "./integration-events";
import { newWebhookSecret } from "../lib/webhook-signature";
import { runBatch } from "../lib/batch";
import { type ListPage, type OrderKey, type PageRequest, readPage } from "./list-page";
import { SecretUnreadable } from "../lib/secret-box";
import { parseInput } from "../lib/validation";
import { ROLE, type WorkspaceAccess, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Conflict, Invalid, NotFound } from "./errors";
import { canOpenWorkspaceSettings } from "./workspace-settings";
import {
  CreateWebhookInput,
  UpdateWebhookInput,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_REDELIVER_INACTIVE,
  WEBHOOK_URL_NOT_HTTPS,
  type WebhookDeliveriesPage,
  type WebhookDeliveryView,
  type WebhookEventKind,
  WebhookDeliveriesQuery,
  type WebhookView,
  isLoopbackUrl,
} from "./schemas/webhooks";

type Webhook = typeof webhooks.$inferSelect;
type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** What a stored signing secret is called when it cannot be opened. */
export const WEBHOOK_SECRET = "The webhook's signing secret";

/**
 * A webhook as its owner reads it, the signing secret opened. One this server can no longer open
 * shows empty rather than hiding the whole list: rotating it is how the owner mends it.
 */
export async function webhookOf(ctx: ActorContext, hook: Webhook): Promise<WebhookView> {
  const secret = await ctx.config.secrets.open(hook.secret, WEBHOOK_SECRET).catch((error) => {
    if (error instanceof SecretUnreadable) return "";
    throw error;
  });
  return {
    id: hook.id,
    url: hook.url,
    events: hook.events as WebhookEventKind[],
    is_active: hook.is_active,
    disabled_reason: hook.disabled_reason,
    consecutive_failures: hook.consecutive_failures,
    secret,
    created_by: hook.created_by,
    created_at: hook.created_at,
    updated_at: hook.updated_at,
  };
}

export function webhookDeliveryOf(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    webhook: delivery.webhook_id,
    event: delivery.event,
    action: delivery.action,
    status: delivery.status,
    attempts: delivery.attempts,
    response_status: delivery.response_status,
    error: delivery.error,
    created_at: delivery.created_at,
    last_attempt_at: delivery.last_attempt_at,
    next_attempt_at: delivery.status === "pending" ? delivery.next_attempt_at : null,
    delivered_at: delivery.delivered_at,
  };
}

/** Deliveries leave over https; plain http only to a loopback address, and never in production. */
function assertDeliverable(ctx: ActorContext, url: string) {
  const https = url.toLowerCase().startsWith("https://");
  if (https || (ctx.config.APP_ENV !== "production" && isLoopbackUrl(url))) return;
  throw Invalid.field("url", WEBHOOK_URL_NOT_HTTPS);
}

const ownerAccess = (ctx: ActorContext, slug: string) => workspaceAccess(ctx, slug, ROLE.owner);

async function loadWebhook(ctx: ActorContext, access: WorkspaceAccess, webhookId: string) {
  const [hook] = await ctx.db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, webhookId), eq(webhooks.workspace_id, access.workspace.id)))
    .limit(1);
  if (!hook) throw new NotFound(WEBHOOK_NOT_FOUND);
  return hook;
}

const WEBHOOK_ORDER: OrderKey<Webhook>[] = [
  { by: webhooks.created_at, dir: "asc", of: (row) => row.created_at },
  { by: webhooks.id, dir: "asc", of: (row) => row.id },
];

/** GET webhooks/: one page of the workspace's webhooks, oldest first. */
export async function listWebhooks(ctx: ActorContext, slug: string, page: PageRequest): Promise<ListPage<WebhookView>> {
  const access = await ownerAccess(ctx, slug);
  const rows = await readPage(page, WEBHOOK_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.workspace_id, access.workspace.id), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { rows: await Promise.all(rows.rows.map((row) => webhookOf(ctx, row))), next_cursor: rows.next_cursor };
}

export async function getWebhook(ctx: ActorContext, slug: string, webhookId: string) {
  const access = await ownerAccess(ctx, slug);
  return webhookOf(ctx, await loadWebhook(ctx, access, webhookId));
}

/** POST webhooks/: on from the start, with a secret made here and shown to its owner. */
export async function createWebhook(ctx: ActorContext, slug: string, input: unknown) {
  const access = await ownerAccess(ctx, slug);
  const data = parseInput(CreateWebhookInput, input);
  assertDeliverable(ctx, data.url);
  const id = crypto.randomUUID();
  const [inserted] = (await runBatch(ctx.db, [
    ctx.db
      .insert(webhooks)
      .values({ id, workspace_id: access.workspace.id, url: data.url, events: data.events, secret: await ctx.config.secrets.seal(newWebhookSecret()), created_by: ctx.actor.id })
      .returning(),
    refreshEventSinks(ctx.db, access.workspace.id),
  ])) as [Webhook[]];
  return webhookOf(ctx, inserted[0]);
}

/**
 * PATCH webhooks/{id}/: the URL, the events, on or off. Switching it on again clears the failure
 * count and the reason it was switched off; switching it off by hand records no reason.
 */
export async function updateWebhook(ctx: ActorContext, slug: string, webhookId: string, input: unknown) {
  const access = await ownerAccess(ctx, slug);
  const data = parseInput(UpdateWebhookInput, input);
  if (data.url !== undefined) assertDeliverable(ctx, data.url);
  const hook = await loadWebhook(ctx, access, webhookId);
  const switching = data.is_active !== undefined && data.is_active !== hook.is_active;
  const values: Partial<typeof webhooks.$inferInsert> = {
    ...(data.url !== undefined ? { url: data.url } : {}),
    ...(data.events !== undefined ? { events: data.events } : {}),
    ...(data.is_active !== undefined ? { is_active: data.is_active } : {}),
    ...(data.is_active === true ? { consecutive_failures: 0, disabled_reason: null } : {}),
    ...(data.is_active === false && switching ? { disabled_reason: null } : {}),
  };
  if (Object.keys(values).length === 0) return webhookOf(ctx, hook);
  // Switched back on: the deliveries that waited while it was off go out now, not at their old
  // retry time. The first hundred are queued here; the watchdog picks up any beyond them.
  const resumed = data.is_active === true && switching;
  const now = new Date().toISOString();
  const [updated, , waiting] = (await runBatch(ctx.db, [
    ctx.db.update(webhooks).set(values).where(eq(webhooks.id, hook.id)).returning(),
    refreshEventSinks(ctx.db, access.workspace.id),
    ...(resumed
      ? [
          ctx.db
            .update(webhookDeliveries)
            .set({ next_attempt_at: now })
            .where(and(eq(webhookDeliveries.webhook_id, hook.id), eq(webhookDeliveries.status, "pending")))
            .returning({ id: webhookDeliveries.id }),
        ]
      : []),
  ])) as [Webhook[], unknown, { id: string }[] | undefined];
  for (const { id } of (waiting ?? []).slice(0, 100)) ctx.effects.enqueue({ type: "webhook.deliver", deliveryId: id });
  return webhookOf(ctx, updated[0]);
}

/** DELETE webhooks/{id}/: the webhook and its delivery log go. */
export async function deleteWebhook(ctx: ActorContext, slug: string, webhookId: string) {
  const access = await ownerAccess(ctx, slug);
  const hook = await loadWebhook(ctx, access, webhookId);
  await runBatch(ctx.db, [ctx.db.delete(webhooks).where(eq(webhooks.id, hook.id)), refreshEventSinks(ctx.db, access.workspace.id)]);
}

/** POST webhooks/{id}/rotate-secret/: a new secret; deliveries from now on are signed with it. */
export async function rotateWebhookSecret(ctx: ActorContext, slug: string, webhookId: string) {
  const access = await ownerAccess(ctx, slug);
  const hook = await loadWebhook(ctx, access, webhookId);
  const [updated] = await ctx.db.update(webhooks).set({ secret: await ctx.config.secrets.seal(newWebhookSecret()) }).where(eq(webhooks.id, hook.id)).returning();
  return webhookOf(ctx, updated);
}

// ---------------------------------------------------------------- the delivery log

const encodeCursor = (delivery: Pick<WebhookDelivery, "created_at" | "id">) => btoa(`${delivery.created_at}|${delivery.id}`);

function decodeCursor(cursor: string) {
  try {
    const [createdAt, id] = atob(cursor).split("|");
    if (!createdAt || !id || Number.isNaN(Date.parse(createdAt))) throw new Error("bad cursor");
    return { createdAt, id };
  } catch {
    throw new Invalid("Invalid cursor.");
  }
}

/** GET webhooks/{id}/deliveries/?cursor=: newest first, a page at a time. */
export async function listWebhookDeliveries(
  ctx: ActorContext,
  slug: string,
  webhookId: string,
  params: Record<string, string | undefined>,
): Promise<WebhookDeliveriesPage> {
  const access = await ownerAccess(ctx, slug);
  const { cursor } = parseInput(WebhookDeliveriesQuery, { cursor: params.cursor || undefined });
  const hook = await loadWebhook(ctx, access, webhookId);
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhook_id, hook.id),
        after
          ? or(lt(webhookDeliveries.created_at, after.createdAt), and(eq(webhookDeliveries.created_at, after.createdAt), lt(webhookDeliveries.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERIES_PAGE + 1);
  const page = rows.slice(0, WEBHOOK_DELIVERIES_PAGE);
  return {
    results: page.map(webhookDeliveryOf),
    next_cursor: rows.length > WEBHOOK_DELIVERIES_PAGE ? encodeCursor(page[page.length - 1]) : null,
  };
}

/**
 * POST webhooks/{id}/deliveries/{deliveryId}/redeliver/: sends the same body again as a new
 * delivery (its own id and log line; the event id inside is unchanged, so a receiver that already
 * took it can tell), with a fresh day of retries. The webhook must be on.
 */
export async function redeliverWebhookDelivery(ctx: ActorContext, slug: string, webhookId: string, deliveryId: string) {
  const access = await ownerAccess(ctx, slug);
  const hook = await loadWebhook(ctx, access, webhookId);
  const [original] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhook_id, hook.id)))
    .limit(1);
  if (!original) throw new NotFound(WEBHOOK_DELIVERY_NOT_FOUND);
  if (!hook.is_active) throw new Conflict(WEBHOOK_REDELIVER_INACTIVE);
  const now = new Date().toISOString();
  const [created] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      webhook_id: hook.id,
      workspace_id: hook.workspace_id,
      event: original.event,
      action: original.action,
      payload: original.payload,
      status: "pending",
      next_attempt_at: now,
      created_at: now,
    })
    .returning();
  ctx.effects.enqueue({ type: "webhook.deliver", deliveryId: created.id });
  return webhookDeliveryOf(created);
}

/**
 * The webhooks settings page: members may open workspace settings, but only owners see the
 * webhooks (their secrets are on the page); guests and viewers get only `authorized: false`.
 */
export async function webhooksPageOf(ctx: ActorContext, slug: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  if (!canOpenWorkspaceSettings(membership.role)) return { authorized: false as const };
  if (membership.role < ROLE.owner) return { authorized: true as const, canManage: false, webhooks: [] as WebhookView[] };
  const rows = await ctx.db.select().from(webhooks).where(eq(webhooks.workspace_id, workspace.id)).orderBy(webhooks.created_at, webhooks.id);
  return { authorized: true as const, canManage: true, webhooks: await Promise.all(rows.map((row) => webhookOf(ctx, row))) };
}
