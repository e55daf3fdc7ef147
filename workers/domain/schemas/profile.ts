// The profile page's inputs: names, the avatar and a password change. Client-safe (zod only);
// the names and the new password follow the same rules as sign-up.
import type { ApiTokenScope } from "./api-tokens";
import { z } from "zod";
import { email, newPassword, personName, UpdateMeInput } from "./accounts";
import type { NotificationMailPreferences } from "./notification-mail";

/** The names on the profile form; a field left empty clears that name. */
export const ProfileInput = z.object({
  first_name: personName("First name").default(""),
  last_name: personName("Last name").default(""),
  display_name: personName("Display name").default(""),
});

/** A new avatar: the URL an upload to the user file assets answered. */
export const AvatarInput = UpdateMeInput.pick({ avatar: true }).required();

export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const CURRENT_PASSWORD_WRONG = "The current password you entered is incorrect.";
export const PASSWORDS_DO_NOT_MATCH = "Passwords don't match";

const currentPassword = z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED).max(128, CURRENT_PASSWORD_WRONG);

export const ChangePasswordInput = z.object({ current_password: currentPassword, new_password: newPassword });

/** A new address for the account: it changes once the link mailed to it is opened. */
export const ChangeEmailInput = z.object({ email, current_password: currentPassword });

/** An API token as its owner sees it listed: never the token itself. */
export interface ApiTokenListItem {
  id: string;
  label: string;
  scope: ApiTokenScope;
  /** When it stops working; null when it never expires. */
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A browser session of the user's as they see it listed: never its token. */
export interface SessionListItem {
  id: string;
  /** The browser and system read from its User-Agent ("Firefox on macOS"), or "Unknown device". */
  device: string;
  /** Where Cloudflare placed the sign-in (two-letter code), when it said. */
  country: string | null;
  created_at: string;
  /** When it was last used, to within a few minutes. */
  last_seen_at: string;
  /** Whether this is the session the request came with (never for API-key callers). */
  current: boolean;
}

/** Everything the profile page shows. */
export interface ProfilePageData {
  profile: { email: string; first_name: string; last_name: string; display_name: string; avatar: string };
  /** Whether the person opened the link mailed to their address. */
  emailVerified: boolean;
  /** The new address a mailed link waits to confirm, if the person asked to change theirs. */
  pendingEmail: string | null;
  tokens: ApiTokenListItem[];
  /** Where the account is signed in, newest sign-in first. */
  sessions: SessionListItem[];
  /** The workspace the page leads back to: the one named, else the last one used, else the first. */
  workspace: { slug: string; name: string } | null;
  /** What notification mail the person gets. */
  notificationMail: NotificationMailPreferences;
}
