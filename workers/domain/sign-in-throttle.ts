// The sign-in throttle (ADRs 027 and 035): sign-in attempts are counted per account and per
// client address over a sliding window; once either holds the limit, further sign-ins through it
// are refused until its oldest failure leaves the window, whether the password is right or not.
// Each attempt takes its place in both counters before the password is checked, in one atomic
// step per counter (a RateLimiter Durable Object), so a burst of simultaneous guesses cannot
// slip past the limit; a success then gives its place back.
import type { DomainContext } from "./context";
import { QuotaExceeded } from "./errors";
import { type RateVerdict, bucketName, rateLimiterOf, retryAfterSeconds } from "./rate-limits";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "./schemas/accounts";

/** Failures allowed per account and per address inside the window; the next attempt is refused. */
export const SIGN_IN_FAILURE_LIMIT = 10;
/** How far back failures count. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Where a sign-in comes from: the client address Cloudflare saw (`CF-Connecting-IP`), if any. */
export interface SignInClient {
  address: string | null;
}

/** The client of a request: Cloudflare sets `CF-Connecting-IP` on every request it forwards. */
export function signInClientOf(request: Request): SignInClient {
  return { address: request.headers.get("cf-connecting-ip")?.trim() || null };
}

/**
 * The counters a sign-in for `email` from `client` is measured against. An unknown email has its
 * counter like a known one, so a refusal never tells which emails have accounts.
 */
export async function throttleKeys(email: string, client: SignInClient) {
  const account = await bucketName("sign-in:account", email);
  const address = client.address === null ? null : await bucketName("sign-in:address", client.address);
  return { account, address };
}

export type ThrottleKeys = Awaited<ReturnType<typeof throttleKeys>>;

/** The places one sign-in took in its counters. */
export interface SignInAttempt {
  keys: ThrottleKeys;
  account: RateVerdict;
  address: RateVerdict | null;
}

/**
 * Takes this attempt's place in the account's and the address's counters, or refuses it (giving
 * back what it took) when either already holds the limit, with the seconds until the oldest
 * failure of the fuller one leaves the window. Counted before any hash, so a refusal costs none.
 */
export async function takeSignInAttempt(ctx: DomainContext, keys: ThrottleKeys, now = Date.now()): Promise<SignInAttempt> {
  const [account, address] = await Promise.all([
    rateLimiterOf(ctx, keys.account).take(SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, now),
    keys.address === null ? null : rateLimiterOf(ctx, keys.address).take(SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, now),
  ]);
  if (account.allowed && (address === null || address.allowed)) return { keys, account, address };
  await Promise.all([
    account.hit ? rateLimiterOf(ctx, keys.account).release(account.hit) : null,
    address?.hit && keys.address ? rateLimiterOf(ctx, keys.address).release(address.hit) : null,
  ]);
  throw new QuotaExceeded(TOO_MANY_SIGN_IN_ATTEMPTS, retryAfterSeconds(address ? [account, address] : [account]));
}

/**
 * A sign-in succeeded: the account's failures are forgotten, and the address gets this attempt's
 * place back but keeps its earlier failures (one good account does not vouch for an address that
 * guessed at others).
 */
export async function settleSuccessfulSignIn(ctx: DomainContext, attempt: SignInAttempt) {
  const { keys, address } = attempt;
  await Promise.all([
    rateLimiterOf(ctx, keys.account).clear(),
    address?.hit && keys.address ? rateLimiterOf(ctx, keys.address).release(address.hit) : null,
  ]);
}
