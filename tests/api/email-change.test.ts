// Changing the account's address: the current password is checked, a link goes to the new
// address and nothing changes until it is opened; then the account uses the new address (verified),
// the old address is told, and links mailed to the old address stop working.
import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN } from "../../workers/domain/accounts";
import { EMAIL_CHANGE_LINK_INVALID, SAME_EMAIL, emailChangeRequested } from "../../workers/domain/email-change";
import { CURRENT_PASSWORD_WRONG } from "../../workers/domain/schemas/profile";
import type { ReceivedMail } from "../fakes/mail/server";
import { mailsTo, waitForMails } from "../helpers/mailbox";
import { call, signUp, uniqueEmail } from "../helpers/api";
import { rowOf } from "../helpers/fixtures";

const PASSWORD = "correct horse battery";
const CONFIRM_SUBJECT = "Confirm your new address for Edge Tracker";
const NOTICE_SUBJECT = "The address of your Edge Tracker account changed";

const tokenIn = (mail: ReceivedMail) => /\/confirm-email\/(eml_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
const askChange = (cookie: string, email: string, current_password = PASSWORD) => call("POST", "/api/users/me/email/", { cookie, body: { email, current_password } });
const confirm = (token: string) => call("POST", "/api/auth/confirm-email/", { body: { token } });
const signIn = (email: string) => call("POST", "/api/auth/sign-in/", { body: { email, password: PASSWORD } });

/** Asks to move `person` to a fresh address and answers the address and the link mailed there. */
async function requestedChange(person: Awaited<ReturnType<typeof signUp>>) {
  const email = uniqueEmail("moved");
  const asked = await askChange(person.cookie, email);
  expect(asked.status).toBe(202);
  expect(asked.body).toEqual({ message: emailChangeRequested(email), pending_email: email });
  const [mail] = await waitForMails(email, 1, CONFIRM_SUBJECT);
  return { email, token: tokenIn(mail) };
}

describe("changing the account's address", () => {
  it("moves the account once the new address's link is opened, and tells the old one", async () => {
    const person = await signUp();
    const oldEmail = person.user.email;
    const { email, token } = await requestedChange(person);
    // Nothing changed yet.
    expect((await call("GET", "/api/users/me/", { cookie: person.cookie })).body.email).toBe(oldEmail);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ email });
    expect((await call("GET", "/api/users/me/", { cookie: person.cookie })).body).toMatchObject({ email, is_email_verified: true });
    expect((await signIn(email)).status).toBe(200);
    expect((await signIn(oldEmail)).status).toBe(401);
    const [notice] = await waitForMails(oldEmail, 1, NOTICE_SUBJECT);
    expect(notice.text).toContain(`changed from ${oldEmail} to ${email}`);
    // Once only.
    expect((await confirm(token)).body).toEqual({ token: [EMAIL_CHANGE_LINK_INVALID] });
  });

  it("ends the reset links mailed to the old address", async () => {
    const person = await signUp();
    await call("POST", "/api/auth/password-reset/", { body: { email: person.user.email } });
    const [reset] = await waitForMails(person.user.email, 1, "Reset your Edge Tracker password");
    const { token } = await requestedChange(person);
    expect((await confirm(token)).status).toBe(200);
    const resetToken = /\/reset-password\/(pwr_[A-Za-z0-9_-]+)/.exec(reset.text)?.[1];
    expect((await call("POST", "/api/auth/password-reset/confirm/", { body: { token: resetToken, password: "a brand new passphrase" } })).status).toBe(400);
  });

  it("refuses a wrong password, the same address and one another account uses, mailing nothing", async () => {
    const person = await signUp();
    const other = await signUp();
    const fresh = uniqueEmail("fresh");
    expect((await askChange(person.cookie, fresh, "not my password")).body).toEqual({ current_password: [CURRENT_PASSWORD_WRONG] });
    expect((await askChange(person.cookie, person.user.email.toUpperCase())).body).toEqual({ email: [SAME_EMAIL] });
    expect((await askChange(person.cookie, other.user.email)).body).toEqual({ email: [EMAIL_TAKEN] });
    expect((await askChange(person.cookie, "nope")).body).toEqual({ email: ["Enter a valid email address."] });
    expect(await rowOf("mail_messages", "recipient IN (?, ?) AND kind = 'change-email'", fresh, other.user.email)).toBeNull();
  });

  it("refuses the link when someone took the address meanwhile, and the account keeps its own", async () => {
    const person = await signUp();
    const { email, token } = await requestedChange(person);
    await signUp({ email });
    const refused = await confirm(token);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ token: [EMAIL_TAKEN] });
    expect((await call("GET", "/api/users/me/", { cookie: person.cookie })).body.email).toBe(person.user.email);
    expect(await mailsTo(person.user.email, NOTICE_SUBJECT)).toEqual([]);
  });

  it("needs a signed-in caller to ask", async () => {
    expect((await call("POST", "/api/users/me/email/", { body: { email: uniqueEmail(), current_password: PASSWORD } })).status).toBe(401);
  });
});
