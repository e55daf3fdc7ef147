// Inbound GitHub webhooks: a delivery is taken only with a valid signature, recorded once by its
// delivery id (GitHub redelivers, an attacker may replay) and applied by a queued job, so GitHub
// gets its answer in milliseconds whatever the apply costs. What the job does is in
// workers/integrations/github/apply.ts.
import { eq, sql } from "drizzle-orm";
import { githubRepositorySyncs, githubWebhookDeliveries, nowIso } from "../../drizzle/schema";
import { COMMENT_ACTIONS, ISSUE_ACTIONS, payloadJson, trimPayload } from "./github-payload";
import { verifyGithubSignature } from "../lib/github-signature";
import { rawStatement, runNamedBatch } from "../lib/batch";
import type { DomainContext } from "./context";
import { Invalid, TooLarge, Unauthenticated } from "./errors";

/** GitHub caps payloads at 25 MB; anything an issue or a comment sends is far below this. */
export const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;

export const SIGNATURE_REFUSED = "The webhook signature does not match.";

export interface InboundDelivery {
  /** X-GitHub-Event */
  event: string;
  /** X-GitHub-Delivery */
  deliveryId: string;
  /** X-Hub-Signature-256 */
  signature: string | null;
  /** The raw body, exactly as it arrived. */
  body: ArrayBuffer;
}

export type DeliveryOutcome =
  /** Recorded and queued: the job applies it. */
  | "queued"
  /** Taken before (same delivery id): nothing written again. */
  | "duplicate"
  /** Valid, but nothing the sync acts on (another event, an action it skips, our own write, a repository nobody syncs). */
  | "ignored"
  | "pong";

async function sha256Hex(body: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", body);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

const DELIVERY_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** The login GitHub gives the app's bot: writes made with an installation token come from it. */
export const appBotLogin = (slug: string) => `${slug}[bot]`;

export async function receiveGithubWebhook(ctx: DomainContext, delivery: InboundDelivery): Promise<{ outcome: DeliveryOutcome }> {
  if (delivery.body.byteLength > MAX_WEBHOOK_BYTES) throw new TooLarge("Request body is too large.");
  // Nothing is read or written before the signature checks out.
  if (!(await verifyGithubSignature(ctx.config.GITHUB_WEBHOOK_SECRET, delivery.body, delivery.signature))) {
    throw new Unauthenticated(SIGNATURE_REFUSED);
  }
  if (delivery.event === "ping") return { outcome: "pong" };
  if (!DELIVERY_ID.test(delivery.deliveryId)) throw new Invalid("X-GitHub-Delivery is missing or malformed.");
  if (delivery.event !== "issues" && delivery.event !== "issue_comment") return { outcome: "ignored" };

  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(delivery.body));
  } catch {
    throw new Invalid("Malformed JSON body.");
  }
  const payload = trimPayload(delivery.event, raw);
  if (!payload) throw new Invalid("The payload is not an issues or issue_comment event.");
  const actions = delivery.event === "issues" ? ISSUE_ACTIONS : COMMENT_ACTIONS;
  if (!actions.has(payload.action) || payload.issue.pull_request) return { outcome: "ignored" };
  // Our own writes come back as webhooks sent by the app's bot: taking them would echo forever.
  const { GITHUB_APP_SLUG: slug, GITHUB_APP_ID: appId } = ctx.config;
  if (slug !== "" && payload.sender?.login === appBotLogin(slug)) return { outcome: "ignored" };
  const madeBy = delivery.event === "issues" ? payload.issue.performed_via_github_app : payload.comment?.performed_via_github_app;
  const creation = payload.action === "opened" || payload.action === "created";
  if (creation && appId !== "" && madeBy && String(madeBy.id) === appId) return { outcome: "ignored" };

  // One round trip: the delivery is recorded only for a repository some project syncs (an App
  // installed on a whole organisation hears about every repository), and the read beside it
  // tells a repeat from a repository nobody syncs. A repeat is the same delivery id, or the same
  // signed body under another id (the id header is not signed: a captured delivery replayed).
  const { recorded, synced } = await runNamedBatch(ctx.db, {
    recorded: rawStatement(
      ctx.db,
      sql`INSERT INTO ${githubWebhookDeliveries} (delivery_id, event, body_sha256, status, payload, attempts, created_at)
        SELECT ${delivery.deliveryId}, ${delivery.event}, ${await sha256Hex(delivery.body)}, 'processing', ${JSON.stringify(payloadJson(payload))}, 0, ${nowIso()}
        WHERE EXISTS (SELECT 1 FROM ${githubRepositorySyncs} WHERE ${githubRepositorySyncs.repository_id} = ${payload.repository.id})
        ON CONFLICT DO NOTHING`,
    ),
    synced: ctx.db
      .select({ id: githubRepositorySyncs.id })
      .from(githubRepositorySyncs)
      .where(eq(githubRepositorySyncs.repository_id, payload.repository.id))
      .limit(1),
  });
  if ((recorded as unknown as D1Result).meta.changes === 0) return { outcome: synced.length > 0 ? "duplicate" : "ignored" };
  ctx.effects.enqueue({ type: "github.event", deliveryId: delivery.deliveryId });
  return { outcome: "queued" };
}
