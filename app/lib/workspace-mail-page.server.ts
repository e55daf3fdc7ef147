// Server-side calls of the workspace Mail page: the loader is one domain read (the page with its
// log, `?cursor=` for older rows) and the one intent, the test mail, one domain operation.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { sendTestMail, workspaceMailPage } from "../../workers/domain/workspace-mail";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { type WorkspaceMailPageData, WorkspaceMailIntentSchema } from "./workspace-mail-contract";

export async function loadWorkspaceMailPage(request: Request, context: AppLoadContext, slug: string): Promise<WorkspaceMailPageData> {
  const ctx = await requireActor(request, context);
  const cursor = new URL(request.url).searchParams.get("cursor") || null;
  return loadOrThrow(request, async () => ({ ...(await workspaceMailPage(ctx, slug, cursor ?? undefined)), email: ctx.actor.email, cursor }));
}

export async function workspaceMailAction(request: Request, context: AppLoadContext, slug: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, WorkspaceMailIntentSchema);
    intent = body.intent;
    const queued = await sendTestMail(ctx, slug);
    return { ok: true as const, intent, queued: { id: queued.id, recipient: queued.recipient } };
  } catch (error) {
    return actionError(error, request, { intent });
  }
}
