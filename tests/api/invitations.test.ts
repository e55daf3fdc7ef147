import { describe, expect, it } from "vitest";
import { call, signUp, uniqueEmail } from "../helpers/api";
import { countRows, createTeam, createWorkspace, rowOf } from "../helpers/fixtures";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const FORBIDDEN = { error: "You do not have permission to perform this action." };
const NO_MATCH = { invitations: ["No pending invitation matches these ids."] };

describe("POST /api/workspaces/{slug}/invite/", () => {
  it("invites by email with a role; the invitee sees it, joins with that role, and it is no longer pending", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp({ first_name: "Invitee" })]);
    const workspace = await createWorkspace(owner, { name: "Invite Co" });
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, {
      emails: [{ email: `  ${invitee.user.email.toUpperCase()} `, role: 15 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Invitations sent successfully");
    expect(response.body.invitations).toEqual([
      { id: expect.any(String), email: invitee.user.email, role: 15, workspace: workspace.id },
    ]);
    const invitationId = response.body.invitations[0].id;

    const pending = await invitee.get("/api/users/me/invitations/");
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual([
      expect.objectContaining({ id: invitationId, role: 15, workspace: expect.objectContaining({ slug: workspace.slug, name: "Invite Co" }) }),
    ]);
    // Not yet a member.
    expect((await invitee.get(`/api/workspaces/${workspace.slug}/`)).status).toBe(403);

    const accept = await invitee.post("/api/users/me/invitations/workspaces/", { invitations: [invitationId] });
    expect(accept.status).toBe(200);
    expect(accept.body).toMatchObject({ message: "Workspaces joined successfully", workspaces: [expect.objectContaining({ id: workspace.id })] });

    const me = await invitee.get(`/api/workspaces/${workspace.slug}/workspace-members/me/`);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe(15);
    expect((await invitee.get("/api/workspaces/")).body).toEqual([expect.objectContaining({ slug: workspace.slug, role: 15 })]);
    expect((await invitee.get("/api/users/me/invitations/")).body).toEqual([]);

    const again = await invitee.post("/api/users/me/invitations/workspaces/", { invitations: [invitationId] });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(NO_MATCH);
  });

  it("gives the viewer role when none is sent", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email }] });
    expect(response.status).toBe(200);
    expect(response.body.invitations[0].role).toBe(10);
  });

  it("waits for an address that has no account yet and shows up after sign-up", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail("later");
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email, role: 5 }] });
    expect(invite.status).toBe(200);
    const newcomer = await signUp({ email });
    const pending = await newcomer.get("/api/users/me/invitations/");
    expect(pending.body.map((i: { id: string }) => i.id)).toEqual([invite.body.invitations[0].id]);
    const accept = await newcomer.post("/api/users/me/invitations/workspaces/", { invitations: [invite.body.invitations[0].id] });
    expect(accept.status).toBe(200);
    expect((await newcomer.get(`/api/workspaces/${workspace.slug}/workspace-members/me/`)).body.role).toBe(5);
  });

  it("re-inviting an address updates the pending invitation instead of adding another", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const first = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 5 }] });
    const second = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    expect(second.status).toBe(200);
    expect(second.body.invitations[0].id).toBe(first.body.invitations[0].id);
    const pending = await invitee.get("/api/users/me/invitations/");
    expect(pending.body).toHaveLength(1);
    expect(pending.body[0].role).toBe(15);
  });

  it("invites several addresses at once", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const emails = [uniqueEmail("one"), uniqueEmail("two"), uniqueEmail("three")];
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, {
      emails: emails.map((email, index) => ({ email, role: [15, 10, 5][index] })),
    });
    expect(response.status).toBe(200);
    expect(response.body.invitations.map((i: { email: string; role: number }) => [i.email, i.role])).toEqual([
      [emails[0], 15],
      [emails[1], 10],
      [emails[2], 5],
    ]);
    expect(await countRows("workspace_invitations", "workspace_id = ?", workspace.id)).toBe(3);
  });

  it("lets a member (15) invite at their role or below, never above", async () => {
    const team = await createTeam("memberinvite");
    const email = uniqueEmail("bymember");
    const ok = await team.member.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email, role: 15 }] });
    expect(ok.status).toBe(200);

    const above = uniqueEmail("above");
    const refused = await team.member.post(`/api/workspaces/${team.slug}/invite/`, {
      emails: [{ email: uniqueEmail("fine"), role: 10 }, { email: above, role: 20 }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: "You cannot grant a role higher than your own." });
    // Nothing of the refused request was written, not even the allowed entry.
    expect(await countRows("workspace_invitations", "workspace_id = ?", team.workspaceId)).toBe(3 + 1);
    expect(await countRows("workspace_invitations", "email = ?", above)).toBe(0);
  });

  it("refuses viewers, guests and non-members", async () => {
    const team = await createTeam("noinvite");
    const before = await countRows("workspace_invitations", "workspace_id = ?", team.workspaceId);
    for (const client of [team.viewer, team.guest]) {
      const response = await client.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email: uniqueEmail(), role: 5 }] });
      expect(response.status).toBe(403);
      expect(response.body).toEqual(FORBIDDEN);
    }
    const outsider = await team.outsider.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email: uniqueEmail(), role: 5 }] });
    expect(outsider.status).toBe(403);
    expect(outsider.body).toEqual({ error: "You are not a member of this workspace." });
    const anonymous = await call("POST", `/api/workspaces/${team.slug}/invite/`, { body: { emails: [{ email: uniqueEmail() }] } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(NO_CREDENTIALS);
    expect(await countRows("workspace_invitations", "workspace_id = ?", team.workspaceId)).toBe(before);
  });

  it("refuses to invite someone who is already a member", async () => {
    const team = await createTeam("already");
    const response = await team.owner.post(`/api/workspaces/${team.slug}/invite/`, {
      emails: [{ email: uniqueEmail("new") }, { email: team.viewer.user.email.toUpperCase() }],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ emails: [`Already members of the workspace: ${team.viewer.user.email}`] });
    expect(await countRows("workspace_invitations", "workspace_id = ?", team.workspaceId)).toBe(3);
  });

  it("answers 404 for an unknown workspace", async () => {
    const owner = await signUp();
    const response = await owner.post("/api/workspaces/no-such-workspace-here/invite/", { emails: [{ email: uniqueEmail() }] });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Workspace not found." });
  });

  it.each([
    ["no emails", {}, { emails: ["Emails are required"] }],
    ["an empty list", { emails: [] }, { emails: ["Emails are required"] }],
    ["emails that are not a list", { emails: "a@example.com" }, { emails: ["Emails are required"] }],
    ["a malformed address", { emails: [{ email: "nope" }] }, { "emails.0.email": ["Enter a valid email address."] }],
    ["a missing address", { emails: [{ role: 10 }] }, { "emails.0.email": ["Email is required"] }],
    ["an unknown role", { emails: [{ email: "ok@example.com", role: 12 }] }, { "emails.0.role": ["Role must be one of 20, 15, 10, 5."] }],
    [
      "51 addresses",
      { emails: Array.from({ length: 51 }, (_, i) => ({ email: `bulk${i}@example.com` })) },
      { emails: ["At most 50 invitations at a time"] },
    ],
  ])("answers 400 for %s and writes no invitation", async (_, body, expected) => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("workspace_invitations", "workspace_id = ?", workspace.id)).toBe(0);
  });
});

describe("GET /api/users/me/invitations/ and joining", () => {
  it("shows a user only the invitations addressed to them", async () => {
    const [owner, alice, bob] = await Promise.all([signUp(), signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: alice.user.email }] });
    expect((await alice.get("/api/users/me/invitations/")).body).toHaveLength(1);
    expect((await bob.get("/api/users/me/invitations")).body).toEqual([]);
  });

  it("refuses someone else's invitation id and joins nothing", async () => {
    const [owner, invitee, thief] = await Promise.all([signUp(), signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    const response = await thief.post("/api/users/me/invitations/workspaces/", { invitations: [invite.body.invitations[0].id] });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(NO_MATCH);
    expect((await thief.get(`/api/workspaces/${workspace.slug}/`)).status).toBe(403);
    expect(await countRows("workspace_members", "member_id = ?", thief.user.id)).toBe(0);
    // The rightful invitee can still use it.
    const pending = await invitee.get("/api/users/me/invitations/");
    expect(pending.body).toHaveLength(1);
  });

  it("joins every workspace of several invitations at once and ignores ids that are not the caller's", async () => {
    const [a, b, invitee] = await Promise.all([signUp(), signUp(), signUp()]);
    const [wa, wb] = [await createWorkspace(a), await createWorkspace(b)];
    const ia = await a.post(`/api/workspaces/${wa.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 5 }] });
    const ib = await b.post(`/api/workspaces/${wb.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    const response = await invitee.post("/api/users/me/invitations/workspaces/", {
      invitations: [ia.body.invitations[0].id, ib.body.invitations[0].id, crypto.randomUUID()],
    });
    expect(response.status).toBe(200);
    expect(response.body.workspaces.map((w: { slug: string }) => w.slug).sort()).toEqual([wa.slug, wb.slug].sort());
    const mine = await invitee.get("/api/workspaces/");
    expect(Object.fromEntries(mine.body.map((w: { slug: string; role: number }) => [w.slug, w.role]))).toEqual({ [wa.slug]: 5, [wb.slug]: 15 });
    const row = await rowOf<{ accepted: number; responded_at: string | null }>("workspace_invitations", "id = ?", ia.body.invitations[0].id);
    expect(row?.accepted).toBe(1);
    expect(row?.responded_at).toEqual(expect.any(String));
  });

  it("a removed member who is invited again can rejoin", async () => {
    const team = await createTeam("rejoin");
    await team.owner.delete(`/api/workspaces/${team.slug}/members/${team.memberships.guest}/`);
    const invite = await team.owner.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email: team.guest.user.email, role: 10 }] });
    expect(invite.status).toBe(200);
    const accept = await team.guest.post("/api/users/me/invitations/workspaces/", { invitations: [invite.body.invitations[0].id] });
    expect(accept.status).toBe(200);
    expect((await team.guest.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(10);
  });

  it.each([
    ["no invitations", {}, { invitations: ["Invitations are required"] }],
    ["an empty list", { invitations: [] }, { invitations: ["Invitations are required"] }],
    ["unknown ids", { invitations: [crypto.randomUUID(), "garbage"] }, NO_MATCH],
  ])("answers 400 for %s", async (_, body, expected) => {
    const client = await signUp();
    const response = await client.post("/api/users/me/invitations/workspaces/", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("workspace_members", "member_id = ?", client.user.id)).toBe(0);
  });

  it("answers 401 without credentials", async () => {
    const list = await call("GET", "/api/users/me/invitations/");
    expect(list.status).toBe(401);
    expect(list.body).toEqual(NO_CREDENTIALS);
    const join = await call("POST", "/api/users/me/invitations/workspaces/", { body: { invitations: [crypto.randomUUID()] } });
    expect(join.status).toBe(401);
    expect(join.body).toEqual(NO_CREDENTIALS);
  });
});
