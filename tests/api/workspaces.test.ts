import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../helpers/api";
import {
  addToWorkspace,
  countRows,
  createProject,
  createTeam,
  createTeamWithProject,
  createWorkspace,
  uniqueSlug,
} from "../helpers/fixtures";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const NOT_MEMBER = { error: "You are not a member of this workspace." };
const NOT_FOUND = { error: "Workspace not found." };
const FORBIDDEN = { error: "You do not have permission to perform this action." };
const SLUG_FORMAT = "Slug may contain only lowercase letters, digits and dashes.";
const SLUG_TAKEN = "The workspace URL is already taken!";

describe("GET/POST /api/workspaces/", () => {
  it("creates a workspace with the creator as owner and lists it for them only", async () => {
    const [owner, stranger] = await Promise.all([signUp(), signUp()]);
    const slug = uniqueSlug("acme");
    const response = await owner.post("/api/workspaces/", { name: "  Acme Corp ", slug });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ id: expect.any(String), name: "Acme Corp", slug, owner: owner.user.id, role: 20 });

    const list = await owner.get("/api/workspaces/");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: response.body.id, slug, role: 20 })]);

    const strangerList = await stranger.get("/api/workspaces");
    expect(strangerList.status).toBe(200);
    expect(strangerList.body).toEqual([]);
  });

  it("lists every workspace the user belongs to with their role there, sorted by name", async () => {
    const [alice, bob] = await Promise.all([signUp(), signUp()]);
    const zeta = await createWorkspace(alice, { name: "Zeta" });
    const alpha = await createWorkspace(bob, { name: "Alpha" });
    await addToWorkspace(bob, alpha.slug, alice, 10);
    const list = await alice.get("/api/workspaces/");
    expect(list.body.map((w: { slug: string; role: number }) => [w.slug, w.role])).toEqual([
      [alpha.slug, 10],
      [zeta.slug, 20],
    ]);
  });

  it("refuses a slug that is already taken, whoever took it", async () => {
    const [first, second] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(first);
    const before = await countRows("workspaces");
    const response = await second.post("/api/workspaces/", { name: "Copycat", slug: workspace.slug });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ slug: [SLUG_TAKEN] });
    expect(await countRows("workspaces")).toBe(before);
    expect(await countRows("workspace_members", "member_id = ?", second.user.id)).toBe(0);
  });

  it.each(["api", "settings", "sign-in", "god-mode", "create-workspace"])("refuses the reserved slug %s", async (slug) => {
    const client = await signUp();
    const response = await client.post("/api/workspaces/", { name: "Reserved", slug });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ slug: [SLUG_TAKEN] });
    expect(await countRows("workspaces", "slug = ?", slug)).toBe(0);
  });

  it.each([
    ["a missing name", { slug: "ok-slug" }, { name: ["Name is required"] }],
    ["a blank name", { name: "  ", slug: "ok-slug" }, { name: ["Name is required"] }],
    ["an 81-character name", { name: "n".repeat(81), slug: "ok-slug" }, { name: ["Name should be less than 80 characters"] }],
    ["a missing slug", { name: "Name" }, { slug: ["Slug is required"] }],
    ["an empty slug", { name: "Name", slug: "" }, { slug: ["Slug is required"] }],
    ["an uppercase slug", { name: "Name", slug: "Acme" }, { slug: [SLUG_FORMAT] }],
    ["a slug with spaces", { name: "Name", slug: "my workspace" }, { slug: [SLUG_FORMAT] }],
    ["a slug with a leading dash", { name: "Name", slug: "-acme" }, { slug: [SLUG_FORMAT] }],
    ["a slug with a trailing dash", { name: "Name", slug: "acme-" }, { slug: [SLUG_FORMAT] }],
    ["a slug with underscores", { name: "Name", slug: "acme_corp" }, { slug: [SLUG_FORMAT] }],
    ["a 49-character slug", { name: "Name", slug: "s".repeat(49) }, { slug: ["Slug should be less than 48 characters"] }],
  ])("answers 400 for %s and creates nothing", async (_, body, expected) => {
    const client = await signUp();
    const response = await client.post("/api/workspaces/", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("workspace_members", "member_id = ?", client.user.id)).toBe(0);
  });

  it("accepts lowercase letters, digits and inner dashes up to 48 characters", async () => {
    const client = await signUp();
    const slug = `a1-b2-${Date.now().toString(36)}`.padEnd(48, "z");
    const response = await client.post("/api/workspaces/", { name: "Long", slug });
    expect(response.status).toBe(201);
    expect(response.body.slug).toBe(slug);
  });

  it("answers 401 without credentials", async () => {
    for (const [method, body] of [["GET", undefined], ["POST", { name: "Anon", slug: uniqueSlug("anon") }]] as const) {
      const response = await call(method, "/api/workspaces/", { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(NO_CREDENTIALS);
    }
  });
});

describe("GET/PATCH/DELETE /api/workspaces/{slug}/", () => {
  it("shows the workspace to every member with their own role and the member count", async () => {
    const team = await createTeam("show");
    for (const [client, role] of [[team.owner, 20], [team.member, 15], [team.viewer, 10], [team.guest, 5]] as const) {
      const response = await client.get(`/api/workspaces/${team.slug}/`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: team.workspaceId, slug: team.slug, role, total_members: 4 });
    }
  });

  it("answers 403 to a non-member, 404 for an unknown slug and 401 without credentials", async () => {
    const team = await createTeam("hidden");
    const outsider = await team.outsider.get(`/api/workspaces/${team.slug}/`);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_MEMBER);
    expect(JSON.stringify(outsider.body)).not.toContain(team.workspaceId);

    const unknown = await team.owner.get(`/api/workspaces/${uniqueSlug("nope")}/`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(NOT_FOUND);

    const anonymous = await call("GET", `/api/workspaces/${team.slug}/`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_CREDENTIALS);
  });

  it("lets the owner rename the workspace and change its logo", async () => {
    const team = await createTeam("rename");
    const response = await team.owner.patch(`/api/workspaces/${team.slug}`, { name: "Renamed", logo: "https://example.com/logo.png" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Renamed", logo: "https://example.com/logo.png", slug: team.slug });
    expect((await team.member.get(`/api/workspaces/${team.slug}/`)).body.name).toBe("Renamed");
  });

  it("refuses a rename by a member, viewer, guest or outsider and keeps the name", async () => {
    const team = await createTeam("norename");
    const original = (await team.owner.get(`/api/workspaces/${team.slug}/`)).body.name;
    for (const client of [team.member, team.viewer, team.guest]) {
      const response = await client.patch(`/api/workspaces/${team.slug}/`, { name: "Taken over" });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const outsider = await team.outsider.patch(`/api/workspaces/${team.slug}/`, { name: "Taken over" });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_MEMBER);
    expect((await team.owner.get(`/api/workspaces/${team.slug}/`)).body.name).toBe(original);
  });

  it.each([
    ["a blank name", { name: " " }, { name: ["Name is required"] }],
    ["an 81-character name", { name: "n".repeat(81) }, { name: ["Name should be less than 80 characters"] }],
    ["a 1025-character logo", { logo: "l".repeat(1025) }, { logo: ["Logo URL is too long"] }],
  ])("answers 400 to the owner for %s", async (_, body, expected) => {
    const client = await signUp();
    const workspace = await createWorkspace(client, { name: "Kept" });
    const response = await client.patch(`/api/workspaces/${workspace.slug}/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect((await client.get(`/api/workspaces/${workspace.slug}/`)).body).toMatchObject({ name: "Kept", logo: "" });
  });

  it("refuses deletion by anyone but an owner and keeps the workspace", async () => {
    const team = await createTeam("nodelete");
    for (const client of [team.member, team.viewer, team.guest, team.outsider]) {
      const response = await client.delete(`/api/workspaces/${team.slug}/`);
      expect(response.status).toBe(403);
    }
    expect(await countRows("workspaces", "id = ?", team.workspaceId)).toBe(1);
    expect((await team.member.get(`/api/workspaces/${team.slug}/`)).status).toBe(200);
  });

  it("lets the owner delete the workspace with everything in it, issues included", async () => {
    const team = await createTeamWithProject("delete");
    // Issues are written by another module; plant one directly so the delete has to get past it.
    const state = await env.DB.prepare("SELECT id FROM states WHERE project_id = ? AND \"default\" = 1").bind(team.project.id).first<{ id: string }>();
    const now = new Date().toISOString();
    await env.DB.prepare(
      "INSERT INTO issues (id, workspace_id, project_id, name, state_id, sequence_id, created_at, updated_at) VALUES (?, ?, ?, 'Planted', ?, 1, ?, ?)",
    )
      .bind(crypto.randomUUID(), team.workspaceId, team.project.id, state!.id, now, now)
      .run();

    const response = await team.owner.delete(`/api/workspaces/${team.slug}/`);
    expect(response.status).toBe(204);
    expect((await team.owner.get(`/api/workspaces/${team.slug}/`)).status).toBe(404);
    expect((await team.member.get("/api/workspaces/")).body).toEqual([]);
    for (const table of ["workspace_members", "projects", "project_members", "states", "issues"]) {
      expect(await countRows(table, "workspace_id = ?", team.workspaceId), table).toBe(0);
    }
    // The slug is free again.
    const again = await team.member.post("/api/workspaces/", { name: "Reborn", slug: team.slug });
    expect(again.status).toBe(201);
  });
});

describe("GET /api/workspaces/{slug}/workspace-members/me/", () => {
  it("answers each member's own role and user", async () => {
    const team = await createTeam("me");
    for (const [client, role, id] of [
      [team.owner, 20, team.memberships.owner],
      [team.member, 15, team.memberships.member],
      [team.viewer, 10, team.memberships.viewer],
      [team.guest, 5, team.memberships.guest],
    ] as const) {
      const response = await client.get(`/api/workspaces/${team.slug}/workspace-members/me`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id, role, workspace: team.workspaceId, member: { id: client.user.id, email: client.user.email } });
    }
    const outsider = await team.outsider.get(`/api/workspaces/${team.slug}/workspace-members/me/`);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_MEMBER);
    expect((await call("GET", `/api/workspaces/${team.slug}/workspace-members/me/`)).status).toBe(401);
  });
});

describe("workspace members", () => {
  it("lists every member with role and user details to any member, not to outsiders", async () => {
    const team = await createTeam("list");
    const expected = [
      [team.owner.user.id, 20],
      [team.member.user.id, 15],
      [team.viewer.user.id, 10],
      [team.guest.user.id, 5],
    ].sort();
    for (const client of [team.owner, team.guest]) {
      const response = await client.get(`/api/workspaces/${team.slug}/members/`);
      expect(response.status).toBe(200);
      expect(response.body.map((m: { member: { id: string }; role: number }) => [m.member.id, m.role]).sort()).toEqual(expected);
      expect(response.body[0].member).toEqual(expect.objectContaining({ email: expect.any(String), first_name: expect.any(String) }));
      expect(JSON.stringify(response.body)).not.toContain("password");
    }
    const outsider = await team.outsider.get(`/api/workspaces/${team.slug}/members/`);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_MEMBER);
    expect((await call("GET", `/api/workspaces/${team.slug}/members/`)).status).toBe(401);
  });

  it("lets the owner change a member's role", async () => {
    const team = await createTeam("role");
    const response = await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 10 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: team.memberships.member, role: 10, member: { id: team.member.user.id } });
    expect((await team.member.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(10);
    // Now a viewer, they can no longer create projects.
    const create = await team.member.post(`/api/workspaces/${team.slug}/projects/`, { name: "Nope", identifier: "NOPE" });
    expect(create.status).toBe(403);
  });

  it("refuses role changes by members, viewers and guests", async () => {
    const team = await createTeam("norole");
    for (const client of [team.member, team.viewer, team.guest]) {
      const response = await client.patch(`/api/workspaces/${team.slug}/members/${team.memberships.guest}/`, { role: 15 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const selfPromotion = await team.member.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 20 });
    expect(selfPromotion.status).toBe(403);
    expect((await team.guest.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(5);
    expect((await team.member.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(15);
  });

  it.each([
    ["a role that is not one of the four", { role: 7 }],
    ["a role given as text", { role: "20" }],
    ["no role", {}],
  ])("answers 400 for %s", async (_, body) => {
    const team = await createTeam("badrole");
    const response = await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.viewer}/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ role: ["Role must be one of 20, 15, 10, 5."] });
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(10);
  });

  it("answers 404 for an unknown membership id and for a membership of another workspace", async () => {
    const team = await createTeam("unknownmember");
    const other = await createTeam("otherws");
    for (const id of [crypto.randomUUID(), "garbage", other.memberships.member]) {
      const patch = await team.owner.patch(`/api/workspaces/${team.slug}/members/${id}/`, { role: 5 });
      expect(patch.status).toBe(404);
      expect(patch.body).toEqual({ error: "Workspace member not found." });
      const remove = await team.owner.delete(`/api/workspaces/${team.slug}/members/${id}/`);
      expect(remove.status).toBe(404);
    }
    expect((await other.member.get(`/api/workspaces/${other.slug}/workspace-members/me/`)).body.role).toBe(15);
  });

  it("keeps the last owner: they can neither demote themselves nor leave", async () => {
    const team = await createTeam("lastowner");
    const demote = await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.owner}/`, { role: 15 });
    expect(demote.status).toBe(400);
    expect(demote.body).toEqual({ error: "A workspace needs at least one owner." });
    const leave = await team.owner.delete(`/api/workspaces/${team.slug}/members/${team.memberships.owner}/`);
    expect(leave.status).toBe(400);
    expect(leave.body).toEqual({ error: "A workspace needs at least one owner." });
    expect((await team.owner.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(20);
  });

  it("lets an owner step down once there is another owner", async () => {
    const team = await createTeam("stepdown");
    expect((await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 20 })).status).toBe(200);
    const demote = await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.owner}/`, { role: 15 });
    expect(demote.status).toBe(200);
    expect(demote.body.role).toBe(15);
    // The former owner can no longer manage the workspace; the new one can.
    expect((await team.owner.patch(`/api/workspaces/${team.slug}/`, { name: "Mine" })).status).toBe(403);
    expect((await team.member.patch(`/api/workspaces/${team.slug}/`, { name: "Ours" })).status).toBe(200);
  });

  it("lowering a workspace role lowers that member's project roles above it", async () => {
    const team = await createTeamWithProject("clamp");
    const path = `/api/workspaces/${team.slug}/projects/${team.project.id}/project-members/me/`;
    expect((await team.member.get(path)).body.role).toBe(15);
    await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 5 });
    expect((await team.member.get(path)).body.role).toBe(5);
    // Writing to the project now needs a role they no longer have.
    const settings = await team.member.patch(`/api/workspaces/${team.slug}/projects/${team.project.id}/`, { name: "x" });
    expect(settings.status).toBe(403);
  });

  it("lets the owner remove a member, which also removes them from every project of the workspace", async () => {
    const team = await createTeamWithProject("remove");
    const secondProject = await createProject(team.owner, team.slug);
    await team.owner.post(`/api/workspaces/${team.slug}/projects/${secondProject.id}/members/add/`, {
      members: [{ member_id: team.viewer.user.id, role: 10 }],
    });
    expect(await countRows("project_members", "member_id = ? AND workspace_id = ?", team.viewer.user.id, team.workspaceId)).toBe(2);

    const response = await team.owner.delete(`/api/workspaces/${team.slug}/members/${team.memberships.viewer}/`);
    expect(response.status).toBe(204);
    expect(await countRows("project_members", "member_id = ? AND workspace_id = ?", team.viewer.user.id, team.workspaceId)).toBe(0);
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/`)).status).toBe(403);
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/projects/${team.project.id}/`)).status).toBe(403);
    expect((await team.viewer.get("/api/workspaces/")).body).toEqual([]);
    const members = await team.owner.get(`/api/workspaces/${team.slug}/members/`);
    expect(members.body.map((m: { member: { id: string } }) => m.member.id)).not.toContain(team.viewer.user.id);
  });

  it("lets any member leave, but only an owner remove someone else", async () => {
    const team = await createTeamWithProject("leave");
    for (const [client, target] of [
      [team.member, team.memberships.guest],
      [team.viewer, team.memberships.member],
      [team.guest, team.memberships.owner],
    ] as const) {
      const response = await client.delete(`/api/workspaces/${team.slug}/members/${target}/`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await countRows("workspace_members", "workspace_id = ?", team.workspaceId)).toBe(4);

    const leave = await team.guest.delete(`/api/workspaces/${team.slug}/members/${team.memberships.guest}/`);
    expect(leave.status).toBe(204);
    expect((await team.guest.get(`/api/workspaces/${team.slug}/`)).status).toBe(403);
    expect(await countRows("project_members", "member_id = ?", team.guest.user.id)).toBe(0);
    const outsider = await team.outsider.delete(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`);
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual(NOT_MEMBER);
  });

  it("answers 401 without credentials on member writes", async () => {
    const team = await createTeam("anonmember");
    const patch = await call("PATCH", `/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { body: { role: 5 } });
    expect(patch.status).toBe(401);
    const remove = await call("DELETE", `/api/workspaces/${team.slug}/members/${team.memberships.member}/`);
    expect(remove.status).toBe(401);
    expect(await countRows("workspace_members", "workspace_id = ?", team.workspaceId)).toBe(4);
  });
});
