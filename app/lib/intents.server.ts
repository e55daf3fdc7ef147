// Reading a page action's JSON intent: parsed against the page's discriminated union, never cast.
import type { z } from "zod";
import { Invalid } from "../../workers/domain/errors";

/** The JSON body of `request` read against `schema`; a malformed or unknown intent is a 400. */
export async function readJsonIntent<Schema extends z.ZodType>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new Invalid("Malformed request.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Invalid("Unknown action.");
  return parsed.data;
}
