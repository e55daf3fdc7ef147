// How an outgoing delivery is signed: HMAC-SHA256, keyed with the webhook's secret, over
// `${timestamp}.${body}` (the unix seconds sent in X-Tracker-Timestamp, a dot, the exact body).
// Binding the time into the signature lets a receiver refuse an old delivery replayed at it.

export const SIGNATURE_HEADER = "X-Tracker-Signature";
export const TIMESTAMP_HEADER = "X-Tracker-Timestamp";
export const EVENT_HEADER = "X-Tracker-Event";
export const DELIVERY_HEADER = "X-Tracker-Delivery";

const encoder = new TextEncoder();

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** The X-Tracker-Signature value: `sha256=` and the lowercase hex HMAC. */
export async function signDelivery(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `sha256=${hex(await crypto.subtle.sign("HMAC", key, encoder.encode(`${timestamp}.${body}`)))}`;
}

/** A new webhook secret: 32 random bytes, hex, with a prefix that says what it is. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${hex(bytes.buffer)}`;
}

/**
 * The delivery id of an event for a webhook: derived from both, so a sink run again for the same
 * events (a retried queue message) finds the rows it already wrote instead of doubling them.
 */
export async function deliveryIdOf(eventId: string, webhookId: string): Promise<string> {
  const digest = hex(await crypto.subtle.digest("SHA-256", encoder.encode(`${eventId}:${webhookId}`)));
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-${digest.slice(12, 16)}-${digest.slice(16, 20)}-${digest.slice(20, 32)}`;
}
