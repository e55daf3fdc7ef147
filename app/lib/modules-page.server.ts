// Server side of the modules page: the domain's read model for the loader, and one domain
// operation per intent for the action (create, edit, patch, delete, favourite, links). The module
// dialog and the module sidebar post here too. Bad input answers 400 with the domain's messages
// per field; nothing is written.
import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  addFavoriteModule,
  createModule,
  createModuleLink,
  deleteModule,
  deleteModuleLink,
  removeFavoriteModule,
  updateModule,
} from "../../workers/domain/modules";
import { moduleSidebarOf, modulesPageOf } from "../../workers/domain/modules-page";
import type { ModuleSidebarData } from "../../workers/domain/schemas/modules-page-responses";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { type ModulesPageAnswer, ModulesPageIntentSchema, type ModulesPageLoaderData } from "./modules-page-contract";

export async function loadModulesPage(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<ModulesPageLoaderData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => modulesPageOf(ctx, slug, projectId));
}

/**
 * The module sidebar, read beside the issue views' loader and handed to the page as a promise:
 * the views do not wait for it. A failed read settles as null (the page shows the views alone).
 */
export function loadModuleSidebar(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  moduleId: string,
): Promise<ModuleSidebarData | null> {
  const read = (async () => moduleSidebarOf(await requireActor(request, context), slug, projectId, moduleId))();
  return read.catch(() => null);
}

export async function modulesPageAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, ModulesPageIntentSchema);
    intent = body.intent;
    switch (body.intent) {
      case "create-module": {
        const module = await createModule(ctx, slug, projectId, body.module);
        return { ok: true, intent: body.intent, id: module.id } satisfies ModulesPageAnswer;
      }
      case "update-module":
        await updateModule(ctx, slug, projectId, body.module_id, body.module, { replace: true });
        break;
      case "patch-module":
        await updateModule(ctx, slug, projectId, body.module_id, body.patch);
        break;
      case "delete-module":
        await deleteModule(ctx, slug, projectId, body.module_id);
        break;
      case "favorite-module":
        await addFavoriteModule(ctx, slug, projectId, { module: body.module_id });
        break;
      case "unfavorite-module":
        await removeFavoriteModule(ctx, slug, projectId, body.module_id);
        break;
      case "add-link": {
        const link = await createModuleLink(ctx, slug, projectId, body.module_id, body.link);
        return { ok: true, intent: body.intent, id: link.id } satisfies ModulesPageAnswer;
      }
      case "delete-link":
        await deleteModuleLink(ctx, slug, projectId, body.link_id, body.module_id);
        break;
    }
    return { ok: true, intent: body.intent } satisfies ModulesPageAnswer;
  } catch (error) {
    return actionError(error, request, { intent, fields: true });
  }
}
