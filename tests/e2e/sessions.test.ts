// Where you're signed in, as a person checks it: signed in on two browsers, the profile lists both
// with this one marked, signing the other out (after a confirmation) removes its row, and that
// browser's next page is the sign-in page.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, launchBrowser, login, newPage, pathOf, screenshotsInThemes, to, uniqueSlug, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0";

describe("sessions on the profile", () => {
  test("signs the other browser out: its row goes and its next page is sign-in", async () => {
    const account = await ApiUser.signUp();
    const slug = uniqueSlug("sess");
    await account.post("/api/workspaces/", { name: "Sessions Co", slug });
    // The account's sign-up session (a script's, with no browser named) is ended first, so the
    // list holds exactly the two browsers of this test.
    await account.call("POST", "/api/auth/sign-out/");

    const here = await newPage(browser, { width: 1440, height: 900 });
    await login(here.page, { email: account.email, password: PASSWORD }, { next: to.workspace(slug) });
    const laptop = await newPage(browser, { userAgent: FIREFOX_MAC });
    await login(laptop.page, { email: account.email, password: PASSWORD }, { next: to.workspace(slug) });

    await here.goto("/profile");
    await waitForHydration(here.page);
    const card = here.page.getByRole("region", { name: "Where you're signed in" });
    const rows = card.getByRole("list", { name: "Sessions" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(2);
    const current = rows.filter({ hasText: "This device" });
    await visible(current);
    await expect.poll(() => current.textContent()).toMatch(/Chrome on Linux[\s\S]*Active now/);
    // This browser's own row has no sign-out of its own: "Sign out of all sessions" or the menu do it.
    expect(await current.getByRole("button", { name: /^Sign out/ }).count()).toBe(0);
    const other = rows.filter({ hasText: "Firefox on macOS" });
    await visible(other.getByText(/Last seen (just now|\d+ minutes? ago)/));
    await screenshotsInThemes(here.page, "profile-sessions", (theme) => expectNoAxeViolations(here.page, `profile sessions, ${theme}`));

    await other.getByRole("button", { name: /^Sign out Firefox on macOS/ }).click();
    const confirm = here.page.getByRole("alertdialog", { name: "Sign out this session?" });
    await visible(confirm);
    await screenshotsInThemes(here.page, "profile-sessions-confirm");
    await confirm.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await visible(here.page.getByText("Firefox on macOS is signed out."));
    expect(await rows.first().textContent()).toContain("This device");

    // The other browser's next navigation asks it to sign in.
    await laptop.page.goto("/profile");
    await waitForPath(laptop.page, to.signIn("/profile"));
    expect(pathOf(laptop.page)).toBe(to.signIn("/profile"));
    // This one is still signed in.
    await here.page.reload();
    await visible(here.page.getByRole("heading", { name: "Profile settings" }));

    expect([...here.errors, ...laptop.errors]).toEqual([]);
    for (const tab of [here.context, laptop.context]) await tab.close();
  });
});
