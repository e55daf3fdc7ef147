// Notification mail as a person sets it on their profile: turning instant mail off and choosing a
// daily digest saves at once (the API and a reload agree); and an unsubscribe link's page acts
// only on its button, and says so when the link is not valid.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, launchBrowser, login, newPage, screenshotsInThemes, to, uniqueSlug, visible, waitForHydration } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("notification mail on the profile", () => {
  test("turns instant mail off and chooses a daily digest, saved at once", async () => {
    const account = await ApiUser.signUp();
    const slug = uniqueSlug("nmail");
    await account.post("/api/workspaces/", { name: "Mail Co", slug });
    const tab = await newPage(browser, { width: 1440, height: 900 });
    await login(tab.page, { email: account.email, password: PASSWORD }, { next: to.workspace(slug) });
    await tab.goto("/profile");
    await waitForHydration(tab.page);

    const card = tab.page.getByRole("region", { name: "Notification mail" });
    const instant = card.getByRole("switch", { name: "Mentions and assignments" });
    const digest = card.getByLabel("Digest of everything else");
    await visible(instant);
    expect(await instant.getAttribute("aria-checked")).toBe("true");
    expect(await digest.inputValue()).toBe("4");
    await screenshotsInThemes(tab.page, "profile-notification-mail", (theme) => expectNoAxeViolations(tab.page, `profile notification mail, ${theme}`));

    await instant.click();
    await visible(tab.page.getByText("Your notification mail settings are saved."));
    await expect.poll(() => instant.getAttribute("aria-checked")).toBe("false");
    await digest.selectOption({ label: "Once a day" });
    await expect.poll(() => account.call("GET", "/api/users/me/notification-preferences/")).toEqual({ instant: false, digest_hours: 24 });

    await tab.page.reload();
    await waitForHydration(tab.page);
    expect(await instant.getAttribute("aria-checked")).toBe("false");
    expect(await digest.inputValue()).toBe("24");
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test("an unsubscribe link acts on its button only, and says when it is not valid", async () => {
    const tab = await newPage(browser, { width: 1440, height: 900 });
    await tab.goto("/unsubscribe/not-a-person.not-a-signature");
    await waitForHydration(tab.page);
    await visible(tab.page.getByRole("heading", { name: "Unsubscribe from notification mail" }));
    await screenshotsInThemes(tab.page, "unsubscribe-page", (theme) => expectNoAxeViolations(tab.page, `unsubscribe page, ${theme}`));
    await tab.page.getByRole("button", { name: "Unsubscribe" }).click();
    await visible(tab.page.getByText("This unsubscribe link is not valid."));
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });
});
