// Account input schemas: client-safe (zod only), shared by the API, Remix actions and Conform forms.
import { z } from "zod";
import { ThemeInput } from "./theme";

export const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email should be less than 255 characters")
  .pipe(z.email("Enter a valid email address."));

export const personName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(255, `${label} should be less than 255 characters`);

/**
 * What a password that is too easy to guess is refused with: a common one, a blank or repeated
 * one, or the person's own email or name. The Worker checks it (workers/domain/password-policy.ts)
 * against a bundled list the browser never downloads.
 */
export const WEAK_PASSWORD = "This password is too easy to guess. Avoid common passwords, repeated characters, your email and your name.";

/** The rule every password a person chooses follows: at sign-up and when changing it. */
export const newPassword = z
  .string({ error: "Password is required" })
  .min(8, "Password must be at least 8 characters long.")
  .max(128, "Password should be at most 128 characters.");

export const SignUpInput = z.object({
  email,
  password: newPassword,
  first_name: personName("First name").default(""),
  last_name: personName("Last name").default(""),
});

/** What a sign-in refused by the throttle says (ADR 027). */
export const TOO_MANY_SIGN_IN_ATTEMPTS = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

/** What a sign-up refused by the sign-up limit says (ADR 035). */
export const TOO_MANY_SIGN_UPS = "Too many sign-ups from here. Please wait a while and try again.";

/** What a mail-sending request past its limit says (per address asked for and per client). */
export const TOO_MANY_MAIL_REQUESTS = "Too many requests for this address. Please wait a while and try again.";

/** A request for a mail to an address: a reset link, a sign-in link. */
export const MailRequestInput = z.object({ email });

/** The secret a mailed link carries (a reset, verification, sign-in or new-address link). */
const linkToken = z.string({ error: "The link is missing its code." }).trim().min(1, "The link is missing its code.").max(200);

export const AccountLinkInput = z.object({ token: linkToken });

/** How many digits a sign-in mail's code has. */
export const SIGN_IN_CODE_LENGTH = 6;

export const SignInCodeInput = z.object({
  email,
  code: z
    .string({ error: "Enter the code from the mail." })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), `Enter the ${SIGN_IN_CODE_LENGTH} digits from the mail.`)),
});


export const PasswordResetInput = z.object({ token: linkToken, password: newPassword });

export const SignInInput = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});


export const UpdateMeInput = z
  .object({
    first_name: personName("First name"),
    last_name: personName("Last name"),
    display_name: personName("Display name"),
    avatar: z.string().trim().max(1024, "Avatar URL is too long"),
    theme: ThemeInput.nullable(),
  })
  .partial();

