// zod at every boundary: one parse helper that turns zod issues into field errors
// ({field: [message, ...]}, field names as in the payload).
import type { z } from "zod";
import { type FieldErrors, Invalid } from "../domain/errors";
import { BODY_LIMITS, readBodyWithin } from "./body-limit";

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    // One message per field: the first rule that failed is the one the user must fix first.
    fields[key] ??= [issue.message];
  }
  return fields;
}

/** Parses untrusted input or throws `Invalid` (400 with field messages). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Invalid(fieldErrorsOf(result.error));
  return result.data;
}

/** What a route that reads only JSON answers to a body declared as anything else. */
export const JSON_BODY_REQUIRED = "Send the body as JSON (Content-Type: application/json).";

/** Whether the request declares a JSON body: the media type `application/json` in any case, parameters allowed. */
export function declaresJsonBody(request: Request): boolean {
  const type = request.headers.get("content-type");
  return type !== null && type.split(";")[0].trim().toLowerCase() === "application/json";
}

/**
 * Reads a JSON body of at most `maxBytes`, refusing malformed or oversized ones with a 400/413
 * instead of a 500; the size is enforced while the body streams, not after it has all arrived.
 */
export async function readJsonBody(request: Request, maxBytes: number = BODY_LIMITS.json): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyWithin(request, maxBytes));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new Invalid("Malformed JSON body.");
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);
