// Headers every answer carries, pages and API alike: no other site may frame our pages, no
// browser may guess a type we did not send, links leave with no more than our origin, and the
// browser features the tracker never uses stay off. In production the browser is told to come
// back over HTTPS only. A header a route set itself (a stored file's sandbox policy) is kept.
//
// The Content-Security-Policy is written here and only here. An HTML page runs scripts from our
// own origin and inline scripts that carry the nonce made for that one response; nothing else
// runs (no inline script without it, no eval, no plugin). Every other answer (JSON, data for a
// page, a redirect) is never a document that should load anything, so it may load nothing.
import type { Config } from "../env";

const ALWAYS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
};

/** The policy of anything that is not a page: it loads nothing and no one frames it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Image hosts a page shows besides our own files: GitHub's avatars (the importer lists the people
 * it found with their GitHub pictures). Unsplash covers come from the configured host.
 */
const THIRD_PARTY_IMAGES = ["https://avatars.githubusercontent.com"];

/** A year, subdomains included: what HSTS preload lists ask for. */
const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh script nonce: 128 random bits, base64, made once for each page response. */
export function newCspNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The policy of an HTML page answered at `url` whose inline scripts carry `nonce`.
 *
 * - Scripts: our origin and the nonce. Remix's context and route data, its scroll restoration and
 *   React's streaming swaps are inline and carry it; chunks load from our origin.
 * - Styles: our stylesheet, and inline styles too, because the page sets them as attributes (the
 *   theme's colours on <html>, Ark UI's positioned popovers, the editor, the charts). A style
 *   cannot run code; the script rule above is what stops injected markup from acting.
 * - Images: our files (uploads, built-in covers), data: (small SVGs the build inlines: the favicon,
 *   the default cover), blob: (a chosen image's preview before it uploads), Unsplash's covers and
 *   GitHub's avatars.
 * - Connections: our origin, the live board's WebSocket included (named with its ws scheme, which
 *   some browsers do not count as 'self').
 * - Forms post to our origin only; integrations open their consent pages in a popup, not a form.
 */
export function pagePolicy(nonce: string, url: URL, config: Pick<Config, "UNSPLASH_IMAGES_URL">): string {
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const images = ["'self'", "data:", "blob:", ...THIRD_PARTY_IMAGES];
  if (config.UNSPLASH_IMAGES_URL) images.push(new URL(config.UNSPLASH_IMAGES_URL).origin);
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images.join(" ")}`,
    `connect-src 'self' ${socketOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What a page's policy needs besides config: the response's nonce and the address it answers. */
export interface PageScriptPolicy {
  nonce: string;
  url: URL;
}

/**
 * The response with the security headers it lacks; a WebSocket upgrade passes untouched. An HTML
 * answer given `page` gets the page policy with its nonce; every other answer the non-page one.
 */
export function withSecurityHeaders(
  response: Response,
  config: Pick<Config, "secureCookies" | "UNSPLASH_IMAGES_URL">,
  page?: PageScriptPolicy,
): Response {
  if (response.status === 101 || response.webSocket) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ALWAYS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has("content-security-policy")) {
    const isPage = page !== undefined && (headers.get("content-type") ?? "").startsWith("text/html");
    headers.set("content-security-policy", isPage ? pagePolicy(page.nonce, page.url, config) : NON_PAGE_POLICY);
  }
  if (config.secureCookies && !headers.has("strict-transport-security")) headers.set("strict-transport-security", HSTS);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
