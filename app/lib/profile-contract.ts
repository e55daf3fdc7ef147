// What the profile page and its action exchange with the browser: the forms' schemas (each built on
// the domain's input schema plus its intent), the intents of its buttons, and the action's answers.
// Client-safe: the forms validate with these schemas and the action parses the same ones.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { CreateApiTokenInput } from "../../workers/domain/schemas/api-tokens";
import { entityId } from "../../workers/domain/schemas/common";
import { NotificationMailFields } from "../../workers/domain/schemas/notification-mail";
import { AvatarInput, ChangeEmailInput, ChangePasswordInput, PASSWORDS_DO_NOT_MATCH, ProfileInput } from "../../workers/domain/schemas/profile";
import type { ProfilePageData } from "../../workers/domain/schemas/profile";
export type { ApiTokenListItem, ProfilePageData, SessionListItem } from "../../workers/domain/schemas/profile";

/** What the page's loader answers. */
export type ProfileLoaderData = ProfilePageData & {
  /** Where "back" leads: the workspace page the user came from, else a workspace of theirs. */
  back: string | null;
};

export const CONFIRM_PASSWORD_REQUIRED = "Please confirm the new password";

export const ProfileForm = ProfileInput.extend({ intent: z.literal("update-profile") });

export const ChangePasswordForm = ChangePasswordInput.extend({
  intent: z.literal("change-password"),
  confirm_password: z.string({ error: CONFIRM_PASSWORD_REQUIRED }).min(1, CONFIRM_PASSWORD_REQUIRED),
}).refine((value) => value.confirm_password === value.new_password, {
  path: ["confirm_password"],
  message: PASSWORDS_DO_NOT_MATCH,
});

export const ChangeEmailForm = ChangeEmailInput.extend({ intent: z.literal("change-email") });

/**
 * The expiries the token form offers, as GitHub and Linear do: a number of days (the form sends the
 * date that many days from today), a date of the person's choosing, or never.
 */
export const TOKEN_EXPIRATIONS = [
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "custom", label: "Custom date" },
  { value: "never", label: "No expiration" },
] as const;
export type TokenExpiration = (typeof TOKEN_EXPIRATIONS)[number]["value"];
export const DEFAULT_TOKEN_EXPIRATION: TokenExpiration = "30";
export const TOKEN_EXPIRY_DATE_REQUIRED = "Choose the date the token expires.";

export const CreateApiTokenForm = CreateApiTokenInput.extend({
  intent: z.literal("create-token"),
  expiration: z.enum(TOKEN_EXPIRATIONS.map((choice) => choice.value) as [TokenExpiration, ...TokenExpiration[]]).default(DEFAULT_TOKEN_EXPIRATION),
}).refine((value) => value.expiration !== "custom" || value.expires_at !== null, { path: ["expires_at"], message: TOKEN_EXPIRY_DATE_REQUIRED });

/** The notification mail section posts both choices; an unticked box is not sent, so it means off. */
export const NotificationMailForm = NotificationMailFields.extend({
  intent: z.literal("update-notification-mail"),
  instant: NotificationMailFields.shape.instant.default(false),
});

/** Every intent the page posts (form data): the three forms and its buttons. */
export const ProfileIntentSchema = z.discriminatedUnion("intent", [
  ProfileForm,
  ChangePasswordForm,
  ChangeEmailForm,
  CreateApiTokenForm,
  NotificationMailForm,
  AvatarInput.extend({ intent: z.literal("set-avatar") }),
  z.object({ intent: z.literal("remove-avatar") }),
  z.object({ intent: z.literal("revoke-token"), token_id: entityId }),
  z.object({ intent: z.literal("sign-out-session"), session_id: entityId }),
  z.object({ intent: z.literal("resend-verification") }),
]);
export type ProfileIntent = z.input<typeof ProfileIntentSchema>;
export type ProfileIntentName = ProfileIntent["intent"];

/** A token just created: the only time its value is shown. */
export interface CreatedApiToken {
  id: string;
  label: string;
  token: string;
}

/**
 * What the action answers the fetcher that posted: the Conform reply of a form (`result`, with the
 * status), the new token after `create-token`, or `{ok: false, error}` for a refused button.
 */
export interface ProfileActionData {
  ok?: boolean;
  status?: number;
  result?: SubmissionResult<string[]>;
  created?: CreatedApiToken;
  error?: string;
  /** What a request that mails something says (the verification link is on its way). */
  message?: string;
}
