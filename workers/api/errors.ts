// Thrown errors become REST responses here, through the one kind-to-status table. A field error
// answers its fields (`{"name": ["Name is required"]}`), any other domain error its message
// (`{"error": "Not found."}`). Unknown errors are logged and answered with a generic 500 body; a
// stack trace never leaves the Worker. The MCP server's tool errors say the same (errorAnswerOf).
import type { Context } from "hono";
import type { FieldErrors } from "../domain/errors";
import { SOMETHING_WENT_WRONG } from "../domain/schemas/constants";
import { type ErrorStatus, describeError, errorHeaders } from "../lib/error-status";

/** What the API answers for a thrown error: its status, JSON body and extra headers. */
export interface ErrorAnswerBody {
  status: ErrorStatus | 500;
  body: FieldErrors | { error: string };
  headers: Record<string, string>;
}

/** The API's answer to `error`; an unknown error is logged (with `where`) and answered as a generic 500. */
export function errorAnswerOf(error: unknown, where = "unhandled API error"): ErrorAnswerBody {
  const answer = describeError(error);
  if (answer) return { status: answer.status, body: answer.fields ?? { error: answer.message }, headers: errorHeaders(answer) };
  console.error(where, error);
  return { status: 500, body: { error: SOMETHING_WENT_WRONG }, headers: {} };
}

export function errorResponse(error: unknown, c: Context) {
  const { status, body, headers } = errorAnswerOf(error);
  return c.json(body, status, headers);
}
