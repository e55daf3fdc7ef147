// The API reference page as a person reads it: served by the Worker with its one stylesheet and no
// script (the page policy refuses anything else, and the fixtures fail on a refusal), an operation
// opens on a click and shows its parameters, and the page fits a 700 px window, light and dark.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, newPage, screenshot } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("API reference", () => {
  test("opens an operation on a click and shows its parameters, in light and dark, wide and narrow", async () => {
    const { page } = await newPage(browser, { width: 1440, height: 900 });
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/api/docs");
    await expect.poll(() => page.title()).toBe("Edge Tracker API reference");
    // Only this origin's page and stylesheet were asked for.
    const origin = new URL(page.url()).origin;
    expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);
    expect(requested.some((url) => url.endsWith("/api/docs/reference.css"))).toBe(true);
    // The stylesheet applied: on a wide screen the nav stays at the top.
    expect(await page.locator("nav").evaluate((nav) => getComputedStyle(nav).position)).toBe("sticky");
    // Every in-page link leads somewhere, once.
    const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((element) => element.id));
    expect(ids.length).toBe(new Set(ids).size);

    const operation = page.locator("details#getIssue");
    const parameters = operation.locator("table.parameters");
    await expect.poll(() => parameters.isVisible()).toBe(false);
    await operation.locator("summary").click();
    await expect.poll(() => parameters.isVisible()).toBe(true);
    const names = await parameters.locator("tbody tr td:first-child").allInnerTexts();
    expect(names).toEqual(["slug", "projectId", "issueId"]);
    expect(await operation.locator(".responses").textContent()).toContain("404");
    // The answer's schema links to its named schema, which opens where it is.
    await operation.locator('a[href="#schema-Issue"]').first().click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#schema-Issue");

    await operation.scrollIntoViewIfNeeded();
    await operation.evaluate((element) => element.scrollIntoView({ block: "start" }));
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === "dark" ? "rgb(13, 17, 23)" : "rgb(255, 255, 255)");
      for (const width of [1440, 700]) {
        await page.setViewportSize({ width, height: 900 });
        await operation.evaluate((element) => element.scrollIntoView({ block: "start" }));
        // Nothing is wider than the window: long paths wrap, the parameters table stacks.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${colorScheme} ${width}`).toBeLessThanOrEqual(width);
        const box = await operation.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        // The operation's own line is not under the nav.
        const nav = await page.locator("nav").boundingBox();
        const summary = await operation.locator("summary").boundingBox();
        expect(summary && nav && summary.y >= Math.max(0, nav.y + nav.height - 1)).toBe(true);
        await screenshot(page, `api-reference-${colorScheme}-${width}`, { fullPage: false });
      }
    }

    // A write shows its body's fields, with what each requires.
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1440, height: 900 });
    const create = page.locator("details#createIssue");
    await create.locator("summary").click();
    const name = create.locator("ul.schema > li").filter({ has: page.locator("code.field", { hasText: /^name$/ }) });
    expect(await name.textContent()).toMatch(/string\s+required\s+min length 1, max length 255/);
    await create.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await screenshot(page, "api-reference-body-light-1440", { fullPage: false });
  });
});
