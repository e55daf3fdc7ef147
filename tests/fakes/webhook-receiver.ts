// A fake customer endpoint for outgoing webhooks. Each endpoint checks a delivery the way a
// customer's server should: the X-Tracker-Signature must be the HMAC-SHA256, keyed with the
// webhook's secret, of `${X-Tracker-Timestamp}.${raw body}`, compared in constant time, and the
// timestamp must be within five minutes of now (an old delivery replayed is refused). Tests set it
// up over HTTP (they run in workerd and cannot import this file):
//   POST  /_fake/endpoints          {secret?, fail?: number | "always", status?, tolerance_seconds?} -> {id, url}
//   PATCH /_fake/endpoints/{id}     the same fields, changed
//   GET   /_fake/endpoints/{id}/deliveries   every delivery received, oldest first
//   POST  /hooks/{id}               where the webhook points
// Answers: 401 when the signature or timestamp does not check out (or no secret is set yet), the
// configured failure status (500) while `fail` lasts, otherwise 200.
import { createHmac, timingSafeEqual } from "node:crypto";
import { type FetchHandler, json } from "./http";

interface Endpoint {
  id: string;
  secret: string | null;
  /** Deliveries still to fail: a count, or always. */
  fail: number | "always";
  status: number;
  toleranceSeconds: number;
  deliveries: ReceivedDelivery[];
}

export interface ReceivedDelivery {
  delivery_id: string | null;
  event: string | null;
  timestamp: string | null;
  verified: boolean;
  /** Why the signature check failed, when it did. */
  rejected: string | null;
  answered: number;
  body: unknown;
  received_at: string;
}

/** How a receiver checks a delivery (the recipe the webhooks ADR gives customers). */
export function verifyDelivery(secret: string, headers: Headers, rawBody: string, toleranceSeconds: number, nowSeconds = Date.now() / 1000): string | null {
  const timestamp = headers.get("x-tracker-timestamp");
  const signature = headers.get("x-tracker-signature");
  if (!timestamp || !signature) return "missing signature headers";
  if (!/^\d+$/.test(timestamp)) return "bad timestamp";
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return "timestamp too old";
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return "signature mismatch";
  return null;
}

export function createFakeWebhookReceiver(): FetchHandler {
  const endpoints = new Map<string, Endpoint>();
  let counter = 0;

  const configure = (endpoint: Endpoint, body: Record<string, unknown>) => {
    if (typeof body.secret === "string" || body.secret === null) endpoint.secret = body.secret as string | null;
    if (typeof body.fail === "number" || body.fail === "always") endpoint.fail = body.fail;
    if (typeof body.status === "number") endpoint.status = body.status;
    if (typeof body.tolerance_seconds === "number") endpoint.toleranceSeconds = body.tolerance_seconds;
  };

  return async (request) => {
    const url = new URL(request.url);
    const parts = url.pathname.split("/").filter(Boolean);

    if (request.method === "POST" && url.pathname === "/_fake/endpoints") {
      const endpoint: Endpoint = { id: `ep${++counter}`, secret: null, fail: 0, status: 500, toleranceSeconds: 300, deliveries: [] };
      configure(endpoint, (await request.json().catch(() => ({}))) as Record<string, unknown>);
      endpoints.set(endpoint.id, endpoint);
      return json({ id: endpoint.id, url: `${url.origin}/hooks/${endpoint.id}` }, { status: 201 });
    }
    if (parts[0] === "_fake" && parts[1] === "endpoints" && parts[2]) {
      const endpoint = endpoints.get(parts[2]);
      if (!endpoint) return json({ error: "no such endpoint" }, { status: 404 });
      if (request.method === "PATCH" && parts.length === 3) {
        configure(endpoint, (await request.json().catch(() => ({}))) as Record<string, unknown>);
        return json({ id: endpoint.id });
      }
      if (request.method === "GET" && parts[3] === "deliveries") return json(endpoint.deliveries);
    }

    if (request.method === "POST" && parts[0] === "hooks" && parts[1]) {
      const endpoint = endpoints.get(parts[1]);
      if (!endpoint) return json({ error: "no such endpoint" }, { status: 404 });
      const raw = await request.text();
      const rejected = endpoint.secret === null ? "no secret set" : verifyDelivery(endpoint.secret, request.headers, raw, endpoint.toleranceSeconds);
      let answered = 200;
      if (rejected) answered = 401;
      else if (endpoint.fail === "always" || endpoint.fail > 0) {
        answered = endpoint.status;
        if (endpoint.fail !== "always") endpoint.fail -= 1;
      }
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      endpoint.deliveries.push({
        delivery_id: request.headers.get("x-tracker-delivery"),
        event: request.headers.get("x-tracker-event"),
        timestamp: request.headers.get("x-tracker-timestamp"),
        verified: rejected === null,
        rejected,
        answered,
        body,
        received_at: new Date().toISOString(),
      });
      return json(answered === 200 ? { ok: true } : { error: rejected ?? "failing on purpose" }, { status: answered });
    }
    return json({ error: "not found" }, { status: 404 });
  };
}
