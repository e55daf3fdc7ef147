// The kinds of failure the domain throws, named once for the server and the browser alike: the
// server maps each to a status (workers/lib/error-status.ts) and the browser reads it back
// (app/lib/action-answer.ts), so a screen reacts to what went wrong, never to a number.

/** Every kind of domain failure. */
export const ERROR_KINDS = [
  "Invalid",
  "Unauthenticated",
  "Forbidden",
  "NotFound",
  "Conflict",
  "TooLarge",
  "QuotaExceeded",
  "UpstreamFailed",
  "Unavailable",
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];
