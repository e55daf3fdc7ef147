import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../helpers/api";
import {
  addToProject,
  countRows,
  createProject,
  createTeam,
  createTeamWithProject,
  createWorkspace,
  plantProjects,
  rowOf,
  uniqueIdentifier,
} from "../helpers/fixtures";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const FORBIDDEN = { error: "You do not have permission to perform this action." };
const NOT_WORKSPACE_MEMBER = { error: "You are not a member of this workspace." };
const NOT_PROJECT_MEMBER = { error: "You are not a member of this project." };
const PROJECT_NOT_FOUND = { error: "Project not found." };
const NO_CREATE = { error: "You don't have permission to create project." };
const IDENTIFIER_TAKEN = { identifier: ["Project identifier is already taken"] };

const projectsOf = (slug: string) => `/api/workspaces/${slug}/projects/`;
const projectPath = (slug: string, id: string) => `/api/workspaces/${slug}/projects/${id}/`;

describe("POST /api/workspaces/{slug}/projects/", () => {
  it("creates the project with its defaults and makes the creator its owner", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const response = await owner.post(projectsOf(workspace.slug), { name: "  Apollo ", identifier: "APO", description: "Moon" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id: expect.any(String),
      name: "Apollo",
      identifier: "APO",
      description: "Moon",
      network: 2,
      cycle_view: true,
      module_view: true,
      issue_views_view: true,
      page_view: true,
      workspace: workspace.id,
      workspace_detail: { id: workspace.id, slug: workspace.slug },
      is_member: true,
      member_role: 20,
      is_favorite: false,
      created_by: owner.user.id,
      project_lead: owner.user.id,
    });
    const me = await owner.get(`${projectPath(workspace.slug, response.body.id)}project-members/me/`);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe(20);
  });

  it("creates the five default states with their groups and sequences", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const project = await createProject(owner, workspace.slug);
    const { results } = await env.DB.prepare(
      'SELECT name, "group", "default", sequence, workspace_id FROM states WHERE project_id = ? ORDER BY sequence',
    )
      .bind(project.id)
      .all<{ name: string; group: string; default: number; sequence: number; workspace_id: string }>();
    expect(results.map((s) => [s.name, s.group, s.default, s.sequence])).toEqual([
      ["Backlog", "backlog", 1, 15000],
      ["Todo", "unstarted", 0, 25000],
      ["In Progress", "started", 0, 35000],
      ["Done", "completed", 0, 45000],
      ["Cancelled", "cancelled", 0, 55000],
    ]);
    expect(new Set(results.map((s) => s.workspace_id))).toEqual(new Set([workspace.id]));
    expect(await rowOf("issue_sequences", "project_id = ?", project.id)).toMatchObject({ last_sequence_id: 0 });
  });

  it("accepts an emoji or an icon, a secret network and the view flags", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const withEmoji = await owner.post(projectsOf(workspace.slug), {
      name: "Emoji",
      identifier: "EMO",
      emoji: "128512",
      network: 0,
      cycle_view: false,
    });
    expect(withEmoji.status).toBe(201);
    expect(withEmoji.body).toMatchObject({ emoji: "128512", network: 0, cycle_view: false, module_view: true });
    const withIcon = await owner.post(projectsOf(workspace.slug), {
      name: "Icon",
      identifier: "ICO",
      icon_prop: { name: "rocket", color: "#ff0000" },
    });
    expect(withIcon.status).toBe(201);
    expect(withIcon.body.icon_prop).toEqual({ name: "rocket", color: "#ff0000" });
    expect((await owner.get(projectPath(workspace.slug, withIcon.body.id))).body.icon_prop).toEqual({ name: "rocket", color: "#ff0000" });
  });

  it.each([
    ["a missing name", { identifier: "ABC" }, { name: ["Name is required"] }],
    ["a blank name", { name: "   ", identifier: "ABC" }, { name: ["Name is required"] }],
    ["a 256-character name", { name: "n".repeat(256), identifier: "ABC" }, { name: ["Name should be less than 255 characters"] }],
    ["a missing identifier", { name: "Project" }, { identifier: ["Identifier is required"] }],
    ["an empty identifier", { name: "Project", identifier: "" }, { identifier: ["Identifier is required"] }],
    ["a lowercase identifier", { name: "Project", identifier: "abc" }, { identifier: ["Identifier must be uppercase text."] }],
    ["an identifier with digits", { name: "Project", identifier: "AB1" }, { identifier: ["Identifier must be uppercase text."] }],
    ["an identifier with a space", { name: "Project", identifier: "A B" }, { identifier: ["Identifier must be uppercase text."] }],
    ["a six-letter identifier", { name: "Project", identifier: "ABCDEF" }, { identifier: ["Identifier must at most be of 5 characters"] }],
    ["an unknown network", { name: "Project", identifier: "ABC", network: 1 }, { network: ["Network must be 0 or 2."] }],
    ["an emoji that is not a code point", { name: "Project", identifier: "ABC", emoji: "🚀" }, { emoji: ["Emoji must be a code point"] }],
    [
      "an icon colour that is not hex",
      { name: "Project", identifier: "ABC", icon_prop: { name: "x", color: "red" } },
      { "icon_prop.color": ["Color should be hex format"] },
    ],
    [
      "a 10001-character description",
      { name: "Project", identifier: "ABC", description: "d".repeat(10_001) },
      { description: ["Description is too long"] },
    ],
  ])("answers 400 for %s and creates nothing", async (_, body, expected) => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const response = await owner.post(projectsOf(workspace.slug), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("projects", "workspace_id = ?", workspace.id)).toBe(0);
    expect(await countRows("states", "workspace_id = ?", workspace.id)).toBe(0);
  });

  it("reports every invalid field at once", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const response = await owner.post(projectsOf(workspace.slug), { name: "", identifier: "toolong" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ name: ["Name is required"], identifier: ["Identifier must at most be of 5 characters"] });
  });

  it("refuses an identifier already used in the workspace but allows it in another workspace", async () => {
    const owner = await signUp();
    const first = await createWorkspace(owner);
    const second = await createWorkspace(owner);
    await createProject(owner, first.slug, { identifier: "DUP" });
    const duplicate = await owner.post(projectsOf(first.slug), { name: "Again", identifier: "DUP" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual(IDENTIFIER_TAKEN);
    expect(await countRows("projects", "workspace_id = ?", first.id)).toBe(1);
    expect(await countRows("project_members", "workspace_id = ?", first.id)).toBe(1);

    const elsewhere = await owner.post(projectsOf(second.slug), { name: "Elsewhere", identifier: "DUP" });
    expect(elsewhere.status).toBe(201);
  });

  it("lets a workspace member (15) create, but not a viewer or a guest", async () => {
    const team = await createTeam("create");
    const byMember = await team.member.post(projectsOf(team.slug), { name: "By member", identifier: "MEM" });
    expect(byMember.status).toBe(201);
    expect(byMember.body.member_role).toBe(20);
    for (const client of [team.viewer, team.guest]) {
      const response = await client.post(projectsOf(team.slug), { name: "Refused", identifier: "REF" });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(NO_CREATE);
    }
    expect(await countRows("projects", "workspace_id = ?", team.workspaceId)).toBe(1);
  });

  it("answers 403 to a non-member, 404 for an unknown workspace and 401 without credentials", async () => {
    const team = await createTeam("createout");
    const outsider = await team.outsider.post(projectsOf(team.slug), { name: "Intruder", identifier: "INT" });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_WORKSPACE_MEMBER);
    const unknown = await team.owner.post(projectsOf("no-such-workspace"), { name: "Nowhere", identifier: "NOW" });
    expect(unknown.status).toBe(404);
    const anonymous = await call("POST", projectsOf(team.slug), { body: { name: "Anon", identifier: "ANO" } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_CREDENTIALS);
    expect(await countRows("projects", "workspace_id = ?", team.workspaceId)).toBe(0);
  });
});

describe("GET /api/workspaces/{slug}/projects/", () => {
  it("shows public projects to viewers and up, secret ones only to their members, and guests only their own", async () => {
    const team = await createTeam("list");
    const open = await createProject(team.owner, team.slug, { name: "Open" });
    const secret = await createProject(team.owner, team.slug, { name: "Secret", network: 0 });
    const guestOnly = await createProject(team.owner, team.slug, { name: "Guest one", network: 0 });
    await addToProject(team.owner, team.slug, guestOnly.id, [{ user: team.guest, role: 5 }]);

    const ids = async (client: typeof team.owner) => {
      const response = await client.get(projectsOf(team.slug));
      expect(response.status).toBe(200);
      return response.body.map((p: { id: string }) => p.id).sort();
    };
    expect(await ids(team.owner)).toEqual([open.id, secret.id, guestOnly.id].sort());
    expect(await ids(team.member)).toEqual([open.id]);
    expect(await ids(team.viewer)).toEqual([open.id]);
    expect(await ids(team.guest)).toEqual([guestOnly.id]);

    const viewerList = await team.viewer.get(projectsOf(team.slug));
    expect(viewerList.body[0]).toMatchObject({ id: open.id, is_member: false, member_role: null });

    const outsider = await team.outsider.get(projectsOf(team.slug));
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_WORKSPACE_MEMBER);
    expect((await call("GET", projectsOf(team.slug))).status).toBe(401);
  });

  it("never lists another workspace's projects", async () => {
    const owner = await signUp();
    const a = await createWorkspace(owner);
    const b = await createWorkspace(owner);
    const inA = await createProject(owner, a.slug);
    const inB = await createProject(owner, b.slug);
    expect((await owner.get(projectsOf(a.slug))).body.map((p: { id: string }) => p.id)).toEqual([inA.id]);
    expect((await owner.get(projectsOf(b.slug))).body.map((p: { id: string }) => p.id)).toEqual([inB.id]);
  });

  it("orders favourites first, then by name", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const alpha = await createProject(owner, workspace.slug, { name: "Alpha" });
    const bravo = await createProject(owner, workspace.slug, { name: "Bravo" });
    const charlie = await createProject(owner, workspace.slug, { name: "Charlie" });
    const names = async () => (await owner.get(projectsOf(workspace.slug))).body.map((p: { name: string }) => p.name);
    expect(await names()).toEqual(["Alpha", "Bravo", "Charlie"]);
    await owner.post(`/api/workspaces/${workspace.slug}/user-favorite-projects/`, { project: charlie.id });
    expect(await names()).toEqual(["Charlie", "Alpha", "Bravo"]);
    const list = await owner.get(projectsOf(workspace.slug));
    expect(list.body.map((p: { id: string; is_favorite: boolean }) => [p.id, p.is_favorite])).toEqual([
      [charlie.id, true],
      [alpha.id, false],
      [bravo.id, false],
    ]);
  });
});

describe("GET /api/workspaces/{slug}/projects/{id}/", () => {
  it("shows the project to each of its members with their role", async () => {
    const team = await createTeamWithProject("get");
    for (const [client, role] of [[team.owner, 20], [team.member, 15], [team.viewer, 10], [team.guest, 5]] as const) {
      const response = await client.get(projectPath(team.slug, team.project.id));
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: team.project.id, identifier: team.project.identifier, member_role: role, is_member: true });
    }
  });

  it("answers 403 to a workspace member who is not in the project and to a non-member of the workspace", async () => {
    const team = await createTeam("getdenied");
    const project = await createProject(team.owner, team.slug);
    const notInProject = await team.member.get(projectPath(team.slug, project.id));
    expect(notInProject.status).toBe(403);
    expect(notInProject.body).toEqual(NOT_PROJECT_MEMBER);
    const outsider = await team.outsider.get(projectPath(team.slug, project.id));
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_WORKSPACE_MEMBER);
    expect(JSON.stringify(outsider.body)).not.toContain(project.identifier);
    expect((await call("GET", projectPath(team.slug, project.id))).status).toBe(401);
  });

  it("answers 404 for another workspace's project under this slug, even to an owner of both", async () => {
    const owner = await signUp();
    const a = await createWorkspace(owner);
    const b = await createWorkspace(owner);
    const inB = await createProject(owner, b.slug);
    for (const [method, body] of [["GET"], ["PATCH", { name: "Crossed" }], ["DELETE"]] as const) {
      const response = await call(method, projectPath(a.slug, inB.id), { cookie: owner.cookie, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual(PROJECT_NOT_FOUND);
    }
    expect((await owner.get(projectPath(b.slug, inB.id))).body.name).toBe(inB.name);
  });

  it("answers 404 for unknown and garbage project ids", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    for (const id of [crypto.randomUUID(), "not-a-uuid", "1"]) {
      const response = await owner.get(projectPath(workspace.slug, id));
      expect(response.status).toBe(404);
      expect(response.body).toEqual(PROJECT_NOT_FOUND);
    }
  });
});

describe("PATCH /api/workspaces/{slug}/projects/{id}/", () => {
  it("lets the project owner change the settings, visible to other members afterwards", async () => {
    const team = await createTeamWithProject("patch");
    const response = await team.owner.patch(projectPath(team.slug, team.project.id), {
      name: "Renamed",
      identifier: "RNM",
      description: "New words",
      network: 0,
      page_view: false,
      project_lead: team.member.user.id,
      default_assignee: team.viewer.user.id,
      cover_image: "https://example.com/cover.png",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "Renamed",
      identifier: "RNM",
      description: "New words",
      network: 0,
      page_view: false,
      project_lead: team.member.user.id,
      default_assignee: team.viewer.user.id,
      cover_image: "https://example.com/cover.png",
    });
    const seen = await team.guest.get(projectPath(team.slug, team.project.id));
    expect(seen.body).toMatchObject({ name: "Renamed", identifier: "RNM", network: 0 });

    const cleared = await team.owner.patch(projectPath(team.slug, team.project.id), { project_lead: null, default_assignee: null });
    expect(cleared.body).toMatchObject({ project_lead: null, default_assignee: null });
  });

  it("refuses settings changes by project members below owner and keeps the project as it was", async () => {
    const team = await createTeamWithProject("patchdenied");
    for (const client of [team.member, team.viewer, team.guest]) {
      const response = await client.patch(projectPath(team.slug, team.project.id), { name: "Hijacked" });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const outsider = await team.outsider.patch(projectPath(team.slug, team.project.id), { name: "Hijacked" });
    expect(outsider.status).toBe(403);
    expect((await call("PATCH", projectPath(team.slug, team.project.id), { body: { name: "Hijacked" } })).status).toBe(401);
    expect((await team.owner.get(projectPath(team.slug, team.project.id))).body.name).toBe(team.project.name);
  });

  it.each([
    ["a blank name", { name: "" }, { name: ["Name is required"] }],
    ["a 256-character name", { name: "n".repeat(256) }, { name: ["Name should be less than 255 characters"] }],
    ["an empty identifier", { identifier: "" }, { identifier: ["Identifier is required"] }],
    ["a lowercase identifier", { identifier: "low" }, { identifier: ["Identifier must be uppercase text."] }],
    ["a six-letter identifier", { identifier: "TOOLONG" }, { identifier: ["Identifier must at most be of 5 characters"] }],
    ["a project lead outside the project", { project_lead: crypto.randomUUID() }, { project_lead: ["Must be a member of the project."] }],
    ["a default assignee outside the project", { default_assignee: "garbage" }, { default_assignee: ["Must be a member of the project."] }],
    ["an estimate of no project", { estimate: crypto.randomUUID() }, { estimate: ["Estimate not found in this project."] }],
  ])("answers 400 for %s and changes nothing", async (_, body, expected) => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const project = await createProject(owner, workspace.slug);
    const before = await rowOf("projects", "id = ?", project.id);
    const response = await owner.patch(projectPath(workspace.slug, project.id), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await rowOf("projects", "id = ?", project.id)).toEqual(before);
  });

  it("refuses an identifier taken by another project of the workspace, but keeps its own", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const first = await createProject(owner, workspace.slug, { identifier: "ONE" });
    const second = await createProject(owner, workspace.slug, { identifier: "TWO" });
    const response = await owner.patch(projectPath(workspace.slug, second.id), { identifier: "ONE" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(IDENTIFIER_TAKEN);
    expect((await owner.get(projectPath(workspace.slug, second.id))).body.identifier).toBe("TWO");
    const same = await owner.patch(projectPath(workspace.slug, first.id), { identifier: "ONE", name: "Still one" });
    expect(same.status).toBe(200);
  });

  it("a workspace owner who is not in the project cannot change it", async () => {
    const team = await createTeam("wsowner");
    const project = await createProject(team.member, team.slug);
    const response = await team.owner.patch(projectPath(team.slug, project.id), { name: "Overruled" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(NOT_PROJECT_MEMBER);
  });
});

describe("DELETE /api/workspaces/{slug}/projects/{id}/", () => {
  it("refuses deletion by members below owner and keeps the project", async () => {
    const team = await createTeamWithProject("nodelete");
    for (const client of [team.member, team.viewer, team.guest, team.outsider]) {
      const response = await client.delete(projectPath(team.slug, team.project.id));
      expect(response.status).toBe(403);
    }
    expect((await call("DELETE", projectPath(team.slug, team.project.id))).status).toBe(401);
    expect(await countRows("projects", "id = ?", team.project.id)).toBe(1);
    expect(await countRows("states", "project_id = ?", team.project.id)).toBe(5);
  });

  it("lets the owner delete the project with its states, members, favourites and issues", async () => {
    const team = await createTeamWithProject("delete");
    await team.member.post(`/api/workspaces/${team.slug}/user-favorite-projects/`, { project: team.project.id });
    const state = await env.DB.prepare('SELECT id FROM states WHERE project_id = ? AND "default" = 1').bind(team.project.id).first<{ id: string }>();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO issues (id, workspace_id, project_id, name, state_id, sequence_id, created_at, updated_at) VALUES (?, ?, ?, 'Planted', ?, 1, ?, ?)",
    )
      .bind(crypto.randomUUID(), team.workspaceId, team.project.id, state!.id, now, now)
      .run();

    const response = await team.owner.delete(projectPath(team.slug, team.project.id));
    expect(response.status).toBe(204);
    expect((await team.owner.get(projectPath(team.slug, team.project.id))).status).toBe(404);
    expect((await team.owner.get(projectsOf(team.slug))).body).toEqual([]);
    expect((await team.member.get(`/api/workspaces/${team.slug}/user-favorite-projects/`)).body).toEqual([]);
    for (const table of ["states", "project_members", "user_favorites", "issues", "issue_sequences"]) {
      expect(await countRows(table, "project_id = ?", team.project.id), table).toBe(0);
    }
    // The identifier is free again in this workspace.
    const again = await team.owner.post(projectsOf(team.slug), { name: "Again", identifier: team.project.identifier });
    expect(again.status).toBe(201);
  });
});

describe("POST /api/workspaces/{slug}/projects/join/", () => {
  it("lets workspace members and viewers join public projects with their workspace role, and no guest", async () => {
    const team = await createTeam("join");
    const project = await createProject(team.owner, team.slug);
    for (const [client, role] of [[team.member, 15], [team.viewer, 10]] as const) {
      const response = await client.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: [project.id] });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: "Projects joined successfully", projects: [project.id] });
      const me = await client.get(`${projectPath(team.slug, project.id)}project-members/me/`);
      expect(me.body.role).toBe(role);
    }
    // Guests see only the projects they were added to: they cannot add themselves.
    const guest = await team.guest.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: [project.id] });
    expect(guest.status).toBe(403);
    expect((await team.guest.get(`${projectPath(team.slug, project.id)}project-members/me/`)).status).toBe(403);
    // Joining again changes nothing.
    const again = await team.viewer.post(`/api/workspaces/${team.slug}/projects/join`, { project_ids: [project.id, project.id] });
    expect(again.status).toBe(200);
    expect(await countRows("project_members", "project_id = ?", project.id)).toBe(3);
  });

  it("joins 100 projects in one request", async () => {
    const team = await createTeam("joinbulk");
    const ids = await plantProjects(team.workspaceId, 100);
    const response = await team.viewer.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: ids });
    expect(response.status).toBe(200);
    expect(new Set(response.body.projects)).toEqual(new Set(ids));
    expect(await countRows("project_members", "member_id = ? AND role = 10", team.viewer.user.id)).toBe(100);
    expect((await team.viewer.get(projectsOf(team.slug))).body.filter((p: { is_member: boolean }) => p.is_member)).toHaveLength(100);
  });

  it("keeps secret projects closed to everyone but workspace owners", async () => {
    const team = await createTeam("joinsecret");
    const secret = await createProject(team.member, team.slug, { network: 0 });
    const open = await createProject(team.member, team.slug);
    const refused = await team.viewer.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: [open.id, secret.id] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "You can only join public projects." });
    expect(await countRows("project_members", "member_id = ? AND workspace_id = ?", team.viewer.user.id, team.workspaceId)).toBe(0);

    const ownerJoins = await team.owner.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: [secret.id] });
    expect(ownerJoins.status).toBe(200);
    expect((await team.owner.get(projectPath(team.slug, secret.id))).body.member_role).toBe(20);
  });

  it("joins nothing when any id is unknown or belongs to another workspace", async () => {
    const team = await createTeam("joinunknown");
    const other = await createTeam("joinother");
    const project = await createProject(team.owner, team.slug);
    const foreign = await createProject(other.owner, other.slug);
    for (const ids of [[project.id, crypto.randomUUID()], [project.id, foreign.id], ["garbage"]]) {
      const response = await team.viewer.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: ids });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(PROJECT_NOT_FOUND);
    }
    expect(await countRows("project_members", "member_id = ?", team.viewer.user.id)).toBe(0);
  });

  it("refuses outsiders and anonymous callers, and validates the list", async () => {
    const team = await createTeam("joinout");
    const project = await createProject(team.owner, team.slug);
    const outsider = await team.outsider.post(`/api/workspaces/${team.slug}/projects/join/`, { project_ids: [project.id] });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_WORKSPACE_MEMBER);
    expect((await call("POST", `/api/workspaces/${team.slug}/projects/join/`, { body: { project_ids: [project.id] } })).status).toBe(401);
    for (const body of [{}, { project_ids: [] }, { project_ids: "x" }]) {
      const response = await team.member.post(`/api/workspaces/${team.slug}/projects/join/`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ project_ids: ["Projects are required"] });
    }
    expect(await countRows("project_members", "project_id = ?", project.id)).toBe(1);
  });
});

describe("favourite projects", () => {
  const favorites = (slug: string) => `/api/workspaces/${slug}/user-favorite-projects/`;

  it("adds, lists and removes a favourite, per user", async () => {
    const team = await createTeamWithProject("fav");
    const added = await team.member.post(favorites(team.slug), { project: team.project.id });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      id: expect.any(String),
      project: team.project.id,
      project_detail: { id: team.project.id, name: team.project.name, is_favorite: true, member_role: 15 },
    });
    const again = await team.member.post(favorites(team.slug), { project: team.project.id });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(added.body.id);

    const list = await team.member.get(favorites(team.slug));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: added.body.id, project: team.project.id })]);
    expect((await team.member.get(projectPath(team.slug, team.project.id))).body.is_favorite).toBe(true);
    // Another user's favourites are their own.
    expect((await team.owner.get(favorites(team.slug))).body).toEqual([]);
    expect((await team.owner.get(projectPath(team.slug, team.project.id))).body.is_favorite).toBe(false);

    const removed = await team.member.delete(`${favorites(team.slug)}${team.project.id}/`);
    expect(removed.status).toBe(204);
    expect((await team.member.get(favorites(team.slug))).body).toEqual([]);
    expect((await team.member.get(projectPath(team.slug, team.project.id))).body.is_favorite).toBe(false);
    const twice = await team.member.delete(`${favorites(team.slug)}${team.project.id}/`);
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ error: "Favorite not found." });
  });

  it("cannot favourite a project the user is not in, nor one of another workspace", async () => {
    const team = await createTeam("favdenied");
    const project = await createProject(team.owner, team.slug);
    const other = await createTeam("favother");
    const foreign = await createProject(other.owner, other.slug);
    const notMember = await team.viewer.post(favorites(team.slug), { project: project.id });
    expect(notMember.status).toBe(403);
    expect(notMember.body).toEqual(NOT_PROJECT_MEMBER);
    const crossed = await team.owner.post(favorites(team.slug), { project: foreign.id });
    expect(crossed.status).toBe(404);
    const outsider = await team.outsider.post(favorites(team.slug), { project: project.id });
    expect(outsider.status).toBe(403);
    expect((await call("POST", favorites(team.slug), { body: { project: project.id } })).status).toBe(401);
    expect((await call("GET", favorites(team.slug))).status).toBe(401);
    expect((await team.outsider.get(favorites(team.slug))).status).toBe(403);
    expect(await countRows("user_favorites", "workspace_id = ?", team.workspaceId)).toBe(0);
  });

  it.each([
    ["no project", {}, { project: ["Project is required"] }],
    ["an empty project", { project: "" }, { project: ["Project is required"] }],
    ["a numeric project", { project: 5 }, { project: ["Project is required"] }],
  ])("answers 400 for %s", async (_, body, expected) => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const response = await owner.post(favorites(workspace.slug), body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it("a user removed from a secret project no longer sees it through their favourites", async () => {
    const team = await createTeam("favleft");
    const secret = await createProject(team.owner, team.slug, { name: "Hush", network: 0 });
    const [row] = await addToProject(team.owner, team.slug, secret.id, [{ user: team.member, role: 15 }]);
    await team.member.post(favorites(team.slug), { project: secret.id });
    expect((await team.member.get(favorites(team.slug))).body).toHaveLength(1);

    await team.owner.delete(`${projectPath(team.slug, secret.id)}members/${row.id}/`);
    expect((await team.member.get(projectPath(team.slug, secret.id))).status).toBe(403);
    const list = await team.member.get(favorites(team.slug));
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain("Hush");
    expect(list.body).toEqual([]);
  });
});

describe("identifiers across workspaces", () => {
  it("identifier uniqueness is checked per workspace, not per user", async () => {
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const wa = await createWorkspace(a);
    const wb = await createWorkspace(b);
    const identifier = uniqueIdentifier();
    expect((await a.post(projectsOf(wa.slug), { name: "A", identifier })).status).toBe(201);
    expect((await b.post(projectsOf(wb.slug), { name: "B", identifier })).status).toBe(201);
    expect((await b.post(projectsOf(wb.slug), { name: "B2", identifier })).body).toEqual(IDENTIFIER_TAKEN);
  });
});
