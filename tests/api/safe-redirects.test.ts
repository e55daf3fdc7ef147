// Where sign-in sends a browser afterwards: `next` (and a project join's `redirect_to`) is followed
// only to a path on our own site, whatever spelling it comes in, and a hostile one never breaks the
// page. Each case is read as a browser reads the Location header.
import { fetchWorker } from "../helpers/worker";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, ORIGIN, signUp } from "../helpers/api";
import { fuzzRun } from "../helpers/hostile-input";
import { hostileTarget, staysOn } from "../helpers/hostile-targets";

const PASSWORD = "correct horse battery";

async function get(path: string, cookie: string) {
  return fetchWorker(`${ORIGIN}${path}`, { headers: { cookie }, redirect: "manual" });
}

describe("next after sign-in", () => {
  let client: Client;
  beforeAll(async () => {
    client = await signUp({ password: PASSWORD });
  });

  it("a signed-in visit to sign-in goes on only to our own origin, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(hostileTarget(), async (target) => {
        const response = await get(`/?next=${encodeURIComponent(target)}`, client.cookie);
        await response.body?.cancel();
        expect(response.status, target).toBeGreaterThanOrEqual(300);
        expect(response.status, target).toBeLessThan(400);
        expect(staysOn(ORIGIN, response.headers.get("location")), `${JSON.stringify(target)} -> ${response.headers.get("location")}`).toBe(true);
      }),
      fuzzRun(150),
    );
  });

  it("signing in goes on only to our own origin, never a 500", async () => {
    await fc.assert(
      fc.asyncProperty(hostileTarget(), async (target) => {
        const form = new URLSearchParams({ email: client.user.email, password: PASSWORD, next: target });
        const response = await fetchWorker(`${ORIGIN}/?index`, {
          method: "POST",
          headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
          body: form,
          redirect: "manual",
        });
        await response.body?.cancel();
        expect(response.status, target).toBe(302);
        expect(staysOn(ORIGIN, response.headers.get("location")), `${JSON.stringify(target)} -> ${response.headers.get("location")}`).toBe(true);
      }),
      fuzzRun(40),
    );
  });

  it("the reported targets fall back to the home page, and an ordinary path is kept", async () => {
    for (const target of ["/%09/evil.test", "/%0d/x", "/\t/evil.test", "/%5Cevil.test"]) {
      const response = await get(`/?next=${encodeURIComponent(target)}`, client.cookie);
      await response.body?.cancel();
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/create-workspace");
    }
    const kept = await get(`/?next=${encodeURIComponent("/profile?back=/x")}`, client.cookie);
    expect(kept.headers.get("location")).toBe("/profile?back=/x");
  });
});
