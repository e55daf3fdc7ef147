// The emoji and icon picker as people use it: in project create, search an emoji and pick it,
// pick another with the keyboard, and find both under "Recently used" (newest first, an unreadable
// stored list dropped); in project settings, pick an icon in a colour and see it in the sidebar
// after a reload. The popover opens next to its trigger, inside the window. What the server
// stored is read back through the REST API.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiUser,
  PASSWORD,
  type TestPage,
  expectBesideTrigger,
  launchBrowser,
  login,
  newPage,
  screenshot,
  to,
  uniqueSlug,
  visible,
  waitForHydration,
  waitForPath,
} from "./fixtures";

interface ProjectRow {
  id: string;
  name: string;
  emoji: string | null;
  icon_prop: { name: string; color: string } | null;
}

let browser: Browser;
let owner: ApiUser;
let slug: string;
let tab: TestPage;

const TRIGGER = "Choose project emoji or icon";
const projects = () => owner.call<ProjectRow[]>("GET", `/api/workspaces/${slug}/projects/`);
const storedRecent = (page: Page) => page.evaluate(() => window.localStorage.getItem("recentEmojis"));

async function openPicker(page: Page, scope: Locator) {
  const trigger = scope.getByRole("button", { name: TRIGGER });
  await trigger.click();
  const popover = page.getByRole("dialog", { name: "Emoji and icon" });
  await visible(popover.getByRole("tab", { name: "Emoji" }));
  return { trigger, popover };
}

async function openCreateProject(page: Page) {
  await page.goto(to.workspace(slug));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add Project" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Project" });
  await visible(dialog);
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = uniqueSlug("picker");
  await owner.post("/api/workspaces/", { name: "Picker Works", slug });
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("emoji and icon picker", () => {
  test("project create: search and pick an emoji, pick one by keyboard, both show under Recently used", async () => {
    const page = tab.page;
    // A stored list the picker cannot read is dropped, not shown.
    await page.goto(to.workspace(slug));
    await page.evaluate(() => window.localStorage.setItem("recentEmojis", "not a list"));
    let dialog = await openCreateProject(page);
    let { trigger, popover } = await openPicker(page, dialog);
    await expectBesideTrigger(page, trigger, popover);
    await expect.poll(() => popover.getByRole("tab", { name: "Emoji" }).getAttribute("aria-selected")).toBe("true");
    await visible(popover.getByRole("region", { name: "Smileys & Emotion" }));
    await expect.poll(() => popover.getByRole("region", { name: "Recently used" }).count()).toBe(0);
    await expect.poll(() => storedRecent(page)).toBeNull();

    // Search narrows the set; picking closes the popover and the trigger shows the emoji.
    await popover.getByRole("searchbox", { name: "Search emoji" }).fill("rocket");
    const results = popover.getByRole("region", { name: "Search results" });
    await visible(results.getByRole("button", { name: "rocket", exact: true }));
    await results.getByRole("button", { name: "rocket", exact: true }).click();
    await expect.poll(() => popover.count()).toBe(0);
    await expect.poll(() => trigger.textContent()).toBe("🚀");
    await expect.poll(() => storedRecent(page)).toBe('["128640"]');

    // By keyboard: Enter opens, Tab reaches the first emoji, arrows move, Enter picks.
    await trigger.focus();
    await page.keyboard.press("Enter");
    await visible(popover.getByRole("searchbox", { name: "Search emoji" }));
    const recent = popover.getByRole("region", { name: "Recently used" });
    await visible(recent.getByRole("button", { name: "rocket" }));
    await popover.getByRole("searchbox", { name: "Search emoji" }).focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("rocket");
    // Down from the recent row reaches the first emoji of the first group.
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("grinning face");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("grinning face with big eyes");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("grinning face");
    // Down goes to the emoji below, in the next row of the group (eight to a row).
    await page.keyboard.press("ArrowDown");
    const belowFirst = await popover.getByRole("region", { name: "Smileys & Emotion" }).getByRole("button").nth(8).getAttribute("aria-label");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(belowFirst);
    await page.keyboard.press("Enter");
    await expect.poll(() => popover.count()).toBe(0);
    await expect.poll(async () => JSON.parse((await storedRecent(page)) ?? "[]")).toHaveLength(2);

    // The project is made with the chosen emoji.
    await dialog.getByLabel("Name").fill("Rocket Board");
    await dialog.getByLabel("Identifier").fill("RKT");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await waitForPath(page, /^\/[^/]+\/projects\/[0-9a-f-]{36}\/issues$/);
    const made = (await projects()).find((project) => project.name === "Rocket Board")!;
    expect(made.emoji).toBe(JSON.parse((await storedRecent(page))!)[0]);
    expect(made.icon_prop).toBeNull();

    // Next time, both are under Recently used, newest first.
    dialog = await openCreateProject(page);
    ({ popover } = await openPicker(page, dialog));
    const names = await popover.getByRole("region", { name: "Recently used" }).getByRole("button").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
    expect(names).toEqual([belowFirst, "rocket"]);
    await page.keyboard.press("Escape");
    expect(tab.errors).toEqual([]);
  });

  test("project settings: an icon in a colour shows in the sidebar after a reload", async () => {
    const page = tab.page;
    const project = await owner.post<ProjectRow>(`/api/workspaces/${slug}/projects/`, { name: "Icon Board", identifier: "ICON", emoji: "127793" });
    await page.goto(`${to.project(slug, project.id)}/settings`);
    await waitForHydration(page);
    const { trigger, popover } = await openPicker(page, page.getByRole("main"));
    await expectBesideTrigger(page, trigger, popover);
    await popover.getByRole("tab", { name: "Icon" }).click();
    // The grey default is chosen until another colour is.
    await visible(popover.getByRole("button", { name: "Default colour #858e96", pressed: true }));
    await popover.getByRole("button", { name: "Colour #FF6B00" }).click();
    await visible(popover.getByRole("button", { name: "Colour #FF6B00", pressed: true }));
    await popover.getByRole("button", { name: "rocket launch icon" }).click();
    await expect.poll(() => popover.count()).toBe(0);
    await visible(trigger.locator('[data-icon="rocket_launch"]'));
    await page.getByRole("button", { name: "Update project" }).click();
    await visible(page.getByText("Project updated successfully."));
    await expect.poll(async () => (await projects()).find((row) => row.id === project.id)).toMatchObject({
      emoji: null,
      icon_prop: { name: "rocket_launch", color: "#FF6B00" },
    });

    await page.reload();
    await waitForHydration(page);
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const drawn = sidebar.getByRole("button", { name: "Icon Board" }).locator('[data-icon="rocket_launch"]');
    await visible(drawn);
    expect(await drawn.evaluate((element) => getComputedStyle(element).color)).toBe("rgb(255, 107, 0)");
    // The symbol is really drawn (the sprite loaded): the icon has a size on screen.
    expect((await drawn.locator("svg").boundingBox())!.width).toBeGreaterThan(8);
    expect(tab.errors).toEqual([]);
  });

  test("screenshots: both tabs, light and dark, wide and narrow", async () => {
    const project = await owner.post<ProjectRow>(`/api/workspaces/${slug}/projects/`, {
      name: "Shots Board",
      identifier: "SHOT",
      icon_prop: { name: "bolt", color: "#05C3FF" },
    });
    // A black icon in the sidebar, to see it on the dark theme too.
    await owner.post(`/api/workspaces/${slug}/projects/`, { name: "Black Icon Board", identifier: "BLK", icon_prop: { name: "star", color: "#000000" } });
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        const shot = await newPage(browser, { width, height: 900 });
        await login(shot.page, { email: owner.email, password: PASSWORD });
        await shot.page.goto(`${to.project(slug, project.id)}/settings`);
        await waitForHydration(shot.page);
        const { popover } = await openPicker(shot.page, shot.page.getByRole("main"));
        await expectBesideTrigger(shot.page, shot.page.getByRole("main").getByRole("button", { name: TRIGGER }), popover);
        await visible(popover.getByRole("button", { name: "bolt icon", pressed: true }));
        await screenshot(shot.page, `picker-icon-${theme}-${width}`);
        await popover.getByRole("tab", { name: "Emoji" }).click();
        await visible(popover.getByRole("region", { name: "Smileys & Emotion" }));
        await screenshot(shot.page, `picker-emoji-${theme}-${width}`);
        // In the create-project dialog too, the popover stays beside its trigger inside the window.
        await shot.page.keyboard.press("Escape");
        await shot.page.goto(to.workspace(slug));
        await waitForHydration(shot.page);
        await shot.page.getByRole("button", { name: "Add Project" }).click();
        const dialog = shot.page.getByRole("dialog", { name: "Create Project" });
        await visible(dialog);
        const opened = await openPicker(shot.page, dialog);
        await expectBesideTrigger(shot.page, opened.trigger, opened.popover);
        await screenshot(shot.page, `picker-create-${theme}-${width}`);
        expect(shot.errors).toEqual([]);
        await shot.context.close();
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
