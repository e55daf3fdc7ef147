// Password reset by mail, end to end through the real queue and the local SMTP server: the mail
// arrives with a working link; the link sets the password once, ends every session and every
// other link; the answer never tells whether an address has an account; and asking is limited.
import { describe, expect, it } from "vitest";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "../../workers/domain/password-reset";
import { MAIL_REQUESTS_PER_EMAIL } from "../../workers/domain/sign-up-limit";
import { TOO_MANY_MAIL_REQUESTS } from "../../workers/domain/schemas/accounts";
import type { ReceivedMail } from "../fakes/mail/server";
import { waitForMails } from "../helpers/mailbox";
import { call, cookieFrom, signUp, uniqueEmail } from "../helpers/api";
import { rowOf } from "../helpers/fixtures";

const NEW_PASSWORD = "a brand new passphrase";
const SUBJECT = "Reset your Edge Tracker password";

const tokenIn = (mail: ReceivedMail) => /\/reset-password\/(pwr_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
const ask = (email: string) => call("POST", "/api/auth/password-reset/", { body: { email } });
const confirm = (token: string, password = NEW_PASSWORD) => call("POST", "/api/auth/password-reset/confirm/", { body: { token, password } });
const signIn = (email: string, password: string) => call("POST", "/api/auth/sign-in/", { body: { email, password } });

describe("password reset", () => {
  it("mails a link that sets a new password once, ends the old sessions and signs this browser in", async () => {
    const person = await signUp();
    const email = person.user.email;
    const asked = await ask(email.toUpperCase());
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_REQUESTED });

    const [mail] = await waitForMails(email, 1, SUBJECT);
    expect(mail.subject).toBe(SUBJECT);
    expect(mail.text).toContain("http://127.0.0.1:8787/reset-password/pwr_");
    expect(mail.html).toContain(`href="http://127.0.0.1:8787/reset-password/${tokenIn(mail)}"`);
    expect(await rowOf("mail_messages", "recipient = ? AND kind = 'password-reset'", email)).toMatchObject({ kind: "password-reset", status: "sent", transport: "smtp" });

    const reset = await confirm(tokenIn(mail));
    expect(reset.status).toBe(200);
    expect(reset.body.user.email).toBe(email);
    // The old session is over; the new one works; the new password signs in, the old one not.
    expect((await call("GET", "/api/users/me/", { cookie: person.cookie })).status).toBe(401);
    expect((await call("GET", "/api/users/me/", { cookie: cookieFrom(reset.headers) })).status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(email, "correct horse battery")).status).toBe(401);
    // The link worked once.
    const again = await confirm(tokenIn(mail), "yet another passphrase");
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: [RESET_LINK_INVALID] });
  });

  it("a newer link replaces the older one", async () => {
    const person = await signUp();
    const email = person.user.email;
    await ask(email);
    const [first] = await waitForMails(email, 1, SUBJECT);
    await ask(email);
    const mails = await waitForMails(email, 2, SUBJECT);
    const second = mails.find((mail) => tokenIn(mail) !== tokenIn(first)) as ReceivedMail;
    expect((await confirm(tokenIn(first))).body).toEqual({ token: [RESET_LINK_INVALID] });
    expect((await confirm(tokenIn(second))).status).toBe(200);
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const email = uniqueEmail("nobody");
    const asked = await ask(email);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_REQUESTED });
    expect(await rowOf("mail_messages", "recipient = ?", email)).toBeNull();
  });

  it("refuses a made-up link and a weak new password with field messages, changing nothing", async () => {
    expect((await confirm("pwr_made-up")).body).toEqual({ token: [RESET_LINK_INVALID] });
    const person = await signUp();
    await ask(person.user.email);
    const [mail] = await waitForMails(person.user.email, 1, SUBJECT);
    const weak = await confirm(tokenIn(mail), "short");
    expect(weak.status).toBe(400);
    expect(weak.body.password).toEqual(["Password must be at least 8 characters long."]);
    // The link still works after a refused attempt, and the session lived on.
    expect((await call("GET", "/api/users/me/", { cookie: person.cookie })).status).toBe(200);
    expect((await confirm(tokenIn(mail))).status).toBe(200);
  });

  it("limits how often one address can be sent a link (no mail bombing)", async () => {
    const person = await signUp();
    for (let i = 0; i < MAIL_REQUESTS_PER_EMAIL; i++) expect((await ask(person.user.email)).status).toBe(202);
    const refused = await ask(person.user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_MAIL_REQUESTS });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
