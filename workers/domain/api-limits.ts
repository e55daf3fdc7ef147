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
 * What this isolate last heard from a bucket's limiter: the window's remaining allowance, when the
 * window closes (by this isolate's clock), and how many requests it counted since without an answer.
 */
interface HeardWindow {
  remaining: number;
  resetAt: number;
  unanswered: number;
}

/** The isolate's clock for what it heard; tests move it on together with the limiter's. */
export const heardClock = { now: () => Date.now() };

/** Buckets an isolate remembers (the most recently counted). */
const HEARD_BUCKETS_KEPT = 5_000;
const heard = new Map<string, HeardWindow>();

/**
 * How much allowance must be left, by the last answer less the requests still unanswered, for a
 * request to go on without waiting for the limiter: a tenth of the limit, at least two. Below it,
 * and for a bucket this isolate has not heard of, every request waits for its count.
 */
export const unwaitedMargin = (limit: number) => Math.max(2, Math.ceil(limit / 10));

function remember(name: string, verdict: WindowVerdict, counted: boolean) {
  const known = heard.get(name);
  heard.delete(name);
  heard.set(name, { remaining: verdict.remaining, resetAt: heardClock.now() + verdict.resetInMs, unanswered: Math.max(0, (known?.unanswered ?? 0) - (counted ? 1 : 0)) });
  if (heard.size > HEARD_BUCKETS_KEPT) heard.delete(heard.keys().next().value as string);
}

/**
 * Counts one API request against its bucket's window and answers the window's allowance. The
 * limiter is a Durable Object, on the edge possibly a continent away: while the last answer this
 * isolate heard leaves a clear margin, the request goes on at once and its count is sent beside it
 * (`waitUntil`), so the allowance costs no round trip; near the limit, and after a refusal, each
 * request waits for its count, so the 61st of 60 in one place is refused. Isolates elsewhere may
 * let through up to their margin more before hearing of it. A limiter that cannot be reached lets
 * the request through (logged): an outage of the counter must not take the API down with it.
 */
export async function takeApiRequest(
  ctx: Pick<DomainContext, "env" | "config">,
  bucket: ApiBucket,
  waitUntil: (work: Promise<unknown>) => void,
): Promise<WindowVerdict | null> {
  const limit = bucket.kind === "token" ? ctx.config.API_RATE_LIMIT_PER_TOKEN : ctx.config.API_RATE_LIMIT_PER_USER;
  const name = await apiBucketName(bucket);
  const known = heard.get(name);
  const now = heardClock.now();
  const unwaited = known !== undefined && now < known.resetAt && known.remaining - known.unanswered > unwaitedMargin(limit);
  if (known && unwaited) known.unanswered++;
  const counted = rateLimiterOf(ctx, name)
    .hitWindow(limit, ctx.config.API_RATE_LIMIT_WINDOW_SECONDS * 1000)
    .then((verdict) => {
      remember(name, verdict, unwaited);
      return verdict;
    })
    .catch((error: unknown) => {
      const current = heard.get(name);
      if (current && unwaited) current.unanswered = Math.max(0, current.unanswered - 1);
      console.error("the API rate limiter could not be reached", error);
      return null;
    });
  if (!known || !unwaited) return counted;
  waitUntil(counted);
  return { allowed: true, limit, remaining: Math.max(0, known.remaining - known.unanswered), resetInMs: known.resetAt - now };
}

/** The RateLimiter name of an API bucket. */
export const apiBucketName = (bucket: ApiBucket) => bucketName(`api-${bucket.kind}`, bucket.key);

/** The refusal of a request past its window's allowance: 429, and when the next window opens. */
export function tooManyApiRequests(verdict: WindowVerdict): QuotaExceeded {
  return new QuotaExceeded(TOO_MANY_API_REQUESTS, Math.max(1, Math.ceil(verdict.resetInMs / 1000)));
}
