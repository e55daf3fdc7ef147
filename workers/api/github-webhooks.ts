// GitHub's webhook deliveries: no session, the signature is the credential. The answer is
// immediate; the work is queued (workers/domain/github-webhooks.ts).
import { Hono } from "hono";
import { TooLarge } from "../domain/errors";
import type { ApiEnv } from "./hono-env";

export const githubWebhookRoutes = new Hono<ApiEnv>({ strict: false });

githubWebhookRoutes.post("/webhooks/github", async (c) => {
  // Only GitHub calls this route: its handling loads at the first delivery, not when the API starts.
  const { MAX_WEBHOOK_BYTES, receiveGithubWebhook } = await import("../domain/github-webhooks");
  // Refused before reading when the sender says it is too large.
  if (Number(c.req.header("content-length") ?? 0) > MAX_WEBHOOK_BYTES) throw new TooLarge("Request body is too large.");
  const result = await receiveGithubWebhook(c.get("domain"), {
    event: c.req.header("x-github-event") ?? "",
    deliveryId: c.req.header("x-github-delivery") ?? "",
    signature: c.req.header("x-hub-signature-256") ?? null,
    body: await c.req.arrayBuffer(),
  });
  return c.json(result);
});
