// Login CSRF: a request that starts a session (sign-in, sign-up, through the API or the pages)
// must come from our own origin, cookie or not, and the API takes only a JSON body. Otherwise a
// form on another site could sign the visitor's browser into an account the attacker controls.
// The origins and content types are generated: other schemes, ports, hosts that share a prefix or
// a suffix with ours, userinfo, `null`, a missing header; form, multipart and text bodies in any
// case with parameters.
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_BODY_REQUIRED } from "../../workers/lib/validation";
import { ORIGIN, signUp, uniqueEmail } from "../helpers/api";
import { countRows } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const PASSWORD = "correct horse battery";
const OWN = new URL(ORIGIN);

/** An origin that is not ours: built from ours by changing one part, or a lookalike. */
const foreignOrigin: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom("https", "ws", "ftp", "HTTP").map((scheme) => `${scheme}://${OWN.host}`),
    fc.integer({ min: 1, max: 65535 }).map((port) => `${OWN.protocol}//${OWN.hostname}:${port}`),
    fc
      .constantFrom(
        `${OWN.hostname}.evil`,
        `${OWN.hostname}.evil.example`,
        `evil${OWN.hostname}`,
        `evil.${OWN.hostname}`,
        `${OWN.hostname}-evil.example`,
        OWN.hostname.toUpperCase(),
        `${OWN.hostname}.`,
        "127.0.0.1",
        "localhost",
      )
      .map((host) => `${OWN.protocol}//${host}`),
    fc.constantFrom("user", "user:pass", OWN.hostname).map((info) => `${OWN.protocol}//${info}@${OWN.host}`),
    fc.constantFrom(`${ORIGIN}/`, `${ORIGIN}.`, `${ORIGIN}, https://evil.example`, "null", "file://"),
    fc.webUrl().map((url) => new URL(url).origin),
  )
  .filter((origin) => origin !== ORIGIN);

/** Whether a Referer names one of our pages as a browser would send it (no credentials in it). */
function isOwnPage(referer: string) {
  try {
    const url = new URL(referer);
    return url.origin === ORIGIN && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The headers a request may name its page with: a foreign Origin, or no Origin and a foreign or no Referer. */
const foreignSource: fc.Arbitrary<Record<string, string>> = fc.oneof(
  foreignOrigin.map((origin) => ({ origin })),
  foreignOrigin.map((origin) => ({ origin, referer: `${ORIGIN}/` })),
  fc.constant({}),
  foreignOrigin.map((origin) => ({ referer: `${origin}/sign-in` })).filter(({ referer }) => !isOwnPage(referer)),
  fc.constantFrom("not a url", "/relative", "about:blank").map((referer) => ({ referer })),
);

/** A content type that is not JSON, in any case, with or without parameters. */
const notJson: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "text/json",
      "application/jsonp",
      "application/json-patch+json",
      "application/x-json",
      "application/json2",
      "text/html",
    ),
    fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
    fc.constantFrom("", "; charset=utf-8", ";charset=UTF-8", "; application/json"),
  )
  .map(([type, upper, params]) => [...type].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("") + params);

/** `application/json` as clients write it: any case, spaces, parameters. */
const json: fc.Arbitrary<string> = fc
  .tuple(fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), fc.constantFrom("", "; charset=utf-8", " ;charset=UTF-8", ";"))
  .map(([upper, params]) => [..."application/json"].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("") + params);

function post(path: string, headers: Record<string, string>, body: string | URLSearchParams) {
  // A browser always sends Host; the page router compares it with Origin.
  return fetchWorker(`${ORIGIN}${path}`, { method: "POST", headers: { host: OWN.host, ...headers }, body, redirect: "manual" });
}

const sessionSet = (response: Response) => /(^|,\s*)(__Host-)?session=[^;]/.test(response.headers.get("set-cookie") ?? "");

describe("the API's sign-in and sign-up", () => {
  it("refuse a request from any other origin, or from no named origin, and start no session (generated)", async () => {
    const client = await signUp();
    const users = await countRows("users");
    await fc.assert(
      fc.asyncProperty(foreignSource, fc.boolean(), async (source, withCookie) => {
        const headers = { ...source, "content-type": "application/json", ...(withCookie ? { cookie: client.cookie } : {}) };
        const signIn = await post("/api/auth/sign-in/", headers, JSON.stringify({ email: client.user.email, password: PASSWORD }));
        expect(signIn.status, JSON.stringify(source)).toBe(403);
        expect(await signIn.json()).toEqual({ error: "Cross-origin request refused." });
        expect(sessionSet(signIn)).toBe(false);
        const signUpAnswer = await post("/api/auth/sign-up/", headers, JSON.stringify({ email: uniqueEmail("csrf"), password: PASSWORD }));
        expect(signUpAnswer.status, JSON.stringify(source)).toBe(403);
        expect(sessionSet(signUpAnswer)).toBe(false);
      }),
      fuzzRun(80),
    );
    expect(await countRows("users")).toBe(users);
  });

  it("refuse any body that is not declared as JSON, even from our own origin (generated)", async () => {
    const client = await signUp();
    const users = await countRows("users");
    await fc.assert(
      fc.asyncProperty(notJson, fc.boolean(), async (type, asForm) => {
        const body = asForm ? new URLSearchParams({ email: client.user.email, password: PASSWORD }).toString() : JSON.stringify({ email: client.user.email, password: PASSWORD });
        const signIn = await post("/api/auth/sign-in/", { origin: ORIGIN, "content-type": type }, body);
        expect(signIn.status, type).toBe(400);
        expect(await signIn.json()).toEqual({ error: JSON_BODY_REQUIRED });
        expect(sessionSet(signIn)).toBe(false);
        const signUpAnswer = await post("/api/auth/sign-up/", { origin: ORIGIN, "content-type": type }, JSON.stringify({ email: uniqueEmail("plain"), password: PASSWORD }));
        expect(signUpAnswer.status, type).toBe(400);
        expect(sessionSet(signUpAnswer)).toBe(false);
      }),
      fuzzRun(60),
    );
    // No content type at all, the way a text/plain form without one arrives.
    const bare = await fetchWorker(`${ORIGIN}/api/auth/sign-in/`, {
      method: "POST",
      headers: { origin: ORIGIN },
      body: new Blob([JSON.stringify({ email: client.user.email, password: PASSWORD })]),
    });
    expect(bare.status).toBe(400);
    expect(await countRows("users")).toBe(users);
  });

  it("accept JSON from our own origin, named by Origin or, without it, by Referer (generated)", async () => {
    const client = await signUp();
    await fc.assert(
      fc.asyncProperty(json, fc.constantFrom<Record<string, string>>({ origin: ORIGIN }, { referer: `${ORIGIN}/` }, { referer: `${ORIGIN}/sign-up?next=%2Fx` }), async (type, source) => {
        const response = await post("/api/auth/sign-in/", { ...source, "content-type": type }, JSON.stringify({ email: client.user.email, password: PASSWORD }));
        expect(response.status, `${type} ${JSON.stringify(source)}`).toBe(200);
        expect(sessionSet(response)).toBe(true);
      }),
      fuzzRun(20),
    );
  });
});

describe("the sign-in and sign-up pages", () => {
  it("refuse a form posted from any other origin, or from no named origin, and start no session (generated)", async () => {
    const client = await signUp();
    const users = await countRows("users");
    await fc.assert(
      fc.asyncProperty(foreignSource, fc.constantFrom("/?index", "/sign-up"), async (source, path) => {
        const form = new URLSearchParams({ email: path === "/?index" ? client.user.email : uniqueEmail("page"), password: PASSWORD });
        const response = await post(path, { ...source, "content-type": "application/x-www-form-urlencoded" }, form);
        // Our check answers 403; for an Origin whose host differs from Host, Remix's own guard may
        // refuse first (with an error status). Either way nothing is signed in.
        if (!source.origin) expect(response.status, `${path} ${JSON.stringify(source)}`).toBe(403);
        else expect(response.status, `${path} ${JSON.stringify(source)}`).toBeGreaterThanOrEqual(400);
        expect(sessionSet(response)).toBe(false);
        await response.body?.cancel();
      }),
      fuzzRun(40),
    );
    expect(await countRows("users")).toBe(users);
  });

  it("accept the form from our own pages", async () => {
    const client = await signUp();
    const signIn = await post("/?index", { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams({ email: client.user.email, password: PASSWORD }));
    expect(signIn.status).toBe(302);
    expect(sessionSet(signIn)).toBe(true);
    const signUpAnswer = await post("/sign-up", { referer: `${ORIGIN}/sign-up`, "content-type": "application/x-www-form-urlencoded" }, new URLSearchParams({ email: uniqueEmail("page"), password: PASSWORD }));
    expect(signUpAnswer.status).toBe(302);
    expect(sessionSet(signUpAnswer)).toBe(true);
  });
});
