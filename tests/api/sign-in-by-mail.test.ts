// Signing in by mail, through the real queue and the local SMTP server: the mail carries a link
// and a code that each sign in once, the newest mail replaces older ones, a wrong code counts
// against the sign-in throttle like a wrong password, and the answer never tells whether an
// address has an account.
import { describe, expect, it } from "vitest";
import { SIGN_IN_CODE_INVALID, SIGN_IN_LINK_INVALID, SIGN_IN_MAIL_SENT } from "../../workers/domain/sign-in-by-mail";
import { SIGN_IN_FAILURE_LIMIT } from "../../workers/domain/sign-in-throttle";
import { MAIL_REQUESTS_PER_EMAIL } from "../../workers/domain/sign-up-limit";
import { TOO_MANY_MAIL_REQUESTS, TOO_MANY_SIGN_IN_ATTEMPTS } from "../../workers/domain/schemas/accounts";
import type { ReceivedMail } from "../fakes/mail/server";
import { waitForMails } from "../helpers/mailbox";
import { call, cookieFrom, signUp, uniqueEmail } from "../helpers/api";
import { rowOf } from "../helpers/fixtures";

const linkTokenIn = (mail: ReceivedMail) => /\/sign-in-link\/(sgn_[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
const codeIn = (mail: ReceivedMail) => /Your code is (\d{6})/.exec(mail.text)?.[1] as string;
const ask = (email: string) => call("POST", "/api/auth/sign-in-link/", { body: { email } });
const openSignInLink = (token: string) => call("POST", "/api/auth/sign-in-link/confirm/", { body: { token } });
const typeCode = (email: string, code: string) => call("POST", "/api/auth/sign-in-code/", { body: { email, code } });
const me = (cookie: string) => call("GET", "/api/users/me/", { cookie });

/** Asks for a sign-in mail for `email` and waits for the `count`-th one. */
async function mailedSignIn(email: string, count = 1) {
  expect((await ask(email)).body).toEqual({ message: SIGN_IN_MAIL_SENT });
  return (await waitForMails(email, count, /^Your Edge Tracker sign-in code: /)).at(-1) as ReceivedMail;
}

describe("sign-in by mail", () => {
  it("mails a link that signs in once, and marks the address verified", async () => {
    const person = await signUp({}, { unverified: true });
    const mail = await mailedSignIn(person.user.email);
    expect(mail.subject).toBe(`Your Edge Tracker sign-in code: ${codeIn(mail)}`);
    expect(mail.html).toContain(`href="http://127.0.0.1:8787/sign-in-link/${linkTokenIn(mail)}"`);

    const signedIn = await openSignInLink(linkTokenIn(mail));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: person.user.email, is_email_verified: true });
    expect((await me(cookieFrom(signedIn.headers))).status).toBe(200);
    // Once only, and the code of the same mail is spent with it.
    expect((await openSignInLink(linkTokenIn(mail))).body).toEqual({ token: [SIGN_IN_LINK_INVALID] });
    expect((await typeCode(person.user.email, codeIn(mail))).body).toEqual({ error: SIGN_IN_CODE_INVALID });
  });

  it("signs in with the mail's code typed on another device, once", async () => {
    const person = await signUp();
    const mail = await mailedSignIn(person.user.email);
    const code = codeIn(mail);
    // Spaces people type between the digits do not matter.
    const signedIn = await typeCode(person.user.email.toUpperCase(), `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(signedIn.status).toBe(200);
    expect((await me(cookieFrom(signedIn.headers))).status).toBe(200);
    expect((await typeCode(person.user.email, code)).status).toBe(401);
    expect((await openSignInLink(linkTokenIn(mail))).status).toBe(400);
  });

  it("a newer mail replaces the older one's link and code", async () => {
    const person = await signUp();
    const first = await mailedSignIn(person.user.email);
    const second = await mailedSignIn(person.user.email, 2);
    expect((await openSignInLink(linkTokenIn(first))).status).toBe(400);
    if (codeIn(first) !== codeIn(second)) expect((await typeCode(person.user.email, codeIn(first))).status).toBe(401);
    expect((await typeCode(person.user.email, codeIn(second))).status).toBe(200);
  });

  it("counts wrong codes against the sign-in throttle, then refuses even the right one", async () => {
    const person = await signUp();
    const mail = await mailedSignIn(person.user.email);
    const wrong = codeIn(mail) === "000000" ? "111111" : "000000";
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) {
      expect((await typeCode(person.user.email, wrong)).body).toEqual({ error: SIGN_IN_CODE_INVALID });
    }
    const refused = await typeCode(person.user.email, codeIn(mail));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_SIGN_IN_ATTEMPTS });
    // The same counter as passwords: a password sign-in is refused as well.
    expect((await call("POST", "/api/auth/sign-in/", { body: { email: person.user.email, password: "correct horse battery" } })).status).toBe(429);
  });

  it("answers an unknown address as a known one and mails nobody; a code for it is refused alike", async () => {
    const email = uniqueEmail("nobody");
    expect((await ask(email)).status).toBe(202);
    expect(await rowOf("mail_messages", "recipient = ?", email)).toBeNull();
    const refused = await typeCode(email, "123456");
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: SIGN_IN_CODE_INVALID });
  });

  it("refuses malformed input with field messages", async () => {
    expect((await typeCode("someone@example.com", "12ab")).body).toEqual({ code: ["Enter the 6 digits from the mail."] });
    expect((await openSignInLink("")).body).toEqual({ token: ["The link is missing its code."] });
    expect((await ask("not an address")).body).toEqual({ email: ["Enter a valid email address."] });
  });

  it("limits how often one address can be sent a sign-in mail", async () => {
    const person = await signUp();
    for (let i = 0; i < MAIL_REQUESTS_PER_EMAIL; i++) expect((await ask(person.user.email)).status).toBe(202);
    const refused = await ask(person.user.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: TOO_MANY_MAIL_REQUESTS });
  });
});
