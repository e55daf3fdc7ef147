// The sign-up limit (ADR 035): sign-ups are counted per email asked for and per client address
// over an hour, each in a RateLimiter Durable Object, so neither one address nor a burst of
// parallel requests can create accounts (or probe which emails have one) without bound.
import type { DomainContext } from "./context";
import { QuotaExceeded } from "./errors";
import { bucketName, rateLimiterOf, retryAfterSeconds } from "./rate-limits";
import { TOO_MANY_MAIL_REQUESTS, TOO_MANY_SIGN_UPS } from "./schemas/accounts";
import type { SignInClient } from "./sign-in-throttle";

/** Sign-ups one email may be asked for inside the window. */
export const SIGN_UPS_PER_EMAIL = 5;
/** How far back sign-ups count. */
export const SIGN_UP_WINDOW_MS = 60 * 60_000;

/**
 * Counts a sign-up for `email` from `client`, or refuses it (429) when the email or the address
 * already holds its limit in the window. The address's limit is `SIGN_UPS_PER_ADDRESS_PER_HOUR`;
 * a request without a client address (never behind Cloudflare) is counted per email only.
 */
export function takeSignUp(ctx: DomainContext, email: string, client: SignInClient, now = Date.now()) {
  return takeEmailAndAddress(ctx, {
    bucket: "sign-up",
    email,
    client,
    perEmail: SIGN_UPS_PER_EMAIL,
    perAddress: ctx.config.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    windowMs: SIGN_UP_WINDOW_MS,
    refusal: TOO_MANY_SIGN_UPS,
    now,
  });
}

/** Mails one address may be sent on request (a reset, a sign-in link) inside the window. */
export const MAIL_REQUESTS_PER_EMAIL = 3;

/**
 * Counts a request that sends a mail to `email` (kind `bucket`), or refuses it (429): no one can
 * flood an address with mail, nor one client flood many addresses. The count is taken whether
 * or not an account has the address, so the answer tells nothing about it.
 */
export function takeMailRequest(ctx: DomainContext, bucket: string, email: string, client: SignInClient, now = Date.now()) {
  return takeEmailAndAddress(ctx, {
    bucket,
    email,
    client,
    perEmail: MAIL_REQUESTS_PER_EMAIL,
    perAddress: ctx.config.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    windowMs: SIGN_UP_WINDOW_MS,
    refusal: TOO_MANY_MAIL_REQUESTS,
    now,
  });
}

/**
 * Counts one request against the email's bucket and the client address's, or refuses it (429)
 * when either already holds its limit in the window (then neither keeps the count). A request
 * without a client address (never behind Cloudflare) is counted per email only.
 */
async function takeEmailAndAddress(
  ctx: DomainContext,
  limit: { bucket: string; email: string; client: SignInClient; perEmail: number; perAddress: number; windowMs: number; refusal: string; now: number },
) {
  const { client, now } = limit;
  const [emailBucket, addressBucket] = await Promise.all([
    bucketName(`${limit.bucket}:email`, limit.email),
    client.address === null ? null : bucketName(`${limit.bucket}:address`, client.address),
  ]);
  const verdicts = await Promise.all([
    rateLimiterOf(ctx, emailBucket).take(limit.perEmail, limit.windowMs, now),
    ...(addressBucket === null ? [] : [rateLimiterOf(ctx, addressBucket).take(limit.perAddress, limit.windowMs, now)]),
  ]);
  if (verdicts.every((verdict) => verdict.allowed)) return;
  const buckets = [emailBucket, addressBucket];
  await Promise.all(verdicts.map((verdict, i) => (verdict.hit ? rateLimiterOf(ctx, buckets[i] as string).release(verdict.hit) : null)));
  throw new QuotaExceeded(limit.refusal, retryAfterSeconds(verdicts));
}
