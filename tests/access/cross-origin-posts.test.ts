// A form posted to any page's action from another site is refused with 403 before the action
// runs, whoever is signed in: another host, port or scheme, a look-alike, or "null". (Remix's own
// check answered such a post with a 500.) The routes come from the Remix route manifest, so a new
// page action is covered without being listed here.
import fc from "fast-check";
import * as build from "virtual:remix-server-build";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN } from "../helpers/api";
import { callWorker, countRows } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";
import { PAGE_ROUTES } from "./page-routes";
import { PASSWORD, type World, buildWorld } from "./world";

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

/** Every page route with an action, from the server build's manifest. */
function pageActions(): { id: string; index: boolean }[] {
  const routes = (build as unknown as { routes: Record<string, { index?: boolean; module: { action?: unknown } }> }).routes;
  return Object.entries(routes)
    .filter(([, route]) => route.module.action)
    .map(([id, route]) => ({ id, index: Boolean(route.index) }));
}

/** Origins other than ours. */
function foreignOrigin(): fc.Arbitrary<string> {
  const own = new URL(ORIGIN);
  return fc.oneof(
    fc.integer({ min: 1, max: 65535 }).filter((port) => port !== 80).map((port) => `${own.protocol}//${own.host}:${port}`),
    fc.constantFrom("https:", "ftp:", "chrome-extension:").map((scheme) => `${scheme}//${own.host}`),
    fc.stringMatching(/^[a-z0-9-]{1,10}$/).map((label) => `${own.protocol}//${label}.${own.host}`),
    fc.stringMatching(/^[a-z0-9-]{1,10}$/).map((label) => `${own.protocol}//${own.host}.${label}`),
    fc.constantFrom("null", "http://evil.test", `${ORIGIN}.evil.test`, `${ORIGIN}/`, `${ORIGIN.toUpperCase()}`),
  );
}

describe("cross-origin posts to page actions", () => {
  it("answer 403 on every page action and write nothing", async () => {
    const actions = pageActions();
    expect(actions.length).toBeGreaterThan(10);
    const sessionsBefore = await countRows("sessions");
    for (const { id, index } of actions) {
      const access = PAGE_ROUTES[id];
      expect(access?.action, `no access entry for ${id}`).toBeDefined();
      const url = access.url(world.ids);
      const target = index ? `${url}${url.includes("?") ? "&" : "?"}index` : url;
      await fc.assert(
        fc.asyncProperty(foreignOrigin(), fc.constantFrom("form", "sign-in"), async (origin, body) => {
          const form: Record<string, string> =
            body === "sign-in"
              ? { email: world.users.owner.user.email, password: PASSWORD, intent: "delete" }
              : { intent: "no-such-intent" };
          const posted = await callWorker("POST", target, {
            cookie: world.users.owner.cookie,
            rawBody: new URLSearchParams(form).toString(),
            headers: { origin, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
          });
          expect(posted.status, `${id} from ${origin}`).toBe(403);
        }),
        fuzzRun(4),
      );
    }
    // No post signed anyone in (or out).
    expect(await countRows("sessions")).toBe(sessionsBefore);
  }, 120_000);
});
