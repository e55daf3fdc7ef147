// Workspace settings as the browser uses them: the pages' actions posted the way Remix's fetchers
// post them (form data, JSON intents, a multipart logo), and the invitations REST. Every write
// checks its role on the server; a refused one, or one with bad input, changes nothing.
import { fetchWorker } from "../helpers/worker";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { type Client, ORIGIN, uniqueEmail } from "../helpers/api";
import { type Team, countRows, createTeam, rowOf, snapshot } from "../helpers/fixtures";
import { type PageActionBody, postPageAction } from "../helpers/page-action";

let team: Team;

beforeEach(async () => {
  team = await createTeam("wsset");
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x70, 0x6e, 0x67]);

/** Posts to a settings page's action as a fetcher does. */
function post(client: Client, page: "general" | "members", body: PageActionBody) {
  return postPageAction(client, page === "general" ? `/${team.slug}/settings.data?index` : `/${team.slug}/settings/members.data`, body);
}

function logoUpload(blob: Blob = new Blob([PNG], { type: "image/png" }), name = "logo.png") {
  const form = new FormData();
  form.append("asset", blob, name);
  form.append("attributes", JSON.stringify({ name, size: blob.size }));
  return { multipart: form };
}

const workspaceRow = () => rowOf<{ name: string; logo: string }>("workspaces", "id = ?", team.workspaceId);
const assetCount = () => countRows("file_assets", "workspace_id = ?", team.workspaceId);

async function page(client: Client, path: string) {
  const response = await fetchWorker(`${ORIGIN}${path}`, { headers: { cookie: client.cookie } });
  return { status: response.status, html: await response.text() };
}

describe("the settings screens", () => {
  it("show guests and viewers the not-authorized screen with their email, and nothing of the page", async () => {
    for (const client of [team.viewer, team.guest]) {
      const members = await page(client, `/${team.slug}/settings/members`);
      expect(members.status).toBe(200);
      expect(members.html).toContain("Oops! You are not authorized to view this page");
      expect(members.html).toContain(client.user.email);
      expect(members.html).toContain("Go to workspace");
      expect(members.html).not.toContain(team.owner.user.email);
    }
    const general = await page(team.member, `/${team.slug}/settings`);
    expect(general.html).not.toContain("Oops! You are not authorized");
    expect(general.html).toContain("Only workspace owners can change these settings.");
  });
});

describe("general: rename", () => {
  it("renames for an owner", async () => {
    const answer = await post(team.owner, "general", { form: { name: "Renamed Co" } });
    expect(answer.status).toBe(200);
    expect((await workspaceRow())?.name).toBe("Renamed Co");
  });

  it("answers the field message for an empty or too long name and changes nothing", async () => {
    const before = await snapshot();
    const empty = await post(team.owner, "general", { form: { name: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Name is required");
    const long = await post(team.owner, "general", { form: { name: "x".repeat(81) } });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Name should be less than 80 characters");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses members, viewers and guests with 403 and changes nothing", async () => {
    const before = await snapshot();
    for (const client of [team.member, team.viewer, team.guest]) {
      const answer = await post(client, "general", { form: { name: "Taken over" } });
      expect(answer.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("general: logo", () => {
  it("stores the logo as a workspace file asset and deletes the previous one when replaced", async () => {
    const first = await post(team.owner, "general", logoUpload());
    expect(first.status).toBe(200);
    const firstLogo = (await workspaceRow())!.logo;
    expect(firstLogo).toMatch(new RegExp(`^/api/workspaces/${team.slug}/file-assets/[0-9a-f-]{36}/$`));
    const firstAsset = await rowOf<{ id: string; asset_key: string }>("file_assets", "workspace_id = ?", team.workspaceId);
    expect(await env.FILES.get(firstAsset!.asset_key)).not.toBeNull();
    const served = await fetchWorker(`${ORIGIN}${firstLogo}`, { headers: { cookie: team.viewer.cookie } });
    expect(served.status).toBe(200);
    await served.arrayBuffer();

    const second = await post(team.owner, "general", logoUpload());
    expect(second.status).toBe(200);
    const secondLogo = (await workspaceRow())!.logo;
    expect(secondLogo).not.toBe(firstLogo);
    expect(await assetCount()).toBe(1);
    expect(await rowOf("file_assets", "id = ?", firstAsset!.id)).toBeNull();
    expect(await env.FILES.get(firstAsset!.asset_key)).toBeNull();

    const removed = await post(team.owner, "general", { json: { intent: "remove-logo" } });
    expect(removed.status).toBe(200);
    expect((await workspaceRow())!.logo).toBe("");
    expect(await assetCount()).toBe(0);
  });

  it("refuses a file that is not an image, and anything over 5 MB, keeping the old logo", async () => {
    await post(team.owner, "general", logoUpload());
    const before = await snapshot();
    const logo = (await workspaceRow())!.logo;
    const html = await post(team.owner, "general", logoUpload(new Blob(["<script>x</script>"], { type: "image/png" }), "x.png"));
    expect(html.status).toBe(400);
    expect(html.text).toContain("Only PNG, JPEG, GIF and WebP images can be uploaded.");
    const big = new Uint8Array(5_242_881);
    big.set(PNG);
    const tooBig = await post(team.owner, "general", logoUpload(new Blob([big], { type: "image/png" })));
    expect(tooBig.status).toBe(413);
    expect(tooBig.text).toContain("Invalid file type or size (max 5 MB)");
    expect((await workspaceRow())!.logo).toBe(logo);
    expect(await assetCount()).toBe(1);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses anyone but an owner before storing anything", async () => {
    const before = await snapshot();
    for (const client of [team.member, team.viewer]) {
      expect((await post(client, "general", logoUpload())).status).toBe(403);
      expect((await post(client, "general", { json: { intent: "remove-logo" } })).status).toBe(403);
    }
    expect(await assetCount()).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe("general: delete workspace", () => {
  it("refuses a member with 403 and keeps the workspace; an owner deletes it", async () => {
    const before = await snapshot();
    expect((await post(team.member, "general", { json: { intent: "delete-workspace" } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    const answer = await post(team.owner, "general", { json: { intent: "delete-workspace" } });
    expect([200, 202, 204, 302]).toContain(answer.status);
    expect(await workspaceRow()).toBeNull();
  });

  it("answers 400 to an intent it does not know", async () => {
    const before = await snapshot();
    expect((await post(team.owner, "general", { json: { intent: "drop-everything" } })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("members: the list", () => {
  it("shows each member's name with their own email and role", async () => {
    const { html } = await page(team.owner, `/${team.slug}/settings/members`);
    for (const client of [team.member, team.viewer, team.guest]) {
      const name = `${client.user.first_name} User`;
      // The name labels the role picker, and the email sits right after the name.
      expect(html).toContain(`aria-label="Role of ${name}"`);
      expect(html).toMatch(new RegExp(`${name}</p><p[^>]*>${client.user.email.replace(/[.+]/g, "\\$&")}</p>`));
    }
  });
});

describe("members: invite", () => {
  it("invites by email with a role; the invitation is pending until accepted", async () => {
    const email = uniqueEmail("invitee");
    const answer = await post(team.owner, "members", { form: { email, role: "15" } });
    expect(answer.status).toBe(200);
    expect(await rowOf("workspace_invitations", "email = ?", email)).toMatchObject({ role: 15, accepted: 0 });
    const listed = await team.member.get(`/api/workspaces/${team.slug}/invitations/`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ email, role: 15 })]);
  });

  it("answers the field messages for a bad email or role and changes nothing", async () => {
    const before = await snapshot();
    const missing = await post(team.owner, "members", { form: { email: "", role: "10" } });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Email is required");
    const bad = await post(team.owner, "members", { form: { email: "not-an-email", role: "10" } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid email address.");
    const role = await post(team.owner, "members", { form: { email: uniqueEmail(), role: "12" } });
    expect(role.status).toBe(400);
    expect(role.text).toContain("Role must be one of 20, 15, 10, 5.");
    const member = await post(team.owner, "members", { form: { email: team.member.user.email, role: "10" } });
    expect(member.status).toBe(400);
    expect(member.text).toContain("Already members of the workspace");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses viewers and guests, and a member inviting above their own role, with 403", async () => {
    const before = await snapshot();
    for (const client of [team.viewer, team.guest]) {
      expect((await post(client, "members", { form: { email: uniqueEmail(), role: "5" } })).status).toBe(403);
    }
    expect((await post(team.member, "members", { form: { email: uniqueEmail(), role: "20" } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("members: revoke an invitation", () => {
  async function invite(role: number) {
    const email = uniqueEmail("pending");
    const response = await team.owner.post(`/api/workspaces/${team.slug}/invite/`, { emails: [{ email, role }] });
    return response.body.invitations[0].id as string;
  }

  it("revokes a pending invitation from the page and over REST", async () => {
    const [first, second] = [await invite(10), await invite(5)];
    expect((await post(team.member, "members", { json: { intent: "revoke-invitation", invitation_id: first } })).status).toBe(200);
    expect(await rowOf("workspace_invitations", "id = ?", first)).toBeNull();
    expect((await team.owner.delete(`/api/workspaces/${team.slug}/invitations/${second}/`)).status).toBe(204);
    expect(await rowOf("workspace_invitations", "id = ?", second)).toBeNull();
    expect((await team.owner.delete(`/api/workspaces/${team.slug}/invitations/${second}/`)).status).toBe(404);
  });

  it("refuses viewers, and a member revoking an invitation above their role, with 403", async () => {
    const [low, high] = [await invite(10), await invite(20)];
    const before = await snapshot();
    expect((await post(team.viewer, "members", { json: { intent: "revoke-invitation", invitation_id: low } })).status).toBe(403);
    expect((await team.guest.delete(`/api/workspaces/${team.slug}/invitations/${low}/`)).status).toBe(403);
    expect((await team.viewer.get(`/api/workspaces/${team.slug}/invitations/`)).status).toBe(403);
    expect((await post(team.member, "members", { json: { intent: "revoke-invitation", invitation_id: high } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("members: roles and removal", () => {
  it("lets an owner change a role and remove a member", async () => {
    const answer = await post(team.owner, "members", { json: { intent: "update-member-role", member_id: team.memberships.member, role: 10 } });
    expect(answer.status).toBe(200);
    expect(await rowOf("workspace_members", "id = ?", team.memberships.member)).toMatchObject({ role: 10 });
    expect((await post(team.owner, "members", { json: { intent: "remove-member", member_id: team.memberships.guest } })).status).toBe(200);
    expect(await rowOf("workspace_members", "id = ?", team.memberships.guest)).toBeNull();
  });

  it("refuses anyone but an owner with 403 and changes nothing", async () => {
    const before = await snapshot();
    for (const client of [team.member, team.viewer]) {
      const role = await post(client, "members", { json: { intent: "update-member-role", member_id: team.memberships.guest, role: 10 } });
      expect(role.status).toBe(403);
      const remove = await post(client, "members", { json: { intent: "remove-member", member_id: team.memberships.guest } });
      expect(remove.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("keeps the last owner: neither demoted nor removed", async () => {
    const before = await snapshot();
    const demote = await post(team.owner, "members", { json: { intent: "update-member-role", member_id: team.memberships.owner, role: 15 } });
    expect(demote.status).toBe(400);
    expect(demote.text).toContain("A workspace needs at least one owner.");
    const remove = await post(team.owner, "members", { json: { intent: "remove-member", member_id: team.memberships.owner } });
    expect(remove.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 400 to a role that does not exist and changes nothing", async () => {
    const before = await snapshot();
    const answer = await post(team.owner, "members", { json: { intent: "update-member-role", member_id: team.memberships.member, role: 30 } });
    expect(answer.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
