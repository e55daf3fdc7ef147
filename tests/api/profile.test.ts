// The profile page's action, posted as the browser does (form data to /profile.data): names,
// avatar (the previous upload deleted with the change), the password change (the current password
// checked, the sign-up rule for the new one, every other session ended), API tokens (created with
// a label, revoked only by their owner) and when a token records its last use. Every refusal
// answers its message and leaves the rows as they were.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { type Client, ORIGIN, call, cookieFrom, signUp } from "../helpers/api";
import { createWorkspace } from "../helpers/fixtures";

const PASSWORD = "correct horse battery";

async function postProfile(client: Client, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const response = await fetchWorker(`${ORIGIN}/profile.data`, {
    method: "POST",
    headers: { cookie: client.cookie, origin: ORIGIN, host: new URL(ORIGIN).host, ...headers },
    body: form,
    redirect: "manual",
  });
  return { status: response.status, body: await response.text() };
}

const userRow = (id: string) =>
  env.DB.prepare("SELECT first_name, last_name, display_name, avatar, password_hash FROM users WHERE id = ?")
    .bind(id)
    .first<{ first_name: string; last_name: string; display_name: string; avatar: string; password_hash: string }>();
const sessionCount = async (id: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ?").bind(id).first<{ n: number }>())!.n;

async function signIn(email: string, password: string) {
  return call("POST", "/api/auth/sign-in/", { body: { email, password } });
}

async function uploadAvatar(client: Client) {
  const form = new FormData();
  form.append("asset", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], { type: "image/png" }), "me.png");
  const response = await fetchWorker(`${ORIGIN}/api/users/file-assets/`, { method: "POST", headers: { cookie: client.cookie }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; asset: string };
}

async function assetState(id: string) {
  const row = await env.DB.prepare("SELECT asset_key FROM file_assets WHERE id = ?").bind(id).first<{ asset_key: string }>();
  return { row: row !== null, object: row ? (await env.FILES.head(row.asset_key)) !== null : false };
}

describe("the profile page", () => {
  it("shows the profile, the tokens and the way back to a workspace of the user", async () => {
    const user = await signUp({ first_name: "Grace", last_name: "Hopper" });
    const workspace = await createWorkspace(user, { name: "Compilers" });
    const { token } = (await user.post("/api/users/api-tokens/", { label: "nightly build" })).body as { token: string };
    const page = await fetchWorker(`${ORIGIN}/profile?back=${encodeURIComponent(`/${workspace.slug}/projects`)}`, {
      headers: { cookie: user.cookie, accept: "text/html" },
    });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Profile settings");
    expect(html).toContain("nightly build");
    expect(html).toContain(`href="/${workspace.slug}/projects"`);
    expect(html).toContain("Back to <!-- -->Compilers");
    expect(html).not.toContain(token);
  });

  it("sends a visitor who is not signed in to sign-in and back", async () => {
    const response = await fetchWorker(`${ORIGIN}/profile`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/?next=%2Fprofile");
  });
});

describe("names", () => {
  it("saves the names, and an empty field clears its name", async () => {
    const user = await signUp({ first_name: "Old", last_name: "Name" });
    const answer = await postProfile(user, { intent: "update-profile", first_name: "  Ada ", last_name: "", display_name: "ada" });
    expect(answer.status, answer.body).toBe(200);
    expect(await userRow(user.user.id)).toMatchObject({ first_name: "Ada", last_name: "", display_name: "ada" });
  });

  it("refuses a name that is too long with its message and changes nothing", async () => {
    const user = await signUp({ first_name: "Stable", last_name: "Person" });
    const before = await userRow(user.user.id);
    const answer = await postProfile(user, { intent: "update-profile", first_name: "f".repeat(256), last_name: "x", display_name: "d" });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("First name should be less than 255 characters");
    expect(await userRow(user.user.id)).toEqual(before);
  });

  it("refuses a write from another site (403) and an unknown intent (400)", async () => {
    const user = await signUp({ first_name: "Guarded" });
    const before = await userRow(user.user.id);
    // A foreign Origin is refused by Remix before the action runs; without one, a foreign Referer by the action.
    const foreignOrigin = await postProfile(user, { intent: "update-profile", first_name: "Hacked" }, { origin: "https://evil.example" });
    expect(foreignOrigin.status).toBeGreaterThanOrEqual(400);
    const form = new FormData();
    form.set("intent", "update-profile");
    form.set("first_name", "Hacked");
    const foreignReferer = await fetchWorker(`${ORIGIN}/profile.data`, {
      method: "POST",
      headers: { cookie: user.cookie, host: new URL(ORIGIN).host, referer: "https://evil.example/page" },
      body: form,
    });
    expect(foreignReferer.status).toBe(403);
    await foreignReferer.text();
    expect((await postProfile(user, { intent: "drop-tables" })).status).toBe(400);
    expect(await userRow(user.user.id)).toEqual(before);
  });
});

describe("avatar", () => {
  it("sets an uploaded avatar; the next one deletes the previous upload; removing deletes the last", async () => {
    const user = await signUp({ first_name: "Pic" });
    const first = await uploadAvatar(user);
    expect((await postProfile(user, { intent: "set-avatar", avatar: first.asset })).status).toBe(200);
    expect((await userRow(user.user.id))!.avatar).toBe(first.asset);

    const second = await uploadAvatar(user);
    expect((await postProfile(user, { intent: "set-avatar", avatar: second.asset })).status).toBe(200);
    expect((await userRow(user.user.id))!.avatar).toBe(second.asset);
    expect(await assetState(first.id)).toEqual({ row: false, object: false });
    expect(await assetState(second.id)).toEqual({ row: true, object: true });

    // Saving the same avatar again keeps it.
    expect((await postProfile(user, { intent: "set-avatar", avatar: second.asset })).status).toBe(200);
    expect(await assetState(second.id)).toEqual({ row: true, object: true });

    expect((await postProfile(user, { intent: "remove-avatar" })).status).toBe(200);
    expect((await userRow(user.user.id))!.avatar).toBe("");
    expect(await assetState(second.id)).toEqual({ row: false, object: false });
  });

  it("never deletes someone else's upload, and PATCH /api/users/me/ cleans up the same way", async () => {
    const owner = await signUp({ first_name: "Owner" });
    const borrower = await signUp({ first_name: "Borrower" });
    const theirs = await uploadAvatar(owner);
    await borrower.patch("/api/users/me/", { avatar: theirs.asset });
    expect((await borrower.patch("/api/users/me/", { avatar: "" })).status).toBe(200);
    expect(await assetState(theirs.id)).toEqual({ row: true, object: true });

    const mine = await uploadAvatar(owner);
    await owner.patch("/api/users/me/", { avatar: mine.asset });
    await owner.patch("/api/users/me/", { avatar: "https://example.com/elsewhere.png" });
    expect(await assetState(mine.id)).toEqual({ row: false, object: false });
  });

  it("refuses an avatar URL past the limit with its message", async () => {
    const user = await signUp({ first_name: "Long" });
    const answer = await postProfile(user, { intent: "set-avatar", avatar: `/${"a".repeat(1025)}` });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("Avatar URL is too long");
    expect((await userRow(user.user.id))!.avatar).toBe("");
  });
});

describe("changing the password", () => {
  const change = (client: Client, current: string, next: string, confirm = next) =>
    postProfile(client, { intent: "change-password", current_password: current, new_password: next, confirm_password: confirm });

  it("changes it, keeps this session and ends every other session of the user only", async () => {
    const user = await signUp({ first_name: "Rotate" });
    const other = await signIn(user.user.email, PASSWORD);
    const otherCookie = cookieFrom(other.headers);
    const bystander = await signUp({ first_name: "Bystander" });
    expect(await sessionCount(user.user.id)).toBe(2);

    const answer = await change(user, PASSWORD, "a brand new secret");
    expect(answer.status, answer.body).toBe(200);
    expect(answer.body).not.toContain("a brand new secret");

    expect(await sessionCount(user.user.id)).toBe(1);
    expect((await user.get("/api/users/me/")).status).toBe(200);
    expect((await call("GET", "/api/users/me/", { cookie: otherCookie })).status).toBe(401);
    expect((await bystander.get("/api/users/me/")).status).toBe(200);
    expect((await signIn(user.user.email, PASSWORD)).status).toBe(401);
    expect((await signIn(user.user.email, "a brand new secret")).status).toBe(200);
  });

  it("keeps API tokens working", async () => {
    const user = await signUp({ first_name: "Script" });
    const token = (await user.post("/api/users/api-tokens/", { label: "cron" })).body.token as string;
    expect((await change(user, PASSWORD, "another good secret")).status).toBe(200);
    expect((await call("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
  });

  it.each([
    ["a wrong current password", PASSWORD.toUpperCase(), "a brand new secret", undefined, "The current password you entered is incorrect."],
    ["no current password", "", "a brand new secret", undefined, "Current password is required"],
    ["a new password under 8 characters", PASSWORD, "short", undefined, "Password must be at least 8 characters long."],
    ["a new password over 128 characters", PASSWORD, "p".repeat(129), undefined, "Password should be at most 128 characters."],
    ["a confirmation that differs", PASSWORD, "a brand new secret", "a brand new secreT", "Passwords don't match"],
  ])("refuses %s with its message and changes nothing", async (_, current, next, confirm, message) => {
    const user = await signUp({ first_name: "Careful" });
    await signIn(user.user.email, PASSWORD);
    const before = { row: await userRow(user.user.id), sessions: await sessionCount(user.user.id) };
    const answer = await change(user, current, next, confirm ?? next);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(message);
    expect(answer.body).not.toContain(current || "\u0000");
    expect({ row: await userRow(user.user.id), sessions: await sessionCount(user.user.id) }).toEqual(before);
  });
});

describe("API tokens", () => {
  it("creates a token with its label, answered once, and lists it without its value", async () => {
    const user = await signUp({ first_name: "Tokens" });
    const answer = await postProfile(user, { intent: "create-token", label: "  deploy  " });
    expect(answer.status).toBe(200);
    const token = answer.body.match(/et_[A-Za-z0-9_-]+/)?.[0];
    expect(token).toBeDefined();
    expect((await call("GET", "/api/users/me/", { apiKey: token })).status).toBe(200);
    const list = await user.get("/api/users/api-tokens/");
    expect(list.body).toEqual([expect.objectContaining({ label: "deploy" })]);
    expect(JSON.stringify(list.body)).not.toContain("et_");
  });

  it("refuses an empty or too long label with its message and creates nothing", async () => {
    const user = await signUp({ first_name: "NoLabel" });
    const empty = await postProfile(user, { intent: "create-token", label: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Label is required");
    const long = await postProfile(user, { intent: "create-token", label: "l".repeat(256) });
    expect(long.status).toBe(400);
    expect(long.body).toContain("Label should be less than 255 characters");
    expect((await user.get("/api/users/api-tokens/")).body).toEqual([]);
  });

  it("revokes the owner's token (401 after), and nobody revokes another user's (404)", async () => {
    const owner = await signUp({ first_name: "Keeper" });
    const intruder = await signUp({ first_name: "Intruder" });
    const created = (await owner.post("/api/users/api-tokens/", { label: "mine" })).body as { id: string; token: string };
    const refused = await postProfile(intruder, { intent: "revoke-token", token_id: created.id });
    expect(refused.status).toBe(404);
    expect((await call("GET", "/api/users/me/", { apiKey: created.token })).status).toBe(200);

    expect((await postProfile(owner, { intent: "revoke-token", token_id: created.id })).status).toBe(200);
    expect((await call("GET", "/api/users/me/", { apiKey: created.token })).status).toBe(401);
    expect((await owner.get("/api/users/api-tokens/")).body).toEqual([]);
  });

  it("records a token's use at most once a minute", async () => {
    const user = await signUp({ first_name: "Busy" });
    const created = (await user.post("/api/users/api-tokens/", { label: "busy" })).body as { id: string; token: string };
    const lastUsed = async () =>
      (await env.DB.prepare("SELECT last_used_at FROM api_tokens WHERE id = ?").bind(created.id).first<{ last_used_at: string | null }>())!
        .last_used_at;
    const setLastUsed = (msAgo: number) =>
      env.DB.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").bind(new Date(Date.now() - msAgo).toISOString(), created.id).run();

    await setLastUsed(30_000);
    const recent = await lastUsed();
    await call("GET", "/api/users/me/", { apiKey: created.token });
    expect(await lastUsed()).toBe(recent);

    await setLastUsed(90_000);
    const before = Date.now();
    await call("GET", "/api/users/me/", { apiKey: created.token });
    expect(Date.parse((await lastUsed())!)).toBeGreaterThanOrEqual(before - 1000);
  });
});
