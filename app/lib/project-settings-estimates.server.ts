// Server side of the project settings Estimates page: the project's estimates and the one it
// uses for the loader; one domain call per intent for the action (create and edit are Conform
// forms; picking the project's estimate and deleting one are JSON intents of buttons).
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE } from "../../workers/domain/access";
import { Invalid } from "../../workers/domain/errors";
import { createEstimate, deleteEstimate, listEstimates, updateEstimate } from "../../workers/domain/estimates";
import { getProject, myProjectMembership, updateProject } from "../../workers/domain/projects";
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import { EstimateFormSchema } from "../../workers/domain/schemas/estimates";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { EstimateIntentSchema } from "./project-settings-estimates-contract";

export async function loadEstimateSettings(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const membership = await myProjectMembership(ctx, slug, projectId);
    if (membership.role < ROLE.member) return { authorized: false as const, estimates: [], current: null, canPick: false };
    const [project, estimates] = await Promise.all([getProject(ctx, slug, projectId), listEstimates(ctx, slug, projectId, { size: LIST_PAGES.plainListCap })]);
    return {
      authorized: true as const,
      current: project.estimate,
      // Only project owners change the project itself.
      canPick: membership.role >= ROLE.owner,
      estimates: estimates.rows.map(({ id, name, description, points }) => ({
        id,
        name,
        description,
        points: points.map(({ key, value }) => ({ key, value })),
      })),
    };
  });
}

export type EstimateSettingsData = Awaited<ReturnType<typeof loadEstimateSettings>>;

/** The domain names fields as the REST body nests them; the form's fields are flat. */
function onFormFields(error: unknown) {
  if (!(error instanceof Invalid) || error.aboutWholeInput) return error;
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fields)) {
    const name = field.startsWith("estimate_points") ? "points" : field.replace(/^estimate\./, "");
    fields[name] = [...(fields[name] ?? []), ...messages];
  }
  return new Invalid(fields);
}

export async function estimateSettingsAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (request.headers.get("content-type")?.includes("application/json")) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, EstimateIntentSchema);
      intent = body.intent;
      if (body.intent === "use-estimate") await updateProject(ctx, slug, projectId, { estimate: body.estimate_id });
      // A project using the estimate is left without one (the domain clears it in the same write).
      else await deleteEstimate(ctx, slug, projectId, body.estimate_id);
      return { ok: true as const, intent: body.intent };
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: EstimateFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const { name, description, points } = submission.value;
  // Each point's key is its position: an edit keeps the keys issues already store.
  const estimate_points = points.map((point, key) => ({ key, value: point.value }));
  try {
    if (intent === "update-estimate") {
      await updateEstimate(ctx, slug, projectId, String(formData.get("estimate_id") ?? ""), {
        estimate: { name, description },
        estimate_points,
      });
    } else {
      await createEstimate(ctx, slug, projectId, { estimate: { name, description }, estimate_points });
    }
    return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent };
  } catch (error) {
    return replyWithError(submission, onFormFields(error), request);
  }
}
