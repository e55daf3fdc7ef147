// Cycles as people plan with them: create a draft and a dated cycle through the dialog and find
// each in its tab; an end in the past and an overlap are refused with their toasts (the overlap
// closes the dialog); star a cycle; delete one; a cycle created elsewhere shows in the open list
// without a reload; the active cycle's dashboard with its breakdown tabs remembered. What the
// server stored is read back from the REST API; data the test is not about is arranged through it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, type TestPage, PASSWORD, launchBrowser, login, newPage, projectWithMember, runSql, screenshot, to, visible, waitForHydration } from "./fixtures";

interface CycleRow {
  id: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  status: string;
  is_favorite: boolean;
}

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let base: string;
let ownerTab: TestPage;

const OVERLAP = "You have a cycle already on the given dates, if you want to create your draft cycle you can do that by removing dates";

const cyclesPath = (tab?: string) => `${to.project(slug, projectId)}/cycles${tab ? `?tab=${tab}` : ""}`;
const cycles = () => owner.call<CycleRow[]>("GET", `${base}/cycles/`);

/** The date `days` from today (UTC), as cycles store them. */
function dayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function openCycles(page: Page, tab?: string) {
  await page.goto(cyclesPath(tab));
  await waitForHydration(page);
  await visible(page.getByRole("heading", { name: "Cycles", level: 1 }));
}

const rowOf = (page: Page, name: string) => page.locator("[data-cycle-id]").filter({ has: page.getByRole("link", { name, exact: true }) });

async function fillCycle(page: Page, fields: { name: string; start?: string; end?: string }) {
  const dialog = page.getByRole("dialog", { name: "Create Cycle" });
  await visible(dialog);
  await dialog.getByLabel("Name").fill(fields.name);
  if (fields.start) await dialog.getByLabel("Start date").fill(fields.start);
  if (fields.end) await dialog.getByLabel("End date").fill(fields.end);
  return dialog;
}

/** Waits for transitions to end (a dialog fading in), so a screenshot shows what a person reads. */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, slug, projectId, base } = await projectWithMember({
    slugPrefix: "cycles",
    workspace: "Cycle Works",
    project: "Sprint Board",
    identifier: "SPR",
    role: 15,
  }));
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("cycles", () => {
  test("create a draft and a dated cycle, each in its tab; a past end and an overlap are refused", async () => {
    const page = ownerTab.page;
    await openCycles(page);
    await visible(page.getByRole("heading", { name: "Create New Cycle" }));
    await visible(page.getByText("Sprint more effectively with Cycles by confining your project to a fixed amount of time."));

    // A draft: no dates. The name is required.
    await page.getByRole("button", { name: "Create new cycle now" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Cycle" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Create Cycle" }).click();
    await visible(dialog.getByText("Name is required"));
    await dialog.getByLabel("Name").fill("Backlog grooming");
    await dialog.getByRole("button", { name: "Create Cycle" }).click();
    await visible(page.getByText("Cycle created successfully."));
    await expect.poll(() => dialog.count()).toBe(0);
    await visible(rowOf(page, "Backlog grooming"));

    // A dated one, ahead of today: upcoming.
    await page.getByRole("button", { name: "Create Cycle" }).click();
    await fillCycle(page, { name: "Sprint 1", start: dayFromToday(10), end: dayFromToday(16) });
    await dialog.getByRole("button", { name: "Create Cycle" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await visible(rowOf(page, "Sprint 1"));
    expect((await cycles()).map((cycle) => [cycle.name, cycle.status]).sort()).toEqual([
      ["Backlog grooming", "draft"],
      ["Sprint 1", "upcoming"],
    ]);

    // Each in its own tab; the tab is in the address, so a reload keeps it. While the tab loads,
    // skeletons stand in for the previous tab's cycles.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A held request the router gives up on (a newer one replaces it) is already answered.
    await page.route(/\/cycles\.data/, (route) => held.then(() => route.continue().catch(() => {})));
    await page.getByRole("link", { name: "Upcoming" }).click();
    await visible(page.getByTestId("cycles-skeleton"));
    release();
    await page.unroute(/\/cycles\.data/);
    await page.waitForURL(/\?tab=upcoming$/);
    await expect.poll(() => page.getByTestId("cycles-skeleton").count()).toBe(0);
    await visible(rowOf(page, "Sprint 1"));
    await expect.poll(() => rowOf(page, "Backlog grooming").count()).toBe(0);
    await visible(rowOf(page, "Sprint 1").getByText("Upcoming", { exact: true }));
    await page.reload();
    await waitForHydration(page);
    await visible(page.getByRole("link", { name: "Upcoming", exact: true }).and(page.locator("[aria-current=page]")));
    await visible(rowOf(page, "Sprint 1"));
    await page.getByRole("link", { name: "Drafts" }).click();
    await visible(rowOf(page, "Backlog grooming"));
    await expect.poll(() => rowOf(page, "Sprint 1").count()).toBe(0);

    // An end in the past: refused at once, the dialog stays.
    await page.getByRole("button", { name: "Create Cycle" }).click();
    await fillCycle(page, { name: "Yesterday", start: dayFromToday(-5), end: dayFromToday(-1) });
    await dialog.getByRole("button", { name: "Create Cycle" }).click();
    await visible(page.getByText("Unable to create cycle in past date. Please enter a valid date."));
    await visible(dialog);

    // Overlapping Sprint 1: refused with its toast, and the dialog closes.
    await dialog.getByLabel("Name").fill("Clash");
    await dialog.getByLabel("Start date").fill(dayFromToday(12));
    await dialog.getByLabel("End date").fill(dayFromToday(20));
    await dialog.getByRole("button", { name: "Create Cycle" }).click();
    await visible(page.getByText(OVERLAP));
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await cycles()).map((cycle) => cycle.name).sort()).toEqual(["Backlog grooming", "Sprint 1"]);
    expect(ownerTab.errors).toEqual([]);
  });

  test("star a cycle, edit it, delete a draft; the menu opens next to its trigger", async () => {
    const page = ownerTab.page;
    await openCycles(page);
    const star = page.getByRole("button", { name: "Add Sprint 1 to favorites" });
    await star.click();
    await visible(page.getByRole("button", { name: "Remove Sprint 1 from favorites", pressed: true }));
    await expect.poll(async () => (await cycles()).find((cycle) => cycle.name === "Sprint 1")?.is_favorite).toBe(true);

    const trigger = page.getByRole("button", { name: "Sprint 1 actions" });
    await trigger.click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitem", { name: "Copy link" }));
    const at = (await trigger.boundingBox())!;
    const opened = (await menu.boundingBox())!;
    expect(Math.abs(opened.y - (at.y + at.height))).toBeLessThan(40);
    expect(opened.x + opened.width).toBeLessThanOrEqual(1440);
    // Copy link puts the cycle's address on the clipboard and says so.
    await ownerTab.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await menu.getByRole("menuitem", { name: "Copy link" }).click();
    await visible(page.getByText("Link Copied!"));
    await visible(page.getByText("Cycle link copied to clipboard."));
    const sprint = (await cycles()).find((cycle) => cycle.name === "Sprint 1")!;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/${slug}/projects/${projectId}/cycles/${sprint.id}$`));

    await trigger.click();
    await menu.getByRole("menuitem", { name: "Edit cycle" }).click();
    const edit = page.getByRole("dialog", { name: "Update Cycle" });
    await visible(edit);
    expect(await edit.getByLabel("Start date").inputValue()).toBe(dayFromToday(10));
    await edit.getByLabel("Name").fill("Sprint 1 (billing)");
    // Its own dates do not count as an overlap.
    await edit.getByRole("button", { name: "Update Cycle" }).click();
    await visible(page.getByText("Cycle updated successfully."));
    await visible(rowOf(page, "Sprint 1 (billing)"));

    await page.getByRole("button", { name: "Backlog grooming actions" }).click();
    await page.getByRole("menuitem", { name: "Delete cycle" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Cycle" });
    await visible(confirm.getByText("Backlog grooming"));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await visible(page.getByText("Cycle deleted successfully"));
    await expect.poll(() => rowOf(page, "Backlog grooming").count()).toBe(0);
    expect((await cycles()).map((cycle) => cycle.name)).toEqual(["Sprint 1 (billing)"]);

    // The favourite goes away elsewhere (another tab of the same person): removing it here
    // fails, the toast says so, and the star is not put back.
    const billing = (await cycles())[0];
    await owner.call("DELETE", `${base}/user-favorite-cycles/${billing.id}/`);
    await page.getByRole("button", { name: "Remove Sprint 1 (billing) from favorites" }).click();
    await visible(page.getByText("Couldn't remove the cycle from favorites. Please try again."));
    await visible(page.getByRole("button", { name: "Add Sprint 1 (billing) to favorites", pressed: false }));
    expect(ownerTab.errors).toEqual([]);
  });

  test("a cycle created elsewhere shows in the open list without a reload", async () => {
    const page = ownerTab.page;
    await openCycles(page);
    await visible(rowOf(page, "Sprint 1 (billing)"));
    await owner.post(`${base}/cycles/`, { name: "Made elsewhere" });
    await visible(rowOf(page, "Made elsewhere"));
    // A long name is cut at 70 characters in the list and at 15 on a board card.
    const long = "Quarterly platform hardening with the database migrations and the queue rewrite";
    await owner.post(`${base}/cycles/`, { name: long });
    await visible(rowOf(page, `${long.slice(0, 70)}...`));
    await page.getByRole("button", { name: "Board layout" }).click();
    await visible(rowOf(page, `${long.slice(0, 15)}...`));
    await page.getByRole("button", { name: "List layout" }).click();

    // The Gantt mode: a row per cycle of the tab on a month timeline, each opening its cycle.
    await page.getByRole("button", { name: "Gantt layout" }).click();
    const timeline = page.getByRole("region", { name: "Cycles timeline" });
    await visible(timeline);
    const sprint = (await cycles()).find((cycle) => cycle.name === "Sprint 1 (billing)")!;
    await visible(timeline.locator(`[data-gantt-block="${sprint.id}"]`));
    await visible(timeline.getByRole("link", { name: "Made elsewhere" }));
    await timeline.getByRole("link", { name: "Sprint 1 (billing)" }).click();
    await page.waitForURL(new RegExp(`/cycles/${sprint.id}$`));
    await openCycles(page);
    // The mode is remembered in this browser.
    await visible(page.getByRole("region", { name: "Cycles timeline" }));
    await page.getByRole("button", { name: "List layout" }).click();
    expect(ownerTab.errors).toEqual([]);
  });

  test("a long list: the page arrives with a screenful of cycles and shows every one once live", async () => {
    // A project of its own, so the count is this test's.
    const own = await projectWithMember({ slugPrefix: "cycles-long", workspace: "Long Cycles", project: "Many Sprints", identifier: "MNY", role: 15 });
    const names = Array.from({ length: 24 }, (_, i) => `Draft ${String(i + 1).padStart(2, "0")}`);
    for (const name of names) await own.owner.post(`${own.base}/cycles/`, { name });
    const path = `${to.project(own.slug, own.projectId)}/cycles?tab=draft`;
    const tab = await newPage(browser, { width: 1440, height: 900 });
    await login(tab.page, { email: own.owner.email, password: PASSWORD });

    // The server's document holds the first screenful, not all 24.
    const documentHtml = await (await tab.page.request.get(path)).text();
    const drawn = documentHtml.match(/data-cycle-id=/g)?.length ?? 0;
    expect(drawn).toBeGreaterThan(8);
    expect(drawn).toBeLessThan(names.length);

    await tab.page.goto(path);
    await waitForHydration(tab.page);
    await expect.poll(() => tab.page.locator("[data-cycle-id]").count()).toBe(names.length);
    const last = rowOf(tab.page, names[names.length - 1]);
    await last.scrollIntoViewIfNeeded();
    await visible(last);
    expect(tab.errors).toEqual([]);
    await tab.page.close();
  });

  test("a completed cycle: in its tab, 'Completed' with the open issues on hover, no Edit or Delete", async () => {
    const page = ownerTab.page;
    const finished = await owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint 0" });
    const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
    const done = states.find((state) => state.name === "Done")!.id;
    const issues: string[] = [];
    for (const [name, state] of [
      ["Ship the login page", done],
      ["Audit the logs", undefined],
      ["Rotate the keys", undefined],
    ] as const) {
      issues.push((await owner.post<{ id: string }>(`${base}/issues/`, { name, ...(state ? { state } : {}) })).id);
    }
    await owner.post(`${base}/cycles/${finished.id}/cycle-issues/`, { issues });
    // The API refuses to write an end in the past, so the dates go in directly.
    await runSql(`UPDATE cycles SET start_date = '${dayFromToday(-21)}', end_date = '${dayFromToday(-8)}' WHERE id = '${finished.id}'`);

    await openCycles(page, "completed");
    const row = rowOf(page, "Sprint 0");
    await visible(row.getByText("Completed", { exact: true }).first());
    await expect.poll(() => page.locator("[data-cycle-id]").count()).toBe(1);
    const time = row.locator("[aria-describedby]");
    await time.hover();
    const tooltip = page.getByRole("tooltip", { name: "2 more pending issue(s)" });
    await visible(tooltip);
    const at = (await time.boundingBox())!;
    const tip = (await tooltip.boundingBox())!;
    expect(Math.abs(tip.y + tip.height - at.y)).toBeLessThan(16);

    await page.getByRole("button", { name: "Sprint 0 actions" }).click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitem", { name: "Copy link" }));
    expect(await menu.getByRole("menuitem").count()).toBe(1);
    await page.keyboard.press("Escape");
    expect(ownerTab.errors).toEqual([]);
  });

  test("the active cycle's dashboard: summary, groups, breakdown tabs remembered, high priority issues", async () => {
    const page = ownerTab.page;
    const me = await owner.call<{ id: string }>("GET", "/api/users/me/");
    const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
    const done = states.find((state) => state.name === "Done")!.id;
    const label = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Backend", color: "#2563eb" });
    const active = await owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint now", start_date: dayFromToday(0), end_date: dayFromToday(6) });
    const ids: string[] = [];
    for (const body of [
      { name: "Fix the checkout outage", priority: "urgent", assignees_list: [me.id], labels_list: [label.id] },
      { name: "Ship the retry queue", priority: "high", state: done },
      { name: "Tidy the settings page", priority: "low" },
    ]) {
      ids.push((await owner.post<{ id: string }>(`${base}/issues/`, body)).id);
    }
    await owner.post(`${base}/cycles/${active.id}/cycle-issues/`, { issues: ids });

    await openCycles(page, "current");
    const dashboard = page.getByTestId("active-cycle");
    await visible(dashboard.getByRole("heading", { name: "Sprint now" }));
    await visible(dashboard.getByText("6 days left"));
    await visible(dashboard.getByRole("link", { name: "View Cycle" }));
    const highPriority = dashboard.getByRole("region", { name: "High Priority Issues" });
    await visible(highPriority.getByRole("link", { name: "Fix the checkout outage" }));
    await visible(highPriority.getByRole("link", { name: "Ship the retry queue" }));
    await expect.poll(() => highPriority.getByText("Tidy the settings page").count()).toBe(0);
    await visible(highPriority.getByText("1/2"));
    await visible(dashboard.getByRole("figure", { name: "Burndown chart" }));
    expect(await dashboard.getByTestId("pending-issues").textContent()).toBe("Pending Issues: 2");

    // Assignees first; "No assignee" holds the two unassigned issues, one of them done.
    await visible(dashboard.getByRole("tab", { name: "Assignees", selected: true }));
    await visible(dashboard.getByRole("progressbar", { name: "No assignee: 1 of 2 completed" }));
    await dashboard.getByRole("tab", { name: "Labels" }).click();
    await visible(dashboard.getByRole("progressbar", { name: "Backend: 0 of 1 completed" }));
    expect(await page.evaluate(() => localStorage.getItem("activeCycleTab"))).toBe("Labels");
    await page.reload();
    await waitForHydration(page);
    await visible(page.getByRole("tab", { name: "Labels", selected: true }));

    // View Cycle opens the cycle's issues.
    await dashboard.getByRole("link", { name: "View Cycle" }).click();
    await page.waitForURL(new RegExp(`/cycles/${active.id}$`));
    expect(ownerTab.errors).toEqual([]);
  });
});

describe("screens", () => {
  test.each(["light", "dark"] as const)("list, board and the active dashboard in the %s theme", async (theme) => {
    const { page } = ownerTab;
    await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
    for (const width of [1440, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await openCycles(page);
      for (const mode of ["List", "Board", "Gantt"]) {
        await page.getByRole("button", { name: `${mode} layout` }).click();
        await visible(page.getByRole("button", { name: `${mode} layout`, pressed: true }));
        await screenshot(page, `cycles-${mode.toLowerCase()}-${theme}-${width}`);
      }
      await page.getByRole("link", { name: "Active Cycle" }).click();
      await visible(page.getByRole("region", { name: "High Priority Issues" }));
      await screenshot(page, `cycles-active-${theme}-${width}`);
      await page.getByRole("button", { name: "Create Cycle" }).click();
      await visible(page.getByRole("dialog", { name: "Create Cycle" }));
      await settled(page);
      await screenshot(page, `cycles-create-dialog-${theme}-${width}`);
      await page.keyboard.press("Escape");
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
