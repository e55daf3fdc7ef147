// Each body is read within its limit: a body announced too large is refused before a byte of it is
// read, one that streams in without a length (or with a false one) is cut off at the limit, so a
// 90 MB body costs the Worker milliseconds. Sizes are generated around every limit.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../workers/index";
import { BODY_LIMITS, LARGEST_BODY } from "../../workers/lib/body-limit";
import { type Client, ORIGIN, signUp } from "../helpers/api";
import { fuzzRun } from "../helpers/hostile-input";

const CHUNK = 64 * 1024;

/** A body of `total` bytes made on demand, counting how many bytes the Worker pulled from it. */
function countingBody(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

/** A JSON body of exactly `size` bytes: `{"x":"aaa…"}`. */
function jsonOfSize(size: number): string {
  return `{"x":"${"a".repeat(Math.max(0, size - 8))}"}`;
}

/** A form body of exactly `size` bytes: `x=aaa…`. */
function formOfSize(size: number): string {
  return `x=${"a".repeat(Math.max(0, size - 2))}`;
}

/**
 * Hands a request straight to the Worker (no socket between), so a streamed body is pulled only
 * as the Worker reads it and what it pulled can be counted exactly.
 */
async function post(path: string, body: BodyInit, headers: Record<string, string>) {
  return request(path, "POST", body, headers);
}

async function request(path: string, method: string, body: BodyInit, headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const sent = new Request(`${ORIGIN}${path}`, { method, headers: { origin: ORIGIN, host: new URL(ORIGIN).host, ...headers }, body, redirect: "manual" });
  const response = await worker.fetch(sent as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  const answer = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, answer };
}

/** Sends `text` as a body of announced length, as a stream without one, or as one with a false one. */
function send(path: string, text: string, options: { length: "true" | "none" | "lie"; contentType: string; cookie?: string }) {
  const bytes = new TextEncoder().encode(text);
  const headers: Record<string, string> = { "content-type": options.contentType };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.length === "true") return post(path, bytes, { ...headers, "content-length": String(bytes.byteLength) });
  // A stream that announces a length (one that fits) and sends more.
  if (options.length === "lie") headers["content-length"] = "16";
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.byteLength; at += CHUNK) controller.enqueue(bytes.slice(at, at + CHUNK));
      controller.close();
    },
  });
  return post(path, stream, headers);
}

let client: Client;
beforeAll(async () => {
  client = await signUp();
});

/** Routes of each limit, with the body that fits them. */
const LIMITED = [
  { name: "sign-in (API)", path: "/api/auth/sign-in/", limit: BODY_LIMITS.account, type: "application/json", make: jsonOfSize, signedIn: false },
  { name: "a JSON write (API)", path: "/api/users/api-tokens/", limit: BODY_LIMITS.json, type: "application/json", make: jsonOfSize, signedIn: true },
  { name: "a page form", path: "/profile", limit: BODY_LIMITS.pageForm, type: "application/x-www-form-urlencoded", make: formOfSize, signedIn: true },
] as const;

describe("body limits", () => {
  it("answers 413 above each limit and never below it, with a true, missing or false Content-Length", async () => {
    const cases = fc.record({
      route: fc.constantFrom(...LIMITED),
      // Around the limit, and anywhere within a few chunks of it.
      offset: fc.oneof(fc.integer({ min: -2, max: 2 }), fc.integer({ min: -3 * CHUNK, max: 3 * CHUNK })),
      length: fc.constantFrom("true" as const, "none" as const, "lie" as const),
    });
    await fc.assert(
      fc.asyncProperty(cases, async ({ route, offset, length }) => {
        const size = Math.max(16, route.limit + offset);
        const { status, answer } = await send(route.path, route.make(size), {
          length,
          contentType: route.type,
          cookie: route.signedIn ? client.cookie : undefined,
        });
        const label = `${route.name}: ${size} bytes (limit ${route.limit}), length ${length}`;
        if (size > route.limit) {
          expect(status, label).toBe(413);
          expect(JSON.parse(answer), label).toEqual({ error: "Request body is too large." });
        } else {
          expect(status, label).not.toBe(413);
          expect(status, label).toBeLessThan(500);
        }
      }),
      fuzzRun(60),
    );
  });

  it("stops reading a streamed body at the limit, whatever its real size", async () => {
    for (const route of LIMITED) {
      const { stream, counter } = countingBody(90 * 1024 * 1024);
      const startedAt = performance.now();
      const { status } = await post(route.path, stream, { "content-type": route.type, ...(route.signedIn ? { cookie: client.cookie } : {}) });
      const ms = performance.now() - startedAt;
      expect(status, route.name).toBe(413);
      // Read up to the first chunk past the limit, then cut off: not the 90 MB offered.
      expect(counter.pulled, route.name).toBeLessThanOrEqual(route.limit + CHUNK);
      expect(counter.cancelled, route.name).toBe(true);
      console.info(`90 MB streamed to ${route.name}: 413 after ${ms.toFixed(1)} ms, ${counter.pulled} bytes pulled`);
    }
  });

  it("refuses a body announced too large without reading it, on every route", async () => {
    for (const path of ["/api/auth/sign-in/", "/api/users/api-tokens/", "/api/workspaces/", "/profile", "/?index"]) {
      const { stream, counter } = countingBody(90 * 1024 * 1024);
      const startedAt = performance.now();
      const headers = { "content-type": "application/json", "content-length": String(90 * 1024 * 1024), cookie: client.cookie };
      const { status } = await post(path, stream, headers);
      const ms = performance.now() - startedAt;
      expect(status, path).toBe(413);
      expect(counter.pulled, path).toBe(0);
      console.info(`90 MB announced to ${path}: 413 after ${ms.toFixed(1)} ms, ${counter.pulled} bytes pulled`);
    }
  });

  it("reads to its end the body of a request answered without reading it, so the client keeps the answer", async () => {
    // A connection closed on a body still arriving is reset, and the client loses the 404 with it.
    const size = 300 * 1024;
    const { stream, counter } = countingBody(size);
    const headers = { "content-type": "application/json", "content-length": String(size), cookie: client.cookie };
    // A delete takes no body: the route answers without reading the one sent.
    const { status } = await request(`/api/workspaces/no-such-workspace/projects/${crypto.randomUUID()}/issues/${crypto.randomUUID()}/`, "DELETE", stream, headers);
    expect(status).toBe(404);
    expect(counter.pulled).toBe(size);
  });

  it("the largest limit bounds every route's own", () => {
    for (const limit of Object.values(BODY_LIMITS)) expect(limit).toBeLessThanOrEqual(LARGEST_BODY);
  });
});
