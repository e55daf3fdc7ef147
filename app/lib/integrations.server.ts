// Server-side read of the workspace integrations page (one domain read model). Installing and
// removing go to the REST API from the browser (starting the round trip, the pop-up's landing
// page, the Remove button).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { integrationsPageOf } from "../../workers/domain/integrations";
import type { IntegrationsPageData } from "../../workers/domain/schemas/integration-texts";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";

/** The GitHub and Slack cards; guests and viewers get only `authorized: false`. */
export async function loadIntegrationsPage(request: Request, context: AppLoadContext, slug: string): Promise<IntegrationsPageData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => integrationsPageOf(ctx, slug));
}
