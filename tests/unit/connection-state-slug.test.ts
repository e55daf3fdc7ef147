// The landing page takes the workspace slug in front of a state to know where to post and where
// its "Go to integrations" link points. Whatever a forged link puts there, the page gets a slug
// of a slug's shape or nothing, so the link cannot point off the site or up the path.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugOfState } from "../../workers/domain/schemas/connections";
import { SLUG_PATTERN } from "../../workers/domain/schemas/workspaces";
import { fuzzRun } from "../helpers/hostile-input";

const slug = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}$/);
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("/evil.example", "//evil.example", "..", "../..", "a/b", "A", "%2f%2fevil", "\\\\evil", "java\tscript:", " a", "a "),
);

describe("the slug in front of a state", () => {
  it("is the minted slug for a state the server made", () => {
    fc.assert(
      fc.property(slug, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), (s, random) => {
        expect(slugOfState(`${s}.${random}`)).toBe(s);
      }),
      fuzzRun(200),
    );
  });

  it("is a slug's shape or empty, whatever a link puts there", () => {
    fc.assert(
      fc.property(hostile, fc.string({ maxLength: 20 }), (lead, rest) => {
        const found = slugOfState(`${lead}.${rest}`);
        expect(found === "" || SLUG_PATTERN.test(found)).toBe(true);
        expect(found).not.toMatch(/[/\\%.:\s]/);
      }),
      fuzzRun(500),
    );
    expect(slugOfState("no-dot-at-all")).toBe("");
    expect(slugOfState(".leading-dot")).toBe("");
  });
});
