// Every answer, page or API, carries the headers that keep it from being framed, sniffed or
// leaking its URL, and HSTS in production; a header a route set itself is kept. A page runs only
// our own scripts and the inline ones that carry the nonce made for its response; anything else
// loads nothing at all.
import { describe, expect, it } from "vitest";
import { NON_PAGE_POLICY, withSecurityHeaders } from "../../workers/lib/security-headers";
import { ORIGIN, call } from "../helpers/api";
import { createProjectFixture } from "../helpers/project";

const expected = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": expect.stringContaining("camera=()"),
};

const headersOf = (headers: Headers) => Object.fromEntries(Object.keys(expected).map((name) => [name, headers.get(name)]));

/** A policy's directives by name. */
function directivesOf(policy: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

/** The nonce a page's policy names for scripts. */
function scriptNonceOf(policy: string | null): string {
  const nonces = (directivesOf(policy).get("script-src") ?? []).filter((value) => value.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  return nonces[0].slice("'nonce-".length, -1);
}

const config = { secureCookies: true, UNSPLASH_IMAGES_URL: "https://images.unsplash.com" };

describe("security headers", () => {
  it("are on a page, an API answer and an API refusal", async () => {
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

  it("give a page a fresh script nonce that every inline and module script of its HTML carries", async () => {
    const p = await createProjectFixture(undefined, "CSP");
    await p.owner.post(`${p.base}/issues/`, { name: "Streamed after the shell" });
    // The issues page streams its rows after the shell: React's and Remix's late scripts count too.
    const pages = [await call("GET", "/sign-up"), await p.owner.get(`/${p.slug}/projects/${p.projectId}/issues`), await call("GET", "/sign-up")];
    const nonces = pages.map((page) => scriptNonceOf(page.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(3);
    for (const [index, page] of pages.entries()) {
      const nonce = nonces[index];
      // 128 random bits in base64.
      expect(atob(nonce)).toHaveLength(16);
      const scripts = (page.body as string).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
      const policy = directivesOf(page.headers.get("content-security-policy"));
      expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("base-uri")).toEqual(["'self'"]);
      expect(policy.get("form-action")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      // The live board's socket, on our own host.
      expect(policy.get("connect-src")).toEqual(["'self'", `ws://${new URL(ORIGIN).host}`]);
      expect(policy.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:"]));
      const policyText = page.headers.get("content-security-policy") ?? "";
      expect(policyText).not.toContain("unsafe-eval");
      expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    }
  });

  it("give everything that is not a page a policy that loads nothing", async () => {
    const p = await createProjectFixture(undefined, "NPG");
    const answers = [
      await p.owner.get(`${p.base}/issues/`),
      await call("GET", "/api/users/me/"),
      // A page's data, as the client router fetches it on navigation.
      await p.owner.get(`/${p.slug}/projects/${p.projectId}/issues.data`),
      // A redirect (signed out, to sign in).
      await call("GET", `/${p.slug}/projects/${p.projectId}/issues`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 302]);
    for (const answer of answers) expect(answer.headers.get("content-security-policy")).toBe(NON_PAGE_POLICY);
  });

  it("name Unsplash's image host and a secure socket in production", () => {
    const page = new Response("<!DOCTYPE html>", { headers: { "content-type": "text/html" } });
    const served = withSecurityHeaders(page, config, { nonce: "bm9uY2U=", url: new URL("https://tracker.example/acme") });
    const policy = directivesOf(served.headers.get("content-security-policy"));
    expect(policy.get("img-src")).toContain("https://images.unsplash.com");
    expect(policy.get("connect-src")).toEqual(["'self'", "wss://tracker.example"]);
  });

  it("add HSTS in production, keep a route's own policy, and leave a WebSocket upgrade alone", () => {
    const file = new Response("x", { headers: { "content-security-policy": "default-src 'none'; sandbox" } });
    const served = withSecurityHeaders(file, config);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(served.headers.get("x-frame-options")).toBe("DENY");
    const upgrade = new Response(null, { status: 101, webSocket: new WebSocketPair()[0] });
    expect(withSecurityHeaders(upgrade, config)).toBe(upgrade);
  });
});
