// Pages: CRUD, validation, page_view tabs and the recent groups, the
// creator-only access toggle, private pages invisible to everyone else everywhere, favourites,
// roles and workspace isolation.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;
let other: ProjectWithRoles;

beforeAll(async () => {
  [p, other] = await Promise.all([projectWithRoles(), projectWithRoles()]);
});

type PageBody = {
  id: string;
  name: string;
  access: 0 | 1;
  is_favorite: boolean;
  blocks: { id: string; name: string }[];
  label_details: { id: string; name: string; color: string }[];
  created_by: string;
  updated_at: string;
};

const pagesPath = (base = p.base) => `${base}/pages/`;
const pagePath = (id: string, base = p.base) => `${base}/pages/${id}/`;

async function createPage(name = "A page", client: Client = p.owner, base = p.base, extra: Record<string, unknown> = {}) {
  const response = await client.post(pagesPath(base), { name, ...extra });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as PageBody;
}

async function listPages(client: Client, pageView?: string, base = p.base) {
  const response = await client.get(`${pagesPath(base)}${pageView ? `?page_view=${pageView}` : ""}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const ids = (list: { id: string }[]) => list.map((page) => page.id);

/** A project of p's workspace with the member and viewer added, for tests that count pages. */
async function freshProject() {
  const projectId = await createProject(p.owner, p.slug, "Pages");
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  await addToProject(p.owner, p.slug, projectId, p.viewer, 10);
  return `/api/workspaces/${p.slug}/projects/${projectId}`;
}

describe("creating and reading pages", () => {
  it("creates a page and answers the spec's fields", async () => {
    const created = await p.member.post(pagesPath(), { name: "  Meeting notes  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Meeting notes",
      access: 0,
      is_favorite: false,
      label_details: [],
      blocks: [],
      project: p.projectId,
      created_by: p.member.user.id,
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    const read = await p.guest.get(`${p.base}/pages/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
  });

  it.each([
    ["missing", {}, "Title is required"],
    ["empty", { name: "" }, "Title is required"],
    ["blank", { name: " \t " }, "Title is required"],
    ["not text", { name: ["x"] }, "Title is required"],
    ["too long", { name: "p".repeat(256) }, "Title should be less than 255 characters"],
  ])("refuses a %s title with the spec's message", async (_label, body, message) => {
    const response = await p.owner.post(pagesPath(), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ name: [message] });
  });

  it("accepts 255 characters and refuses an access other than 0 or 1", async () => {
    expect((await createPage("t".repeat(255))).name).toHaveLength(255);
    const bad = await p.owner.post(pagesPath(), { name: "x", access: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ access: ["Access must be 0 (public) or 1 (private)."] });
  });

  it("never answers 500 for malformed or non-object bodies", async () => {
    const page = await createPage();
    for (const rawBody of ["{", "not json", "null", "[]", "42", '"x"', "-1e999"]) {
      expect((await call("POST", pagesPath(), { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
      expect((await call("PATCH", pagePath(page.id), { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
      expect((await call("POST", `${p.base}/user-favorite-pages/`, { cookie: p.owner.cookie, rawBody })).status, rawBody).toBe(400);
    }
  });

  it("previews the first 3 block names and shows the page's labels", async () => {
    const page = await createPage("With blocks");
    for (const name of ["One", "Two", "Three", "Four"]) {
      expect((await p.owner.post(`${pagePath(page.id)}page-blocks/`, { name })).status).toBe(201);
    }
    const label = await p.owner.post(`${p.base}/issue-labels/`, { name: "Docs", color: "#123456" });
    expect(label.status).toBe(201);
    await env.DB.prepare("INSERT INTO page_labels (id, page_id, label_id, project_id) VALUES (?, ?, ?, ?)")
      .bind(crypto.randomUUID(), page.id, label.body.id, p.projectId)
      .run();
    const read = await p.viewer.get(pagePath(page.id));
    expect(read.body.blocks.map((b: { name: string }) => b.name)).toEqual(["One", "Two", "Three"]);
    expect(read.body.label_details).toEqual([{ id: label.body.id, name: "Docs", color: "#123456" }]);
    const listed = (await listPages(p.viewer)).find((item: PageBody) => item.id === page.id);
    expect(listed.blocks.map((b: { name: string }) => b.name)).toEqual(["One", "Two", "Three"]);
    expect(listed.label_details).toHaveLength(1);
  });

  it("answers 404 for an unknown page", async () => {
    const unknown = crypto.randomUUID();
    expect((await p.owner.get(pagePath(unknown))).status).toBe(404);
    expect((await p.owner.patch(pagePath(unknown), { name: "x" })).status).toBe(404);
    expect((await p.owner.delete(pagePath(unknown))).status).toBe(404);
  });
});

describe("page_view tabs", () => {
  it("all, created_by_me and created_by_other split by creator; newest first", async () => {
    const base = await freshProject();
    const mine = await createPage("Owner's", p.owner, base);
    const theirs = await createPage("Member's", p.member, base);
    // Two creates can share a millisecond: make the order explicit.
    await env.DB.prepare("UPDATE pages SET created_at = ? WHERE id = ?").bind(new Date(Date.now() - 60_000).toISOString(), mine.id).run();
    expect(ids(await listPages(p.owner, undefined, base))).toEqual([theirs.id, mine.id]);
    expect(ids(await listPages(p.owner, "all", base))).toEqual([theirs.id, mine.id]);
    expect(ids(await listPages(p.owner, "created_by_me", base))).toEqual([mine.id]);
    expect(ids(await listPages(p.owner, "created_by_other", base))).toEqual([theirs.id]);
    expect(ids(await listPages(p.member, "created_by_me", base))).toEqual([theirs.id]);
  });

  it("favorite lists the caller's favourites only", async () => {
    const base = await freshProject();
    const a = await createPage("A", p.owner, base);
    await createPage("B", p.owner, base);
    expect((await p.viewer.post(`${base}/user-favorite-pages/`, { page: a.id })).status).toBe(201);
    const favourites = await listPages(p.viewer, "favorite", base);
    expect(ids(favourites)).toEqual([a.id]);
    expect(favourites[0].is_favorite).toBe(true);
    expect(await listPages(p.owner, "favorite", base)).toEqual([]);
  });

  it("recent groups the last 7 days by today, yesterday and this_week, leaving empty groups out", async () => {
    const base = await freshProject();
    const today = await createPage("Today", p.owner, base);
    const yesterday = await createPage("Yesterday", p.owner, base);
    const threeDays = await createPage("Three days ago", p.owner, base);
    const sixDays = await createPage("Six days ago", p.owner, base);
    const old = await createPage("Ten days ago", p.owner, base);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const [page, days] of [
      [yesterday, 1],
      [threeDays, 3],
      [sixDays, 6],
      [old, 10],
    ] as const) {
      await env.DB.prepare("UPDATE pages SET updated_at = ? WHERE id = ?").bind(daysAgo(days), page.id).run();
    }
    const recent = await listPages(p.member, "recent", base);
    expect(Object.keys(recent).sort()).toEqual(["this_week", "today", "yesterday"]);
    expect(ids(recent.today)).toEqual([today.id]);
    expect(ids(recent.yesterday)).toEqual([yesterday.id]);
    expect(ids(recent.this_week)).toEqual([threeDays.id, sixDays.id]);

    // Editing a block counts as updating its page.
    expect((await p.owner.post(`${pagePath(old.id, base)}page-blocks/`, { name: "Fresh" })).status).toBe(201);
    const after = await listPages(p.member, "recent", base);
    expect(ids(after.today).sort()).toEqual([today.id, old.id].sort());

    const empty = await freshProject();
    expect(await listPages(p.member, "recent", empty)).toEqual({});
  });

  it("refuses an unknown page_view", async () => {
    const response = await p.owner.get(`${pagesPath()}?page_view=mine`);
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(["page_view"]);
  });
});

describe("updating and deleting pages", () => {
  it("PATCH renames; the title rules apply", async () => {
    const page = await createPage("Old");
    const renamed = await p.member.patch(pagePath(page.id), { name: "New" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: page.id, name: "New", access: 0 });
    expect(renamed.body.updated_at >= page.updated_at).toBe(true);
    expect((await p.member.patch(pagePath(page.id), { name: "" })).body).toEqual({ name: ["Title is required"] });
    expect((await p.member.patch(pagePath(page.id), { name: "n".repeat(256) })).body).toEqual({
      name: ["Title should be less than 255 characters"],
    });
  });

  it("only the creator may change access", async () => {
    const page = await createPage("Toggle", p.member);
    const byOwner = await p.owner.patch(pagePath(page.id), { access: 1 });
    expect(byOwner.status).toBe(403);
    expect(byOwner.body).toEqual({ error: "Only the creator of a page can change its access." });
    // Sending the current value is not a change.
    expect((await p.owner.patch(pagePath(page.id), { access: 0, name: "Renamed" })).status).toBe(200);
    const byCreator = await p.member.patch(pagePath(page.id), { access: 1 });
    expect(byCreator.status).toBe(200);
    expect(byCreator.body.access).toBe(1);
    const back = await p.member.patch(pagePath(page.id), { access: 0 });
    expect(back.body.access).toBe(0);
    expect((await p.member.patch(pagePath(page.id), { access: "1" })).status).toBe(400);
  });

  it("DELETE removes the page, its blocks and its favourites", async () => {
    const page = await createPage("Doomed");
    const block = await p.owner.post(`${pagePath(page.id)}page-blocks/`, { name: "Block" });
    await p.viewer.post(`${p.base}/user-favorite-pages/`, { page: page.id });
    expect((await p.member.delete(pagePath(page.id))).status).toBe(204);
    expect((await p.owner.get(pagePath(page.id))).status).toBe(404);
    expect((await p.owner.get(`${p.base}/page-blocks/${block.body.id}/`)).status).toBe(404);
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM page_blocks WHERE page_id = ?1) AS blocks, (SELECT count(*) FROM user_favorites WHERE entity_id = ?1) AS favourites",
    )
      .bind(page.id)
      .first<{ blocks: number; favourites: number }>();
    expect(counts).toEqual({ blocks: 0, favourites: 0 });
  });
});

describe("roles and isolation", () => {
  it("viewers and guests read pages but cannot create, edit or delete them", async () => {
    const page = await createPage("Read only");
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(pagesPath())).status).toBe(200);
      expect((await client.get(pagePath(page.id))).status).toBe(200);
      expect((await client.post(pagesPath(), { name: "Nope" })).status).toBe(403);
      expect((await client.patch(pagePath(page.id), { name: "Nope" })).status).toBe(403);
      expect((await client.delete(pagePath(page.id))).status).toBe(403);
    }
    expect((await p.owner.get(pagePath(page.id))).body.name).toBe("Read only");
  });

  it("non-members get 403 and anonymous callers 401", async () => {
    const page = await createPage();
    const stranger = await signUp({ first_name: "Stranger" });
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(pagesPath())).status).toBe(403);
      expect((await client.get(pagePath(page.id))).status).toBe(403);
      expect((await client.post(pagesPath(), { name: "x" })).status).toBe(403);
      expect((await client.post(`${p.base}/user-favorite-pages/`, { page: page.id })).status).toBe(403);
    }
    expect((await call("GET", pagesPath())).status).toBe(401);
    expect((await call("GET", pagePath(page.id))).status).toBe(401);
  });

  it("another workspace's page is 404 through this project's path and never listed", async () => {
    const foreign = await createPage("Foreign", other.owner, other.base);
    expect((await p.owner.get(pagePath(foreign.id))).status).toBe(404);
    expect((await p.owner.patch(pagePath(foreign.id), { name: "Hijack" })).status).toBe(404);
    expect((await p.owner.delete(pagePath(foreign.id))).status).toBe(404);
    expect((await p.owner.get(`${pagePath(foreign.id)}page-blocks/`)).status).toBe(404);
    expect((await p.owner.post(`${p.base}/user-favorite-pages/`, { page: foreign.id })).status).toBe(404);
    expect(ids(await listPages(p.owner))).not.toContain(foreign.id);
    expect((await p.owner.get(`/api/workspaces/${p.slug}/projects/${other.projectId}/pages/`)).status).toBe(404);
    expect((await other.owner.get(pagePath(foreign.id, other.base))).body.name).toBe("Foreign");
  });
});

describe("private pages", () => {
  it("are invisible to everyone but the creator, project owners included, on every read", async () => {
    const base = await freshProject();
    const page = await createPage("Secret diary", p.member, base, { access: 1 });
    expect(page.access).toBe(1);
    const block = await p.member.post(`${pagePath(page.id, base)}page-blocks/`, { name: "Secret block" });
    expect(block.status).toBe(201);
    const blockId = block.body.id as string;

    // The creator sees it everywhere.
    expect(ids(await listPages(p.member, "all", base))).toEqual([page.id]);
    expect(ids(await listPages(p.member, "created_by_me", base))).toEqual([page.id]);
    expect(ids((await listPages(p.member, "recent", base)).today)).toEqual([page.id]);
    expect((await p.member.get(pagePath(page.id, base))).status).toBe(200);

    for (const client of [p.owner, p.viewer]) {
      for (const tab of ["all", "created_by_other", "favorite"]) {
        expect(await listPages(client, tab, base), tab).toEqual([]);
      }
      expect(await listPages(client, "recent", base)).toEqual({});
      expect((await client.get(pagePath(page.id, base))).status).toBe(404);
      expect((await client.patch(pagePath(page.id, base), { name: "Peek" })).status).toBe(client === p.owner ? 404 : 403);
      expect((await client.delete(pagePath(page.id, base))).status).toBe(client === p.owner ? 404 : 403);
      expect((await client.get(`${pagePath(page.id, base)}page-blocks/`)).status).toBe(404);
      expect((await client.post(`${base}/user-favorite-pages/`, { page: page.id })).status).toBe(404);
      for (const blockPath of [`${base}/page-blocks/${blockId}/`, `${pagePath(page.id, base)}page-blocks/${blockId}/`]) {
        expect((await client.get(blockPath)).status).toBe(404);
      }
    }
    // Writers get 404 (not 403) on blocks too: the page does not exist for them.
    expect((await p.owner.post(`${pagePath(page.id, base)}page-blocks/`, { name: "Intrude" })).status).toBe(404);
    expect((await p.owner.patch(`${base}/page-blocks/${blockId}/`, { name: "Intrude" })).status).toBe(404);
    expect((await p.owner.delete(`${base}/page-blocks/${blockId}/`)).status).toBe(404);
    expect((await p.owner.post(`${base}/page-blocks/${blockId}/issues/`)).status).toBe(404);

    // Search (the command palette) does not find it for others either.
    const projectId = base.split("/").pop();
    const found = await p.owner.get(`/api/workspaces/${p.slug}/search/?search=Secret&project_id=${projectId}`);
    expect(found.status).toBe(200);
    expect(found.body.results.page).toEqual([]);
    const own = await p.member.get(`/api/workspaces/${p.slug}/search/?search=Secret&project_id=${projectId}`);
    expect(own.body.results.page.map((item: { id: string }) => item.id)).toEqual([page.id]);

    // Made public, it appears for everyone; made private again, it is gone again.
    expect((await p.member.patch(pagePath(page.id, base), { access: 0 })).status).toBe(200);
    expect(ids(await listPages(p.owner, "created_by_other", base))).toEqual([page.id]);
    expect((await p.owner.get(`${base}/page-blocks/${blockId}/`)).status).toBe(200);
  });

  it("a favourite made while the page was public disappears when it turns private", async () => {
    const base = await freshProject();
    const page = await createPage("Was public", p.member, base);
    expect((await p.viewer.post(`${base}/user-favorite-pages/`, { page: page.id })).status).toBe(201);
    expect(ids(await listPages(p.viewer, "favorite", base))).toEqual([page.id]);
    expect((await p.member.patch(pagePath(page.id, base), { access: 1 })).status).toBe(200);
    expect(await listPages(p.viewer, "favorite", base)).toEqual([]);
    expect((await p.viewer.get(pagePath(page.id, base))).status).toBe(404);
  });
});

describe("favourite pages", () => {
  it("adds and removes a favourite; is_favorite follows; removing twice is 404", async () => {
    const page = await createPage("Favourite");
    const added = await p.guest.post(`${p.base}/user-favorite-pages/`, { page: page.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ page: page.id, page_detail: { id: page.id, is_favorite: true } });
    const again = await p.guest.post(`${p.base}/user-favorite-pages`, { page: page.id });
    expect(again.body.id).toBe(added.body.id);
    expect((await p.guest.get(pagePath(page.id))).body.is_favorite).toBe(true);
    expect((await p.owner.get(pagePath(page.id))).body.is_favorite).toBe(false);
    expect((await p.guest.delete(`${p.base}/user-favorite-pages/${page.id}/`)).status).toBe(204);
    expect((await p.guest.get(pagePath(page.id))).body.is_favorite).toBe(false);
    expect((await p.guest.delete(`${p.base}/user-favorite-pages/${page.id}`)).status).toBe(404);
  });

  it("validates the body", async () => {
    expect((await p.owner.post(`${p.base}/user-favorite-pages/`, {})).body).toEqual({ page: ["Page is required"] });
    expect((await p.owner.post(`${p.base}/user-favorite-pages/`, { page: 7 })).status).toBe(400);
    expect((await p.owner.post(`${p.base}/user-favorite-pages/`, { page: crypto.randomUUID() })).status).toBe(404);
  });
});
