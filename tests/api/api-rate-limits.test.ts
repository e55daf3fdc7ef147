// API rate limits (ADR 055): each token and each signed-in user has an allowance per fixed window,
// counted by a RateLimiter Durable Object. The Worker is called with its own env here, so the limits
// are the ones this file sets (the other suites run with them lifted); the window is moved on with
// the limiter's clock, never by waiting.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "../../durable-objects/rate-limiter";
import { sha256Hex } from "../../workers/auth/crypto";
import { type ApiBucket, apiBucketName, heardClock } from "../../workers/domain/api-limits";
import { TOO_MANY_API_REQUESTS } from "../../workers/domain/schemas/api-tokens";
import worker from "../../workers/index";
import { type Client, ORIGIN } from "../helpers/api";
import { countRows, createTeamWithProject } from "../helpers/fixtures";

const LIMIT = 60;
const WINDOW_SECONDS = 60;
/** The Worker's env with this file's limits (a new env object: its config is parsed anew). */
const limitedEnv = { ...env, API_RATE_LIMIT_PER_USER: String(LIMIT), API_RATE_LIMIT_PER_TOKEN: String(LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) };

type Caller = { cookie?: string; apiKey?: string };

async function send(method: string, path: string, caller: Caller, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN });
  if (caller.cookie) headers.set("cookie", caller.cookie);
  if (caller.apiKey) headers.set("x-api-key", caller.apiKey);
  if (body !== undefined) headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }) as Request<unknown, IncomingRequestCfProperties>,
    limitedEnv as unknown as Env,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** Sends `count` reads and checks each was let through with the allowance going down. */
async function spend(caller: Caller, count: number, startingAt = LIMIT) {
  for (let i = 1; i <= count; i++) {
    const response = await send("GET", "/api/users/me/", caller);
    expect(response.status, `request ${i}`).toBe(200);
    expect(response.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
    expect(response.headers.get("x-ratelimit-remaining")).toBe(String(startingAt - i));
  }
}

function expectRefused(response: Awaited<ReturnType<typeof send>>) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: TOO_MANY_API_REQUESTS });
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(response.headers.get("x-ratelimit-limit")).toBe(String(LIMIT));
  expect(response.headers.get("x-ratelimit-remaining")).toBe("0");
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  expect(reset).toBeGreaterThan(Date.now() / 1000);
  expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + WINDOW_SECONDS);
}

/**
 * Moves a bucket's limiter clock past its window, as if a minute had gone by. The setup's own
 * requests (signing up, making the project) count against the user's bucket too: a test opens a
 * fresh window before counting it.
 */
async function nextWindow(bucket: ApiBucket) {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(await apiBucketName(bucket)));
  await runInDurableObject(stub, (limiter: RateLimiter) => {
    const earlier = limiter.now;
    limiter.now = () => earlier() + WINDOW_SECONDS * 1000;
  });
  // The Worker's memory of the window ages with the same minute.
  const heardEarlier = heardClock.now;
  heardClock.now = () => heardEarlier() + WINDOW_SECONDS * 1000;
}

async function tokenOf(client: Client) {
  const created = await client.post("/api/users/api-tokens/", { label: "limited" });
  expect(created.status).toBe(201);
  return created.body.token as string;
}

describe("API rate limits", () => {
  it("the 61st request in a window over a limit of 60 gets 429 with the headers, and the next window works again", async () => {
    const { owner } = await createTeamWithProject("limit");
    const token = await tokenOf(owner);
    await spend({ apiKey: token }, LIMIT);
    expectRefused(await send("GET", "/api/users/me/", { apiKey: token }));
    expectRefused(await send("GET", "/api/users/me/", { apiKey: token }));
    await nextWindow({ kind: "token", key: await sha256Hex(token) });
    await spend({ apiKey: token }, 1);
  });

  it("a signed-in user's requests have their own allowance, apart from their tokens'", async () => {
    const { owner } = await createTeamWithProject("buckets");
    const [first, second] = [await tokenOf(owner), await tokenOf(owner)];
    await spend({ apiKey: first }, LIMIT);
    expectRefused(await send("GET", "/api/users/me/", { apiKey: first }));
    // The other token and the user's session each still have a whole window.
    await spend({ apiKey: second }, 1);
    await nextWindow({ kind: "user", key: owner.user.id });
    await spend({ cookie: owner.cookie }, LIMIT);
    expectRefused(await send("GET", "/api/users/me/", { cookie: owner.cookie }));
    await spend({ apiKey: second }, 1, LIMIT - 1);
    await nextWindow({ kind: "user", key: owner.user.id });
    await spend({ cookie: owner.cookie }, 1);
  });

  it("a write over the limit is refused before it runs: nothing is written", async () => {
    const team = await createTeamWithProject("nowrite");
    const path = `/api/workspaces/${team.slug}/projects/${team.project.id}/issues/`;
    await nextWindow({ kind: "user", key: team.owner.user.id });
    await spend({ cookie: team.owner.cookie }, LIMIT);
    const before = await countRows("issues", "project_id = ?", team.project.id);
    expectRefused(await send("POST", path, { cookie: team.owner.cookie }, { name: "Over the limit" }));
    expect(await countRows("issues", "project_id = ?", team.project.id)).toBe(before);
  });

  it("takes the limits from config: another env, other limits", async () => {
    const { owner } = await createTeamWithProject("config");
    // The suites' own env lifts the limits: the 61st request goes through there.
    const token = await tokenOf(owner);
    await spend({ apiKey: token }, LIMIT);
    const ctx = createExecutionContext();
    const unlimited = await worker.fetch(
      new Request(`${ORIGIN}/api/users/me/`, { headers: { "x-api-key": token } }) as Request<unknown, IncomingRequestCfProperties>,
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(unlimited.status).toBe(200);
    expect(unlimited.headers.get("x-ratelimit-limit")).toBe(String((env as unknown as Record<string, string>).API_RATE_LIMIT_PER_TOKEN));
  });
});
