// Where the app may send someone after signing in, joining a project or leaving the profile: a
// path on our own site, never another host. Client-safe (the sign-in links build on it too).

/** A stand-in for our origin: a relative target that resolves elsewhere names another site. */
const OWN_ORIGIN = "https://app.invalid";

/** The longest target followed; longer ones are not links the app ever makes. */
const MAX_TARGET_LENGTH = 2048;

/**
 * Characters a browser drops or rewrites while it reads a URL (control characters, any kind of
 * white space) and the backslash it reads as a slash: `/\thost`, `/\nhost` and `/\host` all turn
 * into `//host`, another site. A target holding one is refused, never cleaned.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters
const REWRITTEN_BY_BROWSERS = /[\u0000-\u001f\u007f-\u009f\s\\\u00ad\u200b-\u200f\u2028\u2029\ufeff]/u;

/**
 * Whether a path, read raw and with its percent-escapes decoded once, holds a character a browser
 * rewrites or starts like another host (`/%2F%2Fhost`, `/%5Chost`, `/%09/host`): an encoded form
 * is refused like the raw one, in case anything on the way decodes it.
 */
function isForeignLooking(path: string): boolean {
  if (REWRITTEN_BY_BROWSERS.test(path)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A broken escape (`%E0%A4%A`, `%zz`) is not a path the app ever wrote.
    return true;
  }
  return REWRITTEN_BY_BROWSERS.test(decoded) || decoded.startsWith("//");
}

/**
 * The same-site path to go on to, or null. The target must be a path of ours (it starts with one
 * slash), read as a browser would read it against our origin, and it must stay there: no scheme,
 * no `//host` or `/\host`, no user or port, no control characters or white space, raw or
 * percent-encoded. The answer is the path as URL parsing wrote it (escaped, ASCII), so it is
 * always a valid Location header.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_TARGET_LENGTH) return null;
  if (!next.startsWith("/") || next.startsWith("//") || REWRITTEN_BY_BROWSERS.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN || url.username || url.password) return null;
  // Dot segments can fold `/.//host` into `//host`: the path as resolved must still be one of ours.
  if (!url.pathname.startsWith("/") || isForeignLooking(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
