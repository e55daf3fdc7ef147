// Accounts by mail, as a person meets them: forgetting a password, finding the mail in the
// development outbox, resetting it from the mail's link, and every other browser signed out.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "../../workers/domain/password-reset";
import { expectNoAxeViolations } from "./axe";
import { VERIFICATION_SENT } from "../../workers/domain/email-verification";
import { VERIFY_BEFORE_ACCEPTING } from "../../workers/domain/invitations";
import { SIGN_IN_LINK_INVALID } from "../../workers/domain/sign-in-by-mail";
import { emailChangeRequested } from "../../workers/domain/email-change";
import {
  ApiUser,
  PASSWORD,
  launchBrowser,
  login,
  mailedText,
  newPage,
  pathOf,
  screenshotsInThemes,
  to,
  uniqueEmail,
  uniqueSlug,
  verifyAddressThroughOutbox,
  visible,
  waitForHydration,
  waitForPath,
} from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NEW_PASSWORD = "a much better passphrase";

describe("password reset", () => {
  test("forgot the password: the outbox has the mail, its link sets a new one once, other browsers are signed out", async () => {
    const account = await ApiUser.signUp();
    const elsewhere = await newPage(browser);
    await login(elsewhere.page, { email: account.email, password: PASSWORD });

    const { page, errors, context, goto } = await newPage(browser);
    await goto(to.signIn());
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await waitForPath(page, "/forgot-password");
    await waitForHydration(page);
    await screenshotsInThemes(page, "forgot-password", (theme) => expectNoAxeViolations(page, `forgot password, ${theme}`));
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await visible(page.getByRole("status").getByText(RESET_REQUESTED));
    await screenshotsInThemes(page, "forgot-password-sent");

    // The mail, as the development outbox shows it.
    await goto("/dev/outbox");
    const mail = page.getByRole("listitem", { name: `Reset your Edge Tracker password to ${account.email}` });
    await visible(mail);
    await screenshotsInThemes(page, "dev-outbox", (theme) => expectNoAxeViolations(page, `outbox, ${theme}`));
    await mail.getByRole("link", { name: /\/reset-password\/pwr_/ }).click();
    await waitForPath(page, /^\/reset-password\/pwr_/);
    const resetPath = pathOf(page);
    await waitForHydration(page);
    await screenshotsInThemes(page, "reset-password", (theme) => expectNoAxeViolations(page, `reset password, ${theme}`));
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Save and sign in" }).click();
    // Signed in: an account without a workspace lands on workspace creation.
    await waitForPath(page, to.createWorkspace());

    // The other browser's session ended with the old password.
    await elsewhere.page.goto("/profile");
    await waitForHydration(elsewhere.page);
    expect(pathOf(elsewhere.page)).toBe(to.signIn("/profile"));
    // The new password signs in there.
    await login(elsewhere.page, { email: account.email, password: NEW_PASSWORD });

    // The link worked once: opened again (signed out), it says so.
    const later = await newPage(browser);
    await later.goto(resetPath);
    await later.page.getByLabel("New password").fill("yet another passphrase");
    await later.page.getByRole("button", { name: "Save and sign in" }).click();
    await visible(later.page.getByText(RESET_LINK_INVALID));
    await screenshotsInThemes(later.page, "reset-password-used");
    expect(pathOf(later.page)).toBe(resetPath);

    expect([...errors, ...elsewhere.errors, ...later.errors]).toEqual([]);
    for (const tab of [context, elsewhere.context, later.context]) await tab.close();
  });
});

describe("invitations by mail", () => {
  test("an invited person signs up from the mail's link, verifies the address and lands in the workspace", async () => {
    const owner = await ApiUser.signUp();
    const slug = uniqueSlug("mailed");
    await owner.post("/api/workspaces/", { name: "Mailed Co", slug });
    const email = uniqueEmail("invitee");
    await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email, role: 15 }] });

    const { page, errors, context, goto } = await newPage(browser);
    await goto("/dev/outbox");
    const mail = page.getByRole("listitem", { name: new RegExp(`invited you to Mailed Co on Edge Tracker to ${email.replace(/[.+]/g, "\\$&")}$`) });
    await mail.getByRole("link", { name: /\/invitations\/inv_/ }).click();
    // Signed out: sign-up, with the invited address filled in.
    await waitForPath(page, /^\/sign-up\?next=%2Finvitations%2Finv_[\w-]+&email=/);
    await expect.poll(() => page.getByLabel("Email").inputValue()).toBe(email);
    await screenshotsInThemes(page, "sign-up-invited");
    await page.getByLabel("First name").fill("Ivy");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    // Back on the invitation, which waits for the address to be proven.
    await waitForPath(page, /^\/invitations\/inv_[\w-]+$/);
    const invitationPath = pathOf(page);
    await visible(page.getByText(VERIFY_BEFORE_ACCEPTING));
    await screenshotsInThemes(page, "invitation-verify-first", (theme) => expectNoAxeViolations(page, `invitation waiting for verification, ${theme}`));

    // The profile says what is missing and mails the link again.
    await goto("/profile");
    const notice = page.getByRole("region", { name: "Verify your email address" });
    await notice.getByRole("button", { name: "Send the link again" }).click();
    await visible(notice.getByRole("status").getByText(VERIFICATION_SENT));
    await screenshotsInThemes(page, "profile-unverified");

    await verifyAddressThroughOutbox(page, email);
    await screenshotsInThemes(page, "verify-email-done", (theme) => expectNoAxeViolations(page, `address verified, ${theme}`));
    await goto(invitationPath);
    await page.getByRole("button", { name: "Accept and join Mailed Co" }).click();
    await waitForPath(page, to.workspace(slug));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The outbox entry of the newest sign-in mail to `email` (its subject carries the code). */
const signInMailIn = (page: Page, email: string) =>
  page.getByRole("listitem", { name: new RegExp(`^Your Edge Tracker sign-in code: \\d{6} to ${email.replace(/[.+]/g, "\\$&")}$`) }).first();

describe("sign-in by mail", () => {
  test("the mailed link signs in once and only once", async () => {
    const account = await ApiUser.signUp();
    const { page, errors, context, goto } = await newPage(browser);
    await goto(to.signIn());
    await page.getByRole("link", { name: "Email me a sign-in link" }).click();
    await waitForPath(page, "/sign-in-link");
    await waitForHydration(page);
    await screenshotsInThemes(page, "sign-in-link", (theme) => expectNoAxeViolations(page, `sign-in link, ${theme}`));
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await waitForPath(page, /^\/sign-in-code\?email=/);
    await visible(page.getByText(`If an account uses ${account.email}, we mailed it a sign-in link`));
    await screenshotsInThemes(page, "sign-in-code", (theme) => expectNoAxeViolations(page, `sign-in code, ${theme}`));

    await goto("/dev/outbox");
    await signInMailIn(page, account.email).getByRole("link", { name: /\/sign-in-link\/sgn_/ }).click();
    await waitForPath(page, /^\/sign-in-link\/sgn_/);
    const linkPath = pathOf(page);
    await waitForHydration(page);
    await screenshotsInThemes(page, "sign-in-with-link");
    await page.getByRole("button", { name: "Sign in" }).click();
    // Signed in: an account without a workspace lands on workspace creation.
    await waitForPath(page, to.createWorkspace());

    // The same link in another browser: used.
    const later = await newPage(browser);
    await later.goto(linkPath);
    await later.page.getByRole("button", { name: "Sign in" }).click();
    await visible(later.page.getByText(SIGN_IN_LINK_INVALID));
    await screenshotsInThemes(later.page, "sign-in-link-used");
    expect(pathOf(later.page)).toBe(linkPath);
    await later.page.goto("/profile");
    await waitForPath(later.page, to.signIn("/profile"));

    expect([...errors, ...later.errors]).toEqual([]);
    for (const tab of [context, later.context]) await tab.close();
  });

  test("the mailed code, typed on the page that asked for it, signs in", async () => {
    const account = await ApiUser.signUp();
    const { page, errors, context, goto } = await newPage(browser);
    await goto(`/sign-in-link?email=${encodeURIComponent(account.email)}`);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await waitForPath(page, /^\/sign-in-code\?email=/);
    await waitForHydration(page);
    const code = /Your code is (\d{6})/.exec(await mailedText(account.email, /^Your Edge Tracker sign-in code: /))?.[1] as string;
    await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    await visible(page.getByRole("alert").getByText("This code is not valid"));
    await page.getByLabel("Code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await waitForPath(page, to.createWorkspace());
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("changing the address", () => {
  test("the new address confirms the change from its mail, and the old one is told", async () => {
    const account = await ApiUser.signUp();
    const newEmail = uniqueEmail("moved");
    const { page, errors, context, goto } = await newPage(browser);
    await login(page, { email: account.email, password: PASSWORD });
    await goto("/profile");
    const section = page.getByRole("region", { name: "Email address" });
    await section.getByLabel("New email").fill(newEmail);
    await section.getByLabel("Current password").fill(PASSWORD);
    await section.getByRole("button", { name: "Send a confirmation link" }).click();
    await visible(section.getByRole("status").getByText(emailChangeRequested(newEmail)));
    await screenshotsInThemes(page, "profile-email-change", (theme) => expectNoAxeViolations(page, `profile, address change asked, ${theme}`));

    await goto("/dev/outbox");
    await page.getByRole("listitem", { name: `Confirm your new address for Edge Tracker to ${newEmail}` }).getByRole("link", { name: /\/confirm-email\/eml_/ }).click();
    await waitForPath(page, /^\/confirm-email\/eml_/);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Use this address" }).click();
    await visible(page.getByRole("status").getByText(`Your account now uses ${newEmail}.`));
    await screenshotsInThemes(page, "confirm-email-done");

    expect(await mailedText(account.email, "The address of your Edge Tracker account changed")).toContain(`to ${newEmail}`);
    await goto("/profile");
    await visible(page.getByRole("region", { name: "Email address" }).getByText(newEmail, { exact: true }));
    expect(errors).toEqual([]);
    await context.close();
  });
});
