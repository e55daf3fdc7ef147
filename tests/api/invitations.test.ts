// Workspace invitations: members invite by address, and the invitee joins through the invitation's
// own link (its secret is the proof that they own the address), once, before it expires, from
// the account with that address. Addresses compare without case or surrounding spaces.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVITATION_FOR_ANOTHER_ADDRESS, INVITATION_LINK_INVALID } from "../../workers/domain/invitations";
import { type Client, call, signUp, uniqueEmail } from "../helpers/api";
import { countRows, createTeam, createWorkspace, rowOf } from "../helpers/fixtures";
import { fuzzRun } from "../helpers/hostile-input";

const NO_CREDENTIALS = { error: "Authentication credentials were not provided." };
const FORBIDDEN = { error: "You do not have permission to perform this action." };
const LINK_INVALID = { error: INVITATION_LINK_INVALID };
const ANOTHER_ADDRESS = { error: INVITATION_FOR_ANOTHER_ADDRESS };

/** Accepts through an invitation link's secret as `client`. */
const accept = (client: Client, token: unknown) => client.post("/api/users/me/invitations/workspaces/", { token });

/** Whether `client` is a member of the workspace `slug`. */
const isMember = async (client: Client, slug: string) => (await client.get(`/api/workspaces/${slug}/workspace-members/me/`)).status === 200;

describe("POST /api/workspaces/{slug}/invite/", () => {
  it("invites by email with a role and a single-use link; the invitee joins through it with that role", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp({ first_name: "Invitee" })]);
    const workspace = await createWorkspace(owner, { name: "Invite Co" });
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, {
      emails: [{ email: `  ${invitee.user.email.toUpperCase()} `, role: 15 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe("Invitations sent successfully");
    expect(response.body.invitations).toEqual([
      {
        id: expect.any(String),
        email: invitee.user.email,
        role: 15,
        workspace: workspace.id,
        token: expect.stringMatching(/^inv_[\w-]{43}$/),
        url: expect.any(String),
        expires_at: expect.any(String),
      },
    ]);
    const [invitation] = response.body.invitations;
    expect(invitation.url).toBe(`http://tracker.test/invitations/${invitation.token}`);
    // Seven days to use it, and only the secret's hash is kept.
    expect(Date.parse(invitation.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const row = await rowOf<{ token_hash: string }>("workspace_invitations", "id = ?", invitation.id);
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(invitation.token);
    // Not yet a member.
    expect((await invitee.get(`/api/workspaces/${workspace.slug}/`)).status).toBe(403);

    const joined = await accept(invitee, invitation.token);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ message: "Workspaces joined successfully", workspaces: [expect.objectContaining({ id: workspace.id })] });

    const me = await invitee.get(`/api/workspaces/${workspace.slug}/workspace-members/me/`);
    expect(me.status).toBe(200);
    expect(me.body.role).toBe(15);
    expect((await invitee.get("/api/workspaces/")).body).toEqual([expect.objectContaining({ slug: workspace.slug, role: 15 })]);
    const used = await rowOf<{ accepted: number; token_hash: string | null; responded_at: string | null }>("workspace_invitations", "id = ?", invitation.id);
    expect(used).toMatchObject({ accepted: 1, token_hash: null, responded_at: expect.any(String) });

    // The link worked once.
    const again = await accept(invitee, invitation.token);
    expect(again.status).toBe(404);
    expect(again.body).toEqual(LINK_INVALID);
  });

  it("gives the viewer role when none is sent", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const response = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email }] });
    expect(response.status).toBe(200);
    expect(response.body.invitations[0].role).toBe(10);
  });

  it("an address with no account yet: signing up with it joins nothing, the link joins", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail("later");
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email, role: 5 }] });
    expect(invite.status).toBe(200);
    const newcomer = await signUp({ email: ` ${email.toUpperCase()}` });
    expect(newcomer.user.email).toBe(email);
    expect(await isMember(newcomer, workspace.slug)).toBe(false);
    expect((await newcomer.get("/api/workspaces/")).body).toEqual([]);
    const joined = await accept(newcomer, invite.body.invitations[0].token);
    expect(joined.status).toBe(200);
    expect((await newcomer.get(`/api/workspaces/${workspace.slug}/workspace-members/me/`)).body.role).toBe(5);
  });

  it("re-inviting an address updates the pending invitation and gives it a new link; the old link stops working", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const first = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 5 }] });
    const second = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    expect(second.status).toBe(200);
    expect(second.body.invitations[0].id).toBe(first.body.invitations[0].id);
    expect(second.body.invitations[0].token).not.toBe(first.body.invitations[0].token);
    expect(await countRows("workspace_invitations", "workspace_id = ?", workspace.id)).toBe(1);
    expect((await accept(invitee, first.body.invitations[0].token)).status).toBe(404);
    expect((await accept(invitee, second.body.invitations[0].token)).status).toBe(200);
    expect((await invitee.get(`/api/workspaces/${workspace.slug}/workspace-members/me/`)).body.role).toBe(15);
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

describe("joining through the invitation link", () => {
  it("refuses another account's use of the link, even with the right secret, and the invitee can still use it", async () => {
    const [owner, invitee, thief] = await Promise.all([signUp(), signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    const response = await accept(thief, invite.body.invitations[0].token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(ANOTHER_ADDRESS);
    expect((await thief.get(`/api/workspaces/${workspace.slug}/`)).status).toBe(403);
    expect(await countRows("workspace_members", "member_id = ?", thief.user.id)).toBe(0);
    expect((await accept(invitee, invite.body.invitations[0].token)).status).toBe(200);
  });

  it("an address that signed up first without the link gets no seat: only the link joins", async () => {
    // Someone signs up with the invited address (no verification mail exists yet): without the
    // link they are offered nothing and join nothing.
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const email = uniqueEmail("newhire");
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email, role: 15 }] });
    const squatter = await signUp({ email: email.replace(/^./, (c) => c.toUpperCase()) });
    for (const body of [{}, { token: "" }, { invitations: [invite.body.invitations[0].id] }, { token: invite.body.invitations[0].id }]) {
      const response = await squatter.post("/api/users/me/invitations/workspaces/", body);
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await squatter.get("/api/users/me/invitations/")).status).toBe(404);
    expect(await countRows("workspace_members", "member_id = ?", squatter.user.id)).toBe(0);
  });

  it("refuses an expired link", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email }] });
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), invite.body.invitations[0].id)
      .run();
    const response = await accept(invitee, invite.body.invitations[0].token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(LINK_INVALID);
    expect(await isMember(invitee, workspace.slug)).toBe(false);
  });

  it("refuses a withdrawn invitation's link", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email }] });
    expect((await owner.delete(`/api/workspaces/${workspace.slug}/invitations/${invite.body.invitations[0].id}/`)).status).toBe(204);
    expect((await accept(invitee, invite.body.invitations[0].token)).status).toBe(404);
  });

  it("joins once when the same link is accepted many times at the same moment", async () => {
    const [owner, invitee] = await Promise.all([signUp(), signUp()]);
    const workspace = await createWorkspace(owner);
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => accept(invitee, invite.body.invitations[0].token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    expect(await countRows("workspace_members", "member_id = ? AND workspace_id = ?", invitee.user.id, workspace.id)).toBe(1);
  });

  it("a removed member who is invited again can rejoin through the new link", async () => {
    const team = await createTeam("rejoin");
    await team.owner.delete(`/api/workspaces/${team.slug}/members/${team.memberships.guest}/`);
    const invite = await team.owner.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email: team.guest.user.email, role: 10 }] });
    expect(invite.status).toBe(200);
    expect((await accept(team.guest, invite.body.invitations[0].token)).status).toBe(200);
    expect((await team.guest.get(`/api/workspaces/${team.slug}/workspace-members/me/`)).body.role).toBe(10);
  });

  it.each([
    ["no token", {}, { token: ["The invitation link is required"] }],
    ["an empty token", { token: "  " }, { token: ["The invitation link is required"] }],
    ["a token that is not text", { token: 42 }, { token: ["The invitation link is required"] }],
  ])("answers 400 for %s", async (_, body, expected) => {
    const client = await signUp();
    const response = await client.post("/api/users/me/invitations/workspaces/", body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
    expect(await countRows("workspace_members", "member_id = ?", client.user.id)).toBe(0);
  });

  it("answers 401 without credentials", async () => {
    const join = await call("POST", "/api/users/me/invitations/workspaces/", { body: { token: "inv_anything" } });
    expect(join.status).toBe(401);
    expect(join.body).toEqual(NO_CREDENTIALS);
  });
});

/** An address written the ways people type it: any letter's case flipped, spaces and tabs around. */
function spellingOf(email: string): fc.Arbitrary<string> {
  const blank = fc.stringMatching(/^[ \t]{0,3}$/);
  return fc
    .tuple(blank, fc.array(fc.boolean(), { minLength: email.length, maxLength: email.length }), blank)
    .map(([before, upper, after]) => `${before}${[...email].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("")}${after}`);
}

describe("addresses compare without case or surrounding spaces (generated)", () => {
  it("an invitation to any spelling of an address is joined by the account of any other spelling, and by no one else", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("new.hire", "NewHire", "ops-team"),
        fc.boolean(),
        fc.nat(),
        async (local, invitedFirst, seed) => {
          const email = uniqueEmail(local.toLowerCase());
          const [inviteSpelling, signUpSpelling, signInSpelling] = fc.sample(spellingOf(email), { numRuns: 3, seed });
          const invitee = invitedFirst ? null : await signUp({ email: signUpSpelling });
          const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: inviteSpelling, role: 10 }] });
          expect(invite.status, JSON.stringify(invite.body)).toBe(200);
          expect(invite.body.invitations[0].email).toBe(email);
          const client = invitee ?? (await signUp({ email: signUpSpelling }));
          expect(client.user.email).toBe(email);
          // No second account for another spelling.
          const twin = await call("POST", "/api/auth/sign-up/", { body: { email: signInSpelling, password: "correct horse battery" } });
          expect(twin.status).toBe(400);
          expect(await countRows("users", "lower(email) = ?", email)).toBe(1);
          // Signing in with another spelling reaches the same account.
          const signedIn = await call("POST", "/api/auth/sign-in/", { body: { email: signInSpelling, password: "correct horse battery" } });
          expect(signedIn.status).toBe(200);
          expect(signedIn.body.user.id).toBe(client.user.id);
          // Inviting another spelling of a member's address is refused as already a member, after joining.
          expect(await isMember(client, workspace.slug)).toBe(false);
          expect((await accept(client, invite.body.invitations[0].token)).status).toBe(200);
          const again = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: signInSpelling }] });
          expect(again.status).toBe(400);
          expect(again.body).toEqual({ emails: [`Already members of the workspace: ${email}`] });
        },
      ),
      fuzzRun(12),
    );
  });

  it("the database refuses a second account whose address differs only in case", async () => {
    const client = await signUp();
    const insert = env.DB.prepare("INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, '!', ?, ?)");
    const now = new Date().toISOString();
    await expect(insert.bind(crypto.randomUUID(), client.user.email.toUpperCase(), now, now).run()).rejects.toThrow(/UNIQUE/);
  });
});

describe("accepting without the right link (generated)", () => {
  it("refuses every link that is not the invitation's own, live and meant for the caller, and joins nothing", async () => {
    const owner = await signUp();
    const workspace = await createWorkspace(owner);
    const invitee = await signUp();
    const other = await signUp();
    const invite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    const otherInvite = await owner.post(`/api/workspaces/${workspace.slug}/invite/`, { emails: [{ email: other.user.email, role: 15 }] });
    const { id, token } = invite.body.invitations[0] as { id: string; token: string };
    const flip = (text: string, at: number) => {
      const i = 4 + (at % (text.length - 4));
      const c = text[i];
      const swapped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
      return text.slice(0, i) + (swapped === c ? (c === "A" ? "B" : "A") : swapped) + text.slice(i + 1);
    };
    const wrongToken = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.nat().map((at) => flip(token, at)),
      fc.nat({ max: token.length - 1 }).map((n) => token.slice(0, n)),
      fc.string({ minLength: 1, maxLength: 4 }).map((tail) => token + tail),
      fc.constantFrom(
        id,
        token.toUpperCase(),
        ` ${token.slice(1)}`,
        encodeURIComponent(token).replace(/_/g, "%5F"),
        otherInvite.body.invitations[0].token,
        "inv_",
        null,
        ["inv_"],
        { token },
      ),
    );
    await fc.assert(
      fc.asyncProperty(wrongToken, async (candidate) => {
        const response = await accept(invitee, candidate);
        expect([400, 403, 404], JSON.stringify(candidate)).toContain(response.status);
      }),
      fuzzRun(60),
    );
    expect(await isMember(invitee, workspace.slug)).toBe(false);
    // The invitee's own link, from the wrong account: refused; from theirs: joined.
    expect((await accept(other, token)).status).toBe(403);
    expect((await accept(invitee, token)).status).toBe(200);
  });
});
