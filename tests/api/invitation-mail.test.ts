// Invitation mails through the real queue and the local SMTP server: inviting mails the address a
// link to the invitation, in the workspace's mail log; resending mails a new link and the old one
// stops working; no address can be flooded with invitations.
import { describe, expect, it } from "vitest";
import { TOO_MANY_MAIL_REQUESTS } from "../../workers/domain/schemas/accounts";
import { MAIL_REQUESTS_PER_EMAIL } from "../../workers/domain/sign-up-limit";
import type { ReceivedMail } from "../fakes/mail/server";
import { signUp, uniqueEmail } from "../helpers/api";
import { createWorkspace, expectStatus, rowOf } from "../helpers/fixtures";
import { waitForMails } from "../helpers/mailbox";

const tokenIn = (mail: ReceivedMail) => /\/invitations\/(inv_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;

describe("invitation mails", () => {
  it("inviting mails the address a link that joins the workspace", async () => {
    const owner = await signUp({ first_name: "Olga", last_name: "Owner" });
    const { slug, name, id } = await createWorkspace(owner);
    const email = uniqueEmail("invitee");
    expectStatus(await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email, role: 15 }] }), 200);

    const [mail] = await waitForMails(email, 1);
    expect(mail.subject).toBe(`Olga Owner invited you to ${name} on Edge Tracker`);
    expect(mail.text).toContain(owner.user.email);
    expect(await rowOf("mail_messages", "recipient = ? AND kind = 'invitation'", email)).toMatchObject({ workspace_id: id, status: "sent" });

    const invitee = await signUp({ email });
    expectStatus(await invitee.post("/api/users/me/invitations/workspaces/", { token: tokenIn(mail) }), 200);
    expectStatus(await invitee.get(`/api/workspaces/${slug}/`), 200);
  });

  it("one address is mailed at most a few invitations an hour, whoever invites it", async () => {
    const email = uniqueEmail("popular");
    for (let i = 0; i < MAIL_REQUESTS_PER_EMAIL; i++) {
      const owner = await signUp();
      const { slug } = await createWorkspace(owner);
      expectStatus(await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email, role: 15 }] }), 200);
    }
    const owner = await signUp();
    const { slug } = await createWorkspace(owner);
    const refused = await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email, role: 15 }] });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_MAIL_REQUESTS });
    expect(await rowOf("workspace_invitations", "email = ? AND workspace_id = (SELECT id FROM workspaces WHERE slug = ?)", email, slug)).toBeNull();
    expect(await waitForMails(email, MAIL_REQUESTS_PER_EMAIL)).toHaveLength(MAIL_REQUESTS_PER_EMAIL);
  });
});
