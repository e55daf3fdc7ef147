// Saved views as people use them: create one with a filter through the dialog, find it in the
// list, open it and see only the issues it matches, switch it to the Gantt chart, rename it,
// star it and delete it; a star the server refuses shows the spec's toast; viewers read the
// list without its controls. What the server stored is read back from the REST API; data the
// test is not about is arranged through it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type ApiUser,
  type TestPage,
  PASSWORD,
  launchBrowser,
  login,
  newPage,
  projectWithMember,
  screenshot,
  to,
  visible,
  waitForHydration,
} from "./fixtures";

interface ViewRow {
  id: string;
  name: string;
  description: string;
  query_data: Record<string, unknown>;
  is_favorite: boolean;
}

let browser: Browser;
let owner: ApiUser;
let viewer: ApiUser;
let slug: string;
let projectId: string;
let base: string;
let ownerTab: TestPage;

const viewsPath = () => `${to.project(slug, projectId)}/views`;
const views = () => owner.call<ViewRow[]>("GET", `${base}/views/`);

/** The date `days` from today (UTC), as the API stores due dates. */
function dayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function openViews(page: Page) {
  await page.goto(viewsPath());
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "Views", level: 1 }));
}

/** Waits for transitions to end (a dialog fading in), so a screenshot shows what a person reads. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
}

const issueNames = async (page: Page) =>
  (await page.locator("[data-issue-id] a[data-issue-link]").allTextContents()).map((text) => text.trim()).sort();

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, member: viewer, slug, projectId, base } = await projectWithMember({
    slugPrefix: "saved-views",
    workspace: "Saved Views Works",
    project: "Saved Views Board",
    identifier: "SAVED",
    role: 10,
  }));
  await owner.post(`${base}/issues/`, { name: "Hot outage", priority: "urgent", start_date: dayFromToday(-1), target_date: dayFromToday(3) });
  await owner.post(`${base}/issues/`, { name: "Cold chore", priority: "low" });
  await owner.post(`${base}/issues/`, { name: "Warm task", priority: "high" });
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("saved views", () => {
  test("create with a filter, open it, see it as a Gantt chart, rename, star and delete it", async () => {
    const page = ownerTab.page;
    await openViews(page);
    await visible(page.getByRole("heading", { name: "No views yet" }));

    // Create: the title is required; the filter is picked with the issue views' filter menu.
    await page.getByRole("button", { name: "Create View" }).click();
    const dialog = page.getByRole("dialog", { name: "Create View" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Create View" }).click();
    await visible(dialog.getByText("Title is required"));
    await dialog.getByLabel("Title").fill("Urgent only");
    await dialog.getByLabel("Description").fill("Fires to put out first");
    const filtersButton = dialog.getByRole("button", { name: "Filters" });
    await filtersButton.click();
    const menu = page.getByRole("menu");
    const urgent = menu.getByRole("menuitemcheckbox", { name: "Urgent" });
    await visible(urgent);
    // The menu opens next to its trigger, inside the window.
    const trigger = (await filtersButton.boundingBox())!;
    const opened = (await menu.boundingBox())!;
    expect(Math.abs(opened.y - (trigger.y + trigger.height))).toBeLessThan(40);
    expect(opened.x + opened.width).toBeLessThanOrEqual(1440);
    await urgent.click();
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    // Escape closed the menu only; the chosen filter shows in the dialog.
    const chips = dialog.getByRole("region", { name: "Filters of the view" });
    await visible(chips.getByRole("button", { name: "Remove Urgent filter" }));
    await settled(page);
    await screenshot(page, "views-dialog-create-light-1440");
    await dialog.getByRole("button", { name: "Create View" }).click();
    await visible(page.getByText("View created successfully."));
    await expect.poll(() => dialog.count()).toBe(0);

    // The list shows it with its filter in words; the server stored the filter.
    const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Urgent only" }) });
    await visible(row);
    await visible(row.getByText("Fires to put out first"));
    await visible(row.getByText("Priority:"));
    await visible(row.getByText("Urgent", { exact: true }).or(row.getByText(/Priority:\s*Urgent/)));
    const [stored] = await views();
    expect(stored).toMatchObject({ name: "Urgent only", description: "Fires to put out first" });
    expect(stored.query_data).toMatchObject({ priority: ["urgent"] });

    // Open it: only the urgent issue, in the list layout.
    await row.getByRole("link", { name: "Urgent only" }).click();
    await page.waitForURL(new RegExp(`/views/${stored.id}$`));
    await visible(page.getByRole("heading", { name: "Urgent only" }));
    await expect.poll(() => issueNames(page)).toEqual(["Hot outage"]);

    // The same view as a Gantt chart: a bar for the urgent issue only.
    await page.getByRole("button", { name: "Gantt chart layout" }).click();
    const gantt = page.getByRole("region", { name: "Gantt chart" });
    const bar = gantt.locator("[data-gantt-block] div[title='Hot outage']");
    await visible(bar);
    expect((await bar.boundingBox())!.width).toBeGreaterThan(100);
    expect(await gantt.locator("[data-gantt-block]").count()).toBe(1);
    await expect.poll(() => gantt.getByText("Cold chore").count()).toBe(0);
    await screenshot(page, "views-gantt-light-1440");
    // Back to the list layout for the next visits.
    await page.getByRole("button", { name: "List layout" }).click();

    // Rename it from the list's menu.
    await openViews(page);
    await page.getByRole("button", { name: "Urgent only actions" }).click();
    await page.getByRole("menuitem", { name: "Edit view" }).click();
    const edit = page.getByRole("dialog", { name: "Update View" });
    await visible(edit);
    expect(await edit.getByLabel("Title").inputValue()).toBe("Urgent only");
    await visible(edit.getByRole("region", { name: "Filters of the view" }).getByRole("button", { name: "Remove Urgent filter" }));
    await edit.getByLabel("Title").fill("Urgent issues");
    await edit.getByRole("button", { name: "Update View" }).click();
    await visible(page.getByText("View updated successfully."));
    await visible(page.getByRole("link", { name: "Urgent issues" }));
    await expect.poll(async () => (await views())[0]).toMatchObject({ name: "Urgent issues", query_data: { priority: ["urgent"] } });

    // Star it: the star fills at once and the view moves to Favorites.
    const star = page.getByRole("button", { name: "Add Urgent issues to favorites" });
    await star.click();
    const favorites = page.getByRole("region", { name: "Favorites" });
    await visible(favorites.getByRole("link", { name: "Urgent issues" }));
    await visible(favorites.getByRole("button", { name: "Remove Urgent issues from favorites", pressed: true }));
    await expect.poll(async () => (await views())[0].is_favorite).toBe(true);

    // Delete it.
    await page.getByRole("button", { name: "Urgent issues actions" }).click();
    await page.getByRole("menuitem", { name: "Delete view" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete View" });
    await visible(confirm.getByText("Urgent issues"));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await visible(page.getByText("View deleted successfully."));
    await visible(page.getByRole("heading", { name: "No views yet" }));
    expect(await views()).toEqual([]);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a star the server refuses says so, and the list shows what the server holds", async () => {
    const view = await owner.post<ViewRow>(`${base}/views/`, { name: "Soon gone", query_data: { priority: ["low"] } });
    const page = ownerTab.page;
    await openViews(page);
    await visible(page.getByRole("link", { name: "Soon gone" }));
    // Someone else deletes the view while the page still shows it.
    await owner.call("DELETE", `${base}/views/${view.id}/`);
    await page.getByRole("button", { name: "Add Soon gone to favorites" }).click();
    await visible(page.getByText("Couldn't add the view to favorites. Please try again."));
    // The list then shows what the server holds: the view is gone, and so is its star.
    await expect.poll(() => page.getByRole("link", { name: "Soon gone" }).count()).toBe(0);
    await visible(page.getByRole("heading", { name: "No views yet" }));
    expect(ownerTab.errors).toEqual([]);
  });

  test("a viewer reads the list and may star, without create, edit or delete", async () => {
    await owner.post(`${base}/views/`, { name: "Read only view", query_data: { priority: ["high"] } });
    const tab = await newPage(browser);
    await login(tab.page, { email: viewer.email, password: PASSWORD });
    await openViews(tab.page);
    await visible(tab.page.getByRole("link", { name: "Read only view" }));
    await visible(tab.page.getByRole("button", { name: "Add Read only view to favorites" }));
    expect(await tab.page.getByRole("button", { name: "Create View" }).count()).toBe(0);
    expect(await tab.page.getByRole("button", { name: "Read only view actions" }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
  });

  test("screenshots: the list, the dialog and a view as a Gantt chart, light and dark, wide and narrow", async () => {
    const view = await owner.post<ViewRow>(`${base}/views/`, {
      name: "Everything urgent or high",
      description: "A longer description, to see how it wraps under the name of the view when the window is narrow.",
      query_data: { priority: ["urgent", "high"], type: "backlog" },
    });
    await owner.post(`${base}/user-favorite-views/`, { view: view.id });
    await owner.post(`${base}/views/`, { name: "No filters at all" });
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        const tab = await newPage(browser, { width, height: 900 });
        await login(tab.page, { email: owner.email, password: PASSWORD });
        await openViews(tab.page);
        await visible(tab.page.getByRole("region", { name: "Favorites" }));
        await screenshot(tab.page, `views-list-${theme}-${width}`);
        await tab.page.getByRole("button", { name: "Everything urgent or high actions" }).click();
        await tab.page.getByRole("menuitem", { name: "Edit view" }).click();
        await visible(tab.page.getByRole("dialog", { name: "Update View" }).getByRole("region", { name: "Filters of the view" }));
        await settled(tab.page);
        await screenshot(tab.page, `views-dialog-${theme}-${width}`);
        await tab.page.keyboard.press("Escape");
        await tab.page.goto(`${viewsPath()}/${view.id}`);
        await waitForHydration(tab.page);
        await tab.page.getByRole("button", { name: "Gantt chart layout" }).click();
        await visible(tab.page.getByRole("region", { name: "Gantt chart" }).locator("[data-gantt-block] div[title='Hot outage']"));
        await screenshot(tab.page, `views-gantt-${theme}-${width}`);
        await tab.page.getByRole("button", { name: "List layout" }).click();
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
