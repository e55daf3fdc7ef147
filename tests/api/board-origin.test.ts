// The live board socket opens only from a page of our own site: the handshake carries the
// person's cookie whichever page starts it, so any other Origin (another port, scheme, subdomain,
// a look-alike host, "null") is refused before the board is reached. A script with an API key may
// leave Origin out, a cookie may not.
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { fuzzRun } from "../helpers/hostile-input";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let apiKey: string;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "ORG");
  const token = await p.owner.post("/api/users/api-tokens/", { label: "socket script" });
  apiKey = token.body.token;
});

/** Opens the board socket with the given credentials and Origin (none when undefined); answers the status. */
async function upgrade(origin: string | undefined, credentials: { cookie?: string; apiKey?: string }) {
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (origin !== undefined) headers.origin = origin;
  if (credentials.cookie) headers.cookie = credentials.cookie;
  if (credentials.apiKey) headers["x-api-key"] = credentials.apiKey;
  const response = await fetchWorker(`${ORIGIN}${p.base}/board`, { headers });
  if (response.webSocket) {
    const socket = response.webSocket;
    socket.accept();
    // Wait for the board's answering close: a frame still in flight when the file ends reaches the
    // test pool after its runner is gone, and the pool dies of it ("Message received from Worker
    // before initialisation", seen twice after this file).
    const closed = new Promise((resolve) => socket.addEventListener("close", resolve, { once: true }));
    socket.close(1000, "done");
    await closed;
  } else {
    await response.body?.cancel();
  }
  return response.status;
}

/** Origins that are not exactly ours: the same host elsewhere, look-alikes, and malformed ones. */
function foreignOrigin(): fc.Arbitrary<string> {
  const own = new URL(ORIGIN);
  const port = fc.integer({ min: 1, max: 65535 }).filter((n) => n !== 80);
  return fc.oneof(
    port.map((n) => `${own.protocol}//${own.host}:${n}`),
    fc.constantFrom("https:", "ws:", "wss:", "file:", "chrome-extension:", "HTTP:").map((scheme) => `${scheme}//${own.host}`),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((sub) => `${own.protocol}//${sub}.${own.host}`),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((tail) => `${own.protocol}//${own.host}.${tail}`),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((tail) => `${own.protocol}//${own.host}${tail}`),
    fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((head) => `${own.protocol}//${head}${own.host}`),
    // (Header values lose their outer white space on the way, so `${ORIGIN} ` is ours.)
    fc.constantFrom(
      "null",
      `${ORIGIN}/`,
      `${ORIGIN}/path`,
      `${ORIGIN.toUpperCase()}`,
      `${own.protocol}//user@${own.host}`,
      `${ORIGIN}, http://evil.test`,
      "http://evil.test",
      "http://127.0.0.1",
    ),
  );
}

describe("the board socket's Origin", () => {
  it("opens from our own origin, with a cookie or an API key", async () => {
    expect(await upgrade(ORIGIN, { cookie: p.owner.cookie })).toBe(101);
    expect(await upgrade(ORIGIN, { apiKey })).toBe(101);
  });

  it("refuses every other origin, whatever the credentials", async () => {
    await fc.assert(
      fc.asyncProperty(foreignOrigin(), fc.boolean(), async (origin, withKey) => {
        const status = await upgrade(origin, withKey ? { apiKey } : { cookie: p.owner.cookie });
        expect(status, `${JSON.stringify(origin)} ${withKey ? "api key" : "cookie"}`).toBe(403);
      }),
      fuzzRun(150),
    );
  });

  it("a cookie without Origin is refused (browsers always send one); an API-key script may leave it out", async () => {
    expect(await upgrade(undefined, { cookie: p.owner.cookie })).toBe(403);
    // An empty Origin is no Origin.
    expect(await upgrade("", { cookie: p.owner.cookie })).toBe(403);
    expect(await upgrade(" ", { cookie: p.owner.cookie })).toBe(403);
    expect(await upgrade(undefined, { apiKey })).toBe(101);
  });

  it("without credentials it stays a 401 wherever it comes from", async () => {
    expect(await upgrade("http://evil.test", {})).toBe(401);
    expect(await upgrade(undefined, {})).toBe(401);
  });
});
