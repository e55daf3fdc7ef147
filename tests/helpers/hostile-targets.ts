// Redirect targets an attacker would try: schemes, `//host` and `/\host` in every spelling, user
// and port parts, and control characters, white space and backslashes, raw or percent-encoded
// (once or twice), at every position of an otherwise ordinary path.
import fc from "fast-check";

const HOSTS = ["evil.test", "tracker.test.evil.test", "tracker.test:8080", "127.0.0.1", "[::1]", "xn--e1afmkfd.test"];

/** Characters browsers drop or rewrite while reading a URL, and a few other invisible ones. */
const RAW_TRICKS = ["\t", "\n", "\r", "\u0000", "\u000b", "\u000c", "\u001f", "\u007f", " ", "\u00a0", "\u2028", "\u3000", "\ufeff", "\\", "/"];

/** The same characters percent-encoded, in both cases and twice over. */
const ENCODED_TRICKS = ["%09", "%0a", "%0D", "%00", "%0b", "%20", "%2f", "%2F", "%5c", "%5C", "%252f", "%2509", "%250d", "%E2%80%A8", "%c0%af", "%"];

const PREFIXES = [
  "/",
  "//",
  "///",
  "/\\",
  "\\/",
  "\\\\",
  "/./",
  "/../",
  "/.//",
  "/%2e%2e/",
  "http:",
  "https://",
  "HTTPS:/",
  "javascript:",
  "JaVaScRiPt:",
  "data:text/html,",
  "mailto:",
  "ftp://",
  "",
  "http://tracker.test:8081/",
  "http://tracker.test/",
  "https://tracker.test/",
  "http://tracker.test@",
  "/@",
];

/** A target built from a prefix, a host or path, optional userinfo and port, with tricks spliced in. */
export function hostileTarget(): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...HOSTS),
    fc.constantFrom("user:pass@", "@", ":443", ":8080", "?x=1", "#frag", "a/b", "..", "."),
    fc.stringMatching(/^[a-z0-9._~-]{0,8}$/),
  );
  const trick = fc.constantFrom(...RAW_TRICKS, ...ENCODED_TRICKS);
  const base = fc.tuple(fc.constantFrom(...PREFIXES), fc.array(piece, { maxLength: 4 })).map(([prefix, parts]) => prefix + parts.join(""));
  // Splices tricks at positions chosen anywhere in the target (0 = before its first character).
  return fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), trick), { maxLength: 3 }))
    .map(([target, splices]) =>
      splices.reduce((out, [at, inserted]) => {
        const position = at % (out.length + 1);
        return out.slice(0, position) + inserted + out.slice(position);
      }, target),
    );
}

/** Whether a Location header, read against `origin` as a browser reads it, stays on `origin`. */
export function staysOn(origin: string, location: string | null): boolean {
  if (location === null) return false;
  try {
    return new URL(location, origin).origin === origin;
  } catch {
    return false;
  }
}
