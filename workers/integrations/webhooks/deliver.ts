// Sending one delivery to its webhook, and the rules around it: a 2xx answer is delivered; any
// other answer, a network error or no answer within 10 seconds is retried with exponential backoff
// (30 s, doubling, at most an hour apart) until 24 hours after the event, then the delivery has
// failed. A webhook that keeps failing is switched off (see `shouldDisable`). Each attempt holds a
// short lease on its row, so a queue message and the watchdog never send the same delivery twice
// at once, and a lost queue message only delays a delivery until the watchdog finds it.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { webhookDeliveries, webhooks } from "../../../drizzle/schema";
import { openDb } from "../../db";
import { type AppEnv, getConfig } from "../../env";
import type { JobMessage } from "../../jobs";
import { chunks, runBatch } from "../../lib/batch";
import { SecretUnreadable } from "../../lib/secret-box";
import { refreshEventSinks } from "../../domain/integration-events";
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, signDelivery } from "../../lib/webhook-signature";

/** The wait before the first retry; each later wait doubles, up to `MAX_RETRY_SECONDS`. */
export const FIRST_RETRY_SECONDS = 30;
export const MAX_RETRY_SECONDS = 60 * 60;
/** How long after the event a delivery keeps being retried. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Failed attempts in a row (across the webhook's deliveries) that switch a webhook off... */
export const DISABLE_AFTER_FAILURES = 20;
/** ...once the delivery failing is at least this old, so a short outage of a busy receiver is not enough. */
export const DISABLE_MIN_FAILING_MS = 60 * 60 * 1000;
/** How long the receiver has to answer. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** An attempt's hold on its row: longer than the request may take. */
const LEASE_MS = 60_000;
/** The watchdog leaves a due delivery this long to its own queued retry before it re-queues it. */
const WATCHDOG_GRACE_MS = 60_000;
const RESPONSE_BODY_MAX = 1024;
const USER_AGENT = "EdgeTracker-Hookshot/1";

export const GAVE_UP = "Not delivered within 24 hours of the event.";
/** How long the delivery log keeps a finished delivery (delivered or failed). */
export const DELIVERY_LOG_DAYS = 30;
/** Rows one watchdog run forgets at most, so a large backlog is cleared over a few minutes. */
const PRUNE_BATCH = 1000;

export type DeliveryOutcome = "delivered" | "retrying" | "failed" | "skipped";

const iso = (time: number) => new Date(time).toISOString();

/** The wait after the n-th failed attempt (n from 1). */
export const retryDelaySeconds = (attempts: number) => Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1));

/** The switch-off rule: 20 failed attempts in a row, the latest for an event an hour old or more. */
export const shouldDisable = (failuresInARow: number, deliveryAgeMs: number) =>
  failuresInARow >= DISABLE_AFTER_FAILURES && deliveryAgeMs >= DISABLE_MIN_FAILING_MS;

export const disabledReasonOf = (failures: number, lastAnswer: string) =>
  `Switched off after ${failures} failed deliveries in a row (last: ${lastAnswer}).`;

const sendJob = (env: AppEnv, job: JobMessage, delaySeconds: number) =>
  env.JOBS.send(job, delaySeconds > 0 ? { delaySeconds } : undefined);

interface AttemptOptions {
  /** The clock (tests move it forward to walk through a day of retries). */
  now?: number;
  /** Where the next retry is queued; the JOBS queue by default. */
  requeue?: (job: JobMessage, delaySeconds: number) => Promise<void>;
}

/** The start of an answer's body: a receiver that streams megabytes costs us one kilobyte. */
async function bodyStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < RESPONSE_BODY_MAX) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } catch {
    // A body cut off midway still leaves the status to judge the attempt by.
  } finally {
    reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes.subarray(0, RESPONSE_BODY_MAX));
}

/** What the receiver said, as the log shows it. */
async function post(url: string, headers: Record<string, string>, body: string) {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, body: await bodyStart(response), error: null };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    const message = timedOut
      ? `No answer within ${REQUEST_TIMEOUT_MS / 1000} seconds.`
      : `Could not connect: ${error instanceof Error ? error.message : String(error)}`;
    return { status: null, body: null, error: message.slice(0, RESPONSE_BODY_MAX) };
  }
}

/** Sends one delivery (the `webhook.deliver` job). Does nothing unless it is pending and due. */
export async function attemptDelivery(env: AppEnv, deliveryId: string, options: AttemptOptions = {}): Promise<DeliveryOutcome> {
  const now = options.now ?? Date.now();
  const requeue = options.requeue ?? (async (job: JobMessage, delaySeconds: number) => sendJob(env, job, delaySeconds));
  const { db } = openDb(env.DB, null);
  // Take the row (pending, due, its webhook on) and read its webhook in one round trip.
  const [claimed, hooks] = await db.batch([
    db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, last_attempt_at: iso(now), next_attempt_at: iso(now + LEASE_MS) })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, "pending"),
          or(isNull(webhookDeliveries.next_attempt_at), lte(webhookDeliveries.next_attempt_at, iso(now))),
          sql`EXISTS (SELECT 1 FROM webhooks w WHERE w.id = ${webhookDeliveries.webhook_id} AND w.is_active = 1)`,
        ),
      )
      .returning(),
    db
      .select()
      .from(webhooks)
      .where(sql`${webhooks.id} = (SELECT webhook_id FROM webhook_deliveries WHERE id = ${deliveryId})`),
  ]);
  const delivery = claimed[0];
  const hook = hooks[0];
  if (!delivery || !hook) return "skipped";

  const timestamp = Math.floor(now / 1000);
  // A secret this server cannot open signs nothing: the attempt fails with the reason in the log.
  const secret = await getConfig(env)
    .secrets.open(hook.secret, "The webhook's signing secret")
    .catch((error) => {
      if (error instanceof SecretUnreadable) return error;
      throw error;
    });
  const answer =
    secret instanceof SecretUnreadable
      ? { status: null, body: null, error: secret.message }
      : await post(
          hook.url,
          {
            "content-type": "application/json",
            "user-agent": USER_AGENT,
            [EVENT_HEADER]: `${delivery.event}.${delivery.action}`,
            [DELIVERY_HEADER]: delivery.id,
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: await signDelivery(secret, timestamp, delivery.payload),
          },
          delivery.payload,
        );

  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    await db.batch([
      db
        .update(webhookDeliveries)
        .set({ status: "delivered", response_status: answer.status, response_body: answer.body, error: null, delivered_at: iso(now), next_attempt_at: null })
        .where(eq(webhookDeliveries.id, delivery.id)),
      db.update(webhooks).set({ consecutive_failures: 0 }).where(and(eq(webhooks.id, hook.id), sql`${webhooks.consecutive_failures} <> 0`)),
    ]);
    return "delivered";
  }

  const firstAt = Date.parse(delivery.created_at);
  const delay = retryDelaySeconds(delivery.attempts);
  const nextAt = now + delay * 1000;
  const givesUp = nextAt > firstAt + RETRY_WINDOW_MS;
  const failures = hook.consecutive_failures + 1;
  const disable = shouldDisable(failures, now - firstAt);
  const lastAnswer = answer.status !== null ? `HTTP ${answer.status}` : (answer.error ?? "no answer");
  await runBatch(db, [
    db
      .update(webhookDeliveries)
      .set({
        status: givesUp ? "failed" : "pending",
        response_status: answer.status,
        response_body: answer.body,
        error: givesUp ? `${GAVE_UP} Last: ${lastAnswer}.` : answer.error,
        next_attempt_at: givesUp ? null : iso(nextAt),
      })
      .where(eq(webhookDeliveries.id, delivery.id)),
    db
      .update(webhooks)
      .set({
        consecutive_failures: sql`${webhooks.consecutive_failures} + 1`,
        ...(disable ? { is_active: false, disabled_reason: disabledReasonOf(failures, lastAnswer) } : {}),
      })
      .where(eq(webhooks.id, hook.id)),
    // A webhook switched off stops the workspace's projects sending it events.
    ...(disable ? [refreshEventSinks(db, hook.workspace_id)] : []),
  ]);
  if (givesUp) return "failed";
  // Its pending deliveries wait: they go out if the webhook is switched on again within their day.
  if (!disable) await requeue({ type: "webhook.deliver", deliveryId: delivery.id }, delay);
  return "retrying";
}

/**
 * The watchdog (cron, every minute): fails deliveries whose day has passed and re-queues those
 * past their retry time, so a queue message that never arrived loses nothing.
 */
export async function superviseWebhookDeliveries(env: AppEnv, options: { now?: number; limit?: number } = {}) {
  const now = options.now ?? Date.now();
  const { db } = openDb(env.DB, null);
  const [, due] = await db.batch([
    db
      .update(webhookDeliveries)
      .set({ status: "failed", next_attempt_at: null, error: sql`coalesce(${webhookDeliveries.error}, ${GAVE_UP})` })
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          lt(webhookDeliveries.created_at, iso(now - RETRY_WINDOW_MS)),
          // Not while an attempt holds it.
          or(isNull(webhookDeliveries.next_attempt_at), lt(webhookDeliveries.next_attempt_at, iso(now))),
        ),
      ),
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhooks, and(eq(webhooks.id, webhookDeliveries.webhook_id), eq(webhooks.is_active, true)))
      .where(and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.next_attempt_at, iso(now - WATCHDOG_GRACE_MS))))
      .orderBy(asc(webhookDeliveries.next_attempt_at))
      .limit(options.limit ?? 500),
  ]);
  for (const part of chunks(due, 100)) {
    await env.JOBS.sendBatch(part.map(({ id }) => ({ body: { type: "webhook.deliver", deliveryId: id } satisfies JobMessage })));
  }
  return due.length;
}

/**
 * Forgets finished deliveries older than the log keeps them (the watchdog runs it). Pending ones
 * stay until they are delivered or given up. Read per webhook, so the index on (webhook, time)
 * answers it without reading the whole log.
 */
export async function pruneWebhookDeliveries(env: AppEnv, options: { now?: number } = {}) {
  const before = iso((options.now ?? Date.now()) - DELIVERY_LOG_DAYS * 86_400_000);
  const { db } = openDb(env.DB, "first-primary");
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.webhook_id, db.select({ id: webhooks.id }).from(webhooks)),
        lt(webhookDeliveries.created_at, before),
        inArray(webhookDeliveries.status, ["delivered", "failed"]),
      ),
    )
    .limit(PRUNE_BATCH);
  const removed = await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old)).returning({ id: webhookDeliveries.id });
  return removed.length;
}
