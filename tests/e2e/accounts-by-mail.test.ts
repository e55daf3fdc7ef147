// Accounts by mail, as a person meets them: forgetting a password, finding the mail in the
// development outbox, resetting it from the mail's link, and every other browser signed out.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESET_LINK_INVALID, RESET_REQUESTED } from "../../workers/domain/password-reset";
import { expectNoAxeViolations } from "./axe";
import { VERIFICATION_SENT } from "../../workers/domain/email-verification";
import { VERIFY_BEFORE_ACCEPTING } from "../../workers/domain/invitations";
import {
  ApiUser,
  PASSWORD,
  launchBrowser,
  login,
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
