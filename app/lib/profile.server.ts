// Server side of the profile page: its one read and the action running each intent as one domain
// operation.
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { createApiToken, deleteApiToken } from "../../workers/domain/accounts";
import { changePassword, profilePageOf, removeAvatar, setAvatar, updateProfile } from "../../workers/domain/profile";
import { resendVerification } from "../../workers/domain/email-verification";
import { requestEmailChange } from "../../workers/domain/email-change";
import { signOutSession } from "../../workers/domain/user-sessions";
import { updateNotificationMail } from "../../workers/domain/notification-mail";
import { signInClientOf } from "../../workers/domain/sign-in-throttle";
import { assertSameOrigin, requireActor } from "./auth.server";
import { actionError, invalidReply, loadOrThrow, replyWithError } from "./errors.server";
import { isWorkspacePath, safeNext, workspacePath, workspaceSlugOf } from "./paths";
import { type ProfileActionData, ProfileIntentSchema, type ProfileLoaderData } from "./profile-contract";

export async function loadProfilePage(request: Request, context: AppLoadContext): Promise<ProfileLoaderData> {
  const ctx = await requireActor(request, context);
  const back = safeNext(new URL(request.url).searchParams.get("back"));
  const cameFrom = back && isWorkspacePath(back) ? workspaceSlugOf(back) : null;
  return loadOrThrow(request, async () => {
    const page = await profilePageOf(ctx, cameFrom);
    const to = page.workspace ? (page.workspace.slug === cameFrom && back ? back : workspacePath(page.workspace.slug)) : null;
    return { ...page, back: to };
  });
}

/** Passwords never travel back to the form. */
const PASSWORD_FIELDS = ["current_password", "new_password", "confirm_password"];

export async function profileAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ProfileIntentSchema });
  if (submission.status !== "success") return invalidReply(submission, { hideFields: PASSWORD_FIELDS });
  const input = submission.value;
  const done = (extra: ProfileActionData = {}) =>
    data({ ok: true, status: 200, result: submission.reply({ resetForm: true, hideFields: PASSWORD_FIELDS }), ...extra } satisfies ProfileActionData);
  try {
    switch (input.intent) {
      case "update-profile":
        await updateProfile(ctx, input);
        return data({ ok: true, status: 200, result: submission.reply() } satisfies ProfileActionData);
      case "set-avatar":
        await setAvatar(ctx, input);
        return done();
      case "remove-avatar":
        await removeAvatar(ctx);
        return done();
      case "change-password":
        await changePassword(ctx, input, (await context.auth())?.sessionToken ?? null);
        return done();
      case "change-email":
        return done(await requestEmailChange(ctx, input, signInClientOf(request)));
      case "create-token": {
        const { id, label, token } = await createApiToken(ctx, input);
        return done({ created: { id, label, token } });
      }
      case "revoke-token":
        await deleteApiToken(ctx, input.token_id);
        return done();
      case "resend-verification":
        return done(await resendVerification(ctx, signInClientOf(request)));
      case "update-notification-mail": {
        const { intent: _, ...choice } = input;
        await updateNotificationMail(ctx, choice);
        return done();
      }
      case "sign-out-session":
        await signOutSession(ctx, input.session_id);
        return done();
    }
  } catch (error) {
    // The forms answer in their Conform reply; the buttons answer one message.
    if (input.intent !== "update-profile" && input.intent !== "change-password" && input.intent !== "create-token") {
      return actionError(error, request, { intent: input.intent });
    }
    return replyWithError(submission, error, request, { hideFields: PASSWORD_FIELDS });
  }
}
