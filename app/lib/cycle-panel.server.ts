// Server side of a cycle's side panel: one domain read for the loader (the panel, or the transfer
// targets), one domain operation per intent.
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { cyclePanelOf, deleteCycle, transferCycleIssues, transferTargetsOf, updateCycle } from "../../workers/domain/cycles";
import { assertSameOrigin, requireActor } from "./auth.server";
import { type CyclePanelAnswer, type CyclePanelLoaderData, CyclePanelIntentSchema } from "./cycle-panel-contract";
import { loadOrThrow, resourceActionError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { projectCyclesPath } from "./paths";
import { flashToastCookie } from "./toast.server";

export async function loadCyclePanel(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  cycleId: string,
): Promise<CyclePanelLoaderData> {
  const ctx = await requireActor(request, context);
  const wantsTargets = new URL(request.url).searchParams.has("targets");
  return loadOrThrow(request, async () =>
    wantsTargets ? { targets: await transferTargetsOf(ctx, slug, projectId, cycleId) } : { panel: await cyclePanelOf(ctx, slug, projectId, cycleId) },
  );
}

export async function cyclePanelAction(request: Request, context: AppLoadContext, slug: string, projectId: string, cycleId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, CyclePanelIntentSchema);
    intent = body.intent;
    switch (body.intent) {
      case "update-dates":
        await updateCycle(ctx, slug, projectId, cycleId, { start_date: body.start_date, end_date: body.end_date });
        break;
      case "delete-cycle":
        // The cycle's page is gone with it: back to the list, with the toast.
        await deleteCycle(ctx, slug, projectId, cycleId);
        return redirect(projectCyclesPath(slug, projectId), {
          headers: { "Set-Cookie": flashToastCookie({ type: "success", title: "Success!", message: "Cycle deleted successfully" }) },
        });
      case "transfer-issues":
        await transferCycleIssues(ctx, slug, projectId, cycleId, { new_cycle_id: body.new_cycle_id });
        break;
    }
    return Response.json({ ok: true, intent: body.intent } satisfies CyclePanelAnswer);
  } catch (error) {
    return resourceActionError(error, request, { intent, fields: true });
  }
}
