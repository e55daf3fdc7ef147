// Thrown errors become REST responses here, through the one kind-to-status table. A field error
// answers its fields (`{"name": ["Name is required"]}`), any other domain error its message
// (`{"error": "Not found."}`). Unknown errors are logged and answered with a generic 500 body; a
// stack trace never leaves the Worker.
import type { Context } from "hono";
import { describeError, errorHeaders } from "../lib/error-status";

export function errorResponse(error: unknown, c: Context) {
  const answer = describeError(error);
  if (answer) return c.json(answer.fields ?? { error: answer.message }, answer.status, errorHeaders(answer));
  console.error("unhandled API error", error);
  return c.json({ error: "Something went wrong. Please try again." }, 500);
}
