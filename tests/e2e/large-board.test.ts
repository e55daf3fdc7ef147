// A board of 5,000 issues opens like a small one: each column shows its count and its first
// cards, an issue added past them by someone else changes only the counts, and a person scrolling
// a column to its end reads it a page at a time until the last card is in sight, with only the
// cards in sight in the page.
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ISSUE_WINDOW_FIRST_PAGE } from "../../workers/domain/schemas/issue-windows";
import {
  ApiUser,
  PASSWORD,
  type TestPage,
  launchBrowser,
  login,
  newPage,
  runSql,
  screenshot,
  screenshotsInThemes,
  to,
  uniqueSlug,
  visible,
  waitForHydration,
} from "./fixtures";

const ISSUES = 5000;

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let tab: TestPage;
let todoId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = uniqueSlug("large");
  await owner.post("/api/workspaces/", { name: "Large Works", slug });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Big Board", identifier: "BIG" })).id;
  const base = `/api/workspaces/${slug}/projects/${projectId}`;
  const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  todoId = states.find((state) => state.name === "Todo")?.id ?? "";
  const me = await owner.call<{ id: string }>("GET", "/api/users/me/");
  // 5,000 issues in Todo, written as an importer writes them (through the API they would take a
  // minute): "Bulk issue 1" first, "Bulk issue 5000" last in the manual order; each due on one of
  // this month's first 20 days (UTC), which no week of next month's calendar shows.
  await runSql(
    `INSERT INTO issues (id, workspace_id, project_id, name, priority, state_id, sequence_id, sort_order, created_by, created_at, updated_at, target_date)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ISSUES})
     SELECT lower(hex(randomblob(16))), p.workspace_id, p.id, 'Bulk issue ' || n, 'none', '${todoId}', 1000 + n, 65535 + n * 10000, '${me.id}',
       strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' seconds'),
       date('now', 'start of month', '+' || (n % 20) || ' days')
     FROM seq, projects p WHERE p.id = '${projectId}'`,
  );
  await owner.post(`${base}/project-views/`, {
    view_props: { issueView: "kanban", groupByProperty: "state", orderBy: "sort_order", showEmptyGroups: true, filters: {} },
  });
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const column = (name: string) => tab.page.getByRole("region", { name, exact: true });
const cards = (where: Locator) => where.locator("[data-issue-id]");

describe("a board of 5,000 issues", () => {
  test("shows each column's count and first cards, and a column scrolled to its end shows its last card", async () => {
    const page = tab.page;
    await page.goto(to.projectIssues(slug, projectId));
    await waitForHydration(page);
    const todo = column("Todo");
    await visible(todo.getByText("Bulk issue 1", { exact: true }));
    await visible(todo.getByText("5,000", { exact: true }));
    await visible(page.getByText("5,000 issues", { exact: true }));
    // Only about a screen of the column's 5,000 cards is drawn.
    expect(await cards(todo).count()).toBeLessThanOrEqual(ISSUE_WINDOW_FIRST_PAGE);

    // Someone else adds an issue to Todo: it goes to the end of the column, far past the cards read,
    // so only the counts change (the board's change reaches the page through its socket).
    await owner.post(`/api/workspaces/${slug}/projects/${projectId}/issues/`, { name: "Fresh issue", state: todoId });
    await visible(todo.getByText("5,001", { exact: true }));
    await visible(page.getByText("5,001 issues", { exact: true }));
    expect(await todo.getByText("Fresh issue", { exact: true }).count()).toBe(0);

    // The person scrolls the column down to its end, again and again as more cards arrive.
    const scroller = todo.locator("[data-group-key]");
    const last = todo.getByText("Fresh issue", { exact: true });
    for (let step = 0; step < 400 && (await last.count()) === 0; step++) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForFunction(
        (element) => element && (element.scrollHeight - element.scrollTop - element.clientHeight > 50 || !element.querySelector("[data-more-issues]")),
        await scroller.elementHandle(),
      );
    }
    await visible(last);
    await visible(todo.getByText(`Bulk issue ${ISSUES}`, { exact: true }));
    // Whole column read, only the cards in sight (and a few either side) are in the page.
    expect(await page.locator("[data-more-issues]").count()).toBe(0);
    expect(await cards(todo).count()).toBeLessThan(40);
    await screenshot(page, "large-board-end-of-column");
    await screenshotsInThemes(page, "large-board-kanban");

    // Back at the top, the first card is drawn again.
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    await visible(todo.getByText("Bulk issue 1", { exact: true }));
    expect(tab.errors).toEqual([]);
  }, 180_000);

  test("the list and the calendar of 5,000 issues: the list reads as it scrolls, the calendar reads its month's and says how many it shows", async () => {
    const page = tab.page;
    await page.goto(to.projectIssues(slug, projectId));
    await waitForHydration(page);
    await page.getByRole("button", { name: "List layout" }).click();
    const todo = page.getByRole("region", { name: "Todo", exact: true });
    await visible(todo.getByText("Bulk issue 1", { exact: true }));
    expect(await cards(page.locator("[data-layout]")).count()).toBeLessThanOrEqual(ISSUE_WINDOW_FIRST_PAGE * 2);
    await screenshotsInThemes(page, "large-board-list");

    // The calendar holds the issues due in its month's weeks: the 5,000 (the project's other issue has no due date).
    await page.getByRole("button", { name: "Calendar layout" }).click();
    const showing = page.getByText(/^Showing [\d,]+ of 5,000 issues$/);
    await visible(showing);
    const before = await showing.textContent();
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => showing.textContent()).not.toBe(before);
    // Every weekday from the 1st to the 20th has its issues, the weeks below the first screen too.
    const month = new Date().toISOString().slice(0, 7);
    const weekdays = Array.from({ length: 20 }, (_, day) => new Date(`${month}-${String(day + 1).padStart(2, "0")}T00:00:00Z`).getUTCDay());
    const daysWithIssues = weekdays.filter((weekday) => weekday !== 0 && weekday !== 6).length;
    await expect.poll(() => page.locator("section[data-date]:has([data-issue-id])").count()).toBe(daysWithIssues);
    await screenshotsInThemes(page, "large-board-calendar");

    // Next month has none due: its calendar is drawn empty, with no count of issues left to read.
    const title = page.locator("h2[aria-live=polite]");
    const thisMonth = await title.textContent();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect.poll(() => title.textContent()).not.toBe(thisMonth);
    await expect.poll(() => cards(page.locator("[data-layout]")).count()).toBe(0);
    expect(await showing.count()).toBe(0);
    // Back on this month, its issues are read again.
    await page.getByRole("button", { name: "Today" }).click();
    await visible(showing);
    expect(tab.errors).toEqual([]);
  }, 120_000);
});
