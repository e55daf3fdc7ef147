// The month Gantt as people use it on a project's issues: the "Gantt View Beta" chart opens on
// today with eight months, grows by four months when scrolled near either end (keeping the reader's
// place when the months come in on the left), goes full screen and back, draws an issue without
// both dates from its creation to its last update with the note, and opens an issue from its
// block. A thousand issues keep only a window of rows in the page. Data the test is not about is
// arranged through the REST API.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { GANTT_NO_DUE_DATE_NOTE } from "../../app/lib/issue-display";
import { ISSUE_WINDOW_FIRST_SCREEN, ISSUE_WINDOW_NEXT_PAGE } from "../../workers/domain/schemas/issue-windows";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, runSql, screenshot, to, uniqueSlug, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let base: string;
let ownerTab: TestPage;
const issueIds: Record<string, string> = {};

/** The date `days` from today (UTC), as the API stores dates. */
function dayFromToday(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

async function openGantt(page: Page, project = projectId) {
  await page.goto(to.projectIssues(slug, project));
  await waitForHydration(page);
  const button = page.getByRole("button", { name: "Gantt chart layout" });
  if ((await button.getAttribute("aria-pressed")) !== "true") await button.click();
  const gantt = page.getByRole("region", { name: "Gantt chart" });
  await visible(gantt.getByText("Gantt View Beta"));
  return gantt;
}

/** How many of the header's day numbers are inside the chart's visible box. */
const dayNumbersInSight = (gantt: Locator) =>
  gantt.locator("[data-gantt-scroller]").evaluate((scroller) => {
    const box = scroller.getBoundingClientRect();
    return [...scroller.querySelectorAll("[data-gantt-day]")].filter((cell) => {
      const rect = cell.getBoundingClientRect();
      return rect.left >= box.left && rect.right <= box.right && /^\d+$/.test(cell.textContent ?? "");
    }).length;
  });
const monthsOf = (gantt: Locator) => gantt.locator("[data-gantt-month]").evaluateAll((months) => months.map((month) => month.getAttribute("data-gantt-month")));
const scrollLeftOf = (gantt: Locator) => gantt.locator("[data-gantt-scroller]").evaluate((element) => element.scrollLeft);

/** Scrolls the chart sideways with the mouse wheel, as a person does, by `delta` pixels. */
async function wheelSideways(page: Page, gantt: Locator, delta: number) {
  const box = (await gantt.locator("[data-gantt-scroller]").boundingBox())!;
  await page.mouse.move(box.x + box.width - 100, box.y + box.height / 2);
  await page.mouse.wheel(delta, 0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = uniqueSlug("gantt");
  await owner.post("/api/workspaces/", { name: "Gantt Works", slug });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Timeline Board", identifier: "TIME" })).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  for (const [name, dates] of [
    ["Ship the planner", { start_date: dayFromToday(-1), target_date: dayFromToday(3) }],
    ["Sketch the roadmap", {}],
  ] as const) {
    issueIds[name] = (await owner.post<{ id: string }>(`${base}/issues/`, { name, ...dates })).id;
  }
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("the month Gantt", () => {
  test("opens on today with eight months, grows at either edge, goes full screen and opens an issue", async () => {
    const page = ownerTab.page;
    const gantt = await openGantt(page);

    // Eight months, the fourth is this one; today's column is in sight.
    const months = await monthsOf(gantt);
    expect(months).toHaveLength(8);
    const thisMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
    expect(months[3]).toBe(thisMonth);
    const dated = gantt.locator("[data-gantt-block] div[title='Ship the planner']");
    await visible(dated);
    // Four days at 80 px per day, both ends included.
    expect((await dated.boundingBox())!.width).toBe(5 * 80);

    // Without both dates: the block spans creation to last update, dashed, with the note.
    const undated = gantt.locator(`[data-gantt-block] div[title='Sketch the roadmap: ${GANTT_NO_DUE_DATE_NOTE}']`);
    await visible(undated);
    await visible(gantt.getByText(GANTT_NO_DUE_DATE_NOTE));
    await screenshot(page, "gantt-issues-light-1440");

    // Full screen covers the window; the button says how to leave, and Escape leaves too.
    await gantt.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(async () => (await gantt.boundingBox())!).toEqual({ x: 0, y: 0, width: 1440, height: 900 });
    await visible(gantt.getByRole("button", { name: "Exit full screen", pressed: true }));
    await screenshot(page, "gantt-fullscreen-light-1440");
    await gantt.getByRole("button", { name: "Exit full screen" }).click();
    await expect.poll(async () => (await gantt.boundingBox())!.x).toBeGreaterThan(0);
    await gantt.getByRole("button", { name: "Full screen" }).click();
    await expect.poll(async () => (await gantt.boundingBox())!.x).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await gantt.boundingBox())!.x).toBeGreaterThan(0);

    // Scrolled to the right edge, four more months load after the last one.
    const before = await monthsOf(gantt);
    for (let step = 0; step < 20 && (await monthsOf(gantt)).length === 8; step++) await wheelSideways(page, gantt, 4000);
    await expect.poll(() => monthsOf(gantt)).toHaveLength(12);
    const after = await monthsOf(gantt);
    expect(after.slice(0, 8)).toEqual(before);
    await visible(gantt.locator(`[data-gantt-month="${after[11]}"]`));
    // The header numbers the days wherever the reader has scrolled to.
    await expect.poll(() => dayNumbersInSight(gantt)).toBeGreaterThan(5);

    // Scrolled to the left edge, four months come in front, and what was in sight stays in sight.
    for (let step = 0; step < 40 && (await monthsOf(gantt)).length === 12; step++) await wheelSideways(page, gantt, -4000);
    await expect.poll(() => monthsOf(gantt)).toHaveLength(16);
    expect((await monthsOf(gantt)).slice(4)).toEqual(after);
    // The view moved right by the width of the new months instead of jumping to their start.
    expect(await scrollLeftOf(gantt)).toBeGreaterThan(1000);
    await visible(gantt.locator(`[data-gantt-month="${before[0]}"]`));

    // Back to today, and a block opens its issue, in the page (no reload: what the page held stays).
    await gantt.getByRole("button", { name: "Today" }).click();
    await visible(dated);
    await page.evaluate(() => Object.assign(window, { heldAcrossNavigation: true }));
    await dated.click();
    await waitForPath(page, `${to.projectIssues(slug, projectId)}/${issueIds["Ship the planner"]}`);
    await visible(page.getByText("Ship the planner").first());
    expect(await page.evaluate(() => (window as unknown as { heldAcrossNavigation?: boolean }).heldAcrossNavigation)).toBe(true);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a thousand issues keep only the rows in sight in the page", async () => {
    const project = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Thousand Rows", identifier: "ROWS" })).id;
    const rowsBase = `/api/workspaces/${slug}/projects/${project}`;
    const todo = (await owner.call<{ id: string; name: string }[]>("GET", `${rowsBase}/states/`)).find((state) => state.name === "Todo")?.id;
    const me = await owner.call<{ id: string }>("GET", "/api/users/me/");
    // A thousand dated issues, written as an importer writes them (through the API they would
    // take half a minute): each starts up to 19 days ago and ends within a week.
    await runSql(
      `INSERT INTO issues (id, workspace_id, project_id, name, priority, state_id, sequence_id, sort_order, start_date, target_date, created_by, created_at, updated_at)
       WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 999)
       SELECT lower(hex(randomblob(16))), p.workspace_id, p.id, 'Row issue ' || (n + 1), 'none', '${todo}', n + 1, 65535 + n * 10000,
         date('${dayFromToday(0)}', '-' || (n % 20) || ' days'), date('${dayFromToday(0)}', '+' || ((n % 7) + 1) || ' days'), '${me.id}',
         strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2030-01-01', '+' || n || ' seconds')
       FROM seq, projects p WHERE p.id = '${project}'`,
    );
    const page = ownerTab.page;
    const gantt = await openGantt(page, project);
    const rows = gantt.locator("[data-gantt-block]");
    await visible(rows.first());
    // Only a screen of the list was read, and at most the one page its end in sight asked for;
    // the rest is read as the rows' end comes into sight.
    const showing = page.getByText(/^Showing \d+ of 1,000 issues$/);
    await visible(showing);
    const held = Number((await showing.textContent())?.match(/^Showing (\d+)/)?.[1]);
    expect(held).toBeLessThanOrEqual(ISSUE_WINDOW_FIRST_SCREEN.gantt_chart + ISSUE_WINDOW_NEXT_PAGE);
    // The rows and the count line agree on how many are held. Both are read in one moment: when
    // the first page's end is already in sight, the next page may arrive between two reads.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const size = document.querySelector("[data-gantt-block]")?.getAttribute("aria-setsize");
          const line = [...document.querySelectorAll("body *")].find((node) => /^Showing \d+ of 1,000 issues$/.test(node.textContent ?? ""));
          return size !== undefined && size === line?.textContent?.match(/^Showing (\d+)/)?.[1];
        }),
      )
      .toBe(true);
    const drawn = await rows.count();
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(60);

    // Scrolled to the end with the wheel, the last rows are drawn and the window is as small.
    const box = (await gantt.locator("[data-gantt-scroller]").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 60 && (await gantt.locator('[data-gantt-block][aria-posinset="1000"]').count()) === 0; step++) {
      await page.mouse.wheel(0, 2000);
    }
    await visible(gantt.locator('[data-gantt-block][aria-posinset="1000"]'));
    expect(await rows.first().getAttribute("aria-setsize")).toBe("1000");
    await expect.poll(() => page.getByText(/^Showing \d+ of 1,000 issues$/).count()).toBe(0);
    expect(await rows.count()).toBeLessThan(60);
    // The first issue made is the last row (newest first), its name and block in sight.
    await visible(gantt.getByRole("link", { name: "Row issue 1", exact: true }));
    // Halfway back up, the rows in sight are drawn: the middle of the chart is a row, not a gap.
    await gantt.locator("[data-gantt-scroller]").evaluate((element) => element.scrollTo({ top: element.scrollHeight / 2 }));
    await expect
      .poll(() =>
        gantt.locator("[data-gantt-scroller]").evaluate((element) => {
          const box = element.getBoundingClientRect();
          return document.elementFromPoint(box.left + 100, box.top + box.height / 2)?.closest("[data-gantt-block]")?.getAttribute("aria-posinset");
        }),
      )
      .toMatch(/^(4\d\d|5\d\d)$/);
    expect(await rows.count()).toBeLessThan(60);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a bar that starts left of the view keeps its name in sight at the view's left edge", async () => {
    const project = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Long Bars", identifier: "LONG" })).id;
    await owner.post(`/api/workspaces/${slug}/projects/${project}/issues/`, {
      name: "Migrate the billing records",
      start_date: dayFromToday(-20),
      target_date: dayFromToday(20),
    });
    const page = ownerTab.page;
    const gantt = await openGantt(page, project);
    const bar = gantt.locator("[data-gantt-block] div[title='Migrate the billing records']");
    const label = bar.getByText("Migrate the billing records");
    await visible(label);
    // Scroll until the bar's start is ten days behind the name column.
    const nameColumn = gantt.locator("[data-gantt-block] > div").first();
    const namesRight = async () => {
      const box = (await nameColumn.boundingBox())!;
      return box.x + box.width;
    };
    const shift = (await bar.boundingBox())!.x - (await namesRight()) + 10 * 80;
    await gantt.locator("[data-gantt-scroller]").evaluate((element, by) => element.scrollBy({ left: by }), shift);
    await expect.poll(async () => (await bar.boundingBox())!.x).toBeLessThan((await namesRight()) - 9 * 80);

    // The name sits just right of the name column, in the part of the bar in sight, and nothing covers it.
    const right = await namesRight();
    const box = (await label.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(right);
    expect(box.x).toBeLessThan(right + 24);
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? "",
      { x: box.x + Math.min(box.width, 60) / 2, y: box.y + box.height / 2 },
    );
    expect(onTop).toBe("Migrate the billing records");
    await screenshot(page, "gantt-bar-scrolled-left");
  });

  test("screenshots: light and dark, wide and narrow", async () => {
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        const tab = await newPage(browser, { width, height: 900 });
        await login(tab.page, { email: owner.email, password: PASSWORD });
        const gantt = await openGantt(tab.page);
        await visible(gantt.locator("[data-gantt-block] div[title='Ship the planner']"));
        await screenshot(tab.page, `gantt-${theme}-${width}`);
        expect(tab.errors).toEqual([]);
        await tab.context.close();
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
