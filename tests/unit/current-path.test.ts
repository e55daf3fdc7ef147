// Which sidebar entry is the current page (isCurrentPath in app/lib/paths.ts): the page itself or
// one under it, as a navigation link marks itself.
import { describe, expect, it } from "vitest";
import { isCurrentPath } from "../../app/lib/paths";

describe("isCurrentPath", () => {
  it("is current on its page and on the pages under it, not on a sibling that shares a prefix", () => {
    expect(isCurrentPath("/acme/settings", "/acme/settings")).toBe(true);
    expect(isCurrentPath("/acme/settings/members", "/acme/settings")).toBe(true);
    expect(isCurrentPath("/acme/settings-old", "/acme/settings")).toBe(false);
    expect(isCurrentPath("/acme/projects/p1/issues", "/acme/projects/p1/cycles")).toBe(false);
  });

  it("with end, only on the page itself; case and a trailing slash aside", () => {
    expect(isCurrentPath("/acme", "/acme", true)).toBe(true);
    expect(isCurrentPath("/acme/inbox", "/acme", true)).toBe(false);
    expect(isCurrentPath("/acme/inbox", "/acme")).toBe(true);
    expect(isCurrentPath("/Acme/Inbox/", "/acme/inbox")).toBe(true);
  });
});
