// Whether a request comes from a page of our own site, judged by the Origin header browsers attach
// to every WebSocket handshake and every cross-site or non-GET request.
import type { Authenticated } from "./sessions";

/** Our origin as the request names it: scheme, host and port, exactly. */
export const ownOriginOf = (request: Request) => new URL(request.url).origin;

/** Whether `origin` (an Origin header's text) is exactly ours; "null", another port or scheme is not. */
export function isOwnOrigin(request: Request, origin: string | null): boolean {
  return origin !== null && origin === ownOriginOf(request);
}

/**
 * Whether a live socket may open. A browser always names the page that opens a WebSocket, and the
 * handshake carries the person's cookie whichever site the page is on, so a cookie-authenticated
 * upgrade must come from our origin. A script with an API key (which a page cannot attach to a
 * WebSocket) may leave Origin out; if it names one, it must be ours too.
 */
export function isSocketOriginAllowed(request: Request, auth: Authenticated | null): boolean {
  const origin = request.headers.get("origin") || null;
  if (origin === null) return auth?.via === "api-key";
  return isOwnOrigin(request, origin);
}
