// Server side of the project settings States page: the states of each group for the loader, and
// one domain call per intent for the action (create and edit are Conform forms; set default,
// move and delete are JSON intents of buttons).
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE } from "../../workers/domain/access";
import { Invalid } from "../../workers/domain/errors";
import { myProjectMembership } from "../../workers/domain/projects";
import { STATE_NAME_TAKEN, STATE_NAME_TAKEN_INLINE, StateFormSchema } from "../../workers/domain/schemas/states";
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import { type StateView, createState, deleteState, listStates, moveState, updateState } from "../../workers/domain/states";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { StateIntentSchema } from "./project-settings-states-contract";

export async function loadStateSettings(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const membership = await myProjectMembership(ctx, slug, projectId);
    if (membership.role < ROLE.member) return { authorized: false as const, states: [] };
    // Without group_by the list is flat, ordered by sequence.
    const states = (await listStates(ctx, slug, projectId, { size: LIST_PAGES.plainListCap })).rows as StateView[];
    return {
      authorized: true as const,
      states: states.map(({ id, name, description, color, group, default: isDefault, sequence }) => ({
        id,
        name,
        description,
        color,
        group,
        default: isDefault,
        sequence,
      })),
    };
  });
}

export type StateSettingsData = Awaited<ReturnType<typeof loadStateSettings>>;

/** The inline form words a taken name its own way; the dialog keeps the domain's words. */
function inlineWording(error: unknown) {
  if (!(error instanceof Invalid)) return error;
  const name = error.fields.name;
  if (!name?.includes(STATE_NAME_TAKEN)) return error;
  return new Invalid({ ...error.fields, name: name.map((message) => (message === STATE_NAME_TAKEN ? STATE_NAME_TAKEN_INLINE : message)) });
}

export async function stateSettingsAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (request.headers.get("content-type")?.includes("application/json")) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, StateIntentSchema);
      intent = body.intent;
      if (body.intent === "set-default") await updateState(ctx, slug, projectId, body.state_id, { default: true });
      else if (body.intent === "move-state") await moveState(ctx, slug, projectId, body.state_id, body.direction);
      else await deleteState(ctx, slug, projectId, body.state_id);
      return { ok: true as const, intent: body.intent };
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema: StateFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  const { name, description, color, group } = submission.value;
  try {
    if (intent === "update-state") {
      await updateState(ctx, slug, projectId, String(formData.get("state_id") ?? ""), { name, description, color });
    } else {
      await createState(ctx, slug, projectId, { name, description, color, group });
    }
    return { result: submission.reply({ resetForm: true }), status: 200, ok: true as const, intent };
  } catch (error) {
    const inline = intent === "create-state" && formData.get("form") === "inline";
    return replyWithError(submission, inline ? inlineWording(error) : error, request);
  }
}
