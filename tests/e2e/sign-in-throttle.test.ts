// Signing in under the throttle and signing out everywhere, as a person meets them (ADR 027).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOO_MANY_SIGN_IN_ATTEMPTS } from "../../workers/domain/schemas/accounts";
import { SIGN_IN_FAILURE_LIMIT } from "../../workers/domain/sign-in-throttle";
import { ApiUser, PASSWORD, launchBrowser, login, newPage, pathOf, to, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A client address of its own (documentation IPv6), so other tests' failures do not count here. */
const ownAddress = () => `2001:db8:e2e::${Math.floor(Math.random() * 0xffff).toString(16)}`;

describe("sign-in throttle", () => {
  test(`the ${SIGN_IN_FAILURE_LIMIT + 1}th failed sign-in in 15 minutes shows the throttle message`, async () => {
    const account = await ApiUser.signUp();
    const { page, errors, context, goto } = await newPage(browser);
    await context.setExtraHTTPHeaders({ "CF-Connecting-IP": ownAddress() });
    await goto(to.signIn());

    const attempt = async (password: string) => {
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(password);
      const answered = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Sign in" }).click();
      return (await answered).status();
    };
    for (let i = 0; i < SIGN_IN_FAILURE_LIMIT; i++) expect(await attempt("not the password")).toBe(401);
    await visible(page.getByText("Invalid email or password."));

    // Even the right password is refused now, with the message instead of a redirect.
    expect(await attempt(PASSWORD)).toBe(429);
    await visible(page.getByText(TOO_MANY_SIGN_IN_ATTEMPTS));
    expect(new URL(page.url()).pathname).toBe("/");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("signing out of all sessions on the profile page signs out every browser", async () => {
    const account = await ApiUser.signUp();
    const first = await newPage(browser);
    const second = await newPage(browser);
    for (const tab of [first, second]) await login(tab.page, { email: account.email, password: PASSWORD });

    await first.goto("/profile");
    await first.page.getByRole("button", { name: "Sign out of all sessions" }).click();
    await waitForPath(first.page, "/");
    await visible(first.page.getByRole("heading", { name: "Sign in to Edge Tracker" }));

    await second.page.goto("/profile");
    await waitForHydration(second.page);
    expect(pathOf(second.page)).toBe(to.signIn("/profile"));
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
