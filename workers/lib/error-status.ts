// The one table from a domain error's kind to an HTTP status, and the one reading of a thrown
// error that the REST API (workers/api/errors.ts) and the Remix helpers (app/lib/errors.server.ts)
// both answer from (ADR 011).
import { DomainError, type ErrorKind, type FieldErrors, Invalid, QuotaExceeded } from "../domain/errors";

export const STATUS_OF_KIND = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  TooLarge: 413,
  QuotaExceeded: 429,
  UpstreamFailed: 502,
  Unavailable: 503,
} as const satisfies Record<ErrorKind, number>;

export type ErrorStatus = (typeof STATUS_OF_KIND)[ErrorKind];

/** What a response says about a domain error. */
export interface ErrorAnswer {
  kind: ErrorKind;
  status: ErrorStatus;
  message: string;
  /** Messages per field; absent when the message is about the request as a whole. */
  fields?: FieldErrors;
  /** Seconds until trying again may work (sent as `Retry-After`); absent when unknown. */
  retryAfterSeconds?: number;
}

/** The status, message and field messages of a domain error; null for any other thrown value. */
export function describeError(error: DomainError): ErrorAnswer;
export function describeError(error: unknown): ErrorAnswer | null;
export function describeError(error: unknown): ErrorAnswer | null {
  if (!(error instanceof DomainError)) return null;
  const answer: ErrorAnswer = { kind: error.kind, status: STATUS_OF_KIND[error.kind], message: error.message };
  if (error instanceof Invalid && !error.aboutWholeInput) answer.fields = error.fields;
  if (error instanceof QuotaExceeded && error.retryAfterSeconds !== undefined) answer.retryAfterSeconds = error.retryAfterSeconds;
  return answer;
}

/** The headers an error answer carries besides its body: `Retry-After` when it says when to retry. */
export function errorHeaders(answer: ErrorAnswer): Record<string, string> {
  return answer.retryAfterSeconds === undefined ? {} : { "Retry-After": String(answer.retryAfterSeconds) };
}
