// The saved views page as the browser uses it: its loader (the project's views, favourites first,
// and the states, labels and members their filters name) and its JSON intents (create, edit,
// delete, favourite, unfavourite) posted to the page's action the way Remix's fetchers post them.
// Every refused write (bad input, a viewer or guest, someone outside the project) changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { ViewsPageData } from "../../workers/domain/schemas/responses";
import { type Client, ORIGIN } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { loadPageData, postPageAction } from "../helpers/page-action";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

const ROUTE_ID = "routes/$workspaceSlug.projects.$projectId.views._index";
const pagePath = () => `/${w.slug}/projects/${w.project.id}/views`;
const dataPath = () => `${pagePath()}.data?index`;
const apiBase = () => `/api/workspaces/${w.slug}/projects/${w.project.id}`;

beforeEach(async () => {
  w = await createTeamWithProject("vpage");
});

function post(client: Client, json: unknown) {
  return postPageAction(client, dataPath(), { json });
}

interface ViewRow {
  id: string;
  name: string;
  description: string;
  query_data: string | null;
}

async function viewRows() {
  const { results } = await env.DB.prepare("SELECT id, name, description, query_data FROM issue_views WHERE project_id = ? ORDER BY name, id")
    .bind(w.project.id)
    .all<ViewRow>();
  return results;
}

async function favoriteRows() {
  const { results } = await env.DB.prepare("SELECT user_id, entity_id FROM user_favorites WHERE entity_type = 'view' AND project_id = ?")
    .bind(w.project.id)
    .all<{ user_id: string; entity_id: string }>();
  return results;
}

async function addView(name: string, query_data: Record<string, unknown> = {}) {
  const response = await w.owner.post(`${apiBase()}/views/`, { name, query_data });
  expectStatus(response, 201);
  return response.body.id as string;
}

const load = (client: Client) => loadPageData<ViewsPageData>(client, dataPath(), ROUTE_ID);

describe("the loader", () => {
  it("lists the views with the caller's favourites first and the lookups their filters name", async () => {
    const states = (await w.owner.get(`${apiBase()}/states/`)).body as { id: string; name: string }[];
    const todo = states.find((state) => state.name === "Todo")!;
    const alpha = await addView("Alpha", { priority: ["high"] });
    const zulu = await addView("Zulu", { state: [todo.id] });
    expectStatus(await w.member.post(`${apiBase()}/user-favorite-views/`, { view: zulu }), 201);

    const member = await load(w.member);
    expect(member.views.map((view) => [view.name, view.is_favorite])).toEqual([
      ["Zulu", true],
      ["Alpha", false],
    ]);
    expect(member.views[0].query_data).toEqual({ state: [todo.id] });
    expect(member.canEdit).toBe(true);
    expect(member.states.map((state) => state.name)).toContain("Todo");
    expect(member.members.map((person) => person.id)).toContain(w.viewer.user.id);

    // Favourites are the caller's own.
    const owner = await load(w.owner);
    expect(owner.views.map((view) => [view.name, view.is_favorite])).toEqual([
      ["Alpha", false],
      ["Zulu", false],
    ]);
    expect(owner.views[0].id).toBe(alpha);

    // Viewers and guests read the list but may not change it.
    for (const client of [w.viewer, w.guest]) {
      const data = await load(client);
      expect(data.views).toHaveLength(2);
      expect(data.canEdit).toBe(false);
    }
  });

  it("renders the page with the views for a member and refuses someone outside the project", async () => {
    await addView("Rendered view");
    const page = await fetchWorker(`${ORIGIN}${pagePath()}`, { headers: { cookie: w.member.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Rendered view");
    expect(html).toContain("Create View");
    const outsider = await fetchWorker(`${ORIGIN}${dataPath()}`, { headers: { cookie: w.outsider.cookie } });
    expect(outsider.status).toBeGreaterThanOrEqual(400);
  });
});

describe("create", () => {
  it("stores the title, description and filters, an empty list as null", async () => {
    const answer = await post(w.member, {
      intent: "create-view",
      view: { name: "  Urgent work  ", description: "What burns", query_data: { priority: ["urgent"], labels: [], type: "active" } },
    });
    expect(answer.status, answer.text).toBe(200);
    const [row] = await viewRows();
    expect(row).toMatchObject({ name: "Urgent work", description: "What burns" });
    expect(JSON.parse(row.query_data ?? "{}")).toEqual({ priority: ["urgent"], labels: null, type: "active" });
    expect(answer.text).toContain(row.id);
  });

  it("answers bad input with 400 and the field's message, writing nothing", async () => {
    const cases: [unknown, string][] = [
      [{ intent: "create-view", view: { name: "   " } }, "Title is required"],
      [{ intent: "create-view", view: { name: "x".repeat(256) } }, "Title should be less than 255 characters"],
      [{ intent: "create-view", view: { name: "Typo", query_data: { priorty: ["high"] } } }, "Unknown filters: priorty"],
      [{ intent: "create-view", view: { name: "Bad priority", query_data: { priority: ["hot"] } } }, "Unknown priority"],
      [{ intent: "rename-view", view: { name: "Nope" } }, "Unknown action."],
    ];
    for (const [body, message] of cases) {
      const answer = await post(w.owner, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await viewRows()).toEqual([]);
  });

  it("refuses viewers and guests with 403 and writes nothing", async () => {
    for (const client of [w.viewer, w.guest]) {
      const answer = await post(client, { intent: "create-view", view: { name: "Sneaky" } });
      expect(answer.status).toBe(403);
    }
    expect(await viewRows()).toEqual([]);
  });
});

describe("edit and delete", () => {
  it("replaces the title, description and filters", async () => {
    const id = await addView("Before", { priority: ["high"] });
    const answer = await post(w.member, {
      intent: "update-view",
      view_id: id,
      view: { name: "After", description: "Renamed", query_data: { priority: [], created_by: [w.owner.user.id] } },
    });
    expect(answer.status, answer.text).toBe(200);
    const [row] = await viewRows();
    expect(row).toMatchObject({ id, name: "After", description: "Renamed" });
    expect(JSON.parse(row.query_data ?? "{}")).toEqual({ priority: null, created_by: [w.owner.user.id] });
  });

  it("refuses an empty title with 400, a viewer with 403 and an unknown view with 404, changing nothing", async () => {
    const id = await addView("Keep me", { priority: ["low"] });
    const before = await viewRows();
    const empty = await post(w.owner, { intent: "update-view", view_id: id, view: { name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Title is required");
    const viewer = await post(w.viewer, { intent: "update-view", view_id: id, view: { name: "Mine now" } });
    expect(viewer.status).toBe(403);
    const missing = await post(w.owner, { intent: "update-view", view_id: "no-such-view", view: { name: "Ghost" } });
    expect(missing.status).toBe(404);
    expect(await post(w.guest, { intent: "delete-view", view_id: id })).toMatchObject({ status: 403 });
    expect(await post(w.viewer, { intent: "delete-view", view_id: id })).toMatchObject({ status: 403 });
    expect(await viewRows()).toEqual(before);
  });

  it("deletes a view with the favourites that point at it", async () => {
    const id = await addView("Doomed");
    expectStatus(await w.owner.post(`${apiBase()}/user-favorite-views/`, { view: id }), 201);
    const answer = await post(w.member, { intent: "delete-view", view_id: id });
    expect(answer.status, answer.text).toBe(200);
    expect(await viewRows()).toEqual([]);
    expect(await favoriteRows()).toEqual([]);
  });
});

describe("favourites", () => {
  it("adds and removes the caller's favourite; viewers may star too", async () => {
    const id = await addView("Starred");
    expect((await post(w.viewer, { intent: "favorite-view", view_id: id })).status).toBe(200);
    expect(await favoriteRows()).toEqual([{ user_id: w.viewer.user.id, entity_id: id }]);
    expect((await load(w.viewer)).views[0].is_favorite).toBe(true);
    expect((await post(w.viewer, { intent: "unfavorite-view", view_id: id })).status).toBe(200);
    expect(await favoriteRows()).toEqual([]);
  });

  it("answers a failure the page can toast: an unknown view, a favourite that is not there", async () => {
    const missing = await post(w.member, { intent: "favorite-view", view_id: "no-such-view" });
    expect(missing.status).toBe(404);
    const id = await addView("Never starred");
    const notThere = await post(w.member, { intent: "unfavorite-view", view_id: id });
    expect(notThere.status).toBe(404);
    expect(await favoriteRows()).toEqual([]);
  });
});
