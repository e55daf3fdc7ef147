// The allowance headers every rate-limited API response carries, as GitHub sends them: the window's
// limit, what is left of it and when it resets (epoch seconds).
import type { WindowVerdict } from "../domain/rate-limits";

/** `X-RateLimit-Limit`, `-Remaining` and `-Reset` for a window's verdict. */
export function rateLimitHeaders(verdict: WindowVerdict, now = Date.now()): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(verdict.limit),
    "X-RateLimit-Remaining": String(verdict.remaining),
    "X-RateLimit-Reset": String(Math.ceil((now + verdict.resetInMs) / 1000)),
  };
}
