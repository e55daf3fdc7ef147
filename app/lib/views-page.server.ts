// Server side of the saved views page: the domain's read model for the loader, and one domain
// operation per intent for the action (create, edit, delete, favourite, unfavourite). Bad input
// answers 400 with the domain's messages per field; nothing is written.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { addFavoriteView, createView, deleteView, removeFavoriteView, updateView } from "../../workers/domain/views";
import { viewsPageOf } from "../../workers/domain/views-page";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import type { ViewsPageAnswer, ViewsPageLoaderData } from "./views-page-contract";
import { ViewsPageIntentSchema } from "./views-page-contract";

export async function loadViewsPage(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<ViewsPageLoaderData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => viewsPageOf(ctx, slug, projectId));
}

export async function viewsPageAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, ViewsPageIntentSchema);
    intent = body.intent;
    switch (body.intent) {
      case "create-view": {
        const view = await createView(ctx, slug, projectId, body.view);
        return { ok: true, intent: body.intent, id: view.id } satisfies ViewsPageAnswer;
      }
      case "update-view":
        // The dialog sends the whole form: PUT semantics, so the title stays required.
        await updateView(ctx, slug, projectId, body.view_id, body.view, { replace: true });
        break;
      case "delete-view":
        await deleteView(ctx, slug, projectId, body.view_id);
        break;
      case "favorite-view":
        await addFavoriteView(ctx, slug, projectId, { view: body.view_id });
        break;
      case "unfavorite-view":
        await removeFavoriteView(ctx, slug, projectId, body.view_id);
        break;
    }
    return { ok: true, intent: body.intent } satisfies ViewsPageAnswer;
  } catch (error) {
    return actionError(error, request, { intent, fields: true });
  }
}
