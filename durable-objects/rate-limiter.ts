// One RateLimiter per bucket (an account's sign-in failures, an address's sign-ups, ...): it keeps
// the times of the bucket's hits in its own storage and decides each request alone. A Durable
// Object runs one call at a time, and every method here reads and writes its SQLite storage
// synchronously, so "count, then record" cannot interleave: of N simultaneous attempts past the
// limit, none gets through (ADR 035).
//
// API request allowances (ADR 055) are counted apart, in a fixed window kept in memory (`hitWindow`):
// no storage write per request, so answering never waits for one.
import { DurableObject } from "cloudflare:workers";
import type { RateVerdict, WindowVerdict } from "../workers/domain/rate-limits";

export class RateLimiter extends DurableObject<Env> {
  /** The request window of an API bucket: when it started and how many requests it took. */
  private window: { start: number; count: number } | null = null;
  private tablesReady = false;
  /** The object's clock; tests move it on to open the next window without waiting for it. */
  now: () => number = () => Date.now();

  /** The hits table, made at the first counted attempt (API buckets never need it). */
  private hits() {
    if (!this.tablesReady) {
      this.ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS hits (id TEXT PRIMARY KEY, at INTEGER NOT NULL)");
      this.ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS hits_at ON hits (at)");
      this.tablesReady = true;
    }
    return this.ctx.storage.sql;
  }

  /**
   * Counts one request in the bucket's fixed window of `windowMs`, which opens at the first request
   * after the last one closed. Allowed while fewer than `limit` were counted; a refused request is
   * not counted. The count lives in memory: if the object is evicted (only after it sat idle, so
   * its window had closed) or restarted, the bucket starts a fresh window.
   */
  hitWindow(limit: number, windowMs: number): WindowVerdict {
    const now = this.now();
    if (!this.window || now >= this.window.start + windowMs) this.window = { start: now, count: 0 };
    const resetInMs = this.window.start + windowMs - now;
    if (this.window.count >= limit) return { allowed: false, limit, remaining: 0, resetInMs };
    this.window.count++;
    return { allowed: true, limit, remaining: limit - this.window.count, resetInMs };
  }

  /** Forgets hits that left the window and answers how many remain and when the oldest leaves it. */
  private held(windowMs: number, now: number) {
    this.hits().exec("DELETE FROM hits WHERE at <= ?", now - windowMs);
    const row = this.hits().exec<{ n: number; oldest: number | null }>("SELECT count(*) AS n, min(at) AS oldest FROM hits").one();
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
    this.hits().exec("INSERT INTO hits (id, at) VALUES (?, ?)", hit, now);
    return { allowed: true, count: count + 1, retryAfterMs: 0, hit };
  }

  /** The bucket's state without recording anything. */
  peek(limit: number, windowMs: number, now = Date.now()): RateVerdict {
    const { count, retryAfterMs } = this.held(windowMs, now);
    return count >= limit ? { allowed: false, count, retryAfterMs } : { allowed: true, count, retryAfterMs: 0 };
  }

  /** Gives back one hit (an attempt that turned out not to count). */
  release(hit: string) {
    this.hits().exec("DELETE FROM hits WHERE id = ?", hit);
  }

  /** Forgets every hit of the bucket. */
  clear() {
    this.hits().exec("DELETE FROM hits");
  }
}
