// Server-side calls for project settings pages: who may see them (guests and viewers may not)
// and the labels page's reads and writes.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE } from "../../workers/domain/access";
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import { createLabel, deleteLabel, listLabels, updateLabel } from "../../workers/domain/labels";
import { myProjectMembership } from "../../workers/domain/projects";
import { LabelFormSchema } from "../../workers/domain/schemas/labels";
import { z } from "zod";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { IntentId } from "./intents";
import { readJsonIntent } from "./intents.server";

/** Settings are barred to guests and viewers. */
export async function loadSettingsAccess(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const membership = await myProjectMembership(ctx, slug, projectId);
    return { authorized: membership.role >= ROLE.member, email: ctx.actor.email };
  });
}

export async function loadLabelSettings(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const membership = await myProjectMembership(ctx, slug, projectId);
    if (membership.role < ROLE.member) return { authorized: false as const, labels: [] };
    const labels = (await listLabels(ctx, slug, projectId, { size: LIST_PAGES.plainListCap })).rows;
    return { authorized: true as const, labels: labels.map(({ id, name, color, parent }) => ({ id, name, color, parent })) };
  });
}

export type LabelSettingsData = Awaited<ReturnType<typeof loadLabelSettings>>;

/** JSON intents of the labels page's buttons; the create/edit forms post form data (Conform). */
const LabelIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete-label"), label_id: IntentId }),
  z.object({ intent: z.literal("ungroup-label"), label_id: IntentId }),
]);

export async function labelSettingsAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (request.headers.get("content-type")?.includes("application/json")) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, LabelIntentSchema);
      intent = body.intent;
      if (body.intent === "delete-label") await deleteLabel(ctx, slug, projectId, body.label_id);
      // Removing a label from its group sets its parent to null.
      else await updateLabel(ctx, slug, projectId, body.label_id, { parent: null });
      return { ok: true as const, intent: body.intent };
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: LabelFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const { name, color, parent } = submission.value;
  try {
    if (intent === "update-label") {
      await updateLabel(ctx, slug, projectId, String(formData.get("label_id") ?? ""), { name, color });
    } else {
      await createLabel(ctx, slug, projectId, { name, color, parent: parent || null });
    }
    return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent };
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}
