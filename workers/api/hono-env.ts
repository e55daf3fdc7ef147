// Typed Hono context shared by every router, and the helpers handlers use to read it.
import type { Context } from "hono";
import type { Authenticated } from "../auth/sessions";
import type { ActorContext, DomainContext } from "../domain/context";
import { Unauthenticated } from "../domain/errors";
import { BODY_LIMITS } from "../lib/body-limit";
import { readJsonBody } from "../lib/validation";

export type ApiEnv = {
  Bindings: Env;
  /** `bodyLimit`: the most a JSON body of this route may hold, when a route group sets its own. */
  Variables: { domain: DomainContext; auth: Authenticated | null; bodyLimit?: number };
};

export type ApiContext = Context<ApiEnv>;

/** The domain context of an authenticated caller, or 401. */
export function actorOf(c: ApiContext): ActorContext {
  const auth = c.get("auth");
  if (!auth) throw new Unauthenticated();
  return { ...c.get("domain"), actor: auth.user, sessionToken: auth.sessionToken };
}

/** The request's JSON body, within its route's limit (the JSON default unless its group sets one). */
export const body = (c: ApiContext) => readJsonBody(c.req.raw, c.get("bodyLimit") ?? BODY_LIMITS.json);
/** A JSON body allowed to be larger than usual (a CSV upload carries the whole file). */
export const largeBody = (c: ApiContext, maxBytes: number) => readJsonBody(c.req.raw, maxBytes);
