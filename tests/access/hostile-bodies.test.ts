// Hostile input on every write route of the API, from the same route table as the access matrix:
// 200 bodies each, sent by the workspace owner (who may call every route), built from the route's
// own valid body by breaking it: fields of the wrong kind, huge and odd unicode strings,
// prototype-pollution keys, ids of another workspace, JSON that does not parse; multipart routes
// get truncated parts, missing boundaries and the wrong content type. Whatever arrives, the answer
// is never a 5xx, and a refused request wrote no row (D1's own count of the rows the request's
// session wrote, which the Worker's log line carries). A body the route already refused is not
// sent again: the refusal changed nothing, so the repeat would take the same path.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../workers/api/app";
import { ORIGIN } from "../helpers/api";
import { callWorker } from "../helpers/fixtures";
import { fuzzRun, hostileJson, hostileMultipart } from "../helpers/hostile-input";
import { API_ROUTES } from "./api-routes";
import { type World, buildWorld } from "./world";

const RUNS = 200;

/** Covered, with a digest of every table they write, by tests/api/write-fuzz.test.ts. */
const FUZZED_ELSEWHERE = new Set([
  "POST /api/workspaces/:slug/projects/:projectId/issues",
  "PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId",
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments",
  "POST /api/workspaces/:slug/projects/:projectId/issue-labels",
  "POST /api/workspaces/:slug/projects/:projectId/states",
  "POST /api/workspaces/:slug/projects/:projectId/cycles",
  "POST /api/workspaces/:slug/projects/:projectId/modules",
  "POST /api/workspaces/:slug/projects/:projectId/views",
  "PATCH /api/workspaces/:slug/projects/:projectId",
]);

/**
 * Routes whose refusals may write by design. None: a failed sign-in counts towards the throttle in
 * its RateLimiter Durable Object, not in D1.
 */
const WRITES_WHEN_REFUSED = new Set<string>();

/** Run last: they end the world's workspace or project when a case is accepted. */
const LAST = ["DELETE /api/workspaces/:slug/projects/:projectId", "DELETE /api/workspaces/:slug"];

let world: World;
const lines: string[] = [];
const log = console.log;
beforeAll(async () => {
  world = await buildWorld();
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(" ");
    if (text.startsWith('{"msg":"request"')) lines.push(text);
    else log(...args);
  });
}, 120_000);
afterAll(() => vi.restoreAllMocks());

/** The rows the last request's own D1 session wrote, from its log line. */
function rowsWrittenByLastRequest(): number | null {
  const line = lines.at(-1);
  return line ? (JSON.parse(line) as { d1_rows_written: number | null }).d1_rows_written : null;
}

function writeRoutes(): string[] {
  const served = new Set(createApi().routes.map((route) => `${route.method} ${route.path}`));
  const writes = Object.keys(API_ROUTES).filter((route) => served.has(route) && !route.startsWith("GET ") && !FUZZED_ELSEWHERE.has(route));
  return [...writes.filter((route) => !LAST.includes(route)), ...LAST];
}

describe("hostile bodies on every other write route", () => {
  for (const route of writeRoutes()) {
    it(`${route}: ${RUNS} hostile bodies, never a 5xx, a refusal writes nothing`, async () => {
      const access = API_ROUTES[route];
      const [method, pattern] = route.split(" ");
      const target = access.fresh ? await access.fresh(world, "owner") : {};
      const ids = { ...world.ids };
      for (const [param, from] of Object.entries(access.alias ?? {})) ids[param] = world.ids[from];
      Object.assign(ids, target.ids);
      const path = pattern.replace(/:(\w+)/g, (_m, name: string) => ids[name] ?? `missing-${name}`);
      const cookie = target.cookie ?? world.users.owner.cookie;
      const valid = access.body?.(ids, world);
      const fields = valid && typeof valid === "object" && !Array.isArray(valid) ? Object.keys(valid) : [];
      const bodies: fc.Arbitrary<{ json?: unknown; raw?: string; contentType?: string }> = access.form
        ? hostileMultipart()
        : hostileJson(fields, [world.foreign.projectId, world.foreign.issueId]);
      // The bytes of each body the route refused: the refusal wrote no row, so the same body again
      // meets the same rows and takes the same path. Only a body the route accepted is sent again.
      const refused = new Set<string>();
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const sent = `${body.contentType ?? ""}\n${body.raw ?? JSON.stringify(body.json)}`;
          if (refused.has(sent)) return;
          const answer = await callWorker(method, path, {
            cookie,
            ...(body.raw !== undefined ? { rawBody: body.raw } : { body: body.json }),
            headers: { origin: ORIGIN, ...access.headers, ...(body.contentType ? { "content-type": body.contentType } : {}) },
          });
          const shown = JSON.stringify(body).slice(0, 300);
          expect(answer.status, `${route} ${shown}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeLessThan(500);
          if (answer.status >= 400 && !WRITES_WHEN_REFUSED.has(route)) {
            expect(rowsWrittenByLastRequest(), `${route} refused with ${answer.status} but wrote rows: ${shown}`).toBe(0);
            refused.add(sent);
          }
        }),
        fuzzRun(RUNS),
      );
    }, 60_000);
  }
});
