// The sign-in throttle and the session rules around sign-in (ADR 027): failed sign-ins counted per
// account and per client address, a fresh session id on every sign-in, sign-out of all sessions,
// and the `__Host-` session cookie in production.
import { env } from "cloudflare:test";
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sessionCookie, sessionCookieName } from "../../workers/auth/sessions";
import { openDb } from "../../workers/db";
import { signIn as signInDomain } from "../../workers/domain/accounts";
import type { DomainContext } from "../../workers/domain/context";
import { getConfig } from "../../workers/env";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../workers/domain/schemas/accounts";
import { SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, throttleKeys } from "../../workers/domain/sign-in-throttle";
import { call, cookieFrom, ORIGIN, signUp, uniqueEmail } from "../helpers/api";
import { countRows } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const PASSWORD = "correct horse battery";
const INVALID = { error: "Invalid email or password." };

let addressCounter = 0;
/** A client address no other test uses (TEST-NET-3 and documentation IPv6). */
const uniqueAddress = () => `2001:db8::${(Date.now() % 0xffff).toString(16)}:${(++addressCounter).toString(16)}`;

function signIn(email: string, password: string, address?: string, cookie?: string) {
  return call("POST", "/api/auth/sign-in/", {
    body: { email, password },
    cookie,
    headers: address ? { "cf-connecting-ip": address } : {},
  });
}

/** Fails `times` sign-ins for `email`, each from `address` (or from a new address each time). */
async function fail(email: string, times: number, address?: string) {
  for (let i = 0; i < times; i++) {
    const response = await signIn(email, "wrong password", address ?? uniqueAddress());
    expect(response.status, `failure ${i + 1}`).toBe(401);
  }
}

function expectThrottled(response: { status: number; body: unknown; headers: Headers }, maxSeconds = SIGN_IN_WINDOW_MS / 1000) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ error: TOO_MANY_SIGN_IN_ATTEMPTS });
  expect(response.headers.get("set-cookie")).toBeNull();
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

/** The RateLimiter holding the account counter of `email`. */
async function accountCounter(email: string) {
  const { account } = await throttleKeys(email, { address: null });
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(account));
}

/** Plants `times` failures against the account of `email`, `ageMs` ago. */
async function plantAccountFailures(email: string, times: number, ageMs: number) {
  const counter = await accountCounter(email);
  for (let i = 0; i < times; i++) await counter.take(SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS, Date.now() - ageMs);
}

/** How many failures the account counter of `email` holds now. */
const accountFailures = async (email: string) => (await (await accountCounter(email)).peek(SIGN_IN_FAILURE_LIMIT, SIGN_IN_WINDOW_MS)).count;

describe("the sign-in throttle, per account", () => {
  it(`refuses the ${SIGN_IN_FAILURE_LIMIT + 1}th attempt in 15 minutes with 429 and Retry-After, even with the right password`, async () => {
    const client = await signUp();
    await fail(client.user.email, SIGN_IN_FAILURE_LIMIT);
    const refused = await signIn(client.user.email, PASSWORD, uniqueAddress());
    const retryAfter = expectThrottled(refused);
    // The first failure was seconds ago: it leaves the window in about 15 minutes.
    expect(retryAfter).toBeGreaterThan(SIGN_IN_WINDOW_MS / 1000 - 60);
    // Another account from the same addresses is not affected.
    const other = await signUp();
    expect((await signIn(other.user.email, PASSWORD, uniqueAddress())).status).toBe(200);
  });

  it("says in Retry-After when the oldest failure leaves the window, and forgets failures older than it", async () => {
    const client = await signUp();
    await plantAccountFailures(client.user.email, SIGN_IN_FAILURE_LIMIT, 14 * 60_000);
    const retryAfter = expectThrottled(await signIn(client.user.email, PASSWORD, uniqueAddress()));
    expect(retryAfter).toBeGreaterThanOrEqual(58);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const later = await signUp();
    await plantAccountFailures(later.user.email, SIGN_IN_FAILURE_LIMIT, 16 * 60_000);
    expect((await signIn(later.user.email, PASSWORD, uniqueAddress())).status).toBe(200);
  });

  it("forgets failures that left the window when it counts a new one", async () => {
    const client = await signUp();
    await plantAccountFailures(client.user.email, 3, SIGN_IN_WINDOW_MS + 60_000);
    await fail(client.user.email, 1);
    expect(await accountFailures(client.user.email)).toBe(1);
  });

  it("a success resets the account's count", async () => {
    const client = await signUp();
    await fail(client.user.email, SIGN_IN_FAILURE_LIMIT - 1);
    expect((await signIn(client.user.email, PASSWORD, uniqueAddress())).status).toBe(200);
    // A full run of failures is allowed again before the next refusal.
    await fail(client.user.email, SIGN_IN_FAILURE_LIMIT);
    expectThrottled(await signIn(client.user.email, "wrong password", uniqueAddress()));
  });

  it("counts an email however it is typed", async () => {
    const client = await signUp();
    await fail(`  ${client.user.email.toUpperCase()} `, SIGN_IN_FAILURE_LIMIT);
    expectThrottled(await signIn(client.user.email, PASSWORD, uniqueAddress()));
  });
});

describe("the sign-in throttle, per client address", () => {
  it(`refuses the ${SIGN_IN_FAILURE_LIMIT + 1}th attempt from one address, whichever accounts it tried`, async () => {
    const address = uniqueAddress();
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await signIn(uniqueEmail("guess"), "wrong password", address)).status).toBe(401);
    }
    const client = await signUp();
    expectThrottled(await signIn(client.user.email, PASSWORD, address));
    // The account itself is fine from anywhere else.
    expect((await signIn(client.user.email, PASSWORD, uniqueAddress())).status).toBe(200);
  });

  it("keeps the address's count when one of its sign-ins succeeds", async () => {
    const address = uniqueAddress();
    const client = await signUp();
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT - 1; i++) {
      expect((await signIn(uniqueEmail("guess"), "wrong password", address)).status).toBe(401);
    }
    expect((await signIn(client.user.email, PASSWORD, address)).status).toBe(200);
    expect((await signIn(uniqueEmail("guess"), "wrong password", address)).status).toBe(401);
    expectThrottled(await signIn(client.user.email, PASSWORD, address));
  });
});

describe("an unknown email", () => {
  it("answers exactly like a wrong password: status, body, headers and what is counted", async () => {
    const client = await signUp();
    const nobody = uniqueEmail("nobody");
    const users = await countRows("users");
    const wrong = await signIn(client.user.email, "wrong password", uniqueAddress());
    const unknown = await signIn(nobody, "wrong password", uniqueAddress());
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual(INVALID);
    const visible = (headers: Headers) => [...headers].filter(([name]) => !["date", "server-timing", "x-d1-bookmark"].includes(name));
    expect(visible(unknown.headers)).toEqual(visible(wrong.headers));
    expect(await accountFailures(nobody)).toBe(await accountFailures(client.user.email));
    expect(await accountFailures(nobody)).toBe(1);
    expect(await countRows("users")).toBe(users);
  });

  it("is throttled like a known one, so a 429 does not tell that the account exists", async () => {
    const email = uniqueEmail("nobody");
    await fail(email, SIGN_IN_FAILURE_LIMIT);
    expectThrottled(await signIn(email, "wrong password", uniqueAddress()));
  });
});

describe("sessions on sign-in", () => {
  it("gives every sign-in a new session id and ends the session the request presented", async () => {
    const client = await signUp();
    const first = await signIn(client.user.email, PASSWORD, uniqueAddress(), client.cookie);
    const firstCookie = cookieFrom(first.headers);
    expect(firstCookie).not.toBe(client.cookie);
    expect((await call("GET", "/api/users/me/", { cookie: client.cookie })).status).toBe(401);

    const second = await signIn(client.user.email, PASSWORD, uniqueAddress());
    const secondCookie = cookieFrom(second.headers);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await call("GET", "/api/users/me/", { cookie: firstCookie })).status).toBe(200);
    expect((await call("GET", "/api/users/me/", { cookie: secondCookie })).status).toBe(200);
    expect(await countRows("sessions", "user_id = ?", client.user.id)).toBe(2);
  });

  it("a planted session id of another user is never kept by a sign-in", async () => {
    const planter = await signUp();
    const victim = await signUp();
    const response = await signIn(victim.user.email, PASSWORD, uniqueAddress(), planter.cookie);
    expect(response.status).toBe(200);
    expect(cookieFrom(response.headers)).not.toBe(planter.cookie);
    expect((await call("GET", "/api/users/me/", { cookie: planter.cookie })).status).toBe(401);
  });
});

describe("sign-out of all sessions", () => {
  it("ends every session of the user and clears the cookie; other users and API tokens stay", async () => {
    const client = await signUp();
    const other = await signUp();
    const token = await client.post("/api/users/api-tokens/", { label: "script" });
    expect(token.status).toBe(201);
    const cookies = [client.cookie];
    for (let i = 0; i < 2; i++) cookies.push(cookieFrom((await signIn(client.user.email, PASSWORD, uniqueAddress())).headers));
    expect(await countRows("sessions", "user_id = ?", client.user.id)).toBe(3);

    const response = await call("POST", "/api/auth/sign-out-all/", { cookie: cookies[1] });
    expect(response.status).toBe(204);
    expect(response.headers.get("set-cookie")).toMatch(/session=;.*Max-Age=0/);
    for (const cookie of cookies) expect((await call("GET", "/api/users/me/", { cookie })).status).toBe(401);
    expect(await countRows("sessions", "user_id = ?", client.user.id)).toBe(0);
    expect((await other.get("/api/users/me/")).status).toBe(200);
    expect((await call("GET", "/api/users/me/", { apiKey: token.body.token })).status).toBe(200);
  });

  it("answers 401 without credentials", async () => {
    expect((await call("POST", "/api/auth/sign-out-all/")).status).toBe(401);
  });

  it("the sign-out form with scope=all ends every session too", async () => {
    const client = await signUp();
    const second = cookieFrom((await signIn(client.user.email, PASSWORD, uniqueAddress())).headers);
    const response = await fetchWorker(`${ORIGIN}/sign-out`, {
      method: "POST",
      headers: { cookie: client.cookie, origin: ORIGIN, host: new URL(ORIGIN).host },
      body: new URLSearchParams({ scope: "all" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect((await call("GET", "/api/users/me/", { cookie: second })).status).toBe(401);
    expect((await call("GET", "/api/users/me/", { cookie: client.cookie })).status).toBe(401);
  });
});

describe("the sign-in page", () => {
  function postSignIn(email: string, password: string, address: string) {
    return fetchWorker(`${ORIGIN}/?index`, {
      method: "POST",
      headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "cf-connecting-ip": address },
      body: new URLSearchParams({ email, password }),
      redirect: "manual",
    });
  }

  it("goes through the same throttle: the 11th failure answers 429 with Retry-After and the message", async () => {
    const client = await signUp();
    const address = uniqueAddress();
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      const response = await postSignIn(client.user.email, "wrong password", address);
      expect(response.status).toBe(401);
      await response.text();
    }
    const refused = await postSignIn(client.user.email, PASSWORD, address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("set-cookie") ?? "").not.toMatch(/(^|,\s*)session=/);
    expect(await refused.text()).toContain(TOO_MANY_SIGN_IN_ATTEMPTS);
    // The API sign-in counts the same failures.
    expectThrottled(await signIn(client.user.email, PASSWORD, uniqueAddress()));
  });
});

describe("the session cookie", () => {
  it("is __Host-session in production: Secure, Path=/, no Domain", () => {
    const production = getConfig({ ...env, APP_ENV: "production" } as Env);
    expect(sessionCookieName(production)).toBe("__Host-session");
    const cookie = sessionCookie("s_token", production, 60);
    expect(cookie).toMatch(/^__Host-session=s_token;/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/;/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("keeps the plain name on local http runs", async () => {
    expect(sessionCookieName(getConfig(env as Env))).toBe("session");
    const response = await call("POST", "/api/auth/sign-up/", { body: { email: uniqueEmail(), password: PASSWORD } });
    expect(response.headers.get("set-cookie")).toMatch(/^session=s_/);
    expect(response.headers.get("set-cookie")).not.toMatch(/Secure/);
  });
});

/** D1 that records every statement it is sent (SQL and bound values) and counts round trips. */
function recordingDb() {
  const statements: { sql: string; params: unknown[] }[] = [];
  const counter = { roundTrips: 0 };
  const session = env.DB.withSession("first-unconstrained");
  const originals = new WeakMap<object, { statement: D1PreparedStatement; sql: string; params: unknown[] }>();
  const wrap = (statement: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql, args);
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.roundTrips += 1;
            statements.push({ sql, params });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, { statement, sql, params });
    return proxy;
  };
  const database = {
    withSession: () => ({
      prepare: (sql: string) => wrap(session.prepare(sql), sql, []),
      batch: (list: D1PreparedStatement[]) => {
        counter.roundTrips += 1;
        return session.batch(
          list.map((item) => {
            const original = originals.get(item);
            if (!original) return item;
            statements.push({ sql: original.sql, params: original.params });
            return original.statement;
          }),
        );
      },
      getBookmark: () => session.getBookmark(),
    }),
  } as unknown as D1Database;
  const ctx = { db: openDb(database, null).db, env, config: getConfig(env as Env), effects: {} } as unknown as DomainContext;
  return { ctx, statements, counter };
}

describe("the throttle's reads and writes", () => {
  it("reads D1 once per sign-in and writes it never: the counters live in their Durable Objects", async () => {
    const client = await signUp();
    const address = { address: uniqueAddress() };
    const run = async (password: string) => {
      const recording = recordingDb();
      const outcome = await signInDomain(recording.ctx, { email: client.user.email, password }, address).then(
        () => "ok",
        (error: Error) => error.constructor.name,
      );
      return { outcome, ...recording };
    };
    const outcomes = [await run(PASSWORD), await run("wrong password"), await run(PASSWORD)];
    await plantAccountFailures(client.user.email, SIGN_IN_FAILURE_LIMIT, 60_000);
    outcomes.push(await run(PASSWORD));
    expect(outcomes.map((o) => o.outcome)).toEqual(["ok", "Unauthenticated", "ok", "QuotaExceeded"]);
    for (const outcome of outcomes) {
      expect(outcome.counter.roundTrips).toBe(1);
      expect(outcome.statements.map(({ sql }) => sql.trimStart().slice(0, 6).toLowerCase())).toEqual(["select"]);
    }
  });
});

describe("bursts of simultaneous sign-ins (generated)", () => {
  it("lets exactly the attempts under the limit through, however many arrive at once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: SIGN_IN_FAILURE_LIMIT }),
        fc.integer({ min: 1, max: 24 }),
        fc.boolean(),
        async (prior, burst, rightPassword) => {
          const client = await signUp();
          await plantAccountFailures(client.user.email, prior, 60_000);
          const answers = await Promise.all(
            Array.from({ length: burst }, () => signIn(client.user.email, rightPassword ? PASSWORD : "wrong password", uniqueAddress())),
          );
          const statuses = answers.map((answer) => answer.status);
          const through = statuses.filter((status) => status !== 429).length;
          if (rightPassword) {
            // Each attempt holds a place while its password is checked; a success then clears the
            // account's count, so later arrivals may get in too, but never one past a full count.
            expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
            if (prior === SIGN_IN_FAILURE_LIMIT) expect(through).toBe(0);
            else expect(through).toBeGreaterThanOrEqual(Math.min(burst, SIGN_IN_FAILURE_LIMIT - prior));
          } else {
            expect(through).toBe(Math.min(burst, SIGN_IN_FAILURE_LIMIT - prior));
            expect(statuses.filter((status) => status === 401).length).toBe(through);
            expect(await accountFailures(client.user.email)).toBe(Math.min(SIGN_IN_FAILURE_LIMIT, prior + burst));
          }
        },
      ),
      fuzzRun(8),
    );
    // Each case signs up and fires up to 24 sign-ins at once: slow on a shared two-core machine.
  }, 120_000);

  it("refuses all of a burst from one address past its limit, whichever accounts it names", async () => {
    const address = uniqueAddress();
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_FAILURE_LIMIT * 3 }, () => signIn(uniqueEmail("guess"), "wrong password", address)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBe(SIGN_IN_FAILURE_LIMIT);
    expect(statuses.filter((status) => status === 429).length).toBe(SIGN_IN_FAILURE_LIMIT * 2);
  });

  it("the counter itself: of N simultaneous takes, exactly the limit are allowed", async () => {
    const counter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test-${crypto.randomUUID()}`));
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => counter.take(7, 60_000)));
    const allowed = verdicts.filter((verdict) => verdict.allowed);
    expect(allowed.length).toBe(7);
    expect(new Set(allowed.map((verdict) => verdict.count))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7]));
    expect(verdicts.filter((verdict) => !verdict.allowed).every((verdict) => verdict.retryAfterMs > 0 && verdict.retryAfterMs <= 60_000)).toBe(true);
  });
});
