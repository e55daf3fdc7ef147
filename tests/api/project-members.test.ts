import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import {
  addToProject,
  countRows,
  createProject,
  createTeam,
  createTeamWithProject,
  plantWorkspaceMembers,
  type Team,
} from "../helpers/fixtures";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const FORBIDDEN = { error: "You do not have permission to perform this action." };
const NOT_WORKSPACE_MEMBER = { error: "You are not a member of this workspace." };
const NOT_PROJECT_MEMBER = { error: "You are not a member of this project." };
const LAST_OWNER = { error: "A project needs at least one owner." };
const ROLE_MESSAGE = "Role must be one of 20, 15, 10, 5.";

const base = (slug: string, projectId: string) => `/api/workspaces/${slug}/projects/${projectId}`;
const roleOf = async (client: Team["owner"], slug: string, projectId: string) =>
  (await client.get(`${base(slug, projectId)}/project-members/me/`)).body.role;

describe("reading project members", () => {
  let team: Awaited<ReturnType<typeof createTeamWithProject>>;
  beforeAll(async () => {
    team = await createTeamWithProject("read");
  });

  it("lists every member with role and user details to any project member", async () => {
    for (const client of [team.owner, team.guest]) {
      const response = await client.get(`${base(team.slug, team.project.id)}/members/`);
      expect(response.status).toBe(200);
      expect(response.body.map((m: { member: { id: string }; role: number }) => [m.member.id, m.role]).sort()).toEqual(
        [
          [team.owner.user.id, 20],
          [team.member.user.id, 15],
          [team.viewer.user.id, 10],
          [team.guest.user.id, 5],
        ].sort(),
      );
      expect(response.body[0]).toMatchObject({ project: team.project.id, workspace: team.workspaceId });
      expect(response.body[0].member).toEqual(expect.objectContaining({ email: expect.any(String), first_name: expect.any(String) }));
    }
  });

  it("answers each member's own membership with role, view_props and default_props", async () => {
    for (const [client, role, id] of [
      [team.owner, 20, team.projectMemberships.owner],
      [team.member, 15, team.projectMemberships.member],
      [team.viewer, 10, team.projectMemberships.viewer],
      [team.guest, 5, team.projectMemberships.guest],
    ] as const) {
      const response = await client.get(`${base(team.slug, team.project.id)}/project-members/me`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id,
        role,
        view_props: null,
        default_props: null,
        member: { id: client.user.id },
        project: team.project.id,
      });
    }
  });

  it("refuses workspace members outside the project, outsiders and anonymous callers", async () => {
    const notInProject = await createProject(team.owner, team.slug);
    for (const path of [`${base(team.slug, notInProject.id)}/members/`, `${base(team.slug, notInProject.id)}/project-members/me/`]) {
      const member = await team.member.get(path);
      expect(member.status).toBe(403);
      expect(member.body).toEqual(NOT_PROJECT_MEMBER);
    }
    for (const path of [`${base(team.slug, team.project.id)}/members/`, `${base(team.slug, team.project.id)}/project-members/me/`]) {
      const outsider = await team.outsider.get(path);
      expect(outsider.status).toBe(403);
      expect(outsider.body).toEqual(NOT_WORKSPACE_MEMBER);
      expect(JSON.stringify(outsider.body)).not.toContain(team.owner.user.email);
      const anonymous = await call("GET", path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(NO_CREDENTIALS);
    }
  });

  it("answers 404 for a project id of another workspace", async () => {
    const other = await createTeam("readother");
    const foreign = await createProject(other.owner, other.slug);
    const response = await team.owner.get(`${base(team.slug, foreign.id)}/members/`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Project not found." });
  });
});

describe("POST .../members/add/", () => {
  it("lets the project owner add workspace members, who can then open the project", async () => {
    const team = await createTeam("add");
    const project = await createProject(team.owner, team.slug);
    expect((await team.viewer.get(`${base(team.slug, project.id)}/`)).status).toBe(403);
    const response = await team.owner.post(`${base(team.slug, project.id)}/members/add/`, {
      members: [
        { member_id: team.member.user.id, role: 15 },
        { member_id: team.viewer.user.id, role: 5 },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body.map((m: { member: { id: string }; role: number }) => [m.member.id, m.role]).sort()).toEqual(
      [
        [team.member.user.id, 15],
        [team.viewer.user.id, 5],
      ].sort(),
    );
    expect((await team.viewer.get(`${base(team.slug, project.id)}/`)).status).toBe(200);
    expect(await roleOf(team.viewer, team.slug, project.id)).toBe(5);
  });

  it("adding an existing member again sets their role", async () => {
    const team = await createTeamWithProject("readd");
    const response = await team.owner.post(`${base(team.slug, team.project.id)}/members/add/`, {
      members: [{ member_id: team.member.user.id, role: 10 }],
    });
    expect(response.status).toBe(201);
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(10);
    expect(await countRows("project_members", "project_id = ?", team.project.id)).toBe(4);
  });

  it("refuses a project role above the member's workspace role", async () => {
    const team = await createTeam("above");
    const project = await createProject(team.owner, team.slug);
    const response = await team.owner.post(`${base(team.slug, project.id)}/members/add/`, {
      members: [{ member_id: team.guest.user.id, role: 15 }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ members: ["A project role cannot exceed the workspace role."] });
    expect(await countRows("project_members", "project_id = ?", project.id)).toBe(1);
  });

  it("refuses users who are not in the workspace, and adds nobody from that request", async () => {
    const team = await createTeam("notws");
    const project = await createProject(team.owner, team.slug);
    for (const member_id of [team.outsider.user.id, crypto.randomUUID(), "garbage"]) {
      const response = await team.owner.post(`${base(team.slug, project.id)}/members/add/`, {
        members: [
          { member_id: team.member.user.id, role: 15 },
          { member_id, role: 5 },
        ],
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ members: ["Every member must belong to the workspace."] });
    }
    expect(await countRows("project_members", "project_id = ?", project.id)).toBe(1);
    expect((await team.outsider.get(`${base(team.slug, project.id)}/`)).status).toBe(403);
  });

  it("refuses project members below owner", async () => {
    const team = await createTeamWithProject("addrole");
    for (const client of [team.member, team.viewer, team.guest]) {
      const response = await client.post(`${base(team.slug, team.project.id)}/members/add/`, {
        members: [{ member_id: team.member.user.id, role: 15 }],
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const outsider = await team.outsider.post(`${base(team.slug, team.project.id)}/members/add/`, {
      members: [{ member_id: team.outsider.user.id, role: 20 }],
    });
    expect(outsider.status).toBe(403);
    const anonymous = await call("POST", `${base(team.slug, team.project.id)}/members/add/`, {
      body: { members: [{ member_id: team.member.user.id, role: 5 }] },
    });
    expect(anonymous.status).toBe(401);
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(15);
  });

  it("cannot demote the last owner by re-adding them", async () => {
    const team = await createTeamWithProject("selfdemote");
    const response = await team.owner.post(`${base(team.slug, team.project.id)}/members/add/`, {
      members: [{ member_id: team.owner.user.id, role: 5 }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(LAST_OWNER);
    expect(await roleOf(team.owner, team.slug, team.project.id)).toBe(20);
    // With a second owner in the same request the hand-over is allowed.
    await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 20 });
    const handOver = await team.owner.post(`${base(team.slug, team.project.id)}/members/add/`, {
      members: [
        { member_id: team.member.user.id, role: 20 },
        { member_id: team.owner.user.id, role: 15 },
      ],
    });
    expect(handOver.status).toBe(201);
    expect(await roleOf(team.owner, team.slug, team.project.id)).toBe(15);
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(20);
  });

  it("adds 100 members in one request", async () => {
    const team = await createTeam("bulkadd");
    const project = await createProject(team.owner, team.slug);
    const ids = await plantWorkspaceMembers(team.workspaceId, 100, 10);
    const response = await team.owner.post(`${base(team.slug, project.id)}/members/add/`, {
      members: ids.map((member_id) => ({ member_id, role: 10 })),
    });
    expect(response.status).toBe(201);
    expect(response.body).toHaveLength(100);
    expect(new Set(response.body.map((m: { member: { id: string } }) => m.member.id))).toEqual(new Set(ids));
    expect(await countRows("project_members", "project_id = ? AND role = 10", project.id)).toBe(100);
    const listed = await team.owner.get(`${base(team.slug, project.id)}/members/`);
    expect(listed.body).toHaveLength(101);
  });

  it.each([
    ["no members", {}, { members: ["Members are required"] }],
    ["an empty list", { members: [] }, { members: ["Members are required"] }],
    ["a missing member id", { members: [{ role: 10 }] }, { "members.0.member_id": ["Member is required"] }],
    ["an unknown role", { members: [{ member_id: "x", role: 3 }] }, { "members.0.role": [ROLE_MESSAGE] }],
    [
      "101 members",
      { members: Array.from({ length: 101 }, () => ({ member_id: crypto.randomUUID(), role: 5 })) },
      { members: ["At most 100 members at a time"] },
    ],
  ])("answers 400 for %s", async (_, body, expected) => {
    const team = await createTeamWithProject("addbad");
    const response = await team.owner.post(`${base(team.slug, team.project.id)}/members/add/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("project_members", "project_id = ?", team.project.id)).toBe(4);
  });
});

describe("PATCH .../members/{id}/", () => {
  it("lets the project owner change a member's role", async () => {
    const team = await createTeamWithProject("patch");
    const response = await team.owner.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.member}/`, { role: 10 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: team.projectMemberships.member, role: 10, member: { id: team.member.user.id } });
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(10);
  });

  it("refuses a role above the member's workspace role", async () => {
    const team = await createTeamWithProject("patchabove");
    const response = await team.owner.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.viewer}/`, { role: 15 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ role: ["A project role cannot exceed the workspace role."] });
    expect(await roleOf(team.viewer, team.slug, team.project.id)).toBe(10);
  });

  it("keeps the last owner", async () => {
    const team = await createTeamWithProject("patchlast");
    const response = await team.owner.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.owner}/`, { role: 15 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(LAST_OWNER);
    expect(await roleOf(team.owner, team.slug, team.project.id)).toBe(20);
  });

  it("refuses members below owner, including raising themselves", async () => {
    const team = await createTeamWithProject("patchdenied");
    for (const client of [team.member, team.viewer, team.guest]) {
      const response = await client.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.guest}/`, { role: 10 });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const self = await team.member.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.member}/`, { role: 20 });
    expect(self.status).toBe(403);
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(15);
    expect(await roleOf(team.guest, team.slug, team.project.id)).toBe(5);
    const anonymous = await call("PATCH", `${base(team.slug, team.project.id)}/members/${team.projectMemberships.guest}/`, { body: { role: 10 } });
    expect(anonymous.status).toBe(401);
  });

  it("answers 404 for unknown membership ids and memberships of another project", async () => {
    const team = await createTeamWithProject("patch404");
    const otherProject = await createProject(team.owner, team.slug);
    const [otherRow] = await addToProject(team.owner, team.slug, otherProject.id, [{ user: team.member, role: 15 }]);
    for (const id of [crypto.randomUUID(), "garbage", otherRow.id]) {
      const response = await team.owner.patch(`${base(team.slug, team.project.id)}/members/${id}/`, { role: 10 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "Project member not found." });
      const remove = await team.owner.delete(`${base(team.slug, team.project.id)}/members/${id}/`);
      expect(remove.status).toBe(404);
    }
    expect(await roleOf(team.member, team.slug, otherProject.id)).toBe(15);
  });

  it.each([[{ role: 12 }], [{ role: "15" }], [{}]])("answers 400 for role payload %j", async (body) => {
    const team = await createTeamWithProject("patchbad");
    const response = await team.owner.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.member}/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ role: [ROLE_MESSAGE] });
    expect(await roleOf(team.member, team.slug, team.project.id)).toBe(15);
  });
});

describe("DELETE .../members/{id}/", () => {
  it("lets the project owner remove a member, who then loses access", async () => {
    const team = await createTeamWithProject("remove");
    const response = await team.owner.delete(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.viewer}/`);
    expect(response.status).toBe(204);
    const after = await team.viewer.get(`${base(team.slug, team.project.id)}/`);
    expect(after.status).toBe(403);
    expect(after.body).toEqual(NOT_PROJECT_MEMBER);
    // Still in the workspace.
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/`)).status).toBe(200);
    const members = await team.owner.get(`${base(team.slug, team.project.id)}/members/`);
    expect(members.body.map((m: { member: { id: string } }) => m.member.id)).not.toContain(team.viewer.user.id);
  });

  it("lets members leave but not remove others", async () => {
    const team = await createTeamWithProject("leave");
    for (const [client, target] of [
      [team.member, team.projectMemberships.guest],
      [team.viewer, team.projectMemberships.member],
      [team.guest, team.projectMemberships.owner],
    ] as const) {
      const response = await client.delete(`${base(team.slug, team.project.id)}/members/${target}/`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    expect(await countRows("project_members", "project_id = ?", team.project.id)).toBe(4);
    const leave = await team.member.delete(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.member}/`);
    expect(leave.status).toBe(204);
    expect((await team.member.get(`${base(team.slug, team.project.id)}/`)).status).toBe(403);
    expect((await call("DELETE", `${base(team.slug, team.project.id)}/members/${team.projectMemberships.guest}/`)).status).toBe(401);
    expect(await countRows("project_members", "project_id = ?", team.project.id)).toBe(3);
  });

  it("keeps the last owner, who may leave once someone else owns the project", async () => {
    const team = await createTeamWithProject("leavelast");
    const refused = await team.owner.delete(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.owner}/`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(LAST_OWNER);
    expect(await roleOf(team.owner, team.slug, team.project.id)).toBe(20);

    await team.owner.patch(`/api/workspaces/${team.slug}/members/${team.memberships.member}/`, { role: 20 });
    await team.owner.patch(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.member}/`, { role: 20 });
    const leave = await team.owner.delete(`${base(team.slug, team.project.id)}/members/${team.projectMemberships.owner}/`);
    expect(leave.status).toBe(204);
    expect((await team.member.patch(`${base(team.slug, team.project.id)}/`, { name: "New owner's" })).status).toBe(200);
  });
});
