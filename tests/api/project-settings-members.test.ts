// The project settings Members page as the browser uses it: its JSON intents (add a workspace
// member, change a role, remove) posted to the page's action, and the loader's read. Only project
// owners manage members; nobody grants a role above their own or the member's workspace role; the
// last owner stays; every refused write changes nothing.
import { beforeEach, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { type Team, createProject, createTeam } from "../helpers/fixtures";
import { loadPageData, postPageAction } from "../helpers/page-action";
import { LAST_PROJECT_OWNER } from "../../workers/domain/schemas/constants";

let team: Team;
let projectId: string;

beforeEach(async () => {
  team = await createTeam("pmem");
  projectId = (await createProject(team.owner, team.slug)).id;
});

const dataPath = () => `/${team.slug}/projects/${projectId}/settings/members.data`;
const post = (client: Client, json: unknown) => postPageAction(client, dataPath(), { json });

async function load(client: Client) {
  return { body: await loadPageData(client, dataPath(), "routes/$workspaceSlug.projects.$projectId.settings.members") };
}

interface Row {
  id: string;
  role: number;
  member: { id: string; email: string };
}

async function members() {
  const { body } = await load(team.owner);
  return body.members as Row[];
}
const rowOf = async (client: Client) => (await members()).find((row) => row.member.id === client.user.id);

describe("project members page", () => {
  it("lists the members and offers the workspace members who are not in the project, with their workspace role", async () => {
    const { body } = await load(team.owner);
    expect((body.members as Row[]).map((row) => row.member.id)).toEqual([team.owner.user.id]);
    const candidates = body.candidates as { workspace_role: number; member: { id: string } }[];
    expect(candidates.map((entry) => [entry.member.id, entry.workspace_role]).sort()).toEqual(
      [
        [team.member.user.id, 15],
        [team.viewer.user.id, 10],
        [team.guest.user.id, 5],
      ].sort(),
    );
  });

  it("an owner adds a workspace member, changes their role and removes them", async () => {
    expect((await post(team.owner, { intent: "add-member", member_id: team.member.user.id, role: 15 })).status).toBe(200);
    const added = await rowOf(team.member);
    expect(added?.role).toBe(15);
    const { body } = await load(team.owner);
    expect((body.candidates as { member: { id: string } }[]).some((entry) => entry.member.id === team.member.user.id)).toBe(false);

    expect((await post(team.owner, { intent: "update-member-role", member_id: added?.id, role: 10 })).status).toBe(200);
    expect((await rowOf(team.member))?.role).toBe(10);

    expect((await post(team.owner, { intent: "remove-member", member_id: added?.id })).status).toBe(200);
    expect(await rowOf(team.member)).toBeUndefined();
  });

  it("a project member may not add, change roles or remove, nor raise anyone; nothing changes", async () => {
    await post(team.owner, { intent: "add-member", member_id: team.member.user.id, role: 15 });
    const before = await members();
    const self = before.find((row) => row.member.id === team.member.user.id);
    const owner = before.find((row) => row.member.id === team.owner.user.id);
    for (const json of [
      { intent: "add-member", member_id: team.viewer.user.id, role: 10 },
      { intent: "update-member-role", member_id: self?.id, role: 20 },
      { intent: "update-member-role", member_id: owner?.id, role: 5 },
      { intent: "remove-member", member_id: owner?.id },
    ]) {
      const answer = await post(team.member, json);
      expect(answer.status, JSON.stringify(json)).toBe(403);
    }
    expect(await members()).toEqual(before);
  });

  it("viewers and guests of the project cannot open the page nor write", async () => {
    await post(team.owner, { intent: "add-member", member_id: team.viewer.user.id, role: 10 });
    await post(team.owner, { intent: "add-member", member_id: team.guest.user.id, role: 5 });
    const before = await members();
    for (const client of [team.viewer, team.guest]) {
      expect((await load(client)).body).toEqual({ authorized: false });
      expect((await post(client, { intent: "add-member", member_id: team.member.user.id, role: 5 })).status).toBe(403);
    }
    expect(await members()).toEqual(before);
  });

  it("refuses a project role above the member's workspace role, and keeps the last owner", async () => {
    const tooHigh = await post(team.owner, { intent: "add-member", member_id: team.viewer.user.id, role: 15 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.text).toContain("A project role cannot exceed the workspace role.");
    expect(await rowOf(team.viewer)).toBeUndefined();

    const owner = await rowOf(team.owner);
    for (const json of [
      { intent: "update-member-role", member_id: owner?.id, role: 15 },
      { intent: "remove-member", member_id: owner?.id },
    ]) {
      const answer = await post(team.owner, json);
      expect(answer.status).toBe(400);
      expect(answer.text).toContain(LAST_PROJECT_OWNER);
    }
    expect((await rowOf(team.owner))?.role).toBe(20);
  });

  it("answers 400 to bad input and 404 to a membership of another project, changing nothing", async () => {
    const before = await members();
    for (const json of [
      { intent: "add-member", member_id: team.member.user.id, role: 12 },
      { intent: "add-member", member_id: "", role: 15 },
      { intent: "add-member", member_id: team.outsider.user.id, role: 5 },
      { intent: "update-member-role", member_id: before[0].id },
      { intent: "promote-everyone" },
    ]) {
      expect((await post(team.owner, json)).status, JSON.stringify(json)).toBe(400);
    }
    const other = await createProject(team.owner, team.slug);
    const otherOwner = await team.owner.get(`/api/workspaces/${team.slug}/projects/${other.id}/project-members/me/`);
    expect((await post(team.owner, { intent: "remove-member", member_id: otherOwner.body.id })).status).toBe(404);
    expect(await members()).toEqual(before);
  });
});
