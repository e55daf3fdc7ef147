import { describe, expect, it } from "vitest";
import { call, cookieFrom, signUp, uniqueEmail } from "../helpers/api";

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
});
