// The spreadsheet layout (issue 33): a member switches the issues to Spreadsheet, sees one row per
// issue with a cell per property turned on, and changes a priority with the keyboard alone: arrow
// keys to the cell, Enter opens the same menu rows and cards open, a choice writes it, Escape-like
// closing hands the focus back to the cell, and the change is still there after a reload. The
// cycle and module cells open the same menu: a choice shows at once, before the server answers,
// and stays after a reload. A viewer sees the same table without checkboxes or editors.
// Data the test is not about (workspace, project, membership, issues, toggles) is arranged over REST.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { holdRequests, launchBrowser, openIssuesAs, projectWithMember, screenshot, screenshotsInThemes, visible } from "./fixtures";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

// Closing the browser closes every tab the tests opened.
afterAll(() => browser?.close());

async function arrange(role: number) {
  const world = await projectWithMember({ slugPrefix: "sheet", workspace: "Sheets", project: "Sheet", identifier: "SHEET", role });
  const { owner, member, base } = world;
  const stateList = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  const todo = stateList.find((state) => state.name === "Todo")?.id;
  const issues: { id: string }[] = [];
  for (let i = 1; i <= 3; i++) issues.push(await owner.post(`${base}/issues/`, { name: `Sheet row ${i}`, state: todo, priority: "none" }));
  // Priority and labels are off until a person turns them on; both people turn them on here.
  for (const user of [owner, member]) await user.post(`${base}/issue-properties/`, { properties: { priority: true, labels: true } });
  return { ...world, issues };
}

const SPREADSHEET = { issueView: "spreadsheet", groupByProperty: "state", orderBy: "sort_order" };

/** The element that has the focus: its row's issue and its column. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const cell = document.activeElement as HTMLElement | null;
    return { issueId: cell?.closest("tr")?.dataset.issueId ?? null, column: cell?.dataset.column ?? null };
  });

const cell = (page: Page, issueId: string, column: number): Locator => page.locator(`tr[data-issue-id="${issueId}"] td[data-column="${column}"]`);

describe("spreadsheet layout", () => {
  test("a row per issue, and a priority changed with the keyboard alone stays after a reload", async () => {
    const a = await arrange(15);
    // Stored as the list grouped by state: the spreadsheet ignores the grouping.
    const { page, errors } = await openIssuesAs(browser, a.owner, a.slug, a.projectId, { ...SPREADSHEET, issueView: "list" });
    await page.getByRole("button", { name: "Spreadsheet layout" }).click();
    const grid = page.getByRole("grid", { name: "Issues" });
    await visible(grid);
    // One header row and one row per issue, in manual order, with no group headings.
    await expect.poll(() => grid.getByRole("row").count()).toBe(4);
    expect(await grid.getByRole("columnheader").allTextContents()).toEqual([
      "Issues",
      "State",
      "Priority",
      "Assignees",
      "Labels",
      "Cycle",
      "Module",
      "Start date",
    ]);
    expect(await page.locator("tr[data-issue-id]").evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.issueId))).toEqual(
      a.issues.map((issue) => issue.id),
    );
    await visible(cell(page, a.issues[0].id, 0).getByText("SHEET-1"));
    await visible(cell(page, a.issues[0].id, 0).getByRole("link", { name: "Sheet row 1" }));
    await expect.poll(() => cell(page, a.issues[0].id, 1).textContent()).toBe("Todo");
    await expect.poll(() => cell(page, a.issues[1].id, 2).textContent()).toBe("None");

    // Tab enters the grid on its first cell (the one cell in the tab order); arrows move from there.
    expect(await cell(page, a.issues[0].id, 0).getAttribute("tabindex")).toBe("0");
    await cell(page, a.issues[0].id, 0).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    expect(await focused(page)).toEqual({ issueId: a.issues[1].id, column: "2" });
    expect(await cell(page, a.issues[1].id, 2).getAttribute("tabindex")).toBe("0");
    expect(await cell(page, a.issues[0].id, 0).getAttribute("tabindex")).toBe("-1");

    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Priority" });
    await visible(menu);
    // The menu opens at its cell: just below it, inside the window.
    const [cellBox, menuBox] = [await cell(page, a.issues[1].id, 2).boundingBox(), await menu.boundingBox()];
    expect(cellBox && menuBox && Math.abs(menuBox.y - (cellBox.y + cellBox.height)) < 12 && Math.abs(menuBox.x - cellBox.x) < 12).toBe(true);
    // The focus is in the menu: ArrowDown walks its choices (Urgent first, then High).
    const highlighted = menu.locator('[role="menuitemradio"][data-highlighted]');
    for (let step = 0; step < 5 && !((await highlighted.count()) === 1 && (await highlighted.textContent()) === "High"); step++) {
      await page.keyboard.press("ArrowDown");
    }
    await expect.poll(() => highlighted.textContent()).toBe("High");
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.count()).toBe(0);
    await expect.poll(() => cell(page, a.issues[1].id, 2).textContent()).toBe("High");
    expect(await focused(page)).toEqual({ issueId: a.issues[1].id, column: "2" });

    // Escape closes an editor without a change and gives the focus back to the cell too.
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    await visible(page.getByRole("menu", { name: "State" }));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu", { name: "State" }).count()).toBe(0);
    expect(await focused(page)).toEqual({ issueId: a.issues[1].id, column: "1" });

    await page.reload();
    await visible(page.getByRole("grid", { name: "Issues" }));
    await expect.poll(() => cell(page, a.issues[1].id, 2).textContent()).toBe("High");
    await expect.poll(() => cell(page, a.issues[0].id, 2).textContent()).toBe("None");
    await screenshotsInThemes(page, "spreadsheet");

    // In a narrow window the table scrolls sideways to the focused cell with the issue column stuck.
    await page.setViewportSize({ width: 700, height: 900 });
    await cell(page, a.issues[0].id, 0).focus();
    await page.keyboard.press("End");
    expect(await focused(page)).toEqual({ issueId: a.issues[0].id, column: "7" });
    await expect.poll(async () => (await grid.boundingBox())?.x ?? 0).toBeLessThan(0);
    const [issueBox, lastBox] = [await cell(page, a.issues[0].id, 0).boundingBox(), await cell(page, a.issues[0].id, 7).boundingBox()];
    expect(issueBox && issueBox.x >= 0 && issueBox.x < 10).toBe(true);
    expect(lastBox && issueBox && lastBox.x >= issueBox.x + issueBox.width && lastBox.x + lastBox.width <= 701).toBe(true);
    await screenshot(page, "spreadsheet-scrolled-light-700");
    expect(errors).toEqual([]);
  });

  test("an issue's cycle and module set from their cells show at once and stay after a reload", async () => {
    const a = await arrange(15);
    const cycle = await a.owner.post<{ id: string }>(`${a.base}/cycles/`, { name: "Sprint 9" });
    const module = await a.owner.post<{ id: string }>(`${a.base}/modules/`, { name: "Billing" });
    const { page, errors } = await openIssuesAs(browser, a.owner, a.slug, a.projectId, SPREADSHEET);
    const grid = page.getByRole("grid", { name: "Issues" });
    await visible(grid);
    const [CYCLE, MODULE] = [5, 6];
    const issue = a.issues[1].id;
    await expect.poll(() => cell(page, issue, CYCLE).textContent()).toBe("No cycle");
    await expect.poll(() => cell(page, issue, MODULE).textContent()).toBe("No module");

    // Hold the server's answer back: the cell must change before it arrives. Remix posts the
    // action to "<route>.data" (single fetch).
    const held = await holdRequests(page, new RegExp(`/projects/${a.projectId}/issues\\.data`));
    await cell(page, issue, CYCLE).click();
    const cycleMenu = page.getByRole("menu", { name: "Cycle" });
    await visible(cycleMenu);
    // Just below its cell and over it (shifted left when the window has no room on the right).
    const [cellBox, menuBox] = [await cell(page, issue, CYCLE).boundingBox(), await cycleMenu.boundingBox()];
    const width = page.viewportSize()?.width ?? 0;
    expect(cellBox && menuBox && Math.abs(menuBox.y - (cellBox.y + cellBox.height)) < 12).toBe(true);
    expect(cellBox && menuBox && menuBox.x < cellBox.x + cellBox.width && menuBox.x + menuBox.width > cellBox.x).toBe(true);
    expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= width).toBe(true);
    await cycleMenu.getByRole("menuitemradio", { name: "Sprint 9" }).click();
    await expect.poll(() => cell(page, issue, CYCLE).textContent()).toBe("Sprint 9");
    expect((await a.owner.call<{ cycle: string | null }>("GET", `${a.base}/issues/${issue}/`)).cycle).toBeNull();
    await held.requested;
    await held.stop();
    await expect.poll(async () => (await a.owner.call<{ cycle: string | null }>("GET", `${a.base}/issues/${issue}/`)).cycle).toBe(cycle.id);

    // The module through the keyboard: focus its cell, Enter, pick, Enter.
    await cell(page, issue, MODULE).focus();
    await page.keyboard.press("Enter");
    const moduleMenu = page.getByRole("menu", { name: "Module" });
    await visible(moduleMenu);
    await moduleMenu.getByRole("menuitemradio", { name: "Billing" }).click();
    await expect.poll(() => cell(page, issue, MODULE).textContent()).toBe("Billing");
    expect(await focused(page)).toEqual({ issueId: issue, column: String(MODULE) });
    await expect.poll(async () => (await a.owner.call<{ module: string | null }>("GET", `${a.base}/issues/${issue}/`)).module).toBe(module.id);

    await page.reload();
    await visible(page.getByRole("grid", { name: "Issues" }));
    await expect.poll(() => cell(page, issue, CYCLE).textContent()).toBe("Sprint 9");
    await expect.poll(() => cell(page, issue, MODULE).textContent()).toBe("Billing");
    await expect.poll(() => cell(page, a.issues[0].id, CYCLE).textContent()).toBe("No cycle");
    await screenshotsInThemes(page, "spreadsheet-cycle-module");
    expect(errors).toEqual([]);
  });

  test("a viewer sees the table without checkboxes, editors or the bar", async () => {
    const a = await arrange(10);
    const { page, errors } = await openIssuesAs(browser, a.member, a.slug, a.projectId, SPREADSHEET);
    await visible(page.getByRole("grid", { name: "Issues" }));
    await expect.poll(() => cell(page, a.issues[0].id, 1).textContent()).toBe("Todo");
    expect(await page.getByRole("checkbox").count()).toBe(0);
    expect(await page.locator("td[data-action]").count()).toBe(0);
    await cell(page, a.issues[0].id, 0).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+a");
    expect(await page.getByRole("menu").count()).toBe(0);
    expect(await page.getByRole("toolbar", { name: "Selected issues" }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
