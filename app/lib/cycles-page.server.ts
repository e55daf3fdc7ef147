// Server side of the cycle list page: the domain's read model for the loader (the tab comes from
// `?tab=`), and one domain operation per intent for the action: the same ones the REST API calls,
// so a cycle saved here meets the same rules (dates, overlap); bad input answers 400 with the
// domain's messages per field, an overlap 409 with its message; nothing is written.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addFavoriteCycle, createCycle, deleteCycle, removeFavoriteCycle, updateCycle } from "../../workers/domain/cycles";
import { cyclesPageOf } from "../../workers/domain/cycles-page";
import { assertSameOrigin, requireActor } from "./auth.server";
import { type CyclesPageAnswer, CyclesPageIntentSchema, type CyclesPageData, cycleTabOf } from "./cycles-page-contract";
import { actionError, loadOrThrow } from "./errors.server";
import { readJsonIntent } from "./intents.server";

export async function loadCyclesPage(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<CyclesPageData> {
  const ctx = await requireActor(request, context);
  const tab = cycleTabOf(new URL(request.url).searchParams.get("tab"));
  return loadOrThrow(request, () => cyclesPageOf(ctx, slug, projectId, tab));
}

export async function cyclesPageAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, CyclesPageIntentSchema);
    intent = body.intent;
    switch (body.intent) {
      case "create-cycle": {
        const cycle = await createCycle(ctx, slug, projectId, body.cycle);
        return { ok: true, intent: body.intent, id: cycle.id } satisfies CyclesPageAnswer;
      }
      case "update-cycle":
        await updateCycle(ctx, slug, projectId, body.cycle_id, body.cycle, { replace: true });
        break;
      case "delete-cycle":
        await deleteCycle(ctx, slug, projectId, body.cycle_id);
        break;
      case "favorite-cycle":
        await addFavoriteCycle(ctx, slug, projectId, { cycle: body.cycle_id });
        break;
      case "unfavorite-cycle":
        await removeFavoriteCycle(ctx, slug, projectId, body.cycle_id);
        break;
    }
    return { ok: true, intent: body.intent } satisfies CyclesPageAnswer;
  } catch (error) {
    return actionError(error, request, { intent, fields: true });
  }
}
