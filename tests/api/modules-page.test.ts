// The modules page as the browser uses it: its loader (the project's modules, favourites first,
// with counts, members and links, and the people a module may name), the module page's sidebar
// read beside the issue views, and the JSON intents the cards, the module dialog and the sidebar
// post to the list's action the way Remix's fetchers post them. Every refused write (bad input, a
// viewer or guest, someone outside the project) changes nothing.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { ModuleSidebarData, ModulesPageData } from "../../workers/domain/schemas/modules-page-responses";
import type { Client } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { loadPageData, postPageAction } from "../helpers/page-action";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

const LIST_ROUTE = "routes/$workspaceSlug.projects.$projectId.modules._index";
const DETAIL_ROUTE = "routes/$workspaceSlug.projects.$projectId.modules.$moduleId";
const listPath = () => `/${w.slug}/projects/${w.project.id}/modules`;
const dataPath = () => `${listPath()}.data?index`;
const apiBase = () => `/api/workspaces/${w.slug}/projects/${w.project.id}`;

beforeEach(async () => {
  w = await createTeamWithProject("mpage");
});

const post = (client: Client, json: unknown) => postPageAction(client, dataPath(), { json });
/** The list's loader data with its streamed modules awaited. */
async function load(client: Client) {
  const data = await loadPageData<ModulesPageData>(client, dataPath(), LIST_ROUTE);
  return { ...data, modules: await data.modules };
}

async function loadSidebar(client: Client, moduleId: string) {
  const data = await loadPageData<{ sidebar: Promise<ModuleSidebarData | null>; source: { name: string } }>(
    client,
    `${listPath()}/${moduleId}.data`,
    DETAIL_ROUTE,
  );
  return { views: data, sidebar: await data.sidebar };
}

async function addModule(body: Record<string, unknown>) {
  const response = await w.owner.post(`${apiBase()}/modules/`, body);
  expectStatus(response, 201);
  return response.body.id as string;
}

interface ModuleRow {
  id: string;
  name: string;
  status: string;
  lead_id: string | null;
  start_date: string | null;
  target_date: string | null;
}

async function moduleRows() {
  const { results } = await env.DB.prepare("SELECT id, name, status, lead_id, start_date, target_date FROM modules WHERE project_id = ? ORDER BY name")
    .bind(w.project.id)
    .all<ModuleRow>();
  return results;
}

async function memberIds(moduleId: string) {
  const { results } = await env.DB.prepare("SELECT member_id FROM module_members WHERE module_id = ? ORDER BY member_id").bind(moduleId).all<{ member_id: string }>();
  return results.map((row) => row.member_id);
}

async function linkUrls(moduleId: string) {
  const { results } = await env.DB.prepare("SELECT url FROM module_links WHERE module_id = ? ORDER BY url").bind(moduleId).all<{ url: string }>();
  return results.map((row) => row.url);
}

describe("the list's loader", () => {
  it("lists the modules (the caller's favourites first) with their people and counts, and who may edit", async () => {
    await addModule({ name: "Alpha" });
    const zulu = await addModule({ name: "Zulu", lead: w.member.user.id, members_list: [w.member.user.id, w.viewer.user.id] });
    expectStatus(await w.viewer.post(`${apiBase()}/user-favorite-modules/`, { module: zulu }), 201);

    const viewer = await load(w.viewer);
    expect(viewer.modules[0]).toMatchObject({ id: zulu, is_favorite: true, lead: w.member.user.id, total_issues: 0 });
    expect([...viewer.modules[0].members].sort()).toEqual([w.member.user.id, w.viewer.user.id].sort());
    expect(viewer.canEdit).toBe(false);
    expect(viewer.members.map((person) => person.id)).toEqual(expect.arrayContaining([w.owner.user.id, w.member.user.id, w.guest.user.id]));
    expect((await load(w.guest)).canEdit).toBe(false);
    const member = await load(w.member);
    expect(member.canEdit).toBe(true);
    expect(member.modules.every((module) => !module.is_favorite)).toBe(true);
  });

  it("refuses someone outside the project", async () => {
    await expect(load(w.outsider)).rejects.toThrow(/40[34]/);
  });
});

describe("the module page's sidebar", () => {
  it("arrives beside the issue views with the module, its links and who may add them", async () => {
    const id = await addModule({ name: "Checkout", lead: w.owner.user.id, start_date: "2026-01-01", target_date: "2026-01-31" });
    expectStatus(await w.owner.post(`${apiBase()}/modules/${id}/module-links/`, { url: "https://example.com/spec", metadata: {} }), 201);
    const member = await loadSidebar(w.member, id);
    expect(member.views.source.name).toBe("Checkout");
    expect(member.sidebar?.module).toMatchObject({ id, name: "Checkout", lead: w.owner.user.id });
    expect(member.sidebar?.module.link_module.map((link) => link.url)).toEqual(["https://example.com/spec"]);
    expect(member.sidebar?.canEdit).toBe(true);
    expect(member.sidebar?.members.map((person) => person.id)).toContain(w.viewer.user.id);
    // Its dates allow a chart: it started and its target is not before its start.
    expect(member.sidebar?.burndown?.days[0]).toBe("2026-01-01");
    expect(member.sidebar?.burndown?.days.at(-1)).toBe("2026-01-31");
    // No chart for a module that has not started, one whose dates are missing.
    const future = await addModule({ name: "Later", start_date: "2999-01-01", target_date: "2999-02-01" });
    expect((await loadSidebar(w.member, future)).sidebar?.burndown).toBeNull();
    const undated = await addModule({ name: "Undated" });
    expect((await loadSidebar(w.member, undated)).sidebar?.burndown).toBeNull();
    // Guests and viewers read it without adding links.
    for (const client of [w.viewer, w.guest]) expect((await loadSidebar(client, id)).sidebar?.canEdit).toBe(false);
  });
});

describe("create, edit and patch", () => {
  it("creates a module with its status (backlog unless chosen), lead, members and dates", async () => {
    const answer = await post(w.member, {
      intent: "create-module",
      module: { name: "  Payments  ", description: "Cards", lead: w.owner.user.id, members_list: [w.member.user.id], start_date: "2026-02-01", target_date: "2026-02-10" },
    });
    expect(answer.status, answer.text).toBe(200);
    const [row] = await moduleRows();
    expect(row).toMatchObject({ name: "Payments", status: "backlog", lead_id: w.owner.user.id, start_date: "2026-02-01", target_date: "2026-02-10" });
    expect(await memberIds(row.id)).toEqual([w.member.user.id]);
    expect(answer.text).toContain(row.id);
  });

  it("answers bad input with 400 and the field's message, writing nothing", async () => {
    const cases: [unknown, string][] = [
      [{ intent: "create-module", module: { name: "   " } }, "Title is required"],
      [{ intent: "create-module", module: { name: "x".repeat(256) } }, "Title should be less than 255 characters"],
      [
        { intent: "create-module", module: { name: "Backwards", start_date: "2026-03-10", target_date: "2026-03-01" } },
        "The date you have entered is invalid. Please check and enter a valid date.",
      ],
      [{ intent: "create-module", module: { name: "Stranger", lead: w.outsider.user.id } }, "The lead must be a member of the project."],
      [{ intent: "create-module", module: { name: "Odd", status: "done" } }, "Status must be one of"],
      [{ intent: "rename-module", module: { name: "Nope" } }, "Unknown action."],
    ];
    for (const [body, message] of cases) {
      const answer = await post(w.owner, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await moduleRows()).toEqual([]);
  });

  it("refuses viewers and guests with 403 and writes nothing", async () => {
    const id = await addModule({ name: "Guarded" });
    for (const client of [w.viewer, w.guest]) {
      expect((await post(client, { intent: "create-module", module: { name: "Sneaky" } })).status).toBe(403);
      expect((await post(client, { intent: "patch-module", module_id: id, patch: { status: "paused" } })).status).toBe(403);
      expect((await post(client, { intent: "delete-module", module_id: id })).status).toBe(403);
      expect((await post(client, { intent: "add-link", module_id: id, link: { url: "https://example.com/x" } })).status).toBe(403);
    }
    expect(await moduleRows()).toMatchObject([{ name: "Guarded", status: "backlog" }]);
    expect(await linkUrls(id)).toEqual([]);
  });

  it("replaces the whole module from the dialog and patches one field from the sidebar", async () => {
    const id = await addModule({ name: "Before", members_list: [w.owner.user.id, w.member.user.id] });
    const update = await post(w.member, {
      intent: "update-module",
      module_id: id,
      module: { name: "After", description: "", status: "planned", lead: w.member.user.id, members_list: [w.viewer.user.id], start_date: null, target_date: null },
    });
    expect(update.status, update.text).toBe(200);
    expect(await moduleRows()).toMatchObject([{ id, name: "After", status: "planned", lead_id: w.member.user.id }]);
    expect(await memberIds(id)).toEqual([w.viewer.user.id]);
    const patch = await post(w.member, { intent: "patch-module", module_id: id, patch: { status: "in-progress" } });
    expect(patch.status, patch.text).toBe(200);
    expect(await moduleRows()).toMatchObject([{ id, name: "After", status: "in-progress", lead_id: w.member.user.id }]);
    // A patch of one date is held to the other one.
    const backwards = await post(w.member, { intent: "patch-module", module_id: id, patch: { start_date: "2026-05-02", target_date: "2026-05-01" } });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain("The date you have entered is invalid.");
    const missing = await post(w.member, { intent: "update-module", module_id: "no-such-module", module: { name: "Ghost" } });
    expect(missing.status).toBe(404);
  });
});

describe("delete, favourites and links", () => {
  it("deletes a module; its issues stay", async () => {
    const id = await addModule({ name: "Doomed" });
    const issue = await w.owner.post(`${apiBase()}/issues/`, { name: "Survivor" });
    expectStatus(await w.owner.post(`${apiBase()}/modules/${id}/module-issues/`, { issues: [issue.body.id] }), 200);
    const answer = await post(w.member, { intent: "delete-module", module_id: id });
    expect(answer.status, answer.text).toBe(200);
    expect(await moduleRows()).toEqual([]);
    expectStatus(await w.owner.get(`${apiBase()}/issues/${issue.body.id}/`), 200);
    expect((await post(w.member, { intent: "delete-module", module_id: id })).status).toBe(404);
  });

  it("adds and removes the caller's favourite; viewers may star too; an unknown module is a 404", async () => {
    const id = await addModule({ name: "Starred" });
    expect((await post(w.viewer, { intent: "favorite-module", module_id: id })).status).toBe(200);
    expect((await load(w.viewer)).modules[0].is_favorite).toBe(true);
    expect((await post(w.viewer, { intent: "unfavorite-module", module_id: id })).status).toBe(200);
    expect((await load(w.viewer)).modules[0].is_favorite).toBe(false);
    expect((await post(w.viewer, { intent: "favorite-module", module_id: "no-such-module" })).status).toBe(404);
  });

  it("adds a link once: the same URL again is a 400 with its message; deletes it", async () => {
    const id = await addModule({ name: "Linked" });
    const first = await post(w.member, { intent: "add-link", module_id: id, link: { url: "https://example.com/spec", metadata: {} } });
    expect(first.status, first.text).toBe(200);
    const again = await post(w.member, { intent: "add-link", module_id: id, link: { url: "https://example.com/spec", metadata: {} } });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This URL already exists for this module.");
    const empty = await post(w.member, { intent: "add-link", module_id: id, link: { url: "" } });
    expect(empty.status).toBe(400);
    expect(await linkUrls(id)).toEqual(["https://example.com/spec"]);
    const [link] = (await load(w.member)).modules[0].link_module;
    expect((await post(w.member, { intent: "delete-link", module_id: id, link_id: link.id })).status).toBe(200);
    expect(await linkUrls(id)).toEqual([]);
    expect((await post(w.member, { intent: "delete-link", module_id: id, link_id: link.id })).status).toBe(404);
  });
});
