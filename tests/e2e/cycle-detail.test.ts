// A cycle's detail page as a team lead uses it: the side panel beside the issues shows the cycle's
// status, dates, lead, progress and burndown, and follows work done elsewhere (issues completed
// through the API move the burndown without a reload); the dates refuse an end before the start;
// a completed cycle (its dates put in the past, which the API refuses to write) says it cannot be
// edited, hides Delete, and hands its unfinished issues to an upcoming cycle.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, type TestPage, PASSWORD, launchBrowser, login, newPage, projectWithMember, runSql, screenshot, to, visible, waitForHydration } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let base: string;
let tab: TestPage;
let doneStateId: string;

interface CycleRow {
  id: string;
  name: string;
  total_issues: number;
  completed_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
}

/** The date `days` from today (UTC). */
function day(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

const cyclePath = (cycleId: string) => `${to.project(slug, projectId)}/cycles/${cycleId}`;

async function createCycle(name: string, start: string | null, end: string | null) {
  return owner.post<CycleRow>(`${base}/cycles/`, { name, start_date: start, end_date: end });
}

async function createIssue(name: string, cycleId: string) {
  return owner.post<{ id: string }>(`${base}/issues/`, { name, cycle: cycleId });
}

async function openCycle(page: Page, cycleId: string) {
  await page.goto(cyclePath(cycleId));
  await waitForHydration(page);
  const panel = page.getByRole("complementary", { name: "Cycle details" });
  await expect.poll(() => panel.getAttribute("data-open")).toBe("true");
  await visible(panel.getByTestId("cycle-status"));
  return panel;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, slug, projectId, base } = await projectWithMember({
    slugPrefix: "cycle-detail",
    workspace: "Cycle Detail Works",
    project: "Sprint Board",
    identifier: "SPRNT",
    role: 15,
  }));
  const states = await owner.call<{ id: string; group: string }[]>("GET", `${base}/states/`);
  doneStateId = states.find((state) => state.group === "completed")!.id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("cycle side panel", () => {
  test("shows progress and a burndown that follows issues completed elsewhere, live", async () => {
    const cycle = await createCycle("Sprint 14", day(-2), day(5));
    const issues = await Promise.all(["Login page", "Password reset", "Audit log"].map((name) => createIssue(name, cycle.id)));
    const page = tab.page;
    const panel = await openCycle(page, cycle.id);
    await visible(panel.getByText("In progress"));
    expect(await panel.getByTestId("cycle-time-left").textContent()).toBe("5 days left");
    await visible(panel.getByRole("heading", { name: "Sprint 14" }));
    await expect.poll(() => panel.getByTestId("cycle-progress").textContent()).toMatch(/^0\/3/);
    const chart = panel.getByRole("figure", { name: "Burndown chart" });
    await visible(chart);
    await visible(chart.getByText("Ideal"));
    await visible(chart.getByText("Current"));
    await expect.poll(() => chart.getByTestId("pending-issues").textContent()).toBe("Pending Issues: 3");
    // uPlot draws the lines on a canvas once its code has arrived.
    await visible(chart.locator("canvas").first());
    await expect.poll(() => chart.locator("p.sr-only").textContent()).toMatch(/^3 of 3 issues pending/);
    await screenshot(page, "cycle-panel-light-1440");

    // Two issues are completed by someone else, through the API: no reload here.
    const marker = await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);
    for (const issue of issues.slice(0, 2)) await owner.call("PATCH", `${base}/issues/${issue.id}/`, { state: doneStateId });
    await expect.poll(() => chart.getByTestId("pending-issues").textContent(), { timeout: 15_000 }).toBe("Pending Issues: 1");
    await expect.poll(() => chart.locator("p.sr-only").textContent()).toMatch(/^1 of 3 issues pending/);
    await expect.poll(() => panel.getByTestId("cycle-progress").textContent()).toMatch(/^2\/3/);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The panel slides out and back in.
    const toggle = page.getByRole("button", { name: "Cycle details" });
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    await toggle.click();
    await expect.poll(() => panel.getAttribute("data-open")).toBe("false");
    await expect.poll(async () => (await panel.boundingBox())?.width ?? 0).toBe(0);
    await toggle.click();
    await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(384);

    // Dark theme and a narrow window, as people see them.
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "cycle-panel-dark-1440");
    // In a narrow window the open panel lies over the issues instead of squeezing them.
    await page.setViewportSize({ width: 700, height: 900 });
    await expect.poll(async () => Math.round((await panel.boundingBox())?.x ?? 0)).toBe(700 - 384);
    await screenshot(page, "cycle-panel-dark-700");
    await page.emulateMedia({ colorScheme: "light" });
    await screenshot(page, "cycle-panel-light-700");
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test("the end date cannot be before the start date; a good change is saved", async () => {
    const cycle = await createCycle("Sprint 15", day(10), day(20));
    const page = tab.page;
    const panel = await openCycle(page, cycle.id);
    expect(await panel.getByTestId("cycle-time-left").textContent()).toBe("Cycle is yet to start");
    const start = panel.getByLabel("Start date");
    const end = panel.getByLabel("End date");
    expect(await end.getAttribute("min")).toBe(day(10));
    expect(await start.getAttribute("max")).toBe(day(20));
    await end.fill(day(8));
    await visible(panel.getByText("Invalid date. Please enter valid date."));
    // Nothing was saved.
    expect((await owner.call<{ end_date: string }>("GET", `${base}/cycles/${cycle.id}/`)).end_date).toBe(day(20));
    await end.fill(day(25));
    await expect.poll(() => panel.getByText("Invalid date. Please enter valid date.").count()).toBe(0);
    await expect
      .poll(async () => (await owner.call<{ end_date: string }>("GET", `${base}/cycles/${cycle.id}/`)).end_date)
      .toBe(day(25));

    // Edit from the panel's menu: the cycle dialog, and the panel shows the new name.
    await panel.getByRole("button", { name: "Cycle actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Cycle" });
    await visible(dialog);
    await dialog.getByLabel("Name").fill("Sprint 15: search");
    await dialog.getByRole("button", { name: "Update Cycle" }).click();
    await visible(page.getByText("Cycle updated successfully."));
    await visible(panel.getByRole("heading", { name: "Sprint 15: search" }));
  });

  test("a completed cycle is read-only and transfers its unfinished issues to an upcoming one", async () => {
    const finished = await createCycle("Sprint 9", null, null);
    const next = await createCycle("Sprint 16", day(30), day(44));
    await createCycle("Sprint 17", day(50), day(60));
    const open = await Promise.all(["Flaky export", "Slow search"].map((name) => createIssue(name, finished.id)));
    const shipped = await createIssue("Dark mode", finished.id);
    await owner.call("PATCH", `${base}/issues/${shipped.id}/`, { state: doneStateId });
    // A cycle that ended last week, its issues added and one completed while it ran: the API
    // refuses to write the past, so the dates go in directly.
    await runSql(
      [
        `UPDATE cycles SET start_date = '${day(-14)}', end_date = '${day(-7)}' WHERE id = '${finished.id}'`,
        `UPDATE cycle_issues SET created_at = '${day(-14)}T09:00:00.000Z' WHERE cycle_id = '${finished.id}'`,
        `UPDATE issues SET completed_at = '${day(-10)}T12:00:00.000Z' WHERE id = '${shipped.id}'`,
        `UPDATE issue_activities SET created_at = '${day(-10)}T12:00:00.000Z' WHERE issue_id = '${shipped.id}' AND field = 'state'`,
      ].join("; "),
    );

    const page = tab.page;
    const panel = await openCycle(page, finished.id);
    await visible(panel.getByText("Completed", { exact: true }));
    // Its burndown ends with what was left undone on its last day.
    await expect.poll(() => panel.getByTestId("pending-issues").textContent()).toBe("Pending Issues: 2");
    const banner = page.getByRole("note").filter({ hasText: "Completed cycles are not editable." });
    await visible(banner);
    expect(await panel.getByLabel("Start date").isDisabled()).toBe(true);
    expect(await panel.getByLabel("End date").isDisabled()).toBe(true);

    // The menu opens next to its trigger with Copy link, and no Delete.
    const trigger = panel.getByRole("button", { name: "Cycle actions" });
    await trigger.click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitem", { name: "Copy link" }));
    expect(await menu.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    const at = (await trigger.boundingBox())!;
    const box = (await menu.boundingBox())!;
    expect(Math.abs(box.y - (at.y + at.height))).toBeLessThan(40);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1440);
    await page.keyboard.press("Escape");
    await screenshot(page, "cycle-completed-light-1440");

    // Transfer: only cycles that have not ended, searched by name.
    await banner.getByRole("button", { name: "Transfer Issues" }).click();
    const dialog = page.getByRole("dialog", { name: "Transfer Issues" });
    await visible(dialog);
    const search = dialog.getByPlaceholder("Search for a cycle...");
    await visible(dialog.getByRole("button", { name: /Sprint 16/ }));
    await visible(dialog.getByRole("button", { name: /Sprint 17/ }));
    expect(await dialog.getByRole("button", { name: /Sprint 9/ }).count()).toBe(0);
    await search.fill("SPRINT 16");
    await expect.poll(() => dialog.getByRole("button", { name: /Sprint 17/ }).count()).toBe(0);
    await dialog.getByRole("button", { name: /Sprint 16/ }).click();
    await visible(page.getByText("Issues have been transferred successfully"));
    await expect.poll(() => dialog.count()).toBe(0);

    // The unfinished issues moved; the shipped one stayed; nothing is left to transfer.
    const after = await owner.call<CycleRow>("GET", `${base}/cycles/${next.id}/`);
    expect(after.total_issues).toBe(2);
    const source = await owner.call<CycleRow>("GET", `${base}/cycles/${finished.id}/`);
    expect({ total: source.total_issues, completed: source.completed_issues }).toEqual({ total: 1, completed: 1 });
    const moved = await Promise.all(open.map((issue) => owner.call<{ cycle: string | null }>("GET", `${base}/issues/${issue.id}/`)));
    expect(moved.map((issue) => issue.cycle)).toEqual([next.id, next.id]);
    await expect.poll(() => banner.getByRole("button", { name: "Transfer Issues" }).count()).toBe(0);
  });

  test("deleting a cycle from its panel goes back to the cycles", async () => {
    const cycle = await createCycle("Throwaway", null, null);
    const page = tab.page;
    const panel = await openCycle(page, cycle.id);
    await visible(panel.getByText("Draft"));
    await panel.getByRole("button", { name: "Cycle actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete cycle" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await visible(page.getByText("Cycle deleted successfully"));
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${to.project(slug, projectId)}/cycles`);
    const list = await owner.call<CycleRow[]>("GET", `${base}/cycles/`);
    expect(list.map((row) => row.name)).not.toContain("Throwaway");
  });
  test("a panel read the network drops does not break the page; it is read again", async () => {
    // Clear of the file's other cycles: two cycles of a project may not overlap.
    await createCycle("Sprint 21", day(70), day(76));
    const page = tab.page;
    await page.goto(`${to.project(slug, projectId)}/cycles`);
    await waitForHydration(page);
    tab.allowErrorsInThisTest(/net::ERR_FAILED/);
    // The panel's first read dies before any answer, as a dropped connection does.
    let reads = 0;
    await page.route(/\/panel\.data/, async (route) => {
      if (reads++ === 0) return route.abort("failed");
      return route.fallback();
    });
    try {
      await page.getByRole("link", { name: "Sprint 21", exact: true }).click();
      const panel = page.getByRole("complementary", { name: "Cycle details" });
      await visible(panel.getByTestId("cycle-status"));
      expect(reads).toBeGreaterThan(1);
      await expect.poll(() => panel.getByTestId("cycle-progress").textContent()).toMatch(/^0\/0/);
      expect(await page.getByText("Something went wrong").count()).toBe(0);
    } finally {
      await page.unroute(/\/panel\.data/);
    }
  });
});
