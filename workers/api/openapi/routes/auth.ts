// The routes of workers/api/auth.ts, described for the OpenAPI document (see ../describe.ts).
import { AccountLinkInput, MailRequestInput, PasswordResetInput, SignInCodeInput, SignInInput, SignUpInput } from "../../../domain/schemas/accounts";
import { SignedIn } from "../queries";
import type { RouteDocs } from "../describe";

export const authDocs: RouteDocs = {
  "POST /api/auth/sign-up": { summary: "Sign up", description: "Creates an account and signs this browser in (sets the session cookie). Only this site's own pages may call it, with a JSON body.", access: "public", body: SignUpInput, status: 201, response: SignedIn, errors: [403, 409, 429] },
  "POST /api/auth/sign-in": { summary: "Sign in", description: "Signs in with email and password and sets the session cookie. Only this site's own pages may call it, with a JSON body.", access: "public", body: SignInInput, response: SignedIn, errors: [401, 403, 429] },
  "POST /api/auth/password-reset": { summary: "Request a password reset mail", description: "Mails a reset link when an account has the address; the answer is the same either way.", access: "public", body: MailRequestInput, status: 202, errors: [403, 429] },
  "POST /api/auth/password-reset/confirm": { summary: "Set a new password from a reset link", description: "Every other session of the account ends and this browser is signed in.", access: "public", body: PasswordResetInput, response: SignedIn, errors: [403] },
  "POST /api/auth/sign-in-link": { summary: "Request a sign-in mail", description: "Mails a sign-in link and code when an account has the address; the answer is the same either way.", access: "public", body: MailRequestInput, status: 202, errors: [403, 429] },
  "POST /api/auth/sign-in-link/confirm": { summary: "Sign in with a mailed link", access: "public", body: AccountLinkInput, response: SignedIn, errors: [403] },
  "POST /api/auth/sign-in-code": { summary: "Sign in with a mailed code", access: "public", body: SignInCodeInput, response: SignedIn, errors: [401, 403, 429] },
  "POST /api/auth/confirm-email": { summary: "Confirm a new email address", description: "Moves the account to the address of a new-address link, signed in or not.", access: "public", body: AccountLinkInput },
  "POST /api/auth/verify-email": { summary: "Verify an email address", description: "Marks the address of a verification link's account verified, signed in or not.", access: "public", body: AccountLinkInput },
  "POST /api/auth/sign-out": { summary: "Sign out", description: "Ends the session the request presents, if any, and clears the cookie.", access: "public", status: 204 },
  "POST /api/auth/sign-out-all": { summary: "Sign out everywhere", description: "Ends every session of the caller, this one included.", access: "signed-in", status: 204 },
};
