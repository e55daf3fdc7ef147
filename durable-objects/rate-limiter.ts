// One RateLimiter per bucket (an account's sign-in failures, an address's sign-ups, ...): it keeps
// the times of the bucket's hits in its own storage and decides each request alone. A Durable
// Object runs one call at a time, and every method here reads and writes its SQLite storage
// synchronously, so "count, then record" cannot interleave: of N simultaneous attempts past the
// limit, none gets through (ADR 035).
import { DurableObject } from "cloudflare:workers";
import type { RateVerdict } from "../workers/domain/rate-limits";

export class RateLimiter extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS hits (id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
    ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS hits_at ON hits (at)");
  }

  /** Forgets hits that left the window and answers how many remain and when the oldest leaves it. */
  private held(windowMs: number, now: number) {
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
    const row = this.ctx.storage.sql.exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM hits").one();
    return { count: row.n, retryAfterMs: row.oldest === null ? 0 : Math.max(1, row.oldest + windowMs - now) };
  }

  /**
   * Records a hit when fewer than `limit` are held in the window and answers `allowed` with the
   * hit's id (to give it back with `release`); refuses otherwise, recording nothing, with the time
   * until the oldest hit leaves the window.
   */
  take(limit: number, windowMs: number, now = Date.now()): RateVerdict {
    const { count, retryAfterMs } = this.held(windowMs, now);
    if (count >= limit) return { allowed: false, count, retryAfterMs };
    const hit = crypto.randomUUID();
    this.ctx.storage.sql.exec("INSERT INTO hits (id, at) VALUES (?, ?)", hit, now);
    return { allowed: true, count: count + 1, retryAfterMs: 0, hit };
  }

  /** The bucket's state without recording anything. */
  peek(limit: number, windowMs: number, now = Date.now()): RateVerdict {
    const { count, retryAfterMs } = this.held(windowMs, now);
    return count >= limit ? { allowed: false, count, retryAfterMs } : { allowed: true, count, retryAfterMs: 0 };
  }

  /** Gives back one hit (an attempt that turned out not to count). */
  release(hit: string) {
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE id = ?", hit);
  }

  /** Forgets every hit of the bucket. */
  clear() {
    this.ctx.storage.sql.exec("DELETE FROM hits");
  }
}
