// Where a user is signed in (ADR 046): every sign-in records its browser, the list names each one
// and marks the session asking, ending another session signs that browser out at its next
// request, nobody reaches another user's sessions, and a session's last-seen time is written at
// most every few minutes, after the answer, without another statement on the request's way.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SESSION_TOUCH_MS } from "../../workers/auth/sessions";
import { SESSION_IS_CURRENT } from "../../workers/domain/user-sessions";
import { DEBUG_ROWS_HEADER, STATEMENTS_HEADER } from "../../workers/lib/d1-read-counter";
import { type Client, ORIGIN, call, cookieFrom, signUp } from "../helpers/api";
import { createWorkspace } from "../helpers/fixtures";
import { fetchWorker } from "../helpers/worker";

const PASSWORD = "correct horse battery";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Listed = { id: string; device: string; country: string | null; created_at: string; last_seen_at: string; current: boolean };

/** Signs `user` in anew from a browser sending `userAgent` (and Cloudflare's country header). */
async function signInFrom(user: Client, userAgent: string, headers: Record<string, string> = {}) {
  const answer = await call("POST", "/api/auth/sign-in/", { body: { email: user.user.email, password: PASSWORD }, headers: { "user-agent": userAgent, ...headers } });
  expect(answer.status).toBe(200);
  return cookieFrom(answer.headers);
}

async function listed(cookie: string): Promise<Listed[]> {
  const answer = await call("GET", "/api/users/me/sessions/", { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const lastSeen = async (id: string) =>
  (await env.DB.prepare("SELECT last_seen_at FROM sessions WHERE id = ?").bind(id).first<{ last_seen_at: string }>())?.last_seen_at;

/** Sends a request and waits for the work it left running after its answer (the last-seen write). */
async function settled(path: string, cookie: string, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const response = await fetchWorker(`${ORIGIN}${path}`, { headers: { cookie, ...headers } }, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

describe("the session list", () => {
  it("names each browser the user signed in from and marks the one asking", async () => {
    const user = await signUp({ first_name: "Roaming" });
    const firefox = await signInFrom(user, FIREFOX_MAC, { "cf-ipcountry": "DE" });
    const safari = await signInFrom(user, SAFARI_IPHONE, { "cf-ipcountry": "XX" });

    const seenFromFirefox = await listed(firefox);
    expect(seenFromFirefox).toHaveLength(3);
    expect(seenFromFirefox.map((s) => s.device)).toEqual(["Safari on iPhone", "Firefox on macOS", "Unknown device"]);
    expect(seenFromFirefox.filter((s) => s.current).map((s) => s.device)).toEqual(["Firefox on macOS"]);
    expect(seenFromFirefox.map((s) => s.country)).toEqual([null, "DE", null]);
    for (const session of seenFromFirefox) expect(session.last_seen_at).toBe(session.created_at);
    // Nothing of the token travels.
    expect(Object.keys(seenFromFirefox[0]).sort()).toEqual(["country", "created_at", "current", "device", "id", "last_seen_at"]);

    expect((await listed(safari)).filter((s) => s.current).map((s) => s.device)).toEqual(["Safari on iPhone"]);
  });

  it("keeps a long User-Agent to its first 300 characters", async () => {
    const user = await signUp({ first_name: "Verbose" });
    await signInFrom(user, `${FIREFOX_MAC} ${"x".repeat(1000)}`);
    const stored = await env.DB.prepare("SELECT user_agent FROM sessions WHERE user_id = ? AND user_agent != ''").bind(user.user.id).first<{ user_agent: string }>();
    expect(stored?.user_agent).toHaveLength(300);
  });

  it("lists for an API key too, with no session marked current", async () => {
    const user = await signUp({ first_name: "Scripted" });
    const { token } = (await user.post("/api/users/api-tokens/", { label: "cron" })).body as { token: string };
    const answer = await call("GET", "/api/users/me/sessions/", { apiKey: token });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0].current).toBe(false);
  });

  it("shows the sessions on the profile page, this device marked", async () => {
    const user = await signUp({ first_name: "Paged" });
    const firefox = await signInFrom(user, FIREFOX_MAC);
    await signInFrom(user, SAFARI_IPHONE);
    const page = await fetchWorker(`${ORIGIN}/profile`, { headers: { cookie: firefox, accept: "text/html" } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Safari on iPhone");
    expect(html).toContain("Firefox on macOS");
    expect(html.match(/This device/g)).toHaveLength(1);
  });
});

async function postProfile(cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  const response = await fetchWorker(`${ORIGIN}/profile.data`, { method: "POST", headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host }, body: form, redirect: "manual" });
  return { status: response.status, body: await response.text() };
}

describe("signing a session out", () => {
  it("ends another session of the user's: its browser is signed out at its next request", async () => {
    const user = await signUp({ first_name: "Tidy" });
    const laptop = await signInFrom(user, FIREFOX_MAC);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;

    expect((await call("DELETE", `/api/users/me/sessions/${phoneId}/`, { cookie: laptop })).status).toBe(204);
    expect((await call("GET", "/api/users/me/", { cookie: phone })).status).toBe(401);
    expect((await listed(laptop)).map((s) => s.id)).not.toContain(phoneId);
    // Once gone it is not found.
    expect((await call("DELETE", `/api/users/me/sessions/${phoneId}/`, { cookie: laptop })).status).toBe(404);
  });

  it("does the same from the profile page's intent", async () => {
    const user = await signUp({ first_name: "Pager" });
    const laptop = await signInFrom(user, FIREFOX_MAC);
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;

    const answer = await postProfile(laptop, { intent: "sign-out-session", session_id: phoneId });
    expect(answer.status, answer.body).toBe(200);
    expect((await call("GET", "/api/users/me/", { cookie: phone })).status).toBe(401);
    expect((await postProfile(laptop, { intent: "sign-out-session", session_id: phoneId })).status).toBe(404);
  });

  it("finds no session of another user's, and theirs keeps working", async () => {
    const owner = await signUp({ first_name: "Owner" });
    const other = await signUp({ first_name: "Other" });
    const ownerSession = (await listed(owner.cookie))[0].id;

    expect((await call("DELETE", `/api/users/me/sessions/${ownerSession}/`, { cookie: other.cookie })).status).toBe(404);
    expect((await postProfile(other.cookie, { intent: "sign-out-session", session_id: ownerSession })).status).toBe(404);
    // The same answer as an id nobody has.
    const missing = await call("DELETE", `/api/users/me/sessions/${crypto.randomUUID()}/`, { cookie: other.cookie });
    const foreign = await call("DELETE", `/api/users/me/sessions/${ownerSession}/`, { cookie: other.cookie });
    expect(foreign).toMatchObject({ status: missing.status, body: missing.body });
    expect((await call("GET", "/api/users/me/", { cookie: owner.cookie })).status).toBe(200);
  });

  it("refuses the session asking and points to Sign out, which stays signed in", async () => {
    const user = await signUp({ first_name: "Careful" });
    const current = (await listed(user.cookie)).find((s) => s.current)!.id;
    const answer = await call("DELETE", `/api/users/me/sessions/${current}/`, { cookie: user.cookie });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(SESSION_IS_CURRENT);
    expect((await call("GET", "/api/users/me/", { cookie: user.cookie })).status).toBe(200);
  });

  it("lets an API key end any session of its user", async () => {
    const user = await signUp({ first_name: "Remote" });
    const { token } = (await user.post("/api/users/api-tokens/", { label: "admin" })).body as { token: string };
    const id = (await listed(user.cookie))[0].id;
    expect((await call("DELETE", `/api/users/me/sessions/${id}/`, { apiKey: token })).status).toBe(204);
    expect((await call("GET", "/api/users/me/", { cookie: user.cookie })).status).toBe(401);
  });

  it("refuses a cookie-authenticated delete from another site", async () => {
    const user = await signUp({ first_name: "Guarded" });
    const phone = await signInFrom(user, SAFARI_IPHONE);
    const phoneId = (await listed(phone)).find((s) => s.current)!.id;
    const answer = await call("DELETE", `/api/users/me/sessions/${phoneId}/`, { cookie: user.cookie, headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    expect((await call("GET", "/api/users/me/", { cookie: phone })).status).toBe(200);
  });
});

describe("when a session was last seen", () => {
  const setBack = (id: string, by: number) =>
    env.DB.prepare("UPDATE sessions SET last_seen_at = ? WHERE id = ?").bind(new Date(Date.now() - by).toISOString(), id).run();

  it("is not written by requests within the last few minutes", async () => {
    const user = await signUp({ first_name: "Busy" });
    const id = (await listed(user.cookie))[0].id;
    const before = await lastSeen(id);
    await settled("/api/users/me/", user.cookie);
    await settled("/profile", user.cookie);
    await settled("/api/users/me/", user.cookie);
    expect(await lastSeen(id)).toBe(before);
  });

  it.each([
    ["an API request", "/api/users/me/"],
    ["a page", "/profile"],
  ])("is written after %s once it is older than the threshold", async (_what, path) => {
    const user = await signUp({ first_name: "Returning" });
    const id = (await listed(user.cookie))[0].id;
    await setBack(id, SESSION_TOUCH_MS + 1000);
    const stale = await lastSeen(id);
    const startedAt = Date.now();
    expect((await settled(path, user.cookie)).status).toBe(200);
    const written = await lastSeen(id);
    expect(written).not.toBe(stale);
    expect(Date.parse(written!)).toBeGreaterThanOrEqual(startedAt - 1000);
    // The next request finds it fresh and leaves it.
    await settled(path, user.cookie);
    expect(await lastSeen(id)).toBe(written);
  });

  it("costs no statement on the request's way when the session is read with its access", async () => {
    const user = await signUp({ first_name: "Scoped" });
    const { slug } = await createWorkspace(user);
    const id = (await listed(user.cookie))[0].id;
    const statements = async () => {
      const response = await settled(`/api/workspaces/${slug}/`, user.cookie, { [DEBUG_ROWS_HEADER]: "1" });
      expect(response.status).toBe(200);
      return JSON.parse(response.headers.get(STATEMENTS_HEADER) ?? "[]").length as number;
    };
    const fresh = await statements();
    await setBack(id, SESSION_TOUCH_MS + 1000);
    const stale = await lastSeen(id);
    expect(await statements()).toBe(fresh);
    expect(await lastSeen(id)).not.toBe(stale);
  });
});
