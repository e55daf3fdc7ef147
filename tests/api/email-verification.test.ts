// Verifying an address, through the real queue and the local SMTP server: sign-up mails a link
// that verifies once; an account that has not proven its address cannot accept an invitation
// until it has; the link can be sent again, a few times an hour, each one replacing the last.
import { describe, expect, it } from "vitest";
import { ALREADY_VERIFIED, VERIFICATION_LINK_INVALID, VERIFICATION_SENT } from "../../workers/domain/email-verification";
import { VERIFY_BEFORE_ACCEPTING } from "../../workers/domain/invitations";
import { MAIL_REQUESTS_PER_EMAIL } from "../../workers/domain/sign-up-limit";
import type { ReceivedMail } from "../fakes/mail/server";
import { waitForMails } from "../helpers/mailbox";
import { call, signUp } from "../helpers/api";
import { createWorkspace, expectStatus } from "../helpers/fixtures";

const SUBJECT = "Verify your email address for Edge Tracker";
const tokenIn = (mail: ReceivedMail) => /\/verify-email\/(vfy_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
const verify = (token: string) => call("POST", "/api/auth/verify-email/", { body: { token } });

describe("email verification", () => {
  it("sign-up mails a link that verifies the address once", async () => {
    const person = await signUp({}, { unverified: true });
    expect((await person.get("/api/users/me/")).body.is_email_verified).toBe(false);
    const [mail] = await waitForMails(person.user.email, 1, SUBJECT);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.html).toContain(`href="http://127.0.0.1:8787/verify-email/${tokenIn(mail)}"`);

    const verified = await verify(tokenIn(mail));
    expect(verified.status).toBe(200);
    expect(verified.body.email).toBe(person.user.email);
    expect((await person.get("/api/users/me/")).body.is_email_verified).toBe(true);
    const again = await verify(tokenIn(mail));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [VERIFICATION_LINK_INVALID] });
  });

  it("an account that has not proven its address cannot accept an invitation until it has", async () => {
    const owner = await signUp();
    const { slug } = await createWorkspace(owner);
    const invitee = await signUp({}, { unverified: true });
    const invite = await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: invitee.user.email, role: 15 }] });
    expectStatus(invite, 200);
    const token = invite.body.invitations[0].token as string;

    const refused = await invitee.post("/api/users/me/invitations/workspaces/", { token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: VERIFY_BEFORE_ACCEPTING });
    expect((await invitee.get(`/api/workspaces/${slug}/`)).status).toBe(403);

    const [mail] = await waitForMails(invitee.user.email, 1, SUBJECT);
    expectStatus(await verify(tokenIn(mail)), 200);
    expectStatus(await invitee.post("/api/users/me/invitations/workspaces/", { token }), 200);
    expectStatus(await invitee.get(`/api/workspaces/${slug}/`), 200);
  });

  it("sends the link again on request, the new one replacing the old, within a limit", async () => {
    const person = await signUp({}, { unverified: true });
    const [first] = await waitForMails(person.user.email, 1, SUBJECT);
    const resent = await person.post("/api/users/me/verification/", {});
    expect(resent.status).toBe(202);
    expect(resent.body).toEqual({ message: VERIFICATION_SENT });
    const mails = await waitForMails(person.user.email, 2, SUBJECT);
    const second = mails.find((mail) => tokenIn(mail) !== tokenIn(first)) as ReceivedMail;
    expect((await verify(tokenIn(first))).status).toBe(400);

    for (let i = 1; i < MAIL_REQUESTS_PER_EMAIL; i++) expect((await person.post("/api/users/me/verification/", {})).status).toBe(202);
    expect((await person.post("/api/users/me/verification/", {})).status).toBe(429);

    expectStatus(await verify(tokenIn(second)), 400);
    const latest = (await waitForMails(person.user.email, MAIL_REQUESTS_PER_EMAIL + 1, SUBJECT)).at(-1) as ReceivedMail;
    expectStatus(await verify(tokenIn(latest)), 200);
    const already = await person.post("/api/users/me/verification/", {});
    expect(already.status).toBe(400);
    expect(already.body).toEqual({ error: ALREADY_VERIFIED });
  });
});
