// Saved views: CRUD, validation, roles, favourites, isolation, and
// the view's issues matching the project list filtered the same way.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, projectWithRoles } from "../helpers/project-roles";

let p: ProjectWithRoles;
let other: ProjectWithRoles;

beforeAll(async () => {
  [p, other] = await Promise.all([projectWithRoles(), projectWithRoles()]);
});

const views = (base = p.base) => `${base}/views/`;
const view = (id: string, base = p.base) => `${base}/views/${id}/`;

async function createView(body: Record<string, unknown> = {}, base = p.base, client = p.owner) {
  const response = await client.post(views(base), { name: "My view", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; query_data: Record<string, unknown>; is_favorite: boolean };
}

describe("creating and reading views", () => {
  it("creates a view with name, description and filters, lists and reads it", async () => {
    const created = await p.member.post(views(), {
      name: "  Urgent work  ",
      description: "What burns",
      query_data: { priority: ["urgent"], state: [], type: "active" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Urgent work",
      description: "What burns",
      // An empty list is stored as null.
      query_data: { priority: ["urgent"], state: null, type: "active" },
      is_favorite: false,
      project: p.projectId,
      created_by: p.member.user.id,
    });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await env.DB.prepare("SELECT query_data FROM issue_views WHERE id = ?").bind(created.body.id).first<{ query_data: string }>();
    expect(JSON.parse(row!.query_data)).toEqual({ priority: ["urgent"], state: null, type: "active" });

    const list = await p.viewer.get(views());
    expect(list.status).toBe(200);
    expect(list.body.map((v: { id: string }) => v.id)).toContain(created.body.id);

    const one = await p.guest.get(`${p.base}/views/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(created.body);
  });

  it("defaults description to empty and query_data to no filters", async () => {
    const created = await createView({ name: "Plain" });
    expect(created).toMatchObject({ name: "Plain", description: "", query_data: {} });
  });

  it.each([
    ["missing", {}, "Title is required"],
    ["empty", { name: "" }, "Title is required"],
    ["blank", { name: "   " }, "Title is required"],
    ["not text", { name: 12 }, "Title is required"],
    ["too long", { name: "x".repeat(256) }, "Title should be less than 255 characters"],
  ])("refuses a %s title with the spec's message", async (_label, body, message) => {
    const response = await p.owner.post(views(), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ name: [message] });
  });

  it("accepts a title of exactly 255 characters", async () => {
    const created = await createView({ name: "y".repeat(255) });
    expect(created.name).toHaveLength(255);
  });

  it.each([
    ["an unknown filter", { colour: ["red"] }, "query_data"],
    ["an unknown priority", { priority: ["sometimes"] }, "query_data.priority.0"],
    ["a bad type", { type: "everything" }, "query_data.type"],
    ["a bad target date", { target_date: ["tomorrow"] }, "query_data.target_date.0"],
    ["a non-list filter", { state: "abc" }, "query_data.state"],
    ["a non-text id", { assignees: [42] }, "query_data.assignees.0"],
    ["an id with a comma", { labels: ["a,b"] }, "query_data.labels.0"],
    ["too many ids", { labels: Array.from({ length: 501 }, (_, i) => `l${i}`) }, "query_data.labels"],
    ["filters that are not an object", ["priority"], "query_data"],
  ])("refuses query_data with %s (the list query's rules)", async (_label, query_data, field) => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM issue_views").first<{ n: number }>();
    const response = await p.owner.post(views(), { name: "Bad filters", query_data });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual([field]);
    expect(typeof response.body[field][0]).toBe("string");
    const after = await env.DB.prepare("SELECT count(*) AS n FROM issue_views").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("never answers 500 for malformed or non-object bodies", async () => {
    for (const rawBody of ["{", "not json", "null", "[]", "123", '"text"', '{"name": "x"} trailing']) {
      const response = await call("POST", views(), { cookie: p.owner.cookie, rawBody });
      expect(response.status, rawBody).toBe(400);
    }
    const createdId = (await createView()).id;
    for (const rawBody of ["{", "null", "[]"]) {
      const response = await call("PATCH", view(createdId), { cookie: p.owner.cookie, rawBody });
      expect(response.status, rawBody).toBe(400);
    }
  });
});

describe("updating and deleting views", () => {
  it("PATCH changes only what is sent; empty lists become null", async () => {
    const created = await createView({ name: "Before", description: "d", query_data: { priority: ["high"] } });
    const renamed = await p.member.patch(view(created.id), { name: "After" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "After", description: "d", query_data: { priority: ["high"] } });
    const refiltered = await p.member.patch(view(created.id), { query_data: { priority: [], labels: [] } });
    expect(refiltered.body.query_data).toEqual({ priority: null, labels: null });
    expect(refiltered.body.name).toBe("After");
  });

  it("PATCH validates the title like create", async () => {
    const created = await createView();
    expect((await p.owner.patch(view(created.id), { name: "" })).body).toEqual({ name: ["Title is required"] });
    expect((await p.owner.patch(view(created.id), { name: "z".repeat(256) })).body).toEqual({
      name: ["Title should be less than 255 characters"],
    });
  });

  it("PUT needs the title and keeps omitted fields", async () => {
    const created = await createView({ description: "keep me", query_data: { priority: ["low"] } });
    const missing = await p.owner.put(view(created.id), { description: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ["Title is required"] });
    const replaced = await p.owner.put(view(created.id), { name: "Replaced" });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ name: "Replaced", description: "keep me", query_data: { priority: ["low"] } });
  });

  it("DELETE removes the view and its favourites", async () => {
    const created = await createView();
    expect((await p.member.post(`${p.base}/user-favorite-views/`, { view: created.id })).status).toBe(201);
    const deleted = await p.member.delete(view(created.id));
    expect(deleted.status).toBe(204);
    expect((await p.owner.get(view(created.id))).status).toBe(404);
    const favourites = await env.DB.prepare("SELECT count(*) AS n FROM user_favorites WHERE entity_id = ?").bind(created.id).first<{ n: number }>();
    expect(favourites!.n).toBe(0);
    expect((await p.member.delete(view(created.id))).status).toBe(404);
  });

  it("answers 404 for an unknown view id", async () => {
    const unknown = crypto.randomUUID();
    expect((await p.owner.get(view(unknown))).status).toBe(404);
    expect((await p.owner.patch(view(unknown), { name: "x" })).status).toBe(404);
    expect((await p.owner.delete(view(unknown))).status).toBe(404);
    expect((await p.owner.get(`${view(unknown)}issues/`)).status).toBe(404);
  });
});

describe("roles and isolation", () => {
  it("viewers and guests read but cannot write", async () => {
    const created = await createView();
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(views())).status).toBe(200);
      expect((await client.get(view(created.id))).status).toBe(200);
      expect((await client.get(`${view(created.id)}issues/`)).status).toBe(200);
      expect((await client.post(views(), { name: "Nope" })).status).toBe(403);
      expect((await client.patch(view(created.id), { name: "Nope" })).status).toBe(403);
      expect((await client.put(view(created.id), { name: "Nope" })).status).toBe(403);
      expect((await client.delete(view(created.id))).status).toBe(403);
    }
    expect((await p.owner.get(view(created.id))).body.name).toBe("My view");
  });

  it("a workspace member outside the project and a stranger get 403; no session gets 401", async () => {
    const created = await createView();
    const stranger = await signUp({ first_name: "Stranger" });
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(views())).status).toBe(403);
      expect((await client.get(view(created.id))).status).toBe(403);
      expect((await client.get(`${view(created.id)}issues/`)).status).toBe(403);
      expect((await client.post(views(), { name: "x" })).status).toBe(403);
    }
    expect((await call("GET", views())).status).toBe(401);
  });

  it("another workspace's view is 404 through this project's path, and never listed here", async () => {
    const foreign = await createView({ name: "Foreign" }, other.base, other.owner);
    expect((await p.owner.get(view(foreign.id))).status).toBe(404);
    expect((await p.owner.patch(view(foreign.id), { name: "Hijack" })).status).toBe(404);
    expect((await p.owner.delete(view(foreign.id))).status).toBe(404);
    expect((await p.owner.get(`${view(foreign.id)}issues/`)).status).toBe(404);
    expect((await p.owner.post(`${p.base}/user-favorite-views/`, { view: foreign.id })).status).toBe(404);
    const list = await p.owner.get(views());
    expect(list.body.map((v: { id: string }) => v.id)).not.toContain(foreign.id);
    // Nor through another project of the same workspace.
    const sibling = await createProject(p.owner, p.slug, "Sibling");
    const siblingBase = `/api/workspaces/${p.slug}/projects/${sibling}`;
    const mine = await createView();
    expect((await p.owner.get(view(mine.id, siblingBase))).status).toBe(404);
    expect((await other.owner.get(view(foreign.id, other.base))).status).toBe(200);
  });

  it("a project id of another workspace is 404 under this workspace's slug", async () => {
    const response = await p.owner.get(`/api/workspaces/${p.slug}/projects/${other.projectId}/views/`);
    expect(response.status).toBe(404);
    const slug = await createWorkspace(p.owner, "empty");
    expect((await p.owner.get(`/api/workspaces/${slug}/projects/${p.projectId}/views/`)).status).toBe(404);
  });
});

describe("favourite views", () => {
  it("any project member can favourite a view; is_favorite follows; removing twice is 404", async () => {
    const created = await createView({ name: "Favourite me" });
    const added = await p.guest.post(`${p.base}/user-favorite-views/`, { view: created.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ view: created.id, view_detail: { id: created.id, is_favorite: true } });
    // Idempotent.
    const again = await p.guest.post(`${p.base}/user-favorite-views`, { view: created.id });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(added.body.id);

    expect((await p.guest.get(view(created.id))).body.is_favorite).toBe(true);
    expect((await p.owner.get(view(created.id))).body.is_favorite).toBe(false);
    const list = await p.guest.get(views());
    expect(list.body[0]).toMatchObject({ id: created.id, is_favorite: true });

    expect((await p.guest.delete(`${p.base}/user-favorite-views/${created.id}/`)).status).toBe(204);
    expect((await p.guest.get(view(created.id))).body.is_favorite).toBe(false);
    expect((await p.guest.delete(`${p.base}/user-favorite-views/${created.id}`)).status).toBe(404);
  });

  it("validates the favourite body", async () => {
    expect((await p.owner.post(`${p.base}/user-favorite-views/`, {})).body).toEqual({ view: ["View is required"] });
    expect((await p.owner.post(`${p.base}/user-favorite-views/`, { view: "" })).body).toEqual({ view: ["View is required"] });
    expect((await p.owner.post(`${p.base}/user-favorite-views/`, { view: crypto.randomUUID() })).status).toBe(404);
    expect((await call("POST", `${p.base}/user-favorite-views/`, { cookie: p.owner.cookie, rawBody: "{" })).status).toBe(400);
    expect((await p.outsider.post(`${p.base}/user-favorite-views/`, { view: crypto.randomUUID() })).status).toBe(403);
  });
});

describe("a view's issues", () => {
  let base: string;
  let states: Record<string, string>;
  let labelA: string;
  let labelB: string;
  const issueIds: string[] = [];

  beforeAll(async () => {
    const projectId = await createProject(p.owner, p.slug, "Issues for views");
    base = `/api/workspaces/${p.slug}/projects/${projectId}`;
    await addToProject(p.owner, p.slug, projectId, p.viewer, 10);
    const rows = await env.DB.prepare("SELECT id, name FROM states WHERE project_id = ?").bind(projectId).all<{ id: string; name: string }>();
    states = Object.fromEntries(rows.results.map((row) => [row.name, row.id]));
    labelA = (await p.owner.post(`${base}/issue-labels/`, { name: "A", color: "#ff0000" })).body.id;
    labelB = (await p.owner.post(`${base}/issue-labels/`, { name: "B", color: "#00ff00" })).body.id;
    const specs = [
      { priority: "urgent", state: states.Todo, labels_list: [labelA] },
      { priority: "high", state: states["In Progress"], labels_list: [labelA, labelB] },
      { priority: "high", state: states.Backlog, labels_list: [] },
      { priority: "low", state: states.Todo, labels_list: [labelB], assignees_list: [p.owner.user.id] },
      { priority: "none", state: states.Done, labels_list: [labelA], target_date: "2030-01-15" },
      { priority: "urgent", state: states.Backlog, labels_list: [labelB], target_date: "2030-02-01" },
    ];
    for (const [index, spec] of specs.entries()) {
      const created = await p.owner.post(`${base}/issues/`, { name: `Issue ${index}`, ...spec });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      issueIds.push(created.body.id);
    }
  });

  const idsOf = (list: { id: string }[]) => list.map((issue) => issue.id);

  it.each([
    ["priority", { priority: ["urgent", "high"] }, "priority=urgent,high"],
    ["state", { state: ["STATE:Todo", "STATE:Backlog"] }, "state=STATE:Todo,STATE:Backlog"],
    ["labels", { labels: ["LABEL:A"] }, "labels=LABEL:A"],
    ["issue__labels__id", { issue__labels__id: ["LABEL:B"] }, "issue__labels__id=LABEL:B"],
    ["assignees", { assignees: ["OWNER"] }, "assignees=OWNER"],
    ["created_by", { created_by: ["OWNER"] }, "created_by=OWNER"],
    ["type active", { type: "active" }, "type=active"],
    ["type backlog with priority", { type: "backlog", priority: ["urgent"] }, "type=backlog&priority=urgent"],
    ["target_date", { target_date: ["2030-01-20;after"] }, "target_date=2030-01-20;after"],
    ["no filters (empty lists)", { priority: [], labels: [] }, ""],
  ])("%s: the view's issues equal the list filtered the same way", async (_label, filters, queryString) => {
    const substitute = (text: string) =>
      text
        .replace(/STATE:([A-Za-z ]+)/g, (_m, name: string) => states[name])
        .replace("LABEL:A", labelA)
        .replace("LABEL:B", labelB)
        .replace("OWNER", p.owner.user.id);
    const query_data = JSON.parse(substitute(JSON.stringify(filters)));
    const created = await createView({ name: "Filtered", query_data }, base);
    const fromView = await p.viewer.get(`${base}/views/${created.id}/issues/`);
    expect(fromView.status).toBe(200);
    const fromList = await p.viewer.get(`${base}/issues/?${substitute(queryString)}`);
    expect(fromList.status).toBe(200);
    expect(idsOf(fromView.body)).toEqual(idsOf(fromList.body));
    expect(fromView.body).toEqual(fromList.body);
  });

  it("a priority view finds exactly the matching issues", async () => {
    const created = await createView({ name: "Urgent", query_data: { priority: ["urgent"] } }, base);
    const response = await p.owner.get(`${base}/views/${created.id}/issues/`);
    expect(idsOf(response.body).sort()).toEqual([issueIds[0], issueIds[5]].sort());
  });

  it("takes order_by, group_by, per_page and cursor from the query string, not filters", async () => {
    const created = await createView({ name: "High+", query_data: { priority: ["urgent", "high"] } }, base);
    const grouped = await p.owner.get(`${base}/views/${created.id}/issues/?group_by=priority&order_by=-created_at&priority=low`);
    const listGrouped = await p.owner.get(`${base}/issues/?group_by=priority&order_by=-created_at&priority=urgent,high`);
    expect(grouped.status).toBe(200);
    expect(grouped.body).toEqual(listGrouped.body);
    expect(Object.keys(grouped.body).sort()).toEqual(["high", "urgent"]);

    const first = await p.owner.get(`${base}/views/${created.id}/issues/?per_page=2&order_by=-created_at`);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await p.owner.get(`${base}/views/${created.id}/issues/?per_page=2&order_by=-created_at&cursor=${first.body.next_cursor}`);
    expect(second.body.results).toHaveLength(2);
    expect(second.body.next_cursor).toBeNull();
    const all = await p.owner.get(`${base}/issues/?priority=urgent,high&order_by=-created_at`);
    expect([...idsOf(first.body.results), ...idsOf(second.body.results)]).toEqual(idsOf(all.body));
  });

  it("refuses a bad order_by or cursor with 400", async () => {
    const created = await createView({ name: "Any" }, base);
    expect((await p.owner.get(`${base}/views/${created.id}/issues/?order_by=nonsense`)).status).toBe(400);
    expect((await p.owner.get(`${base}/views/${created.id}/issues/?per_page=1&cursor=garbage`)).status).toBe(400);
  });
});
