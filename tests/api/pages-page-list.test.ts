// The project's pages list as the browser uses it: the loader (one tab at a time, recent by date
// group, a private page nobody else sees) and the action (the create/rename form, favorites,
// access and delete), posted the way Remix's fetchers post them.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { type PageActionBody, loadPageData, postPageAction } from "../helpers/page-action";
import type { PagesListData } from "../../app/lib/pages-contract";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

beforeEach(async () => {
  w = await createTeamWithProject("pglist");
});

const ROUTE = "routes/$workspaceSlug.projects.$projectId.pages._index";
const listPath = () => `/${w.slug}/projects/${w.project.id}/pages`;

function post(client: Client, body: PageActionBody) {
  return postPageAction(client, `${listPath()}.data?index`, body);
}

async function load(client: Client, tab?: string) {
  return loadPageData<PagesListData>(client, `${listPath()}.data${tab ? `?tab=${tab}` : ""}`, ROUTE);
}

const names = (data: PagesListData) => (data.listing.kind === "list" ? data.listing.pages.map((page) => page.name) : []);

async function apiPage(client: Client, name: string, extra: Record<string, unknown> = {}) {
  const response = await client.post(`/api/workspaces/${w.slug}/projects/${w.project.id}/pages/`, { name, ...extra });
  expectStatus(response, 201);
  return response.body.id as string;
}

async function pageRow(id: string) {
  return env.DB.prepare("SELECT name, access FROM pages WHERE id = ?").bind(id).first<{ name: string; access: number }>();
}

describe("the loader", () => {
  it("answers each tab, with the first three block names of each page", async () => {
    const mine = await apiPage(w.owner, "Owner notes");
    const theirs = await apiPage(w.member, "Member notes");
    for (const name of ["One", "Two", "Three", "Four"]) {
      expectStatus(await w.owner.post(`/api/workspaces/${w.slug}/projects/${w.project.id}/pages/${mine}/page-blocks/`, { name }), 201);
    }
    expectStatus(await w.owner.post(`/api/workspaces/${w.slug}/projects/${w.project.id}/user-favorite-pages/`, { page: theirs }), 201);

    const all = await load(w.owner);
    expect(all.me).toBe(w.owner.user.id);
    expect(names(all).sort()).toEqual(["Member notes", "Owner notes"]);
    const card = all.listing.kind === "list" ? all.listing.pages.find((page) => page.id === mine) : undefined;
    expect(card?.blocks.map((block) => block.name)).toEqual(["One", "Two", "Three"]);
    expect(names(await load(w.owner, "favorite"))).toEqual(["Member notes"]);
    expect(names(await load(w.owner, "created_by_me"))).toEqual(["Owner notes"]);
    expect(names(await load(w.owner, "created_by_other"))).toEqual(["Member notes"]);
    // An unknown tab is the first one.
    expect(names(await load(w.owner, "nonsense")).sort()).toEqual(["Member notes", "Owner notes"]);
  });

  it("groups the recent tab by date and leaves out empty groups", async () => {
    const today = await apiPage(w.owner, "Touched today");
    const old = await apiPage(w.owner, "Touched two days ago");
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await env.DB.prepare("UPDATE pages SET updated_at = ? WHERE id = ?").bind(twoDaysAgo, old).run();
    const data = await load(w.owner, "recent");
    expect(data.listing.kind).toBe("recent");
    if (data.listing.kind !== "recent") return;
    expect(data.listing.groups.map((group) => [group.key, group.pages.map((page) => page.id)])).toEqual([
      ["today", [today]],
      ["this_week", [old]],
    ]);
  });

  it("never shows a private page to anyone but its creator", async () => {
    await apiPage(w.member, "Member's secret", { access: 1 });
    await apiPage(w.member, "Shared");
    expect(names(await load(w.member)).sort()).toEqual(["Member's secret", "Shared"]);
    for (const client of [w.owner, w.viewer]) {
      expect(names(await load(client))).toEqual(["Shared"]);
      expect(names(await load(client, "created_by_other"))).toEqual(["Shared"]);
      const recent = await load(client, "recent");
      const recentNames = recent.listing.kind === "recent" ? recent.listing.groups.flatMap((group) => group.pages.map((page) => page.name)) : [];
      expect(recentNames).toEqual(["Shared"]);
    }
  });
});

describe("the action", () => {
  it("creates and renames a page through the form, with the title's own messages", async () => {
    const created = await post(w.member, { form: { intent: "create-page", name: "  Meeting notes  " } });
    expect(created.status, created.text).toBe(200);
    const listing = (await load(w.member)).listing;
    const id = listing.kind === "list" ? listing.pages[0].id : "";
    // The answer names the new page, so a dialog opened away from the list can go to it.
    expect(created.text).toContain(id);
    expect(await pageRow(id)).toEqual({ name: "Meeting notes", access: 0 });

    const empty = await post(w.member, { form: { intent: "create-page", name: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Title is required");
    const long = await post(w.member, { form: { intent: "update-page", page_id: id, name: "x".repeat(256) } });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Title should be less than 255 characters");

    const renamed = await post(w.member, { form: { intent: "update-page", page_id: id, name: "Retro notes" } });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await pageRow(id))?.name).toBe("Retro notes");
  });

  it("refuses viewers' writes and changes nothing", async () => {
    const id = await apiPage(w.owner, "Kept");
    const create = await post(w.viewer, { form: { intent: "create-page", name: "Nope" } });
    expect(create.status).toBe(403);
    const remove = await post(w.viewer, { json: { intent: "delete-page", page_id: id } });
    expect(remove.status).toBe(403);
    expect(names(await load(w.owner))).toEqual(["Kept"]);
  });

  it("favorites and unfavorites a page for the caller only", async () => {
    const id = await apiPage(w.owner, "Starred");
    expect((await post(w.member, { json: { intent: "favorite-page", page_id: id, favorite: true } })).status).toBe(200);
    expect(names(await load(w.member, "favorite"))).toEqual(["Starred"]);
    expect(names(await load(w.owner, "favorite"))).toEqual([]);
    expect((await post(w.member, { json: { intent: "favorite-page", page_id: id, favorite: false } })).status).toBe(200);
    expect(names(await load(w.member, "favorite"))).toEqual([]);
  });

  it("lets only the creator change a page's access", async () => {
    const id = await apiPage(w.member, "Draft");
    const byOwner = await post(w.owner, { json: { intent: "set-page-access", page_id: id, access: 1 } });
    expect(byOwner.status).toBe(403);
    expect((await pageRow(id))?.access).toBe(0);
    const byCreator = await post(w.member, { json: { intent: "set-page-access", page_id: id, access: 1 } });
    expect(byCreator.status, byCreator.text).toBe(200);
    expect((await pageRow(id))?.access).toBe(1);
    expect(names(await load(w.owner))).toEqual([]);
  });

  it("deletes a page, and a page the caller cannot see is 404", async () => {
    const id = await apiPage(w.owner, "Doomed");
    const hidden = await apiPage(w.member, "Hidden", { access: 1 });
    const refused = await post(w.owner, { json: { intent: "delete-page", page_id: hidden } });
    expect(refused.status).toBe(404);
    expect(await pageRow(hidden)).not.toBeNull();
    expect((await post(w.owner, { json: { intent: "delete-page", page_id: id } })).status).toBe(200);
    expect(await pageRow(id)).toBeNull();
  });

  it("answers 400 to a malformed or unknown intent", async () => {
    const unknown = await post(w.owner, { json: { intent: "drop-pages" } });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Unknown action.");
  });
});
