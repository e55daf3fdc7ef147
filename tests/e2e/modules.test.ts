// Modules as people use them: create one with a lead, members and dates through the dialog (a start
// after the target is refused before anything is sent), open it, add a link in its sidebar and see
// the same link refused, delete it from its page and land on the list; a viewer sees no add-link
// button; a module changed elsewhere shows in the open list without a reload. What the server
// stored is read back from the REST API; data the test is not about is arranged through it.
import type { Page } from "playwright-core";
import type { Browser } from "playwright-core";
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
  waitForPath,
} from "./fixtures";

interface ModuleRow {
  id: string;
  name: string;
  status: string;
  lead: string | null;
  members: string[];
  start_date: string | null;
  target_date: string | null;
  is_favorite: boolean;
  link_module: { id: string; url: string }[];
}

let browser: Browser;
let owner: ApiUser;
let viewer: ApiUser;
let ownerId: string;
let viewerId: string;
let slug: string;
let projectId: string;
let base: string;
let ownerTab: TestPage;

const modulesPath = () => `${to.project(slug, projectId)}/modules`;
const modules = () => owner.call<ModuleRow[]>("GET", `${base}/modules/`);

/** The date `days` from today (UTC), as YYYY-MM-DD. */
function dayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function openModules(page: Page) {
  await page.goto(modulesPath());
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "Modules", level: 1 }));
}

/** Waits for transitions to end (a dialog fading in), so a screenshot shows what a person reads. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
}

/** Picks options in one of the dialog's or sidebar's pickers; the listbox opens next to its trigger. */
async function pick(page: Page, trigger: ReturnType<Page["getByRole"]>, options: string[]) {
  await trigger.click();
  const listbox = page.getByRole("listbox");
  await visible(listbox);
  const at = (await trigger.boundingBox())!;
  const box = (await listbox.boundingBox())!;
  expect(Math.abs(box.y - (at.y + at.height))).toBeLessThan(60);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  for (const option of options) await listbox.getByRole("option", { name: option }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, member: viewer, slug, projectId, base } = await projectWithMember({
    slugPrefix: "modules",
    workspace: "Modules Works",
    project: "Modules Board",
    identifier: "MODS",
    role: 10,
  }));
  ownerId = (await owner.call<{ id: string }>("PATCH", "/api/users/me/", { first_name: "Olive", last_name: "Owner" })).id;
  viewerId = (await viewer.call<{ id: string }>("PATCH", "/api/users/me/", { first_name: "Vera", last_name: "Viewer" })).id;
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("modules", () => {
  test("create with a lead, members and dates, add a link twice, delete from the module's page", async () => {
    const page = ownerTab.page;
    await openModules(page);
    await visible(page.getByRole("heading", { name: "No modules yet" }));

    await page.getByRole("button", { name: "Create Module" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Module" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Create Module" }).click();
    await visible(dialog.getByText("Title is required"));
    await dialog.getByLabel("Title").fill("Checkout revamp");
    await dialog.getByLabel("Description").fill("Everything between the cart and the receipt");
    // Backlog unless chosen.
    await visible(dialog.getByRole("button", { name: "Status" }).getByText("Backlog"));
    await pick(page, dialog.getByRole("button", { name: "Lead" }), ["Olive Owner"]);
    await visible(dialog.getByRole("button", { name: "Lead" }).getByText("Olive Owner"));
    await pick(page, dialog.getByRole("button", { name: "Members" }), ["Olive Owner", "Vera Viewer"]);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("listbox").count()).toBe(0);
    await visible(dialog.getByRole("button", { name: "Members" }).getByText("2 members"));

    // A start after the target: the message shows and the form cannot be sent.
    const submit = dialog.getByRole("button", { name: "Create Module" });
    await dialog.getByLabel("Start date").fill(dayFromToday(5));
    await dialog.getByLabel("Target date").fill(dayFromToday(1));
    await visible(dialog.getByText("The date you have entered is invalid. Please check and enter a valid date."));
    expect(await submit.isDisabled()).toBe(true);
    await settled(page);
    await screenshot(page, "modules-dialog-invalid-dates-light-1440");
    await dialog.getByLabel("Start date").fill(dayFromToday(-3));
    await expect.poll(() => dialog.getByText("The date you have entered is invalid.", { exact: false }).count()).toBe(0);
    expect(await submit.isDisabled()).toBe(false);
    await dialog.getByLabel("Target date").fill(dayFromToday(10));
    await submit.click();
    await visible(page.getByText("Module created successfully."));
    await expect.poll(() => dialog.count()).toBe(0);

    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Checkout revamp" }) });
    await visible(card.getByText("Backlog"));
    await visible(card.getByText("Olive Owner"));
    await visible(card.getByText("0% · 0/0 issues"));
    const [created] = await modules();
    expect(created).toMatchObject({
      name: "Checkout revamp",
      status: "backlog",
      lead: ownerId,
      start_date: dayFromToday(-3),
      target_date: dayFromToday(10),
    });
    expect([...created.members].sort()).toEqual([ownerId, viewerId].sort());

    // The module's page: its sidebar beside the issues.
    await card.getByRole("link", { name: "Checkout revamp" }).click();
    await waitForPath(page, `${modulesPath()}/${created.id}`);
    const sidebar = page.getByRole("complementary", { name: "Module details" });
    await visible(sidebar.getByRole("heading", { name: "Checkout revamp" }));
    await visible(sidebar.getByRole("button", { name: "Lead" }).getByText("Olive Owner"));
    await visible(sidebar.getByRole("button", { name: "Members" }).getByText("Olive Owner, Vera Viewer"));

    // Status changes from the sidebar.
    await pick(page, sidebar.getByRole("button", { name: "Status" }), ["In Progress"]);
    await expect.poll(async () => (await modules())[0].status).toBe("in-progress");
    await visible(sidebar.getByRole("button", { name: "Status" }).getByText("In Progress"));
    // So do its members: Vera leaves.
    await pick(page, sidebar.getByRole("button", { name: "Members" }), ["Vera Viewer"]);
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await modules())[0].members).toEqual([ownerId]);
    await visible(sidebar.getByRole("button", { name: "Members" }).getByText("Olive Owner", { exact: true }));

    // A link: the URL is required, then added; the same URL again is refused by the server.
    await sidebar.getByRole("button", { name: "Add link" }).click();
    await sidebar.getByRole("button", { name: "Add link" }).click();
    await visible(sidebar.getByText("URL is required"));
    await sidebar.getByLabel("URL").fill("https://example.com/checkout-spec");
    await sidebar.getByRole("button", { name: "Add link" }).click();
    await visible(sidebar.getByRole("link", { name: "https://example.com/checkout-spec" }).first());
    await expect.poll(async () => (await modules())[0].link_module.map((link) => link.url)).toEqual(["https://example.com/checkout-spec"]);
    await sidebar.getByRole("button", { name: "Add link" }).click();
    await sidebar.getByLabel("URL").fill("https://example.com/checkout-spec");
    await sidebar.getByRole("button", { name: "Add link" }).click();
    await visible(page.getByText("This URL already exists for this module."));
    expect((await modules())[0].link_module).toHaveLength(1);
    await sidebar.getByRole("button", { name: "Cancel" }).click();

    // Delete from the module's page: back to the list, which is empty again.
    await sidebar.getByRole("button", { name: "Checkout revamp actions" }).click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitem", { name: "Copy link" }));
    await menu.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete module" });
    await visible(confirm.getByText("Checkout revamp"));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await waitForPath(page, modulesPath());
    await visible(page.getByRole("heading", { name: "No modules yet" }));
    expect(await modules()).toEqual([]);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a star flips at once and the server keeps it; copy link says so", async () => {
    const module = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Starred module" });
    const page = ownerTab.page;
    await ownerTab.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await openModules(page);
    await page.getByRole("button", { name: "Add Starred module to favorites" }).click();
    await visible(page.getByRole("button", { name: "Remove Starred module from favorites", pressed: true }));
    await expect.poll(async () => (await modules()).find((row) => row.id === module.id)?.is_favorite).toBe(true);
    await page.getByRole("button", { name: "Starred module actions" }).click();
    await page.getByRole("menuitem", { name: "Copy link" }).click();
    await visible(page.getByText("Module link copied to clipboard"));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(`${modulesPath()}/${module.id}`, page.url()).href);
    await owner.call("DELETE", `${base}/modules/${module.id}/`);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a star shows at once; one the server refuses says so with the module's toast", async () => {
    const module = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Soon gone" });
    const page = ownerTab.page;
    await openModules(page);
    // The favourite write waits until the module is gone, so the server refuses it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pattern = /\/modules\.data/;
    await page.route(pattern, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Add Soon gone to favorites" }).click();
    // Shown at once, before the server has answered.
    await visible(page.getByRole("button", { name: "Remove Soon gone from favorites", pressed: true }));
    await owner.call("DELETE", `${base}/modules/${module.id}/`);
    release();
    await visible(page.getByText("Couldn't add the module to favorites. Please try again."));
    await page.unroute(pattern);
    // The list then shows what the server holds.
    await visible(page.getByRole("heading", { name: "No modules yet" }), 10_000);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a module changed through the API shows in the open list without a reload", async () => {
    const module = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Payments" });
    const page = ownerTab.page;
    await openModules(page);
    await visible(page.getByRole("link", { name: "Payments" }));
    await page.evaluate(() => {
      (window as unknown as { liveMarker: string }).liveMarker = "still here";
    });
    await owner.call("PATCH", `${base}/modules/${module.id}/`, { name: "Payments v2", status: "planned" });
    await visible(page.getByRole("link", { name: "Payments v2" }), 10_000);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Payments v2" }) });
    await visible(card.getByText("Planned"));
    expect(await page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe("still here");
    await owner.call("DELETE", `${base}/modules/${module.id}/`);
    await visible(page.getByRole("heading", { name: "No modules yet" }), 10_000);
    expect(ownerTab.errors).toEqual([]);
  });

  test("Timeline shows the modules on the month chart, is remembered, and opens a module", async () => {
    const dated = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Dated module", start_date: dayFromToday(-2), target_date: dayFromToday(5) });
    const undated = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Undated module" });
    const page = ownerTab.page;
    await openModules(page);
    const cards = page.getByRole("button", { name: "Cards", exact: true });
    const timeline = page.getByRole("button", { name: "Timeline", exact: true });
    await expect.poll(() => cards.getAttribute("aria-pressed")).toBe("true");
    await timeline.click();
    const chart = page.getByRole("region", { name: "Modules timeline" });
    await visible(chart.getByText("Gantt View Beta"));
    // A bar for the dated module; the undated one is listed without one.
    await visible(chart.locator(`[data-gantt-block="${dated.id}"] div[title="Dated module"]`));
    await visible(chart.locator(`[data-gantt-block="${undated.id}"]`).getByRole("link", { name: "Undated module" }));
    expect(await chart.locator(`[data-gantt-block="${undated.id}"] div[title="Undated module"]`).count()).toBe(0);
    await settled(page);
    await screenshot(page, "modules-timeline-light-1440");
    // Remembered in this browser.
    await openModules(page);
    await visible(page.getByRole("region", { name: "Modules timeline" }));
    expect(await timeline.getAttribute("aria-pressed")).toBe("true");
    await chart.locator(`[data-gantt-block="${dated.id}"]`).getByRole("link", { name: "Dated module" }).click();
    await waitForPath(page, `${modulesPath()}/${dated.id}`);
    await openModules(page);
    await page.getByRole("button", { name: "Cards", exact: true }).click();
    await visible(page.getByRole("list", { name: "Modules" }));
    for (const module of [dated, undated]) await owner.call("DELETE", `${base}/modules/${module.id}/`);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a viewer sees the module's sidebar without the add-link button", async () => {
    const module = await owner.post<ModuleRow>(`${base}/modules/`, { name: "Read only module", lead: ownerId });
    await owner.post(`${base}/modules/${module.id}/module-links/`, { url: "https://example.com/read-only", metadata: {} });
    const tab = await newPage(browser, { width: 1440, height: 900 });
    await login(tab.page, { email: viewer.email, password: PASSWORD });
    await tab.page.goto(`${modulesPath()}/${module.id}`);
    await waitForHydration(tab.page);
    const sidebar = tab.page.getByRole("complementary", { name: "Module details" });
    await visible(sidebar.getByRole("link", { name: "https://example.com/read-only" }).first());
    await visible(sidebar.getByRole("heading", { name: "Links" }));
    expect(await sidebar.getByRole("button", { name: "Add link" }).count()).toBe(0);
    expect(await sidebar.getByRole("button", { name: /^Delete link/ }).count()).toBe(0);
    // Without dates there is no chart.
    await visible(sidebar.getByRole("heading", { name: "Progress" }));
    expect(await sidebar.getByRole("figure", { name: "Burndown chart" }).count()).toBe(0);
    // The list: no create button, no edit or delete for a viewer.
    await openModules(tab.page);
    await visible(tab.page.getByRole("link", { name: "Read only module" }));
    expect(await tab.page.getByRole("button", { name: "Create Module" }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
    await tab.context.close();
    await owner.call("DELETE", `${base}/modules/${module.id}/`);
  });

  test("screenshots: the list and a module with its sidebar, light and dark, wide and narrow", async () => {
    const states = await owner.call<{ id: string; name: string; group: string }[]>("GET", `${base}/states/`);
    const done = states.find((state) => state.group === "completed")!;
    const started = states.find((state) => state.group === "started")!;
    const main = await owner.post<ModuleRow>(`${base}/modules/`, {
      name: "Checkout and payments: a module whose name is long enough to be cut on its card somewhere",
      description: "Everything between the cart and the receipt.",
      status: "in-progress",
      lead: ownerId,
      members_list: [ownerId, viewerId],
      start_date: dayFromToday(-7),
      target_date: dayFromToday(14),
    });
    await owner.post(`${base}/modules/`, { name: "Search", status: "planned", start_date: dayFromToday(3), target_date: dayFromToday(30) });
    await owner.post(`${base}/modules/`, { name: "Onboarding", status: "completed", lead: viewerId });
    const issues = [];
    for (const [name, state] of [
      ["Card form", done.id],
      ["Receipt email", started.id],
      ["Refunds", done.id],
    ] as const) {
      issues.push((await owner.post<{ id: string }>(`${base}/issues/`, { name, state })).id);
    }
    await owner.post(`${base}/modules/${main.id}/module-issues/`, { issues });
    await owner.post(`${base}/modules/${main.id}/module-links/`, { url: "https://example.com/checkout-spec", metadata: {} });
    await owner.post(`${base}/user-favorite-modules/`, { module: main.id });
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        const tab = await newPage(browser, { width, height: 900 });
        await login(tab.page, { email: owner.email, password: PASSWORD });
        await openModules(tab.page);
        await visible(tab.page.getByText("67% · 2/3 issues"));
        await screenshot(tab.page, `modules-list-${theme}-${width}`);
        await tab.page.goto(`${modulesPath()}/${main.id}`);
        await waitForHydration(tab.page);
        const sidebar = tab.page.getByRole("complementary", { name: "Module details" });
        const toggle = tab.page.getByRole("button", { name: "Module details", exact: true });
        // Open beside the issues where it fits; on a narrow window it opens over them on demand.
        await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe(width >= 1024 ? "true" : "false");
        if (width < 1024) {
          expect(await sidebar.isVisible()).toBe(false);
          await toggle.click();
        }
        await visible(sidebar.getByTestId("module-sidebar-progress").getByText("67%"));
        // Started a week ago with its target ahead: the burndown shows, one issue still open.
        await visible(sidebar.getByRole("figure", { name: "Burndown chart" }).locator("canvas"));
        await visible(sidebar.getByText("Pending Issues: 1"));
        await visible(tab.page.getByText("Receipt email").first());
        await screenshot(tab.page, `modules-detail-${theme}-${width}`);
        // Its close button hides it.
        await sidebar.getByRole("button", { name: "Close module details" }).click();
        await expect.poll(() => sidebar.count()).toBe(0);
        expect(await toggle.getAttribute("aria-pressed")).toBe("false");
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
