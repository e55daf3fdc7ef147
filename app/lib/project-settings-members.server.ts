// Server side of the project settings Members page: one read model for the loader and one domain
// call per JSON intent (add a workspace member, change a role, remove). The domain refuses what
// the person may not do: only project owners manage members, nobody grants a role above their
// own or above the member's workspace role, and the last owner stays.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { projectMembersPage } from "../../workers/domain/project-members-page";
import { addProjectMembers, removeProjectMember, updateProjectMember } from "../../workers/domain/projects";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, loadOrThrow } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { type ProjectMembersData, ProjectMembersIntentSchema } from "./project-settings-members-contract";

export async function loadProjectMembers(request: Request, context: AppLoadContext, slug: string, projectId: string): Promise<ProjectMembersData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => projectMembersPage(ctx, slug, projectId));
}

export async function projectMembersAction(request: Request, context: AppLoadContext, slug: string, projectId: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  let intent: string | undefined;
  try {
    const body = await readJsonIntent(request, ProjectMembersIntentSchema);
    intent = body.intent;
    if (body.intent === "add-member") {
      await addProjectMembers(ctx, slug, projectId, { members: [{ member_id: body.member_id, role: body.role }] });
    } else if (body.intent === "update-member-role") {
      await updateProjectMember(ctx, slug, projectId, body.member_id, { role: body.role });
    } else {
      await removeProjectMember(ctx, slug, projectId, body.member_id);
    }
    return { ok: true as const, intent: body.intent };
  } catch (error) {
    return actionError(error, request, { intent });
  }
}
