// Every answer, page or API, carries the headers that keep it from being framed, sniffed or
// leaking its URL, and HSTS in production; a header a route set itself is kept.
import { describe, expect, it } from "vitest";
import { withSecurityHeaders } from "../../workers/lib/security-headers";
import { call } from "../helpers/api";
import { createProjectFixture } from "../helpers/project";

const expected = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "content-security-policy": "frame-ancestors 'none'",
  "permissions-policy": expect.stringContaining("camera=()"),
};

const headersOf = (headers: Headers) => Object.fromEntries(Object.keys(expected).map((name) => [name, headers.get(name)]));

describe("security headers", () => {
  it("are on a page, a page's data, an API answer and an API refusal", async () => {
    const p = await createProjectFixture(undefined, "SEC");
    const answers = [
      await call("GET", "/sign-up"),
      await p.owner.get(`/${p.slug}/projects/${p.projectId}/issues`),
      await p.owner.get(`${p.base}/issues/`),
      await call("GET", "/api/users/me/"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 401]);
    for (const answer of answers) expect(headersOf(answer.headers)).toEqual(expected);
    // Locally (http) there is no HSTS: a browser would then refuse the local server.
    expect(answers[0].headers.get("strict-transport-security")).toBeNull();
  });

  it("add HSTS in production, keep a route's own policy, and leave a WebSocket upgrade alone", () => {
    const file = new Response("x", { headers: { "content-security-policy": "default-src 'none'; sandbox" } });
    const served = withSecurityHeaders(file, { secureCookies: true });
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(served.headers.get("x-frame-options")).toBe("DENY");
    const upgrade = new Response(null, { status: 101, webSocket: new WebSocketPair()[0] });
    expect(withSecurityHeaders(upgrade, { secureCookies: true })).toBe(upgrade);
  });
});
