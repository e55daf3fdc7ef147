// A list never answers more than its cap at once: a plain issue list (no per_page) stays a plain
// array of at most LIST_PAGES.plainListCap rows and names the rest in a next link; following the
// links reaches every issue exactly once. Page sizes a caller may type (0, negative, huge, not a
// number) are a 400 with the field's message; any valid one pages through every row once.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_PAGES, NEXT_CURSOR_HEADER } from "../../workers/domain/schemas/list-pages";
import { fuzzRun } from "../helpers/hostile-input";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
const TOTAL = LIST_PAGES.plainListCap + 150;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "CAP");
  const { workspace_id } = (await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(p.projectId).first()) as { workspace_id: string };
  // More issues than the cap, inserted in one statement as an importer's would be.
  await env.DB.prepare(
    `INSERT INTO issues (id, workspace_id, project_id, name, state_id, sequence_id, sort_order, created_by, created_at, updated_at)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${TOTAL})
     SELECT lower(hex(randomblob(16))), ?1, ?2, 'Capped ' || n, ?3, n, 65535 + n * 10000, ?4,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || (n % 97) || ' minutes'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' minutes')
     FROM seq`,
  )
    .bind(workspace_id, p.projectId, p.states.Todo, p.owner.user.id)
    .run();
}, 60_000);

describe("list caps", () => {
  it("a plain list answers at most the cap, as an array, and its next links reach every issue once", async () => {
    for (const order of ["", "?order_by=-created_at", "?order_by=sort_order", "?order_by=priority"]) {
      const seen: string[] = [];
      let path: string | null = `${p.base}/issues/${order}`;
      let pages = 0;
      while (path) {
        const answer = await p.owner.get(path);
        expect(answer.status, path).toBe(200);
        expect(Array.isArray(answer.body), path).toBe(true);
        expect(answer.body.length, path).toBeLessThanOrEqual(LIST_PAGES.plainListCap);
        seen.push(...answer.body.map((issue: { id: string }) => issue.id));
        const link = answer.headers.get("link");
        path = link ? (link.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null) : null;
        if (link) expect(answer.headers.get(NEXT_CURSOR_HEADER)).toBeTruthy();
        pages += 1;
      }
      expect(pages, order).toBe(2);
      expect(seen.length, order).toBe(TOTAL);
      expect(new Set(seen).size, order).toBe(TOTAL);
    }
  }, 120_000);

  it("pages through every issue exactly once at any valid per_page", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 150, max: LIST_PAGES.maxPerPage }), fc.constantFrom("-created_at", "sort_order", "priority"), async (perPage, order) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const answer = await p.owner.get(`${p.base}/issues/?order_by=${order}&per_page=${perPage}${cursor ? `&cursor=${cursor}` : ""}`);
          expect(answer.status).toBe(200);
          expect(answer.body.results.length).toBeLessThanOrEqual(perPage);
          seen.push(...answer.body.results.map((issue: { id: string }) => issue.id));
          cursor = answer.body.next_cursor;
        } while (cursor);
        expect(seen.length).toBe(TOTAL);
        expect(new Set(seen).size).toBe(TOTAL);
      }),
      fuzzRun(4),
    );
  }, 120_000);

  it("refuses a page size that is not a whole number from 1 to the maximum, with the field's message", async () => {
    const bad = fc.oneof(
      fc.integer({ max: 0 }).map(String),
      fc.integer({ min: LIST_PAGES.maxPerPage + 1 }).map(String),
      fc.constantFrom("1e9", "9".repeat(40), "abc", "1.5", "-0.5", "NaN", "Infinity", "[]"),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (perPage) => {
        const answer = await p.owner.get(`${p.base}/issues/?per_page=${encodeURIComponent(perPage)}`);
        expect(answer.status, perPage).toBe(400);
        expect(answer.body.per_page?.[0], perPage).toMatch(/per_page/);
      }),
      fuzzRun(40),
    );
  });
});
