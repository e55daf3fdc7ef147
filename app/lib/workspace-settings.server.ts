// Server-side calls for the workspace settings pages: who may see them (guests and viewers may
// not), the general page (name, logo, deletion) and the members page (invitations, roles). Each
// loader is one domain read; each intent one domain operation.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Invalid } from "../../workers/domain/errors";
import { inviteToWorkspace, renewInvitationLink } from "../../workers/domain/invitations";
import { InviteMemberFormSchema, WorkspaceNameFormSchema, invitationPath } from "../../workers/domain/schemas/workspaces";
import {
  removeWorkspaceLogo,
  replaceWorkspaceLogo,
  revokeWorkspaceInvitation,
  workspaceMembersPage,
  workspaceSettingsAccess,
} from "../../workers/domain/workspace-settings";
import { deleteWorkspace, removeWorkspaceMember, updateWorkspace, updateWorkspaceMember } from "../../workers/domain/workspaces";
import { assetUpload } from "../../workers/api/multipart";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { readJsonIntent } from "./intents.server";
import { flashToastCookie } from "./toast.server";
import {
  type WorkspaceGeneralData,
  WorkspaceGeneralIntentSchema,
  type WorkspaceMembersData,
  WorkspaceMembersIntentSchema,
  type WorkspaceSettingsAccess,
} from "./workspace-settings-contract";

/** The settings layout: whether the actor may see settings, and the email the screen names. */
export async function loadWorkspaceSettingsAccess(request: Request, context: AppLoadContext, slug: string): Promise<WorkspaceSettingsAccess> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const access = await workspaceSettingsAccess(ctx, slug);
    return { authorized: access.authorized, role: access.role, email: access.email, workspace: { name: access.workspace.name, slug: access.workspace.slug } };
  });
}

export async function loadWorkspaceGeneral(request: Request, context: AppLoadContext, slug: string): Promise<WorkspaceGeneralData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const access = await workspaceSettingsAccess(ctx, slug);
    if (!access.authorized) return { authorized: false };
    const { id, name, logo } = access.workspace;
    return { authorized: true, role: access.role, workspace: { id, name, slug: access.workspace.slug, logo } };
  });
}

export async function loadWorkspaceMembers(request: Request, context: AppLoadContext, slug: string): Promise<WorkspaceMembersData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, () => workspaceMembersPage(ctx, slug));
}

const isJson = (request: Request) => request.headers.get("content-type")?.includes("application/json") ?? false;
const isMultipart = (request: Request) => request.headers.get("content-type")?.includes("multipart/form-data") ?? false;

/**
 * The general page's writes: the rename form (form data), the logo (the page's one multipart
 * post: the file itself), and the JSON intents remove-logo and delete-workspace.
 */
export async function workspaceGeneralAction(request: Request, context: AppLoadContext, slug: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (isMultipart(request)) {
    try {
      await replaceWorkspaceLogo(ctx, slug, assetUpload(request));
      return { ok: true as const, intent: "upload-logo" };
    } catch (error) {
      return actionError(error, request, { intent: "upload-logo" });
    }
  }

  if (isJson(request)) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, WorkspaceGeneralIntentSchema);
      intent = body.intent;
      if (body.intent === "remove-logo") {
        await removeWorkspaceLogo(ctx, slug);
        return { ok: true as const, intent };
      }
      await deleteWorkspace(ctx, slug);
      return redirect("/", { headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Workspace deleted successfully." }) } });
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const submission = parseWithZod(await request.formData(), { schema: WorkspaceNameFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    await updateWorkspace(ctx, slug, submission.value);
    return data(
      { result: submission.reply(), status: 200, ok: true as const, intent: "rename" },
      { headers: { "Set-Cookie": flashToastCookie({ type: "success", message: "Workspace updated successfully." }) } },
    );
  } catch (error) {
    return replyWithError(submission, error, request);
  }
}

/** The absolute link an invitation's secret opens, on the origin the inviter is using. */
const invitationUrl = (request: Request, token: string) => new URL(invitationPath(token), request.url).href;

/** The members page's writes: the invite form (form data) and the JSON intents on rows. */
export async function workspaceMembersAction(request: Request, context: AppLoadContext, slug: string) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);

  if (isJson(request)) {
    let intent: string | undefined;
    try {
      const body = await readJsonIntent(request, WorkspaceMembersIntentSchema);
      intent = body.intent;
      switch (body.intent) {
        case "revoke-invitation":
          await revokeWorkspaceInvitation(ctx, slug, body.invitation_id);
          break;
        case "new-invitation-link": {
          const { email, token } = await renewInvitationLink(ctx, slug, body.invitation_id);
          return { ok: true as const, intent: body.intent, invitation_link: { email, url: invitationUrl(request, token) } };
        }
        case "update-member-role":
          await updateWorkspaceMember(ctx, slug, body.member_id, { role: body.role });
          break;
        case "remove-member":
          await removeWorkspaceMember(ctx, slug, body.member_id);
          break;
      }
      return { ok: true as const, intent: body.intent };
    } catch (error) {
      return actionError(error, request, { intent });
    }
  }

  const submission = parseWithZod(await request.formData(), { schema: InviteMemberFormSchema });
  if (submission.status !== "success") return invalidReply(submission);
  try {
    const { invitations } = await inviteToWorkspace(ctx, slug, { emails: [submission.value] });
    const [{ email, token }] = invitations;
    return {
      result: submission.reply({ resetForm: true }),
      status: 200,
      ok: true as const,
      intent: "invite",
      invitation_link: { email, url: invitationUrl(request, token) },
    };
  } catch (error) {
    // The REST call names its list `emails`; this form has one `email` field.
    if (error instanceof Invalid && error.fields.emails) {
      return replyWithError(submission, Invalid.field("email", error.fields.emails.join(", ")), request);
    }
    return replyWithError(submission, error, request);
  }
}
