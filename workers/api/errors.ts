// The one mapping from thrown errors to REST responses. Unknown errors are logged and answered
// with a generic 500 body; a stack trace never leaves the Worker.
import type { Context } from "hono";
import { DomainError } from "../domain/errors";

export function errorResponse(error: unknown, c: Context) {
  if (error instanceof DomainError) return c.json(error.body(), error.status as 400);
  console.error("unhandled API error", error);
  return c.json({ error: "Something went wrong. Please try again." }, 500);
}
