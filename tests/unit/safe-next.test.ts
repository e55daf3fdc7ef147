// The one check of where the app sends someone after sign-in, a project join or the profile page
// (app/lib/safe-next.ts): whatever is asked for, the answer is a path on our own site or nothing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNext } from "../../app/lib/safe-next";
import { hostileTarget, staysOn } from "../helpers/hostile-targets";
import { fuzzRun } from "../helpers/hostile-input";

const ORIGIN = "http://tracker.test";

describe("safeNext", () => {
  it("answers only ASCII paths that stay on our origin, for generated hostile targets", () => {
    fc.assert(
      fc.property(hostileTarget(), (target) => {
        const safe = safeNext(target);
        if (safe === null) return;
        expect(safe.startsWith("/") && !safe.startsWith("//")).toBe(true);
        // Printable ASCII only: a valid Location header, nothing a browser would strip or rewrite.
        expect(safe).toMatch(/^[\x21-\x7e]+$/);
        expect(safe).not.toContain("\\");
        expect(staysOn(ORIGIN, safe)).toBe(true);
        // What it answers it would answer again unchanged.
        expect(safeNext(safe)).toBe(safe);
      }),
      fuzzRun(5000),
    );
  });

  it("refuses the spellings of another host that browsers follow", () => {
    fc.assert(
      fc.property(hostileTarget(), (target) => {
        // Whatever a browser would read as another origin is never let through.
        if (!staysOn(ORIGIN, target)) expect(safeNext(target)).toBeNull();
      }),
      fuzzRun(5000),
    );
    for (const target of ["/\t/evil.test", "/%09/evil.test", "/\r/x", "/%0d/x", "/\\evil.test", "\\/evil.test", "//evil.test", "/.//evil.test", "/%2F%2Fevil.test", "https://evil.test"]) {
      expect(safeNext(target), target).toBeNull();
    }
  });

  it("keeps the app's own paths, with their query and fragment, as they are", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
    const query = fc.option(fc.stringMatching(/^[a-z]{1,6}=[A-Za-z0-9%]{0,8}$/).filter((q) => !/%(?![0-9A-F]{2})/.test(q)), { nil: undefined });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), query, (segments, search) => {
        const path = `/${segments.join("/")}${search ? `?${search}` : ""}`;
        expect(safeNext(path)).toBe(path);
      }),
      fuzzRun(500),
    );
    expect(safeNext("/")).toBe("/");
    expect(safeNext("/acme/projects/1/issues?search=a%20b#top")).toBe("/acme/projects/1/issues?search=a%20b#top");
  });
});
