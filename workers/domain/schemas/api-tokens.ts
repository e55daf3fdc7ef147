// API tokens as their owner creates and sees them: the scope, the expiry and the messages a token's
// caller is refused with. Client-safe (zod only): the profile form validates with the same schema.
import { z } from "zod";
import { isoDate, requiredText } from "./common";

/** What a token may do: `read` tokens only read (GET and HEAD); `read_write` ones act as their owner. */
export const API_TOKEN_SCOPES = ["read", "read_write"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The scope a token gets when its creator names none (and what tokens made before scopes have). */
export const DEFAULT_API_TOKEN_SCOPE: ApiTokenScope = "read_write";

/** How each scope is named to people. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = { read: "Read only", read_write: "Read and write" };

/** What a read token's caller is told when it tries to change anything. */
export const READ_ONLY_API_TOKEN = "This API token can only read.";

/** What the caller of an expired token is told. */
export const EXPIRED_API_TOKEN = "This API token has expired; create a new one in your profile.";

/** What a caller past its request allowance is told (the headers say when to try again). */
export const TOO_MANY_API_REQUESTS = "Too many requests. Please slow down and try again in a moment.";

export const API_TOKEN_SCOPE_INVALID = "Choose read or read_write.";
export const API_TOKEN_EXPIRY_FORMAT = "Enter the expiry as a date (YYYY-MM-DD) or a time (2026-12-01T09:00:00Z).";
export const API_TOKEN_EXPIRY_PAST = "Choose an expiry in the future.";

const expiryTime = z.iso.datetime({ offset: true, error: API_TOKEN_EXPIRY_FORMAT });

/** The instant an expiry names: a date means the start of that day (UTC). */
export function expiryInstant(value: string): string {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value).toISOString();
}

/**
 * When a token stops working: a date (the start of that day, UTC) or a time, in the future; none
 * (absent, null or empty) means it never expires. Parsed to an ISO timestamp.
 */
export const apiTokenExpiry = z
  .union([isoDate, expiryTime], { error: API_TOKEN_EXPIRY_FORMAT })
  .transform(expiryInstant)
  .refine((instant) => Date.parse(instant) > Date.now(), API_TOKEN_EXPIRY_PAST)
  .nullish()
  .transform((instant) => instant ?? null);

export const CreateApiTokenInput = z.object({
  label: requiredText({ required: "Label is required", tooLong: "Label should be less than 255 characters" }),
  scope: z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_SCOPE_INVALID }).default(DEFAULT_API_TOKEN_SCOPE),
  expires_at: apiTokenExpiry,
});

/** Whether a token whose expiry is `expiresAt` has expired at `now`. */
export const isExpired = (expiresAt: string | null, now = Date.now()) => expiresAt !== null && Date.parse(expiresAt) <= now;
