// The sign-up limit (ADR 035): sign-ups are counted per email asked for and per client address
// over an hour, each in a RateLimiter Durable Object, so neither one address nor a burst of
// parallel requests can create accounts (or probe which emails have one) without bound.
import type { DomainContext } from "./context";
import { QuotaExceeded } from "./errors";
import { bucketName, rateLimiterOf, retryAfterSeconds } from "./rate-limits";
import { TOO_MANY_SIGN_UPS } from "./schemas/accounts";
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
export async function takeSignUp(ctx: DomainContext, email: string, client: SignInClient, now = Date.now()) {
  const [emailBucket, addressBucket] = await Promise.all([
    bucketName("sign-up:email", email),
    client.address === null ? null : bucketName("sign-up:address", client.address),
  ]);
  const verdicts = await Promise.all([
    rateLimiterOf(ctx, emailBucket).take(SIGN_UPS_PER_EMAIL, SIGN_UP_WINDOW_MS, now),
    ...(addressBucket === null ? [] : [rateLimiterOf(ctx, addressBucket).take(ctx.config.SIGN_UPS_PER_ADDRESS_PER_HOUR, SIGN_UP_WINDOW_MS, now)]),
  ]);
  if (verdicts.every((verdict) => verdict.allowed)) return;
  const buckets = [emailBucket, addressBucket];
  await Promise.all(verdicts.map((verdict, i) => (verdict.hit ? rateLimiterOf(ctx, buckets[i] as string).release(verdict.hit) : null)));
  throw new QuotaExceeded(TOO_MANY_SIGN_UPS, retryAfterSeconds(verdicts));
}
