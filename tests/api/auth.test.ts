import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVALID_API_KEY } from "../../workers/auth/sessions";
import { call, cookieFrom, ORIGIN, signUp, uniqueEmail } from "../helpers/api";
import { countRows, rowOf } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const KEY_REFUSED = { error: INVALID_API_KEY };
const PASSWORD = "correct horse battery";

describe("sign-up", () => {
  it("creates the user, answers 201 with the user and sets an HttpOnly session cookie", async () => {
    const email = uniqueEmail("ada");
    const response = await call("POST", "/api/auth/sign-up/", {
      body: { email, password: "longenough", first_name: "Ada", last_name: "Lovelace" },
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email, first_name: "Ada", last_name: "Lovelace" });
    expect(response.body.user.password_hash).toBeUndefined();
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/session=s_/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const me = await call("GET", "/api/users/me/", { cookie: cookieFrom(response.headers) });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it("refuses a short password and a duplicate email with field messages", async () => {
    const short = await call("POST", "/api/auth/sign-up/", { body: { email: uniqueEmail(), password: "short" } });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ password: ["Password must be at least 8 characters long."] });

    const client = await signUp();
    const duplicate = await call("POST", "/api/auth/sign-up/", {
      body: { email: client.user.email.toUpperCase(), password: "longenough" },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ email: ["An account with this email already exists."] });
  });

  it("stores the email trimmed and lowercased, and accepts the path without its trailing slash", async () => {
    const email = uniqueEmail("grace");
    const response = await call("POST", "/api/auth/sign-up", {
      body: { email: `  ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(response.status).toBe(201);
    expect(response.body.user.email).toBe(email);
    expect(response.body.user.first_name).toBe("");
    expect(await countRows("users", "email = ?", email)).toBe(1);
  });

  it.each([
    ["a missing email", { password: PASSWORD }, { email: ["Email is required"] }],
    ["a blank email", { email: "   ", password: PASSWORD }, { email: ["Email is required"] }],
    ["a malformed email", { email: "not-an-email", password: PASSWORD }, { email: ["Enter a valid email address."] }],
    ["a missing password", { email: "x@example.com" }, { password: ["Password is required"] }],
    ["a 129-character password", { email: "x@example.com", password: "p".repeat(129) }, { password: ["Password should be at most 128 characters."] }],
    [
      "a 256-character first name",
      { email: "x@example.com", password: PASSWORD, first_name: "f".repeat(256) },
      { first_name: ["First name should be less than 255 characters"] },
    ],
    [
      "a numeric last name",
      { email: "x@example.com", password: PASSWORD, last_name: 42 },
      { last_name: ["Last name must be text"] },
    ],
  ])("answers 400 with the field message for %s and creates no user", async (_, body, expected) => {
    const before = await countRows("users");
    const response = await call("POST", "/api/auth/sign-up/", { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await countRows("users")).toBe(before);
  });
});

describe("sign-in", () => {
  it("answers 200 with the user and a working session cookie, whatever the email's case", async () => {
    const client = await signUp({ first_name: "Linus" });
    const response = await call("POST", "/api/auth/sign-in/", {
      body: { email: client.user.email.toUpperCase(), password: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: client.user.id, email: client.user.email, first_name: "Linus" });
    expect(response.body.user.password_hash).toBeUndefined();
    const cookie = cookieFrom(response.headers);
    expect(cookie).not.toBe(client.cookie);
    const me = await call("GET", "/api/users/me/", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(client.user.id);
  });

  it("answers the same 401 for a wrong password and an unknown email, without a cookie", async () => {
    const client = await signUp();
    const sessionsBefore = await countRows("sessions");
    const wrongPassword = await call("POST", "/api/auth/sign-in/", { body: { email: client.user.email, password: "wrong password" } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: "Invalid email or password." });
    expect(wrongPassword.headers.get("set-cookie")).toBeNull();

    const unknown = await call("POST", "/api/auth/sign-in/", { body: { email: uniqueEmail("nobody"), password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: "Invalid email or password." });
    expect(await countRows("sessions")).toBe(sessionsBefore);
  });

  it.each([
    ["a missing password", { email: "someone@example.com" }, { password: ["Password is required"] }],
    ["an empty password", { email: "someone@example.com", password: "" }, { password: ["Password is required"] }],
    ["a missing email", { password: PASSWORD }, { email: ["Email is required"] }],
    ["a malformed email", { email: "someone", password: PASSWORD }, { email: ["Enter a valid email address."] }],
  ])("answers 400 with the field message for %s", async (_, body, expected) => {
    const response = await call("POST", "/api/auth/sign-in/", { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });
});

describe("sign-out", () => {
  it("answers 204, clears the cookie and ends the session on the server", async () => {
    const client = await signUp();
    const response = await call("POST", "/api/auth/sign-out/", { cookie: client.cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/session=;.*Max-Age=0/);
    // The browser would drop the cookie; a replayed copy must not work either.
    const replay = await call("GET", "/api/users/me/", { cookie: client.cookie });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(NO_CREDENTIALS);
  });

  it("ends only the session it was sent with", async () => {
    const client = await signUp();
    const second = await call("POST", "/api/auth/sign-in/", { body: { email: client.user.email, password: PASSWORD } });
    const secondCookie = cookieFrom(second.headers);
    expect((await call("POST", "/api/auth/sign-out/", { cookie: client.cookie })).status).toBe(204);
    expect((await call("GET", "/api/users/me/", { cookie: client.cookie })).status).toBe(401);
    const stillSignedIn = await call("GET", "/api/users/me/", { cookie: secondCookie });
    expect(stillSignedIn.status).toBe(200);
    expect(stillSignedIn.body.id).toBe(client.user.id);
  });

  it("answers 204 without credentials", async () => {
    const response = await call("POST", "/api/auth/sign-out/");
    expect(response.status).toBe(204);
  });

  it("a session past its expiry no longer authenticates", async () => {
    const client = await signUp();
    expect((await client.get("/api/users/me/")).status).toBe(200);
    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), client.user.id)
      .run();
    const response = await client.get("/api/users/me/");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_CREDENTIALS);
  });

  it("the session cookie lasts 30 days", async () => {
    const response = await call("POST", "/api/auth/sign-up/", { body: { email: uniqueEmail(), password: PASSWORD } });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=2592000/);
    const row = await rowOf<{ expires_at: string }>("sessions", "user_id = ?", response.body.user.id);
    const days = (Date.parse(row!.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });
});

describe("credentials", () => {
  it.each([
    ["no credentials", {}],
    ["an unknown session cookie", { cookie: "session=s_not-a-real-session" }],
    ["an empty session cookie", { cookie: "session=" }],
    ["a malformed cookie", { cookie: "session=%E0%A4%A" }],
    ["an empty API key header", { headers: { "x-api-key": "" } }],
  ])("answers 401 with the standard body for %s", async (_, credentials) => {
    for (const path of ["/api/users/me/", "/api/workspaces/", "/api/users/api-tokens/"]) {
      const response = await call("GET", path, credentials);
      expect(response.status, path).toBe(401);
      expect(response.body, path).toEqual(NO_CREDENTIALS);
    }
  });

  it("an API key wins over a cookie, so a bad key with a good cookie is refused", async () => {
    const client = await signUp();
    const response = await call("GET", "/api/users/me/", { cookie: client.cookie, apiKey: "et_bogus" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(KEY_REFUSED);
  });

  // Printable ASCII with inner blanks: what a header can carry once its ends are trimmed.
  const keyChar = fc.constantFrom(..."abcXYZ019-_.~+/=%:;\"' \t");
  const presentedKey = fc.oneof(
    fc.record({ type: fc.constant("revoked" as const) }),
    fc.record({ type: fc.constant("unknown" as const), tail: fc.string({ minLength: 1, maxLength: 60, unit: fc.constantFrom(..."aZ09-_") }) }),
    fc.record({ type: fc.constant("altered" as const), how: fc.constantFrom("case" as const, "truncate" as const, "append" as const), at: fc.nat() }),
    fc.record({
      type: fc.constant("malformed" as const),
      key: fc.string({ minLength: 1, maxLength: 80, unit: keyChar }).filter((key) => key.trim() === key && key !== ""),
    }),
  );
  type PresentedKey = typeof presentedKey extends fc.Arbitrary<infer T> ? T : never;

  it("answers 401 saying the API key is invalid for revoked, unknown and malformed keys, cookie or not", async () => {
    const client = await signUp({ first_name: "Before" });
    const live: string = (await client.post("/api/users/api-tokens/", { label: "live" })).body.token;
    const revoked = (await client.post("/api/users/api-tokens/", { label: "revoked" })).body;
    expect((await client.delete(`/api/users/api-tokens/${revoked.id}/`)).status).toBe(204);
    const keyOf = (variant: PresentedKey): string => {
      if (variant.type === "revoked") return revoked.token;
      if (variant.type === "unknown") return `et_${variant.tail}`;
      if (variant.type === "malformed") return variant.key;
      if (variant.how === "case") return live.toUpperCase() === live ? live.toLowerCase() : live.toUpperCase();
      if (variant.how === "truncate") return live.slice(0, 1 + (variant.at % (live.length - 1)));
      return `${live}x`;
    };
    await fc.assert(
      fc.asyncProperty(presentedKey, fc.boolean(), fc.constantFrom("GET", "PATCH"), async (variant, withCookie, method) => {
        const response = await call(method, "/api/users/me/", {
          apiKey: keyOf(variant),
          cookie: withCookie ? client.cookie : undefined,
          body: method === "PATCH" ? { first_name: "Changed" } : undefined,
        });
        expect(response.status).toBe(401);
        expect(response.body).toEqual(KEY_REFUSED);
        expect(response.body.error).toMatch(/invalid API key/i);
      }),
      fuzzRun(40),
    );
    expect((await client.get("/api/users/me/")).body.first_name).toBe("Before");
    expect((await call("GET", "/api/users/me/", { apiKey: live })).status).toBe(200);
  });
});

describe("cross-origin writes", () => {
  it("refuses a cookie-authenticated write with a foreign Origin and changes nothing", async () => {
    const client = await signUp({ first_name: "Before" });
    const response = await call("PATCH", "/api/users/me/", {
      cookie: client.cookie,
      body: { first_name: "Hijacked" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: "Cross-origin request refused." });
    const me = await client.get("/api/users/me/");
    expect(me.body.first_name).toBe("Before");
  });

  it("refuses a cookie-authenticated write with a foreign Referer and no Origin", async () => {
    const client = await signUp();
    const before = await countRows("workspaces");
    const response = await call("POST", "/api/workspaces/", {
      cookie: client.cookie,
      body: { name: "Evil", slug: "evil-referer" },
      headers: { referer: "https://evil.example/page" },
    });
    expect(response.status).toBe(403);
    expect(await countRows("workspaces")).toBe(before);
  });

  it("refuses a foreign-origin sign-out, so another site cannot end the session", async () => {
    const client = await signUp();
    const response = await call("POST", "/api/auth/sign-out/", { cookie: client.cookie, headers: { origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    expect((await client.get("/api/users/me/")).status).toBe(200);
  });

  it("accepts the same write from our own origin, reads from any origin, and API-key writes from anywhere", async () => {
    const client = await signUp();
    const sameOrigin = await call("PATCH", "/api/users/me/", {
      cookie: client.cookie,
      body: { first_name: "Own" },
      headers: { origin: ORIGIN },
    });
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.body.first_name).toBe("Own");

    const read = await call("GET", "/api/users/me/", { cookie: client.cookie, headers: { origin: "https://evil.example" } });
    expect(read.status).toBe(200);

    const token = await client.post("/api/users/api-tokens/", { label: "script" });
    const script = await call("PATCH", "/api/users/me/", {
      apiKey: token.body.token,
      body: { first_name: "Script" },
      headers: { origin: "https://ci.example" },
    });
    expect(script.status).toBe(200);
    expect(script.body.first_name).toBe("Script");
  });
});
