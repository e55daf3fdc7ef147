import { describe, expect, it } from "vitest";
import { INVALID_API_KEY } from "../../workers/auth/sessions";
import { call, signUp } from "../helpers/api";
import { countRows, rowOf } from "../helpers/fixtures";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const KEY_REFUSED = { error: INVALID_API_KEY };

describe("GET /api/users/me/", () => {
  it("shows the signed-in user's profile and never the password hash", async () => {
    const client = await signUp({ first_name: "Margaret", last_name: "Hamilton" });
    const response = await client.get("/api/users/me");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: client.user.id,
      email: client.user.email,
      first_name: "Margaret",
      last_name: "Hamilton",
      display_name: client.user.email.split("@")[0],
      avatar: "",
      theme: null,
      is_bot: false,
    });
    expect(JSON.stringify(response.body)).not.toContain("pbkdf2");
    expect(response.body.password_hash).toBeUndefined();
  });
});

describe("PATCH /api/users/me/", () => {
  it("updates names, avatar and theme, and the change is there on the next read", async () => {
    const client = await signUp();
    const theme = { theme: "dark", accent: "#3f76ff", darkPalette: true };
    const response = await client.patch("/api/users/me/", {
      first_name: "  Katherine ",
      last_name: "Johnson",
      avatar: "https://example.com/a.png",
      theme,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ first_name: "Katherine", last_name: "Johnson", avatar: "https://example.com/a.png", theme });
    const me = await client.get("/api/users/me/");
    expect(me.body).toMatchObject({ first_name: "Katherine", last_name: "Johnson", avatar: "https://example.com/a.png", theme });
  });

  it("updates only the fields sent, and theme null clears the theme", async () => {
    const client = await signUp({ first_name: "Keep", last_name: "Me" });
    await client.patch("/api/users/me/", { theme: { theme: "light" } });
    const response = await client.patch("/api/users/me/", { last_name: "Changed", theme: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ first_name: "Keep", last_name: "Changed", theme: null });
    expect((await client.get("/api/users/me/")).body).toMatchObject({ first_name: "Keep", last_name: "Changed", theme: null });
  });

  it("changes nobody else's profile", async () => {
    const [alice, bob] = await Promise.all([signUp({ first_name: "Alice" }), signUp({ first_name: "Bob" })]);
    await alice.patch("/api/users/me/", { first_name: "Alicia" });
    expect((await bob.get("/api/users/me/")).body.first_name).toBe("Bob");
    expect((await rowOf<{ first_name: string }>("users", "id = ?", bob.user.id))?.first_name).toBe("Bob");
  });

  it.each([
    ["a 256-character first name", { first_name: "f".repeat(256) }, { first_name: ["First name should be less than 255 characters"] }],
    ["a 256-character last name", { last_name: "l".repeat(256) }, { last_name: ["Last name should be less than 255 characters"] }],
    ["a numeric first name", { first_name: 7 }, { first_name: ["First name must be text"] }],
    ["a 1025-character avatar", { avatar: "a".repeat(1025) }, { avatar: ["Avatar URL is too long"] }],
    ["a theme colour that is not hex", { theme: { accent: "blue" } }, { "theme.accent": ["Accent color should be hex format"] }],
    ["an empty theme colour", { theme: { theme: "light", textBase: "" } }, { "theme.textBase": ["Text primary color is required"] }],
    ["an unknown theme name", { theme: { theme: "sepia" } }, { "theme.theme": ["Theme should be one of system, light, dark or custom"] }],
    [
      "a custom theme without all eight colours",
      { theme: { theme: "custom", accent: "#FE5050", bgBase: "#FFF7F7", bgSurface1: "#FFE0E0", border: "#FFC9C9", sidebar: "#FFF", textBase: "#430000" } },
      { "theme.bgSurface2": ["Background surface 2 color is required"], "theme.textSecondary": ["Text secondary color is required"] },
    ],
  ])("answers 400 for %s and keeps the profile", async (_, body, expected) => {
    const client = await signUp({ first_name: "Stable" });
    const response = await client.patch("/api/users/me/", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    const me = await client.get("/api/users/me/");
    expect(me.body).toMatchObject({ first_name: "Stable", last_name: "User", avatar: "", theme: null });
  });

  it("keeps a custom theme with its eight colours and derives the palette string from them", async () => {
    const client = await signUp();
    const colors = {
      accent: "#FE5050",
      bgBase: "#FFF7F7",
      bgSurface1: "#FFE0E0",
      bgSurface2: "#FFF7F7",
      border: "#FFC9C9",
      sidebar: "#FFFFFF",
      textBase: "#430000",
      textSecondary: "#323232",
    };
    const response = await client.patch("/api/users/me/", { theme: { theme: "custom", ...colors, darkPalette: true, palette: "stale" } });
    expect(response.status).toBe(200);
    const expected = {
      theme: "custom",
      ...colors,
      darkPalette: true,
      palette: "#FE5050,#FFF7F7,#FFE0E0,#FFF7F7,#FFC9C9,#FFFFFF,#430000,#323232",
    };
    expect(response.body.theme).toEqual(expected);
    expect((await client.get("/api/users/me/")).body.theme).toEqual(expected);
  });

  it("refuses unknown theme keys", async () => {
    const client = await signUp();
    const response = await client.patch("/api/users/me/", { theme: { fontFamily: "Comic Sans" } });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(["theme"]);
    expect((await client.get("/api/users/me/")).body.theme).toBeNull();
  });

  it("answers 401 without credentials", async () => {
    const response = await call("PATCH", "/api/users/me/", { body: { first_name: "Anon" } });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(NO_CREDENTIALS);
  });
});

describe("API tokens", () => {
  it("creates a token that authenticates as X-Api-Key and is shown only once", async () => {
    const client = await signUp({ first_name: "Scripter" });
    const created = await client.post("/api/users/api-tokens/", { label: "  CI  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: expect.any(String), label: "CI", token: expect.stringMatching(/^et_/) });

    const me = await call("GET", "/api/users/me/", { apiKey: created.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: client.user.id, first_name: "Scripter" });

    const list = await client.get("/api/users/api-tokens/");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.body.id, label: "CI" });
    expect(list.body[0].token).toBeUndefined();
    expect(list.body[0].token_hash).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(created.body.token);
    // Only the hash is stored.
    const row = await rowOf<{ token_hash: string }>("api_tokens", "id = ?", created.body.id);
    expect(row?.token_hash).not.toBe(created.body.token);
  });

  it("shows when a token was last used", async () => {
    const client = await signUp();
    const created = await client.post("/api/users/api-tokens/", { label: "used" });
    expect(created.status).toBe(201);
    const unused = await client.get("/api/users/api-tokens/");
    expect(unused.body[0].last_used_at).toBeNull();
    const before = Date.now();
    expect((await call("GET", "/api/users/me/", { apiKey: created.body.token })).status).toBe(200);
    const used = await client.get("/api/users/api-tokens/");
    expect(Date.parse(used.body[0].last_used_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("lists only the caller's own tokens", async () => {
    const [alice, bob] = await Promise.all([signUp(), signUp()]);
    await alice.post("/api/users/api-tokens/", { label: "alice-1" });
    await alice.post("/api/users/api-tokens/", { label: "alice-2" });
    await bob.post("/api/users/api-tokens/", { label: "bob-1" });
    const aliceList = await alice.get("/api/users/api-tokens/");
    expect(aliceList.body.map((t: { label: string }) => t.label).sort()).toEqual(["alice-1", "alice-2"]);
    const bobList = await bob.get("/api/users/api-tokens/");
    expect(bobList.body.map((t: { label: string }) => t.label)).toEqual(["bob-1"]);
  });

  it("deleting a token answers 204, removes it from the list and the key stops working", async () => {
    const client = await signUp();
    const created = await client.post("/api/users/api-tokens/", { label: "temporary" });
    const kept = await client.post("/api/users/api-tokens/", { label: "kept" });
    const response = await client.delete(`/api/users/api-tokens/${created.body.id}/`);
    expect(response.status).toBe(204);
    const afterwards = await call("GET", "/api/users/me/", { apiKey: created.body.token });
    expect(afterwards.status).toBe(401);
    expect(afterwards.body).toEqual(KEY_REFUSED);
    const list = await client.get("/api/users/api-tokens/");
    expect(list.body.map((t: { id: string }) => t.id)).toEqual([kept.body.id]);
    expect((await call("GET", "/api/users/me/", { apiKey: kept.body.token })).status).toBe(200);

    const again = await client.delete(`/api/users/api-tokens/${created.body.id}`);
    expect(again.status).toBe(404);
  });

  it("answers 404 for another user's token id and leaves that token working", async () => {
    const [owner, other] = await Promise.all([signUp(), signUp()]);
    const created = await owner.post("/api/users/api-tokens/", { label: "mine" });
    const response = await other.delete(`/api/users/api-tokens/${created.body.id}/`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "API token not found." });
    expect((await call("GET", "/api/users/me/", { apiKey: created.body.token })).status).toBe(200);
    expect(await countRows("api_tokens", "id = ?", created.body.id)).toBe(1);
  });

  it("a token can manage tokens too, and deleting the token in use ends its access", async () => {
    const client = await signUp();
    const created = await client.post("/api/users/api-tokens/", { label: "self" });
    const viaKey = await call("GET", "/api/users/api-tokens/", { apiKey: created.body.token });
    expect(viaKey.status).toBe(200);
    expect(viaKey.body).toHaveLength(1);
    const selfDelete = await call("DELETE", `/api/users/api-tokens/${created.body.id}/`, { apiKey: created.body.token });
    expect(selfDelete.status).toBe(204);
    expect((await call("GET", "/api/users/api-tokens/", { apiKey: created.body.token })).status).toBe(401);
  });

  it.each([
    ["a missing label", {}, { label: ["Label is required"] }],
    ["a blank label", { label: "   " }, { label: ["Label is required"] }],
    ["a numeric label", { label: 12 }, { label: ["Label is required"] }],
    ["a 256-character label", { label: "l".repeat(256) }, { label: ["Label should be less than 255 characters"] }],
  ])("answers 400 for %s and creates no token", async (_, body, expected) => {
    const client = await signUp();
    const response = await client.post("/api/users/api-tokens/", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("api_tokens", "user_id = ?", client.user.id)).toBe(0);
  });

  it("answers 401 without credentials on every token endpoint", async () => {
    const client = await signUp();
    const created = await client.post("/api/users/api-tokens/", { label: "x" });
    for (const [method, path, body] of [
      ["GET", "/api/users/api-tokens/", undefined],
      ["POST", "/api/users/api-tokens/", { label: "anon" }],
      ["DELETE", `/api/users/api-tokens/${created.body.id}/`, undefined],
    ] as const) {
      const response = await call(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual(NO_CREDENTIALS);
    }
    expect(await countRows("api_tokens", "user_id = ?", client.user.id)).toBe(1);
  });
});
