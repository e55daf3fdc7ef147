// Modules over REST: create/read/update/delete with their validation messages, lead and members,
// links, favourites, counts, roles, isolation and the live board.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, openBoard, projectWithRoles } from "../helpers/project-roles";

const TITLE_REQUIRED = "Title is required";
const TITLE_TOO_LONG = "Title should be less than 255 characters";
const DATES_INVALID = "The date you have entered is invalid. Please check and enter a valid date.";
const URL_TAKEN = "This URL already exists for this module.";

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

async function freshProject() {
  const projectId = await createProject(p.owner, p.slug);
  for (const [user, role] of [
    [p.member, 15],
    [p.viewer, 10],
    [p.guest, 5],
  ] as const) {
    await addToProject(p.owner, p.slug, projectId, user, role);
  }
  const base = `/api/workspaces/${p.slug}/projects/${projectId}`;
  const states = await p.owner.get(`${base}/states/`);
  const s = Object.fromEntries(states.body.map((st: { name: string; id: string }) => [st.name, st.id])) as Record<string, string>;
  return { projectId, base, s };
}

async function newModule(base: string, body: Record<string, unknown> = {}, as: Client = p.owner) {
  const response = await as.post(`${base}/modules/`, { name: "Module", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function newIssue(base: string, body: Record<string, unknown> = {}) {
  const response = await p.owner.post(`${base}/issues/`, { name: "Issue", ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as string;
}

const moduleCount = async () => (await env.DB.prepare("SELECT count(*) AS n FROM modules").first<{ n: number }>())!.n;

describe("creating and reading modules", () => {
  it("creates a module with its defaults and reads it back", async () => {
    const { base, projectId } = await freshProject();
    const response = await p.member.post(`${base}/modules/`, { name: " Billing ", description: "Invoices" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      name: "Billing",
      description: "Invoices",
      status: "backlog",
      lead: null,
      lead_detail: null,
      members: [],
      members_detail: [],
      link_module: [],
      start_date: null,
      target_date: null,
      is_favorite: false,
      project: projectId,
      created_by: p.member.user.id,
      total_issues: 0,
      backlog_issues: 0,
      unstarted_issues: 0,
      started_issues: 0,
      completed_issues: 0,
      cancelled_issues: 0,
      total_estimate_points: null,
      completed_estimate_points: null,
    });
    const one = await p.guest.get(`${base}/modules/${response.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(response.body);
    expect((await p.viewer.get(`${base}/modules/`)).body).toEqual([response.body]);
  });

  it("stores status, dates, lead and members, with the people's details", async () => {
    const { base } = await freshProject();
    const module = await newModule(base, {
      name: "Search",
      status: "in-progress",
      lead: p.member.user.id,
      members_list: [p.member.user.id, p.viewer.user.id, p.viewer.user.id],
      start_date: "2030-01-01",
      target_date: "2030-01-01",
    });
    expect(module).toMatchObject({
      status: "in-progress",
      start_date: "2030-01-01",
      target_date: "2030-01-01",
      lead: p.member.user.id,
      lead_detail: { id: p.member.user.id, first_name: "Member" },
    });
    expect(module.members.sort()).toEqual([p.member.user.id, p.viewer.user.id].sort());
    expect(module.members_detail.map((m: { first_name: string }) => m.first_name).sort()).toEqual(["Member", "Viewer"]);
  });

  it("accepts every status", async () => {
    const { base } = await freshProject();
    for (const status of ["backlog", "planned", "in-progress", "paused", "completed", "cancelled"]) {
      expect((await newModule(base, { status })).status).toBe(status);
    }
  });

  it("accepts a title of exactly 255 characters", async () => {
    expect((await p.owner.post(`${p.base}/modules/`, { name: "t".repeat(255) })).status).toBe(201);
  });

  it.each([
    ["no title", {}, { name: [TITLE_REQUIRED] }],
    ["a blank title", { name: "  " }, { name: [TITLE_REQUIRED] }],
    ["a title of 256 characters", { name: "x".repeat(256) }, { name: [TITLE_TOO_LONG] }],
    ["a start after the target", { name: "M", start_date: "2030-02-02", target_date: "2030-02-01" }, { target_date: [DATES_INVALID] }],
    ["an unknown status", { name: "M", status: "done" }, { status: ["Status must be one of backlog, planned, in-progress, paused, completed, cancelled."] }],
    ["a null status", { name: "M", status: null }, { status: ["Status must be one of backlog, planned, in-progress, paused, completed, cancelled."] }],
    ["an impossible date", { name: "M", start_date: "2030-13-01" }, { start_date: ["Enter a valid date"] }],
    ["members that are not a list", { name: "M", members_list: "everyone" }, { members_list: ["Expected a list of ids"] }],
  ])("refuses %s with 400 and writes nothing", async (_, body, errors) => {
    const before = await moduleCount();
    const response = await p.owner.post(`${p.base}/modules/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
    expect(await moduleCount()).toBe(before);
  });

  it("refuses a lead or members outside the project", async () => {
    const before = await moduleCount();
    const stranger = await signUp();
    const response = await p.owner.post(`${p.base}/modules/`, {
      name: "M",
      lead: p.outsider.user.id,
      members_list: [p.member.user.id, stranger.user.id],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      lead: ["The lead must be a member of the project."],
      members_list: ["Every member must be a member of the project."],
    });
    expect(await moduleCount()).toBe(before);
  });

  it("answers malformed bodies with 400, never 500", async () => {
    const malformed = await call("POST", `${p.base}/modules/`, { cookie: p.owner.cookie, rawBody: '{"name": "x",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    for (const payload of [[], "Module", null, 0, { name: "M", sort_order: "top" }, { name: "M", lead: 5 }]) {
      const response = await p.owner.post(`${p.base}/modules/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    const module = await newModule(p.base);
    for (const payload of [[], { members_list: [1] }, { name: {} }]) {
      const response = await p.owner.patch(`${p.base}/modules/${module.id}/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe("updating modules", () => {
  it("PATCH changes only what is sent; members_list replaces the set", async () => {
    const { base } = await freshProject();
    const module = await newModule(base, { name: "Before", description: "kept", members_list: [p.member.user.id, p.viewer.user.id] });
    const path = `${base}/modules/${module.id}/`;
    const status = await p.member.patch(path, { status: "paused" });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ name: "Before", description: "kept", status: "paused" });
    expect(status.body.members.sort()).toEqual([p.member.user.id, p.viewer.user.id].sort());

    const members = await p.member.patch(path, { members_list: [p.guest.user.id, p.viewer.user.id], lead: p.guest.user.id });
    expect(members.body.members.sort()).toEqual([p.guest.user.id, p.viewer.user.id].sort());
    expect(members.body.lead_detail).toMatchObject({ first_name: "Guest" });
    const cleared = await p.member.patch(path, { members_list: [], lead: null });
    expect(cleared.body).toMatchObject({ members: [], members_detail: [], lead: null, lead_detail: null });
    expect((await p.owner.get(path)).body).toMatchObject({ name: "Before", status: "paused", members: [] });
  });

  it("any status may follow any other", async () => {
    const module = await newModule(p.base, { status: "completed" });
    for (const status of ["backlog", "cancelled", "in-progress", "planned"]) {
      expect((await p.owner.patch(`${p.base}/modules/${module.id}/`, { status })).body.status).toBe(status);
    }
  });

  it("checks the dates against the stored ones, and the people against the project", async () => {
    const module = await newModule(p.base, { start_date: "2030-03-01", target_date: "2030-03-10" });
    const path = `${p.base}/modules/${module.id}/`;
    const late = await p.owner.patch(path, { start_date: "2030-03-11" });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ target_date: [DATES_INVALID] });
    const early = await p.owner.patch(path, { target_date: "2030-02-28" });
    expect(early.body).toEqual({ target_date: [DATES_INVALID] });
    const outsider = await p.owner.patch(path, { lead: p.outsider.user.id });
    expect(outsider.body).toEqual({ lead: ["The lead must be a member of the project."] });
    const blank = await p.owner.patch(path, { name: "" });
    expect(blank.body).toEqual({ name: [TITLE_REQUIRED] });
    expect((await p.owner.get(path)).body).toMatchObject({ start_date: "2030-03-01", target_date: "2030-03-10", lead: null });
    const open = await p.owner.patch(path, { target_date: null, start_date: "2030-04-01" });
    expect(open.body).toMatchObject({ start_date: "2030-04-01", target_date: null });
  });

  it("PUT requires the title", async () => {
    const module = await newModule(p.base, { name: "Put" });
    const missing = await p.owner.put(`${p.base}/modules/${module.id}/`, { status: "planned" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: [TITLE_REQUIRED] });
    const put = await p.owner.put(`${p.base}/modules/${module.id}`, { name: "Put again", status: "planned" });
    expect(put.body).toMatchObject({ name: "Put again", status: "planned" });
  });
});

describe("deleting modules", () => {
  it("deletes a module with its members, links and favourites", async () => {
    const { base } = await freshProject();
    const module = await newModule(base, { members_list: [p.member.user.id] });
    await p.owner.post(`${base}/modules/${module.id}/module-links/`, { url: "https://example.com/spec" });
    await p.owner.post(`${base}/user-favorite-modules/`, { module: module.id });
    expect((await p.member.delete(`${base}/modules/${module.id}/`)).status).toBe(204);
    const read = await p.owner.get(`${base}/modules/${module.id}/`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: "Module not found." });
    expect((await p.owner.get(`${base}/modules/`)).body).toEqual([]);
    for (const table of ["module_members", "module_links"]) {
      const left = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE module_id = ?`).bind(module.id).first<{ n: number }>();
      expect(left!.n, table).toBe(0);
    }
    const favourites = await env.DB.prepare("SELECT count(*) AS n FROM user_favorites WHERE entity_id = ?").bind(module.id).first<{ n: number }>();
    expect(favourites!.n).toBe(0);
  });
});

describe("module links", () => {
  it("adds links with title and metadata, shows them on the module and deletes them", async () => {
    const { base, projectId } = await freshProject();
    const module = await newModule(base);
    const added = await p.member.post(`${base}/modules/${module.id}/module-links/`, {
      url: "https://docs.example.com/billing",
      title: "Design doc",
      metadata: {},
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.any(String),
      url: "https://docs.example.com/billing",
      title: "Design doc",
      metadata: {},
      module: module.id,
      project: projectId,
      created_by: p.member.user.id,
      created_by_detail: { first_name: "Member" },
    });
    const second = await p.member.post(`${base}/modules/${module.id}/module-links`, { url: "http://example.org/x" });
    expect(second.body).toMatchObject({ title: "", metadata: {} });
    const read = await p.viewer.get(`${base}/modules/${module.id}/`);
    expect(read.body.link_module.map((l: { url: string }) => l.url)).toEqual(["https://docs.example.com/billing", "http://example.org/x"]);
    expect(read.body.link_module[0]).toEqual(added.body);

    expect((await p.member.delete(`${base}/modules/${module.id}/module-links/${added.body.id}/`)).status).toBe(204);
    expect((await p.member.delete(`${base}/module-links/${second.body.id}/`)).status).toBe(204);
    expect((await p.owner.get(`${base}/modules/${module.id}/`)).body.link_module).toEqual([]);
    const gone = await p.member.delete(`${base}/module-links/${second.body.id}/`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: "Link not found." });
  });

  it("refuses a URL the module already has with the spec's 400; another module may have it", async () => {
    const module = await newModule(p.base);
    const other = await newModule(p.base);
    const url = "https://example.com/same";
    expect((await p.owner.post(`${p.base}/modules/${module.id}/module-links/`, { url })).status).toBe(201);
    const duplicate = await p.owner.post(`${p.base}/modules/${module.id}/module-links/`, { url: ` ${url} `, title: "Again" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ url: [URL_TAKEN] });
    expect((await p.owner.post(`${p.base}/modules/${other.id}/module-links/`, { url })).status).toBe(201);
    expect((await p.owner.get(`${p.base}/modules/${module.id}/`)).body.link_module).toHaveLength(1);
  });

  it("two concurrent adds of one URL give one link and one 400", async () => {
    const module = await newModule(p.base);
    const url = "https://example.com/race";
    const responses = await Promise.all([
      p.owner.post(`${p.base}/modules/${module.id}/module-links/`, { url }),
      p.member.post(`${p.base}/modules/${module.id}/module-links/`, { url }),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.status === 400)!.body).toEqual({ url: [URL_TAKEN] });
  });

  it.each([
    [{}, { url: ["URL is required"] }],
    [{ url: "   " }, { url: ["URL is required"] }],
    [{ url: "not a url" }, { url: ["Enter a valid URL starting with http:// or https://"] }],
    [{ url: "javascript:alert(1)" }, { url: ["Enter a valid URL starting with http:// or https://"] }],
    [{ url: "https://example.com", metadata: [] }, { metadata: ["Metadata must be a JSON object"] }],
    [{ url: "https://example.com", title: "t".repeat(256) }, { title: ["Title should be less than 255 characters"] }],
  ])("refuses %j with 400", async (body, errors) => {
    const module = await newModule(p.base);
    const response = await p.owner.post(`${p.base}/modules/${module.id}/module-links/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it("viewers and guests cannot add or delete links; another module's link path answers 404", async () => {
    const module = await newModule(p.base);
    const other = await newModule(p.base);
    const link = await p.owner.post(`${p.base}/modules/${module.id}/module-links/`, { url: "https://example.com/guarded" });
    for (const client of [p.viewer, p.guest]) {
      expect((await client.post(`${p.base}/modules/${module.id}/module-links/`, { url: "https://example.com/no" })).status).toBe(403);
      expect((await client.delete(`${p.base}/module-links/${link.body.id}/`)).status).toBe(403);
    }
    expect((await p.owner.delete(`${p.base}/modules/${other.id}/module-links/${link.body.id}/`)).status).toBe(404);
    expect((await p.owner.get(`${p.base}/modules/${module.id}/`)).body.link_module).toHaveLength(1);
  });
});

describe("favourites", () => {
  it("marks a module favourite for the user only, lists it first and unmarks it", async () => {
    const { base, projectId } = await freshProject();
    const first = await newModule(base, { name: "First", sort_order: 1 });
    const second = await newModule(base, { name: "Second", sort_order: 2 });
    const added = await p.guest.post(`${base}/user-favorite-modules/`, { module: second.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ module: second.id, project: projectId, module_detail: { id: second.id, is_favorite: true } });
    expect((await p.guest.get(`${base}/modules/`)).body.map((m: { name: string }) => m.name)).toEqual(["Second", "First"]);
    expect((await p.owner.get(`${base}/modules/`)).body.map((m: { name: string }) => m.name)).toEqual(["First", "Second"]);
    expect((await p.guest.delete(`${base}/user-favorite-modules/${second.id}/`)).status).toBe(204);
    expect((await p.guest.get(`${base}/modules/${second.id}/`)).body.is_favorite).toBe(false);
    expect((await p.guest.delete(`${base}/user-favorite-modules/${second.id}/`)).status).toBe(404);
    expect(first.is_favorite).toBe(false);
  });

  it("refuses a missing module (400) and another project's module (404)", async () => {
    const { base } = await freshProject();
    const missing = await p.owner.post(`${base}/user-favorite-modules/`, { module: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ module: ["Module is required"] });
    const foreign = await newModule(p.base);
    const response = await p.owner.post(`${base}/user-favorite-modules/`, { module: foreign.id });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Module not found." });
  });
});

describe("counts and estimates", () => {
  it("counts issues by state group and sums estimate points, in one grouped query for the list", async () => {
    const { base, projectId, s } = await freshProject();
    const estimate = await p.owner.post(`${base}/estimates/`, {
      estimate: { name: "Points" },
      estimate_points: [
        { key: 0, value: "2" },
        { key: 1, value: "4" },
      ],
    });
    await p.owner.patch(`/api/workspaces/${p.slug}/projects/${projectId}/`, { estimate: estimate.body.id });
    const a = await newModule(base, { name: "A", sort_order: 1 });
    const b = await newModule(base, { name: "B", sort_order: 2 });
    const inA = [
      await newIssue(base, { state: s.Backlog, estimate_point: 0 }),
      await newIssue(base, { state: s.Done, estimate_point: 1 }),
      await newIssue(base, { state: s.Cancelled }),
    ];
    const inB = [await newIssue(base, { state: s["In Progress"], estimate_point: 1 })];
    await Promise.all(Array.from({ length: 40 }, (_, i) => newIssue(base, { name: `Outside ${i}` })));
    expect((await p.owner.post(`${base}/modules/${a.id}/module-issues/`, { issues: inA })).status).toBe(200);
    expect((await p.owner.post(`${base}/modules/${b.id}/module-issues/`, { issues: inB })).status).toBe(200);

    const response = await call("GET", `${base}/modules/`, { cookie: p.owner.cookie, headers: { "x-debug-d1-rows": "1" } });
    expect(response.body.map((m: Record<string, unknown>) => [m.name, m.total_issues, m.backlog_issues, m.started_issues, m.completed_issues, m.cancelled_issues, m.total_estimate_points, m.completed_estimate_points])).toEqual([
      ["A", 3, 1, 0, 1, 1, 6, 4],
      ["B", 1, 0, 1, 0, 0, 4, 0],
    ]);
    const statements = JSON.parse(response.headers.get("x-d1-statements")!) as { table: string; sql: string; rows_read: number }[];
    const issueReads = statements.filter((st) => st.table === "issues");
    expect(issueReads).toHaveLength(1);
    expect(issueReads[0].sql).toContain("count(*)");
    // 44 issues in the project, 4 in modules: the grouped count does not scan the other 40.
    expect(issueReads[0].rows_read).toBeLessThan(40);
  });
});

describe("access", () => {
  it("answers 401 without credentials", async () => {
    const module = await newModule(p.base);
    for (const [method, path] of [
      ["GET", `${p.base}/modules/`],
      ["POST", `${p.base}/modules/`],
      ["GET", `${p.base}/modules/${module.id}/`],
      ["PATCH", `${p.base}/modules/${module.id}/`],
      ["DELETE", `${p.base}/modules/${module.id}/`],
      ["POST", `${p.base}/modules/${module.id}/module-links/`],
      ["POST", `${p.base}/user-favorite-modules/`],
    ]) {
      const response = await call(method, path, { body: method === "GET" || method === "DELETE" ? undefined : { name: "X" } });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lets viewers and guests read but not write (403), and nothing changes", async () => {
    const module = await newModule(p.base, { name: "Guarded" });
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(`${p.base}/modules/`)).status).toBe(200);
      expect((await client.get(`${p.base}/modules/${module.id}/`)).status).toBe(200);
      for (const [method, path, body] of [
        ["POST", `${p.base}/modules/`, { name: "Nope" }],
        ["PATCH", `${p.base}/modules/${module.id}/`, { name: "Nope" }],
        ["PUT", `${p.base}/modules/${module.id}/`, { name: "Nope" }],
        ["DELETE", `${p.base}/modules/${module.id}/`, undefined],
      ] as const) {
        const response = await call(method, path, { cookie: client.cookie, body });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ error: "You do not have permission to perform this action." });
      }
    }
    expect((await p.owner.get(`${p.base}/modules/${module.id}/`)).body.name).toBe("Guarded");
  });

  it("refuses workspace members outside the project and strangers (403)", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/modules/`)).status).toBe(403);
      expect((await client.post(`${p.base}/modules/`, { name: "Nope" })).status).toBe(403);
    }
  });

  it("answers 404 for another project's or workspace's modules and links", async () => {
    const { base: otherBase } = await freshProject();
    const foreign = await newModule(otherBase, { name: "Theirs" });
    const link = await p.owner.post(`${otherBase}/modules/${foreign.id}/module-links/`, { url: "https://example.com/theirs" });
    for (const [method, path, body, message] of [
      ["GET", `${p.base}/modules/${foreign.id}/`, undefined, "Module not found."],
      ["PATCH", `${p.base}/modules/${foreign.id}/`, { name: "Stolen" }, "Module not found."],
      ["PUT", `${p.base}/modules/${foreign.id}/`, { name: "Stolen" }, "Module not found."],
      ["DELETE", `${p.base}/modules/${foreign.id}/`, undefined, "Module not found."],
      ["GET", `${p.base}/modules/${foreign.id}/module-issues/`, undefined, "Module not found."],
      ["POST", `${p.base}/modules/${foreign.id}/module-issues/`, { issues: [crypto.randomUUID()] }, "Module not found."],
      ["POST", `${p.base}/modules/${foreign.id}/module-links/`, { url: "https://example.com/x" }, "Module not found."],
      ["DELETE", `${p.base}/module-links/${link.body.id}/`, undefined, "Link not found."],
    ] as const) {
      const response = await call(method, path, { cookie: p.owner.cookie, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ error: message });
    }
    expect((await p.owner.get(`${otherBase}/modules/${foreign.id}/`)).body).toMatchObject({ name: "Theirs", link_module: [{ url: "https://example.com/theirs" }] });

    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.get(`/api/workspaces/${p.slug}/projects/${otherProject}/modules/`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});

describe("live board", () => {
  it("publishes created, updated (links included) and deleted modules without the favourite flag", async () => {
    const { base } = await freshProject();
    const board = await openBoard(p.viewer, base);
    const module = await newModule(base, { name: "Live" });
    const created = await board.next((c) => c.kind === "module" && c.id === module.id);
    expect(created).toMatchObject({ op: "upsert", row: { name: "Live", status: "backlog", total_issues: 0 } });
    expect(created.op === "upsert" && "is_favorite" in created.row).toBe(false);
    await p.owner.patch(`${base}/modules/${module.id}/`, { status: "planned" });
    await board.next((c) => c.kind === "module" && c.op === "upsert" && c.row.status === "planned");
    await p.owner.post(`${base}/modules/${module.id}/module-links/`, { url: "https://example.com/live" });
    await board.next((c) => c.kind === "module" && c.op === "upsert" && (c.row.link_module as unknown[]).length === 1);
    expect((await p.owner.delete(`${base}/modules/${module.id}/`)).status).toBe(204);
    expect(await board.next((c) => c.kind === "module" && c.op === "delete")).toEqual({ kind: "module", op: "delete", id: module.id });
    board.close();
  });
});
