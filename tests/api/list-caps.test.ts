// A list never answers more than its cap at once: a plain issue list (no per_page) stays a plain
// array of at most LIST_PAGES.plainListCap rows and names the rest in a next link; following the
// links reaches every issue exactly once. Page sizes a caller may type (0, negative, huge, not a
// number) are a 400 with the field's message; any valid one pages through every row once.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../workers/api/app";
import { LIST_PAGES, NEXT_CURSOR_HEADER } from "../../workers/domain/schemas/list-pages";
import { plantProjects, plantWorkspaceMembers } from "../helpers/fixtures";
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

// ---------------------------------------------------------------- issue lists in their own shape

/** Follows an unpaged issue list's next links from `path`: every issue id it answered, and how many pages. */
async function followIssueList(path: string, rowsOf: (body: unknown) => { id: string }[]) {
  const seen: string[] = [];
  let next: string | null = path;
  let pages = 0;
  while (next) {
    const answer = await p.owner.get(next);
    expect(answer.status, next).toBe(200);
    const rows = rowsOf(answer.body);
    expect(rows.length, next).toBeLessThanOrEqual(LIST_PAGES.plainListCap);
    seen.push(...rows.map((row) => row.id));
    const link = answer.headers.get("link");
    next = link ? (link.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null) : null;
    expect(answer.headers.get(NEXT_CURSOR_HEADER) !== null, next ?? "last page").toBe(next !== null);
    pages += 1;
  }
  return { seen, pages };
}

const asArray = (body: unknown) => {
  expect(Array.isArray(body)).toBe(true);
  return body as { id: string }[];
};

/** A grouped answer stays an object of group key to issues; each issue is in one group here (no labels). */
const asGroups = (body: unknown) => {
  expect(Array.isArray(body)).toBe(false);
  expect(typeof body).toBe("object");
  return Object.values(body as Record<string, { id: string }[]>).flat();
};

describe("issue lists in their own shape", () => {
  const lists: Record<string, string> = {};

  beforeAll(async () => {
    const cycle = await p.owner.post(`${p.base}/cycles/`, { name: "Every issue" });
    const module = await p.owner.post(`${p.base}/modules/`, { name: "Every issue" });
    const view = await p.owner.post(`${p.base}/views/`, { name: "No filter" });
    // Every issue in the cycle and the module: the bridge rows, and each issue's own note of them.
    for (const [table, column, id] of [
      ["cycle_issues", "cycle_id", cycle.body.id],
      ["module_issues", "module_id", module.body.id],
    ]) {
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO ${table} (id, workspace_id, project_id, issue_id, ${column}, created_at)
           SELECT lower(hex(randomblob(16))), workspace_id, project_id, id, ?1, '2030-01-01T00:00:00.000Z' FROM issues WHERE project_id = ?2`,
        ).bind(id, p.projectId),
        env.DB.prepare(`UPDATE issues SET ${column} = ?1 WHERE project_id = ?2`).bind(id, p.projectId),
      ]);
    }
    lists.cycle = `${p.base}/cycles/${cycle.body.id}/cycle-issues/`;
    lists.module = `${p.base}/modules/${module.body.id}/module-issues/`;
    lists.view = `${p.base}/views/${view.body.id}/issues/`;
  }, 60_000);

  it("a grouped list answers at most the cap in all, grouped as before, and its next links reach every issue once", async () => {
    for (const query of ["?group_by=state", "?group_by=priority&order_by=-created_at", "?group_by=created_by&order_by=priority"]) {
      const { seen, pages } = await followIssueList(`${p.base}/issues/${query}`, asGroups);
      expect(pages, query).toBe(2);
      expect(seen.length, query).toBe(TOTAL);
      expect(new Set(seen).size, query).toBe(TOTAL);
    }
    // Each page still names every state of the project, empty or not.
    const first = await p.owner.get(`${p.base}/issues/?group_by=state`);
    expect(Object.keys(first.body).sort()).toEqual(Object.values(p.states).sort());
  }, 120_000);

  it.each(["cycle", "module", "view"])("a %s's issue list answers at most the cap, plain or grouped, and its next links reach every issue once", async (list) => {
    for (const [query, rowsOf] of [
      ["", asArray],
      ["?order_by=-created_at", asArray],
      ["?group_by=state", asGroups],
    ] as const) {
      const { seen, pages } = await followIssueList(`${lists[list]}${query}`, rowsOf);
      expect(pages, query).toBe(2);
      expect(seen.length, query).toBe(TOTAL);
      expect(new Set(seen).size, query).toBe(TOTAL);
    }
  }, 120_000);

  it.each(["cycle", "module", "view"])("a %s's issue list pages with per_page as before, and refuses a bad one", async (list) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await p.owner.get(`${lists[list]}?per_page=400${cursor ? `&cursor=${cursor}` : ""}`);
      expect(answer.status).toBe(200);
      expect(answer.body.results.length).toBeLessThanOrEqual(400);
      seen.push(...answer.body.results.map((issue: { id: string }) => issue.id));
      cursor = answer.body.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(TOTAL);
    for (const perPage of ["0", String(LIST_PAGES.maxPerPage + 1), "abc"]) {
      const answer = await p.owner.get(`${lists[list]}?per_page=${perPage}`);
      expect(answer.status, perPage).toBe(400);
      expect(answer.body.per_page?.[0], perPage).toMatch(/per_page/);
    }
  }, 120_000);
});

// ---------------------------------------------------------------- every other list

/** Each capped list route, and how to put ROWS rows behind it (returns the path to read). */
const ROWS = 7;
type Planter = (q: ProjectFixture, workspaceId: string) => Promise<string>;
const doc = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const times = (n: number, make: (i: number) => Promise<unknown>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

/** Runs `sql` once for each of `count` rows, binding what `values` gives for the row's index. */
function insertRows(count: number, sql: string, values: (i: number) => unknown[]) {
  return env.DB.batch(Array.from({ length: count }, (_, i) => env.DB.prepare(sql).bind(...values(i))));
}

/** Adds `count` providers to the integration catalogue; their ids. */
async function plantIntegrations(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await env.DB.batch(ids.map((id) => env.DB.prepare("INSERT INTO integrations (id, provider, title, created_at, updated_at) VALUES (?, ?, 'Planted', '2030-01-01', '2030-01-01')").bind(id, `planted-${id}`)));
  return ids;
}

const CAPPED_LISTS: Record<string, Planter> = {
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments": async (q) => {
    const issue = await q.owner.post(`${q.base}/issues/`, { name: "Talked about" });
    // One after another, so some share a created_at millisecond only by chance (the id breaks ties).
    for (let i = 0; i < ROWS; i++) await q.owner.post(`${q.base}/issues/${issue.body.id}/comments/`, { comment_json: doc(`c${i}`), comment_html: `<p>c${i}</p>` });
    return `${q.base}/issues/${issue.body.id}/comments/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/views": async (q) => {
    // Equal names: only the id orders them.
    await times(ROWS, () => q.owner.post(`${q.base}/views/`, { name: "Same name" }));
    return `${q.base}/views/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/modules": async (q) => {
    await times(ROWS, (i) => q.owner.post(`${q.base}/modules/`, { name: `Module ${i}` }));
    return `${q.base}/modules/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/pages": async (q) => {
    await times(ROWS, (i) => q.owner.post(`${q.base}/pages/`, { name: `Page ${i}` }));
    return `${q.base}/pages/`;
  },
  "GET /api/workspaces/:slug/members": async (q, workspaceId) => {
    await plantWorkspaceMembers(workspaceId, ROWS - 1);
    return `/api/workspaces/${q.slug}/members/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/members": async (q, workspaceId) => {
    const users = await plantWorkspaceMembers(workspaceId, ROWS - 1);
    const now = new Date().toISOString();
    await env.DB.batch(
      users.map((user) =>
        env.DB.prepare("INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, 10, ?, ?)").bind(
          crypto.randomUUID(),
          workspaceId,
          q.projectId,
          user,
          now,
          now,
        ),
      ),
    );
    return `${q.base}/members/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/states": async (q) => {
    // A new project has five states; two more in one group.
    await times(2, (i) => q.owner.post(`${q.base}/states/`, { name: `Extra ${i}`, group: "started", color: "#aabbcc" }));
    return `${q.base}/states/`;
  },
  "GET /api/workspaces/:slug/projects": async (q, workspaceId) => {
    await plantProjects(workspaceId, ROWS - 1);
    return `/api/workspaces/${q.slug}/projects/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels": async (q, workspaceId) => {
    // One sort order and one creation time: only the id orders them.
    await insertRows(ROWS, "INSERT INTO labels (id, workspace_id, project_id, name, sort_order, created_at, updated_at) VALUES (?, ?, ?, ?, 5, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      `Label ${i}`,
    ]);
    return `${q.base}/issue-labels/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/estimates": async (q, workspaceId) => {
    await insertRows(ROWS, "INSERT INTO estimates (id, workspace_id, project_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      `Estimate ${i}`,
    ]);
    return `${q.base}/estimates/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links": async (q, workspaceId) => {
    const issue = await q.owner.post(`${q.base}/issues/`, { name: "Linked" });
    await insertRows(ROWS, "INSERT INTO issue_links (id, workspace_id, project_id, issue_id, url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      issue.body.id,
      `https://example.com/${i}`,
    ]);
    return `${q.base}/issues/${issue.body.id}/issue-links/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments": async (q, workspaceId) => {
    const issue = await q.owner.post(`${q.base}/issues/`, { name: "Attached" });
    await insertRows(ROWS, "INSERT INTO issue_attachments (id, workspace_id, project_id, issue_id, asset_key, attributes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      issue.body.id,
      `attachments/none/${i}`,
      JSON.stringify({ name: `f${i}.txt`, size: 1 }),
    ]);
    return `${q.base}/issues/${issue.body.id}/issue-attachments/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks": async (q, workspaceId) => {
    const page = await q.owner.post(`${q.base}/pages/`, { name: "Blocky" });
    await insertRows(ROWS, "INSERT INTO page_blocks (id, workspace_id, project_id, page_id, name, sort_order, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 5, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      page.body.id,
      `Block ${i}`,
    ]);
    return `${q.base}/pages/${page.body.id}/page-blocks/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/history": async (q, workspaceId) => {
    // Activities and comments at one instant: the merged order breaks the tie by kind, then id.
    const issue = await q.owner.post(`${q.base}/issues/`, { name: "Storied" });
    const at = "2030-01-01T00:00:00.000Z";
    await env.DB.batch(
      Array.from({ length: ROWS }, (_, i) =>
        i % 2 === 0
          ? env.DB.prepare("INSERT INTO issue_activities (id, workspace_id, project_id, issue_id, field, new_value, created_at) VALUES (?, ?, ?, ?, 'name', ?, ?)").bind(
              crypto.randomUUID(),
              workspaceId,
              q.projectId,
              issue.body.id,
              `n${i}`,
              at,
            )
          : env.DB.prepare("INSERT INTO issue_comments (id, workspace_id, project_id, issue_id, comment_json, comment_html, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").bind(
              crypto.randomUUID(),
              workspaceId,
              q.projectId,
              issue.body.id,
              JSON.stringify(doc(`c${i}`)),
              `<p>c${i}</p>`,
              at,
              at,
            ),
      ),
    );
    return `${q.base}/issues/${issue.body.id}/history/`;
  },
  "GET /api/workspaces/:slug/projects/:projectId/cycles": async (q, workspaceId) => {
    // Drafts and dated cycles of one sort order; the drafts share a (missing) start date and a name.
    await insertRows(ROWS, "INSERT INTO cycles (id, workspace_id, project_id, name, start_date, end_date, created_at, updated_at) VALUES (?, ?, ?, 'Sprint', ?, ?, ?, ?)", (i) => [
      crypto.randomUUID(),
      workspaceId,
      q.projectId,
      i % 3 === 0 ? "2030-01-01" : null,
      i % 3 === 0 ? "2030-01-14" : null,
      "2030-01-01T00:00:00.000Z",
      "2030-01-01T00:00:00.000Z",
    ]);
    return `${q.base}/cycles/`;
  },
  "GET /api/users/api-tokens": async (q) => {
    await times(ROWS, (i) => q.owner.post("/api/users/api-tokens/", { label: `Token ${i}` }));
    // All made in the same instant: only the id orders them.
    await env.DB.prepare("UPDATE api_tokens SET created_at = '2030-01-01T00:00:00.000Z' WHERE user_id = ?").bind(q.owner.user.id).run();
    return "/api/users/api-tokens/";
  },
  "GET /api/users/me/sessions": async (q) => {
    // The fixture owner's session and more, all begun in the same instant: only the id orders them.
    await insertRows(ROWS - 1, "INSERT INTO sessions (id, token_hash, user_id, expires_at, created_at, last_seen_at) VALUES (?, ?, ?, '2100-01-01T00:00:00.000Z', '', '')", () => [
      crypto.randomUUID(),
      crypto.randomUUID(),
      q.owner.user.id,
    ]);
    await env.DB.prepare("UPDATE sessions SET created_at = '2030-01-01T00:00:00.000Z' WHERE user_id = ?").bind(q.owner.user.id).run();
    return "/api/users/me/sessions/";
  },
  "GET /api/workspaces": async (q) => {
    // The fixture's own workspace and more of one name: only the id orders them.
    await times(ROWS - 1, (i) => q.owner.post("/api/workspaces/", { name: "Same name", slug: `${q.slug}-more-${i}` }));
    return "/api/workspaces/";
  },
  "GET /api/workspaces/:slug/invitations": async (q, workspaceId) => {
    await q.owner.post(`/api/workspaces/${q.slug}/invite/`, { emails: Array.from({ length: ROWS }, (_, i) => ({ email: `invited-${i}@example.com`, role: 10 })) });
    // Sent in the same instant: the email orders them after the time.
    await env.DB.prepare("UPDATE workspace_invitations SET created_at = '2030-01-01T00:00:00.000Z' WHERE workspace_id = ?").bind(workspaceId).run();
    return `/api/workspaces/${q.slug}/invitations/`;
  },
  "GET /api/workspaces/:slug/user-favorite-projects": async (q, workspaceId) => {
    // The fixture's project and more the owner belongs to, all of one name: only the id orders them.
    const planted = await plantProjects(workspaceId, ROWS - 1);
    const now = new Date().toISOString();
    await env.DB.batch([
      ...planted.map((project) =>
        env.DB.prepare("INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, 20, ?, ?)").bind(
          crypto.randomUUID(),
          workspaceId,
          project,
          q.owner.user.id,
          now,
          now,
        ),
      ),
      env.DB.prepare("UPDATE projects SET name = 'Same name' WHERE workspace_id = ?").bind(workspaceId),
    ]);
    await times(ROWS, (i) => q.owner.post(`/api/workspaces/${q.slug}/user-favorite-projects/`, { project: [q.projectId, ...planted][i] }));
    return `/api/workspaces/${q.slug}/user-favorite-projects/`;
  },
  "GET /api/workspaces/:slug/importers": async (q, workspaceId) => {
    // Records of imports started in the same instant: only the id orders them.
    await env.DB.batch(
      Array.from({ length: ROWS }, () =>
        env.DB.prepare(
          `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, created_at, updated_at)
           VALUES (?, ?, ?, 'csv', 'completed', '{}', '{}', '{}', ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`,
        ).bind(crypto.randomUUID(), workspaceId, q.projectId, q.owner.user.id),
      ),
    );
    return `/api/workspaces/${q.slug}/importers/`;
  },
  "GET /api/workspaces/:slug/exports": async (q, workspaceId) => {
    // Exports started in the same instant: only the id orders them.
    await env.DB.batch(
      Array.from({ length: ROWS }, () =>
        env.DB.prepare(
          `INSERT INTO project_exports (id, workspace_id, project_id, format, status, initiated_by, created_at, updated_at)
           VALUES (?, ?, ?, 'csv', 'processing', ?, '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`,
        ).bind(crypto.randomUUID(), workspaceId, q.projectId, q.owner.user.id),
      ),
    );
    return `/api/workspaces/${q.slug}/exports/`;
  },
  "GET /api/integrations": async () => {
    // The catalogue holds one row per provider; more providers than the product ships.
    await plantIntegrations(ROWS);
    return "/api/integrations/";
  },
  "GET /api/workspaces/:slug/workspace-integrations": async (q, workspaceId) => {
    const planted = await plantIntegrations(ROWS);
    const now = new Date().toISOString();
    await env.DB.batch(
      planted.map((integrationId) =>
        env.DB.prepare("INSERT INTO workspace_integrations (id, workspace_id, integration_id, metadata, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)").bind(
          crypto.randomUUID(),
          workspaceId,
          integrationId,
          now,
          now,
        ),
      ),
    );
    return `/api/workspaces/${q.slug}/workspace-integrations/`;
  },
  "GET /api/workspaces/:slug/notifications": async (q, workspaceId) => {
    // Notifications changed in the same instant: only the id orders them.
    const issue = await q.owner.post(`${q.base}/issues/`, { name: "Noisy" });
    await insertRows(
      ROWS,
      "INSERT INTO notifications (id, workspace_id, project_id, issue_id, recipient_id, actor_id, changes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '[]', ?, ?)",
      () => [crypto.randomUUID(), workspaceId, q.projectId, issue.body.id, q.owner.user.id, q.owner.user.id, "2030-01-01T00:00:00.000Z", "2030-01-01T00:00:00.000Z"],
    );
    return `/api/workspaces/${q.slug}/notifications/`;
  },
  "GET /api/workspaces/:slug/webhooks": async (q, workspaceId) => {
    await times(ROWS, (i) => q.owner.post(`/api/workspaces/${q.slug}/webhooks/`, { url: `https://hooks.example.com/${i}`, events: ["issue"] }));
    // Made in the same instant: only the id orders them.
    await env.DB.prepare("UPDATE webhooks SET created_at = '2030-01-01T00:00:00.000Z' WHERE workspace_id = ?").bind(workspaceId).run();
    return `/api/workspaces/${q.slug}/webhooks/`;
  },
};

/**
 * Lists capped and paged in their own shape, tested above (sub-issues in sub-issues.test.ts,
 * search per kind in search.test.ts).
 */
const CAPPED_ABOVE = new Set([
  "GET /api/workspaces/:slug/projects/:projectId/issues",
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues",
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues",
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues",
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId/issues",
  "GET /api/workspaces/:slug/search",
  // Paged through its cursor in my-work.test.ts and workspace-mail.test.ts.
  "GET /api/workspaces/:slug/my-work",
  "GET /api/workspaces/:slug/mail",
]);

/**
 * GET routes that answer one thing, not a list of rows (or whose list is not a REST array of
 * rows): they need no cap. A GET route in neither table fails the walk below.
 */
const NOT_A_LIST = new Set([
  // The API's own description: one document, its reference page and the page's stylesheet.
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/reference.css",
  "GET /api/users/me",
  "GET /api/users/me/notification-preferences",
  "GET /api/workspaces/:slug/notifications/unread-count",
  // The issue's followers among its project's members (at most the plain-list cap), and whether the caller is one.
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribers",
  "GET /api/users/file-assets/:assetId",
  "GET /api/workspaces/:slug",
  "GET /api/workspaces/:slug/workspace-members/me",
  "GET /api/workspaces/:slug/file-assets/:assetId",
  "GET /api/workspaces/:slug/projects/:projectId",
  "GET /api/workspaces/:slug/projects/:projectId/project-members/me",
  "GET /api/workspaces/:slug/projects/:projectId/board",
  "GET /api/workspaces/:slug/live",
  "GET /api/workspaces/:slug/projects/:projectId/states/:stateId",
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId",
  "GET /api/workspaces/:slug/projects/:projectId/estimates/:estimateId",
  "GET /api/workspaces/:slug/projects/:projectId/issue-properties",
  // The caller's display preferences for the project, one object.
  "GET /api/workspaces/:slug/projects/:projectId/project-views",
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId",
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId",
  "GET /api/workspaces/:slug/projects/:projectId/issue-links/:linkId",
  "GET /api/workspaces/:slug/projects/:projectId/issue-attachments/:attachmentId/file",
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId",
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId",
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId",
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId",
  "GET /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId",
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId",
  "GET /api/workspaces/:slug/projects/:projectId/ai-assistant",
  "GET /api/workspaces/:slug/importers/github/credential",
  "GET /api/workspaces/:slug/importers/github",
  "GET /api/workspaces/:slug/exports/:exportId/download",
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync",
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync",
  "GET /api/workspaces/:slug/webhooks/:webhookId",
  // Paged already by its own cursor (a fixed page of deliveries); pages of a third party's search.
  "GET /api/workspaces/:slug/webhooks/:webhookId/deliveries",
  "GET /api/unsplash",
  // The MCP endpoint answers only POST (405): its list tools answer keyset pages (tests/api/mcp.test.ts).
  "GET /api/mcp",
  // One page of GitHub's own list, not rows of ours: GitHub's page number passed through, a fixed
  // page of 30 repositories (one GitHub request, and one more for the last page's count), answered
  // as an object with GitHub's total.
  "GET /api/workspaces/:slug/workspace-integrations/:integrationId/github-repositories",
]);

/** Follows a list's next links from `path`, `perPage` rows at a time; every id it answered. */
async function walk(client: ProjectFixture["owner"], path: string, perPage: number): Promise<string[]> {
  const seen: string[] = [];
  let next: string | null = `${path}${path.includes("?") ? "&" : "?"}per_page=${perPage}`;
  while (next) {
    const answer = await client.get(next);
    expect(answer.status, next).toBe(200);
    expect(Array.isArray(answer.body), next).toBe(true);
    expect(answer.body.length, next).toBeLessThanOrEqual(perPage);
    seen.push(...answer.body.map((row: { id: string }) => row.id));
    const link = answer.headers.get("link");
    next = link ? (link.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null) : null;
    expect(answer.headers.get(NEXT_CURSOR_HEADER) !== null, next ?? "last page").toBe(next !== null);
  }
  return seen;
}

describe("every list route is capped and paged", () => {
  const paths: Record<string, { client: ProjectFixture["owner"]; path: string }> = {};

  beforeAll(async () => {
    for (const [route, plant] of Object.entries(CAPPED_LISTS)) {
      // A project (and workspace) of its own per route, so each list holds only its planted rows.
      const q = await createProjectFixture(undefined, "LST");
      const { workspace_id } = (await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(q.projectId).first()) as { workspace_id: string };
      paths[route] = { client: q.owner, path: await plant(q, workspace_id) };
    }
  }, 120_000);

  it.each(Object.keys(CAPPED_LISTS))("%s: any page size reaches every row exactly once", async (route) => {
    const { client, path } = paths[route];
    const all = await walk(client, path, LIST_PAGES.maxPerPage);
    expect(all.length).toBeGreaterThanOrEqual(ROWS);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: ROWS + 1 }), async (perPage) => {
        const seen = await walk(client, path, perPage);
        expect(seen).toEqual(all);
        expect(new Set(seen).size).toBe(all.length);
      }),
      fuzzRun(6),
    );
  });

  it.each(Object.keys(CAPPED_LISTS))("%s: a bad page size or cursor is a 400 naming the field", async (route) => {
    const { client, path } = paths[route];
    const bad = fc.oneof(fc.integer({ max: 0 }).map(String), fc.integer({ min: LIST_PAGES.maxPerPage + 1 }).map(String), fc.constantFrom("abc", "1.5", "1e9"));
    await fc.assert(
      fc.asyncProperty(bad, async (perPage) => {
        const answer = await client.get(`${path}?per_page=${encodeURIComponent(perPage)}`);
        expect(answer.status, perPage).toBe(400);
        expect(answer.body.per_page?.[0], perPage).toMatch(/per_page/);
      }),
      fuzzRun(8),
    );
    const cursor = fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue().map((v) => btoa(JSON.stringify(v))));
    await fc.assert(
      fc.asyncProperty(cursor, async (value) => {
        const answer = await client.get(`${path}?per_page=2&cursor=${encodeURIComponent(value)}`);
        // A cursor the list did not write is refused (or, if it happens to decode, only moves the start).
        expect([200, 400], value).toContain(answer.status);
        if (answer.status === 200) expect(answer.body.length).toBeLessThanOrEqual(2);
      }),
      fuzzRun(8),
    );
  });

  it("every GET route is capped or is not a list", () => {
    const gets = new Set(createApi().routes.filter((route) => route.method === "GET").map((route) => `GET ${route.path}`));
    const unclassified = [...gets].filter((route) => !(route in CAPPED_LISTS) && !CAPPED_ABOVE.has(route) && !NOT_A_LIST.has(route));
    expect(unclassified).toEqual([]);
    // The tables name only served routes, and no route in two of them.
    for (const route of [...Object.keys(CAPPED_LISTS), ...CAPPED_ABOVE, ...NOT_A_LIST]) expect(gets.has(route), route).toBe(true);
    expect(Object.keys(CAPPED_LISTS).filter((route) => NOT_A_LIST.has(route))).toEqual([]);
  });
});
