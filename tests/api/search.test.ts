import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { cycles, issueViews, modules, pages } from "../../drizzle/schema";
import { LIST_PAGES, SEARCH_RESULTS } from "../../workers/domain/schemas/list-pages";
import { type Client, call } from "../helpers/api";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const db = drizzle(env.DB);

/** Cycles, modules, views and pages have no API of their own yet: the fixtures write them to D1. */
async function seedProjectItems(projectId: string, createdBy: string, prefix: string) {
  const project = await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(projectId).first<{ workspace_id: string }>();
  const base = { workspace_id: project!.workspace_id, project_id: projectId };
  const [cycle] = await db.insert(cycles).values({ ...base, name: `${prefix} sprint` }).returning();
  const [module] = await db.insert(modules).values({ ...base, name: `${prefix} module` }).returning();
  const [view] = await db.insert(issueViews).values({ ...base, name: `${prefix} view` }).returning();
  const [page] = await db.insert(pages).values({ ...base, name: `${prefix} public page`, access: 0, created_by: createdBy }).returning();
  const [privatePage] = await db
    .insert(pages)
    .values({ ...base, name: `${prefix} private page`, access: 1, created_by: createdBy })
    .returning();
  return { cycle, module, view, page, privatePage };
}

let p: ProjectFixture;
let searcher: Client;
let secondId: string;
let hiddenId: string;
let elsewhere: ProjectFixture;
let stranger: ProjectFixture;
const issueIds: Record<string, string> = {};

async function createProject(name: string, identifier: string) {
  const response = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name, identifier });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

async function createIssue(client: Client, base: string, name: string) {
  const response = await client.post(`${base}/issues/`, { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  issueIds[name] = response.body.id;
  return response.body;
}

beforeAll(async () => {
  p = await createProjectFixture(undefined, "DEMO");
  searcher = await addMember(p, 15, "Searcher");
  secondId = await createProject("Second", "SEC");
  const added = await p.owner.post(`/api/workspaces/${p.slug}/projects/${secondId}/members/add/`, {
    members: [{ member_id: searcher.user.id, role: 10 }],
  });
  expect(added.status).toBe(201);
  hiddenId = await createProject("Hidden", "HID");

  for (const name of ["Fix login bug", "Write docs", "100% coverage", "1000 coverage", "snake_case names", "snakeXcase names"]) {
    await createIssue(p.owner, p.base, name);
  }
  for (let i = 1; i <= 12; i++) await createIssue(p.owner, p.base, `Bulk item ${i}`);
  await createIssue(p.owner, `/api/workspaces/${p.slug}/projects/${secondId}`, "Fix second project bug");
  await createIssue(p.owner, `/api/workspaces/${p.slug}/projects/${hiddenId}`, "Fix hidden bug");

  // The searcher's own other workspace, with a project of the same identifier.
  elsewhere = await createProjectFixture(searcher, "DEMO");
  await createIssue(searcher, elsewhere.base, "Fix other workspace bug");
  // A workspace the searcher does not belong to at all.
  stranger = await createProjectFixture(undefined, "DEMO");
  await createIssue(stranger.owner, stranger.base, "Fix stranger bug");

  await seedProjectItems(p.projectId, p.owner.user.id, "Alpha");
  await seedProjectItems(secondId, p.owner.user.id, "Alpha second");
  await seedProjectItems(hiddenId, p.owner.user.id, "Alpha hidden");
  await seedProjectItems(elsewhere.projectId, searcher.user.id, "Alpha elsewhere");
});

async function search(client: Client, slug: string, params: Record<string, string>) {
  const response = await client.get(`/api/workspaces/${slug}/search/?${new URLSearchParams(params)}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.results as Record<string, { name: string; [key: string]: unknown }[]>;
}

const names = (items: { name: string }[]) => items.map((item) => item.name).sort();

describe("searching issues", () => {
  it("matches names case-insensitively and answers the spec's result fields", async () => {
    const results = await search(searcher, p.slug, { search: "fix LOGIN" });
    expect(results.issue).toEqual([
      {
        id: issueIds["Fix login bug"],
        name: "Fix login bug",
        sequence_id: 1,
        project_id: p.projectId,
        project__identifier: "DEMO",
        workspace__slug: p.slug,
      },
    ]);
  });

  it("finds only issues of the caller's projects in this workspace", async () => {
    const results = await search(searcher, p.slug, { search: "fix" });
    expect(names(results.issue)).toEqual(["Fix login bug", "Fix second project bug"]);
    // The owner is a member of the hidden project, and of no other workspace's.
    const owner = await search(p.owner, p.slug, { search: "fix" });
    expect(names(owner.issue)).toEqual(["Fix hidden bug", "Fix login bug", "Fix second project bug"]);
    // In the searcher's other workspace only that workspace's issues show.
    const other = await search(searcher, elsewhere.slug, { search: "fix" });
    expect(names(other.issue)).toEqual(["Fix other workspace bug"]);
  });

  it("finds an issue by identifier and number, in either case, and by number alone first", async () => {
    for (const query of ["DEMO-2", "demo-2"]) {
      const results = await search(searcher, p.slug, { search: query });
      expect(results.issue).toEqual([
        expect.objectContaining({ id: issueIds["Write docs"], name: "Write docs", sequence_id: 2, project__identifier: "DEMO" }),
      ]);
    }
    // Issue 1 of DEMO in this workspace only, not DEMO-1 of the searcher's other workspace.
    const first = await search(searcher, p.slug, { search: "DEMO-1" });
    expect(first.issue.map((item) => item.id)).toEqual([issueIds["Fix login bug"]]);
    // "2" is issue number 2 of every project the caller is in, ahead of names with a word
    // starting with 2 ("12" is not one).
    const bare = await search(searcher, p.slug, { search: "2" });
    expect(bare.issue[0]).toMatchObject({ name: "Write docs", sequence_id: 2 });
    expect(names(bare.issue)).toEqual(["Bulk item 2", "Write docs"]);
    // A project the caller is not in stays hidden, number or not.
    expect((await search(searcher, p.slug, { search: "HID-1" })).issue).toEqual([]);
  });

  it("matches the start of each word typed, and a word followed by punctuation whole", async () => {
    // Still typing: "cover" finds both coverage issues, "100" both numbers.
    expect(names((await search(searcher, p.slug, { search: "cover" })).issue)).toEqual(["100% coverage", "1000 coverage"]);
    expect(names((await search(searcher, p.slug, { search: "100" })).issue)).toEqual(["100% coverage", "1000 coverage"]);
    // "100%": the word 100 was finished, so 1000 does not match.
    expect(names((await search(searcher, p.slug, { search: "100%" })).issue)).toEqual(["100% coverage"]);
    // "_" separates words in the index as in the query; "snakeXcase" is one word.
    expect(names((await search(searcher, p.slug, { search: "snake_case" })).issue)).toEqual(["snake_case names"]);
    // Every word must match, in any order.
    expect(names((await search(searcher, p.slug, { search: "bug login" })).issue)).toEqual(["Fix login bug"]);
    // Punctuation alone or FTS5 syntax is no word: it fails nothing (search() asserts the 200).
    for (const query of ['"', "*", "{title}:", "NEAR(", "a OR", "-"]) await search(searcher, p.slug, { search: query });
    expect((await search(searcher, p.slug, { search: "%" })).issue).toEqual([]);
  });

  it("answers at most 10 results per group", async () => {
    const results = await search(searcher, p.slug, { search: "bulk item" });
    expect(results.issue).toHaveLength(10);
    expect(results.issue.every((item) => item.name.startsWith("Bulk item"))).toBe(true);
  });

  it("narrows issues, cycles, modules, views and pages to project_id", async () => {
    const narrowed = await search(searcher, p.slug, { search: "fix", project_id: secondId });
    expect(names(narrowed.issue)).toEqual(["Fix second project bug"]);
    const items = await search(searcher, p.slug, { search: "alpha", project_id: secondId });
    expect(names(items.cycle)).toEqual(["Alpha second sprint"]);
    expect(names(items.module)).toEqual(["Alpha second module"]);
    expect(names(items.issue_view)).toEqual(["Alpha second view"]);
    expect(names(items.page)).toEqual(["Alpha second public page"]);
    // A project the caller is not a member of narrows to nothing.
    const hidden = await search(searcher, p.slug, { search: "alpha", project_id: hiddenId });
    for (const group of ["issue", "cycle", "module", "issue_view", "page"]) expect(hidden[group]).toEqual([]);
  });
});

describe("searching the other groups", () => {
  it("finds cycles, modules, views and pages of the caller's projects with their project identifier", async () => {
    const results = await search(searcher, p.slug, { search: "alpha" });
    expect(names(results.cycle)).toEqual(["Alpha second sprint", "Alpha sprint"]);
    expect(names(results.module)).toEqual(["Alpha module", "Alpha second module"]);
    expect(names(results.issue_view)).toEqual(["Alpha second view", "Alpha view"]);
    const cycle = results.cycle.find((item) => item.name === "Alpha sprint")!;
    expect(cycle).toEqual({
      id: expect.any(String),
      name: "Alpha sprint",
      project_id: p.projectId,
      project__identifier: "DEMO",
      workspace__slug: p.slug,
    });
  });

  it("shows a private page only to its creator", async () => {
    const asSearcher = await search(searcher, p.slug, { search: "page" });
    expect(names(asSearcher.page)).toEqual(["Alpha public page", "Alpha second public page"]);
    const asCreator = await search(p.owner, p.slug, { search: "page" });
    expect(names(asCreator.page)).toEqual([
      "Alpha hidden private page",
      "Alpha hidden public page",
      "Alpha private page",
      "Alpha public page",
      "Alpha second private page",
      "Alpha second public page",
    ]);
  });

  it("finds the caller's projects of this workspace by name or identifier, and the caller's workspaces", async () => {
    expect((await search(searcher, p.slug, { search: "hidden" })).project).toEqual([]);
    expect((await search(p.owner, p.slug, { search: "hidden" })).project).toEqual([
      { id: hiddenId, name: "Hidden", identifier: "HID", workspace__slug: p.slug },
    ]);
    expect((await search(searcher, p.slug, { search: "sec" })).project).toEqual([
      { id: secondId, name: "Second", identifier: "SEC", workspace__slug: p.slug },
    ]);

    const workspaces = (await search(searcher, p.slug, { search: "workspace" })).workspace;
    expect(workspaces.map((w) => w.slug).sort()).toEqual([p.slug, elsewhere.slug].sort());
    expect(workspaces.find((w) => w.slug === p.slug)).toEqual({ id: expect.any(String), name: expect.any(String), slug: p.slug });
    expect(workspaces.some((w) => w.slug === stranger.slug)).toBe(false);
  });

  it("answers every group empty for an empty or blank search", async () => {
    const empty = { workspace: [], project: [], issue: [], cycle: [], module: [], issue_view: [], page: [] };
    for (const params of [{ search: "" }, { search: "   " }, {}] as Record<string, string>[]) {
      expect(await search(searcher, p.slug, params)).toEqual(empty);
    }
  });
});

describe("the full-text index", () => {
  const rename = (id: string, body: Record<string, unknown>) => p.owner.patch(`${p.base}/issues/${id}/`, body);

  it("matches descriptions' plain text, accents ignored, and ranks a name match first", async () => {
    const inName = await createIssue(p.owner, p.base, "Café menu crashes");
    const described = await p.owner.post(`${p.base}/issues/`, {
      name: "Checkout is slow",
      description_html: "<p>Opening the <strong>cafe</strong> page takes ten seconds</p>",
    });
    expect(described.status).toBe(201);
    const results = await search(searcher, p.slug, { search: "CAFE" });
    expect(results.issue.map((item) => item.id)).toEqual([inName.id, described.body.id]);
    // The markup is not text: "strong" is in no issue's words.
    expect((await search(searcher, p.slug, { search: "strong" })).issue).toEqual([]);
  });

  it("follows renames and deletes of issues and the access of pages", async () => {
    const issue = await createIssue(p.owner, p.base, "Quokka habitat survey");
    expect(names((await search(searcher, p.slug, { search: "quokka" })).issue)).toEqual(["Quokka habitat survey"]);
    expect((await rename(issue.id, { name: "Wombat habitat survey" })).status).toBe(200);
    expect((await search(searcher, p.slug, { search: "quokka" })).issue).toEqual([]);
    expect(names((await search(searcher, p.slug, { search: "wombat" })).issue)).toEqual(["Wombat habitat survey"]);
    // A change of another field leaves the words as they were.
    expect((await rename(issue.id, { priority: "high" })).status).toBe(200);
    expect(names((await search(searcher, p.slug, { search: "wombat habitat" })).issue)).toEqual(["Wombat habitat survey"]);
    expect((await p.owner.delete(`${p.base}/issues/${issue.id}/`)).status).toBe(204);
    expect((await search(searcher, p.slug, { search: "wombat" })).issue).toEqual([]);

    // A private page turned public is found by others from then on, and back.
    const created = await p.owner.post(`${p.base}/pages/`, { name: "Platypus notes" });
    expect(created.status).toBe(201);
    const pagePath = `${p.base}/pages/${created.body.id}/`;
    expect((await p.owner.patch(pagePath, { access: 1 })).status).toBe(200);
    expect((await search(searcher, p.slug, { search: "platypus" })).page).toEqual([]);
    expect(names((await search(p.owner, p.slug, { search: "platypus" })).page)).toEqual(["Platypus notes"]);
    expect((await p.owner.patch(pagePath, { access: 0 })).status).toBe(200);
    expect(names((await search(searcher, p.slug, { search: "platypus" })).page)).toEqual(["Platypus notes"]);
  });

  it("drops a deleted project's rows from the index", async () => {
    const doomed = await createProject("Doomed", "DMD");
    const issue = await createIssue(p.owner, `/api/workspaces/${p.slug}/projects/${doomed}`, "Echidna count");
    const indexed = () => env.DB.prepare("SELECT count(*) AS n FROM search_documents WHERE entity_id = ?").bind(issue.id).first<{ n: number }>();
    expect((await indexed())?.n).toBe(1);
    expect((await p.owner.delete(`/api/workspaces/${p.slug}/projects/${doomed}/`)).status).toBe(204);
    expect((await indexed())?.n).toBe(0);
    expect((await search(p.owner, p.slug, { search: "echidna" })).issue).toEqual([]);
  });

  it("reads the same rows however many issues do not match (a LIKE scan reads them all)", async () => {
    const issueStatementRows = async () => {
      const response = await call("GET", `/api/workspaces/${p.slug}/search?search=login`, {
        cookie: searcher.cookie,
        headers: { "x-debug-d1-rows": "1" },
      });
      expect(response.status).toBe(200);
      expect(names(response.body.results.issue)).toEqual(["Fix login bug"]);
      const statements = JSON.parse(response.headers.get("x-d1-statements")!) as { table: string; rows_read: number }[];
      // The first index statement of the batch is the issues'.
      return statements.find((statement) => statement.table === "search_index")!.rows_read;
    };
    const before = await issueStatementRows();
    const filler = Array.from({ length: 40 }, (_, i) => ({ name: `Unrelated filler ${i}` }));
    for (const body of filler) expect((await p.owner.post(`${p.base}/issues/`, body)).status).toBe(201);
    expect(await issueStatementRows()).toBe(before);
  });
});

describe("search access and cost", () => {
  it("answers 401 without credentials, 403 outside the workspace and 404 for an unknown workspace", async () => {
    const anonymous = await call("GET", `/api/workspaces/${p.slug}/search/?search=fix`);
    expect(anonymous.status).toBe(401);
    const outsider = await stranger.owner.get(`/api/workspaces/${p.slug}/search/?search=fix`);
    expect(outsider.status).toBe(403);
    expect(JSON.stringify(outsider.body)).not.toContain("Fix login bug");
    const missing = await searcher.get("/api/workspaces/no-such-workspace/search/?search=fix");
    expect(missing.status).toBe(404);
  });

  it("runs the same statements however many projects the caller is in (no per-project queries)", async () => {
    const measure = async () => {
      const response = await call("GET", `/api/workspaces/${p.slug}/search?search=fix`, {
        cookie: p.owner.cookie,
        headers: { "x-debug-d1-rows": "1" },
      });
      expect(response.status).toBe(200);
      return (JSON.parse(response.headers.get("x-d1-statements")!) as unknown[]).length;
    };
    const before = await measure();
    await createProject("Third", "THR");
    await createProject("Fourth", "FOU");
    expect(await measure()).toBe(before);
  });
});

describe("search in a project larger than a list's page", () => {
  let big: ProjectFixture;
  const TOTAL = LIST_PAGES.plainListCap + 100;

  beforeAll(async () => {
    big = await createProjectFixture(undefined, "BIG");
    const { workspace_id } = (await env.DB.prepare("SELECT workspace_id FROM projects WHERE id = ?").bind(big.projectId).first()) as { workspace_id: string };
    // The oldest issue is the one to find; the newer ones push it off the plain list's first page.
    await env.DB.prepare(
      `INSERT INTO issues (id, workspace_id, project_id, name, state_id, sequence_id, sort_order, created_by, created_at, updated_at)
       WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${TOTAL})
       SELECT lower(hex(randomblob(16))), ?1, ?2, CASE n WHEN 1 THEN 'Needle in the haystack' ELSE 'Haystack straw ' || n END, ?3, n, 65535 + n, ?4,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' minutes'), strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' minutes')
       FROM seq`,
    )
      .bind(workspace_id, big.projectId, big.states.Todo, big.owner.user.id)
      .run();
  }, 60_000);

  const searchBig = (params: Record<string, string>) =>
    big.owner.get(`/api/workspaces/${big.slug}/search/?${new URLSearchParams({ project_id: big.projectId, ...params })}`);

  it("finds an issue the plain list's first page does not hold, by a word of its name and by its number", async () => {
    const newest = await big.owner.get(`${big.base}/issues/?order_by=-created_at`);
    expect(newest.body.some((issue: { name: string }) => issue.name === "Needle in the haystack")).toBe(false);
    for (const text of ["needle", "hay needle", "BIG-1", "big-1"]) {
      const answer = await searchBig({ search: text, per_page: String(SEARCH_RESULTS.maxPerKind) });
      expect(answer.status, text).toBe(200);
      expect(answer.body.results.issue.map((issue: { name: string }) => issue.name), text).toContain("Needle in the haystack");
    }
  });

  it(`answers ${SEARCH_RESULTS.perKind} results of a kind unless asked, up to ${SEARCH_RESULTS.maxPerKind}, and refuses another size naming per_page`, async () => {
    expect((await searchBig({ search: "haystack" })).body.results.issue).toHaveLength(SEARCH_RESULTS.perKind);
    for (const size of [1, 17, SEARCH_RESULTS.maxPerKind]) {
      const answer = await searchBig({ search: "haystack", per_page: String(size) });
      expect(answer.status, String(size)).toBe(200);
      expect(answer.body.results.issue, String(size)).toHaveLength(size);
    }
    for (const size of ["0", "-1", String(SEARCH_RESULTS.maxPerKind + 1), "1000", "1.5", "abc"]) {
      const answer = await searchBig({ search: "haystack", per_page: size });
      expect(answer.status, size).toBe(400);
      expect(answer.body.per_page?.[0], size).toMatch(/per_page/);
    }
  });
});
