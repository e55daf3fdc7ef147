// Hostile input on every write route of the API, from the same route table as the access matrix:
// 200 bodies each, sent by the workspace owner (who may call every route), built from the route's
// own valid body by breaking it: fields of the wrong kind, huge and odd unicode strings,
// prototype-pollution keys, ids of another workspace, JSON that does not parse; multipart routes
// get truncated parts, missing boundaries and the wrong content type. Whatever arrives, the answer
// is never a 5xx, and a refused request wrote no row (D1's own count of the rows the request's
// session wrote, which the Worker's log line carries).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../workers/api/app";
import { ORIGIN } from "../helpers/api";
import { callWorker } from "../helpers/fixtures";
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

/** A failed sign-in is recorded by design (it counts towards the throttle). */
const WRITES_WHEN_REFUSED = new Set(["POST /api/auth/sign-in"]);

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

/** Values a field may be sent: the right kind, the wrong kind, the hostile kind. */
function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.constantFrom("", " ", "\u0000", "\u202e", "\ud800", "<script>alert(1)</script>", "x".repeat(20_000), "2026-02-30", "#zzz", "../../etc/passwd"),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
    fc.constantFrom(world.foreign.projectId, world.foreign.issueId, crypto.randomUUID()),
    fc.array(fc.constantFrom(world.foreign.issueId, crypto.randomUUID(), ""), { maxLength: 3 }),
  );
}

/** A body with some of the route's own fields broken, odd keys beside them, or anything at all. */
function hostileJson(fields: string[]): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const names = fields.length > 0 ? fields : ["name", "id", "project", "issues"];
  const pollution = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");
  const known = fc.dictionary(fc.constantFrom(...names), hostileValue(), { maxKeys: names.length });
  const polluted = fc.tuple(known, pollution, hostileValue()).map(([body, key, value]) => {
    // A key set as own data, as JSON.parse would make it (not through the prototype setter).
    Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
    return body;
  });
  return fc.oneof(
    known.map((json) => ({ json })),
    polluted.map((json) => ({ json })),
    fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })),
    fc.constantFrom("{", '{"name":', "[1,2", "null", '"text"', '{"name": "a"}}', "\u0000", "").map((raw) => ({ raw })),
  );
}

/** A multipart upload gone wrong: cut short, without its boundary, or under another type. */
function hostileMultipart(): fc.Arbitrary<{ raw: string; contentType: string }> {
  const boundary = "----fuzzboundary";
  const part = (name: string, filename: string, content: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  return fc.oneof(
    // Truncated: the closing boundary never comes.
    fc.string({ unit: "binary", maxLength: 200 }).map((content) => ({ raw: part("asset", "a.png", content), contentType: `multipart/form-data; boundary=${boundary}` })),
    // Whole, with odd file names and contents that are not images.
    fc
      .tuple(fc.constantFrom("../../x.png", "a\u0000.png", '"quoted".svg', "x".repeat(500), ""), fc.string({ maxLength: 200 }))
      .map(([filename, content]) => ({ raw: `${part("asset", filename, content)}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` })),
    // Attributes that are not JSON beside a real-looking part.
    fc.string({ maxLength: 100 }).map((attributes) => ({
      raw: `${part("asset", "a.png", "\x89PNG")}--${boundary}\r\nContent-Disposition: form-data; name="attributes"\r\n\r\n${attributes}\r\n--${boundary}--\r\n`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    })),
    // No boundary, or not multipart at all.
    fc.string({ maxLength: 200 }).map((raw) => ({ raw, contentType: "multipart/form-data" })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw, contentType: fc.sample(fc.constantFrom("application/json", "text/plain", "image/png"), 1)[0] })),
  );
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
      const bodies: fc.Arbitrary<{ json?: unknown; raw?: string; contentType?: string }> = access.form ? hostileMultipart() : hostileJson(fields);
      await fc.assert(
        fc.asyncProperty(bodies, async (body) => {
          const answer = await callWorker(method, path, {
            cookie,
            ...(body.raw !== undefined ? { rawBody: body.raw } : { body: body.json }),
            headers: { origin: ORIGIN, ...access.headers, ...(body.contentType ? { "content-type": body.contentType } : {}) },
          });
          const shown = JSON.stringify(body).slice(0, 300);
          expect(answer.status, `${route} ${shown}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeLessThan(500);
          if (answer.status >= 400 && !WRITES_WHEN_REFUSED.has(route)) {
            expect(rowsWrittenByLastRequest(), `${route} refused with ${answer.status} but wrote rows: ${shown}`).toBe(0);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }, 60_000);
  }
});
