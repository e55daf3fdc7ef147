// GitHub's webhook deliveries: no session, the signature is the credential. The answer is
// immediate; the work is queued (workers/domain/github-webhooks.ts).
import { Hono } from "hono";
import { readBodyWithin } from "../lib/body-limit";
import type { ApiEnv } from "./hono-env";

export const githubWebhookRoutes = new Hono<ApiEnv>({ strict: false });

githubWebhookRoutes.post("/webhooks/github", async (c) => {
  // Only GitHub calls this route: its handling loads at the first delivery, not when the API starts.
  const { MAX_WEBHOOK_BYTES, receiveGithubWebhook } = await import("../domain/github-webhooks");
  const result = await receiveGithubWebhook(c.get("domain"), {
    event: c.req.header("x-github-event") ?? "",
    deliveryId: c.req.header("x-github-delivery") ?? "",
    signature: c.req.header("x-hub-signature-256") ?? null,
    // Refused before reading when the sender says it is too large, else as soon as it grows so.
    body: await readBodyWithin(c.req.raw, MAX_WEBHOOK_BYTES),
  });
  return c.json(result);
});
