// The allowance headers every rate-limited API response carries, as GitHub sends them: the window's
// limit, what is left of it and when it resets (epoch seconds).
import type { WindowVerdict } from "../domain/rate-limits";

/** Sets `X-RateLimit-Limit`, `-Remaining` and `-Reset` for a window's verdict on `headers`. */
export function setRateLimitHeaders(headers: Headers, verdict: WindowVerdict, now = Date.now()) {
  headers.set("X-RateLimit-Limit", String(verdict.limit));
  headers.set("X-RateLimit-Remaining", String(verdict.remaining));
  headers.set("X-RateLimit-Reset", String(Math.ceil((now + verdict.resetInMs) / 1000)));
}
