// What an API caller may do beyond its roles (ADR 055): a read token writes nothing, and every
// signed-in user and every token has a request allowance per window, counted in a RateLimiter
// Durable Object (one call per request) rather than in D1.
import type { ApiTokenScope } from "./schemas/api-tokens";
import { READ_ONLY_API_TOKEN, TOO_MANY_API_REQUESTS } from "./schemas/api-tokens";
import type { DomainContext } from "./context";
import { Forbidden, QuotaExceeded } from "./errors";
import { bucketName, rateLimiterOf, type WindowVerdict } from "./rate-limits";

/** The methods that only read: the only ones a read token may send to the REST API and the pages. */
const READ_METHODS = new Set(["GET", "HEAD"]);

/** The part of a caller that says what its credentials allow: a token's scope, none for a session. */
export interface CallerScope {
  tokenScope?: ApiTokenScope;
}

/** Whether the caller may change anything: false only for a read token. */
export function mayWrite(caller: CallerScope | null | undefined): boolean {
  return caller?.tokenScope !== "read";
}

/** What a write by a read token is refused with (403). */
export const readOnlyTokenRefusal = () => new Forbidden(READ_ONLY_API_TOKEN);

/**
 * Refuses a write by a caller whose token may only read. An endpoint that runs reads and writes
 * through one method (a tool call over POST) calls this before each write.
 */
export function assertMayWrite(caller: CallerScope | null | undefined): void {
  if (!mayWrite(caller)) throw readOnlyTokenRefusal();
}

/** Whether the caller may send `method`: a read token sends GET and HEAD only, the class of reads. */
export function mayUseMethod(caller: CallerScope | null | undefined, method: string): boolean {
  return READ_METHODS.has(method.toUpperCase()) || mayWrite(caller);
}

/** Refuses any request but GET and HEAD from a read token, at the door, whatever the route. */
export function assertMethodAllowed(caller: CallerScope | null | undefined, method: string): void {
  if (!mayUseMethod(caller, method)) throw readOnlyTokenRefusal();
}

/** Whose allowance a request counts against: a token's (by its hash) or a signed-in user's (by id). */
export type ApiBucket = { kind: "token" | "user"; key: string };

/**
 * Counts one API request against its bucket's window and answers the window's allowance. A limiter
 * that cannot be reached lets the request through (logged): an outage of the counter must not take
 * the API down with it.
 */
export async function takeApiRequest(ctx: Pick<DomainContext, "env" | "config">, bucket: ApiBucket): Promise<WindowVerdict | null> {
  const limit = bucket.kind === "token" ? ctx.config.API_RATE_LIMIT_PER_TOKEN : ctx.config.API_RATE_LIMIT_PER_USER;
  try {
    const limiter = rateLimiterOf(ctx, await apiBucketName(bucket));
    return await limiter.hitWindow(limit, ctx.config.API_RATE_LIMIT_WINDOW_SECONDS * 1000);
  } catch (error) {
    console.error("the API rate limiter could not be reached", error);
    return null;
  }
}

/** The RateLimiter name of an API bucket. */
export const apiBucketName = (bucket: ApiBucket) => bucketName(`api-${bucket.kind}`, bucket.key);

/** The refusal of a request past its window's allowance: 429, and when the next window opens. */
export function tooManyApiRequests(verdict: WindowVerdict): QuotaExceeded {
  return new QuotaExceeded(TOO_MANY_API_REQUESTS, Math.max(1, Math.ceil(verdict.resetInMs / 1000)));
}
