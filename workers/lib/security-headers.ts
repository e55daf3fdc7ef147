// Headers every answer carries, pages and API alike: no other site may frame our pages, no
// browser may guess a type we did not send, links leave with no more than our origin, and the
// browser features the tracker never uses stay off. In production the browser is told to come
// back over HTTPS only. A header a route set itself (a stored file's sandbox policy) is kept.
import type { Config } from "../env";

const ALWAYS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  // Only the framing rule here: the script policy is the page's own.
  "content-security-policy": "frame-ancestors 'none'",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/** A year, subdomains included: what HSTS preload lists ask for. */
const HSTS = "max-age=31536000; includeSubDomains";

/** The response with the security headers it lacks; a WebSocket upgrade passes untouched. */
export function withSecurityHeaders(response: Response, config: Pick<Config, "secureCookies">): Response {
  if (response.status === 101 || response.webSocket) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ALWAYS)) if (!headers.has(name)) headers.set(name, value);
  if (config.secureCookies && !headers.has("strict-transport-security")) headers.set("strict-transport-security", HSTS);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
