// Server-side read of the webhooks settings page (one domain read model).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { webhooksPageOf } from "../../workers/domain/webhooks";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { WebhooksPageData } from "./webhooks-contract";

export async function loadWebhooksPage(request: Request, context: AppLoadContext, slug: string): Promise<WebhooksPageData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => webhooksPageOf(ctx, slug));
}
