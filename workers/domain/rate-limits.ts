// Counting attempts in a sliding window, exactly: each bucket (a SHA-256 of what it counts, so no
// email or address is kept in the clear) is one RateLimiter Durable Object
// (durable-objects/rate-limiter.ts), which records a hit only while the bucket is under its limit
// and decides one call at a time. Sign-in failures and sign-ups are counted this way (ADR 035).
import { sha256Hex } from "../auth/crypto";
import type { DomainContext } from "./context";

/** A bucket's answer: whether the attempt may go on, the hits held, and the wait when refused. */
export interface RateVerdict {
  allowed: boolean;
  count: number;
  /** Milliseconds until the oldest hit leaves the window (0 when allowed). */
  retryAfterMs: number;
  /** The hit this call recorded, to give back with `release`. */
  hit?: string;
}

/** A fixed window's answer to one API request: whether it may go on, and the window's allowance. */
export interface WindowVerdict {
  allowed: boolean;
  /** Requests the window allows. */
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Milliseconds until the window closes and a new one opens (relative: the caller's clock dates it). */
  resetInMs: number;
}

/** The name of the bucket counting `what` (kind and value), hashed. */
export const bucketName = (kind: string, value: string) => sha256Hex(`${kind}:${value}`);

/** The RateLimiter holding bucket `name`. */
export function rateLimiterOf(ctx: Pick<DomainContext, "env">, name: string) {
  return ctx.env.RATE_LIMITER.get(ctx.env.RATE_LIMITER.idFromName(name));
}

/** Seconds to tell a refused caller to wait (at least one). */
export const retryAfterSeconds = (verdicts: RateVerdict[]) =>
  Math.max(1, Math.ceil(Math.max(0, ...verdicts.filter((v) => !v.allowed).map((v) => v.retryAfterMs)) / 1000));
