// Outgoing webhook input schemas and response shapes: client-safe (zod only). The REST API and the
// workspace's webhooks settings page share them.
import { z } from "zod";
import { LINK_URL_MAX, LINK_URL_REQUIRED, LINK_URL_TOO_LONG, isHttpUrl } from "./links";

/** What a webhook can ask for: one kind per tracker entity whose changes it hears about. */
export const WEBHOOK_EVENT_KINDS = ["issue", "comment", "cycle", "module", "project"] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventKind, string> = {
  issue: "Issues",
  comment: "Comments",
  cycle: "Cycles",
  module: "Modules",
  project: "Projects",
};

// A URL is a URL: the same limit and words as a link's.
export const WEBHOOK_URL_MAX = LINK_URL_MAX;
export const WEBHOOK_URL_REQUIRED = LINK_URL_REQUIRED;
export const WEBHOOK_URL_INVALID = "Enter a valid URL starting with https://";
export const WEBHOOK_URL_NOT_HTTPS = "The URL must start with https:// (http:// only for a local address on a test server).";
export const WEBHOOK_URL_TOO_LONG = LINK_URL_TOO_LONG;
export const WEBHOOK_EVENTS_REQUIRED = "Choose at least one event";
export const WEBHOOK_NOT_FOUND = "Webhook not found.";
export const WEBHOOK_DELIVERY_NOT_FOUND = "Delivery not found.";
export const WEBHOOK_REDELIVER_INACTIVE = "Switch the webhook on to redeliver.";

/** How many deliveries one page of the log holds. */
export const WEBHOOK_DELIVERIES_PAGE = 25;

/** Loopback hosts: the only ones a plain http:// webhook may name, and only off production. */
export function isLoopbackUrl(value: string) {
  try {
    const host = new URL(value).hostname;
    return host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

const webhookUrl = z
  .string({ error: WEBHOOK_URL_REQUIRED })
  .trim()
  .min(1, WEBHOOK_URL_REQUIRED)
  .max(WEBHOOK_URL_MAX, WEBHOOK_URL_TOO_LONG)
  .refine(isHttpUrl, WEBHOOK_URL_INVALID);

const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_KINDS, { error: "Unknown event" }), { error: WEBHOOK_EVENTS_REQUIRED })
  .min(1, WEBHOOK_EVENTS_REQUIRED)
  // Kept in the fixed order of the kinds, once each, whatever order they were ticked in.
  .transform((events) => WEBHOOK_EVENT_KINDS.filter((kind) => events.includes(kind)));

export const CreateWebhookInput = z.object({
  url: webhookUrl,
  events: webhookEvents,
});
export type CreateWebhookInput = z.infer<typeof CreateWebhookInput>;

export const UpdateWebhookInput = z
  .object({
    url: webhookUrl.optional(),
    events: webhookEvents.optional(),
    is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
  })
  .strict();
export type UpdateWebhookInput = z.infer<typeof UpdateWebhookInput>;

export const WebhookDeliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
});

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/** A webhook as its owner reads it (the secret included: only workspace owners read webhooks). */
export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventKind[];
  is_active: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  secret: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One line of the delivery log. */
export interface WebhookDeliveryView {
  id: string;
  webhook: string;
  event: string;
  action: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface WebhookDeliveriesPage {
  results: WebhookDeliveryView[];
  /** Pass as ?cursor= for the next (older) page; null on the last one. */
  next_cursor: string | null;
}
