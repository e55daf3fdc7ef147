// The issue views as people use them: switching layouts, grouping, ordering and filtering,
// dragging cards between and within kanban columns and across calendar days, saving a view and
// reopening it, the read-only board a viewer gets, and preferences that survive a reload. What the
// server stored is read back from the REST API. Data the test is not about is arranged through
// the API.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, type TestPage, dragByMouse, holdRequests, launchBrowser, login, newPage, PASSWORD, screenshot, to, visible, waitForHydration, projectWithMember } from "./fixtures";

interface IssueRow {
  id: string;
  name: string;
  state: string;
  priority: string;
  sort_order: number;
  target_date: string | null;
}

let browser: Browser;
let owner: ApiUser;
let viewer: ApiUser;
let slug: string;
let projectId: string;
let base: string;
const stateIds: Record<string, string> = {};
const issueIds: Record<string, string> = {};
let ownerTab: TestPage;

/** The first two weekdays of this month (UTC): both show in the month view with weekends hidden. */
function twoWeekdaysThisMonth(): [string, string] {
  const now = new Date();
  const days: string[] = [];
  for (let day = 1; days.length < 2; day++) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day));
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) days.push(date.toISOString().slice(0, 10));
  }
  return [days[0], days[1]];
}
const [firstWeekday, secondWeekday] = twoWeekdaysThisMonth();

async function issuesFromApi(): Promise<IssueRow[]> {
  return owner.call<IssueRow[]>("GET", `${base}/issues/`);
}

async function issueFromApi(name: string): Promise<IssueRow> {
  return owner.call<IssueRow>("GET", `${base}/issues/${issueIds[name]}/`);
}

/** Arranges the owner's stored display preferences (what a test is not about). */
async function setDisplay(viewProps: Record<string, unknown>) {
  await owner.post(`${base}/project-views/`, {
    view_props: { issueView: "list", groupByProperty: null, orderBy: "-created_at", showEmptyGroups: true, filters: {}, ...viewProps },
  });
}

async function openIssues(page: Page) {
  await page.goto(to.projectIssues(slug, projectId));
  await waitForHydration(page);
}

/** Drag and drop loads when the pointer first reaches the board; wait until it is ready. */
async function readyToDrag(page: Page) {
  const board = page.locator("[data-dnd]");
  await board.hover({ position: { x: 5, y: 5 } });
  await expect.poll(() => board.getAttribute("data-dnd")).toBe("ready");
}

const column = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const card = (scope: Page | Locator, name: string) => scope.locator("[data-issue-id]").filter({ hasText: name });
const namesIn = async (scope: Locator) => (await scope.locator("[data-issue-id] a[data-issue-link]").allTextContents()).map((text) => text.trim());

async function closeMenu(page: Page) {
  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("menu").count()).toBe(0);
}

async function openViewMenu(page: Page) {
  await page.getByRole("button", { name: "View", exact: true }).click();
  return visible(page.getByRole("menu"));
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, member: viewer, slug, projectId, base } = await projectWithMember({
    slugPrefix: "views",
    workspace: "Views Works",
    project: "Views Board",
    identifier: "VIEW",
    role: 10,
  }));
  for (const state of await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`)) stateIds[state.name] = state.id;
  const bug = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Bug", color: "#dc2626" });
  const arrange: [string, Record<string, unknown>][] = [
    ["Alpha audit", { state: stateIds.Backlog, priority: "high" }],
    ["Bravo bugfix", { state: stateIds.Todo, priority: "urgent", labels_list: [bug.id] }],
    ["Charlie cleanup", { state: stateIds.Todo, priority: "low" }],
    ["Delta deadline", { state: stateIds["In Progress"], priority: "medium", target_date: firstWeekday }],
    ["Echo estimate", { state: stateIds.Todo, priority: "none" }],
  ];
  for (const [name, fields] of arrange) {
    const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name, ...fields });
    issueIds[name] = issue.id;
  }
  ownerTab = await newPage(browser);
  await login(ownerTab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("issue views", () => {
  test("each layout shows the project's issues", async () => {
    await setDisplay({});
    const page = ownerTab.page;
    await openIssues(page);
    // List (the default layout): every issue, newest first.
    const list = page.getByRole("region", { name: "Issues", exact: true });
    await visible(card(list, "Echo estimate"));
    expect(await namesIn(list)).toEqual(["Echo estimate", "Delta deadline", "Charlie cleanup", "Bravo bugfix", "Alpha audit"]);

    await page.getByRole("button", { name: "Kanban layout" }).click();
    await visible(column(page, "Backlog"));
    expect(await namesIn(column(page, "Backlog"))).toEqual(["Alpha audit"]);
    expect(await namesIn(column(page, "Todo"))).toEqual(["Echo estimate", "Charlie cleanup", "Bravo bugfix"]);
    expect(await namesIn(column(page, "In Progress"))).toEqual(["Delta deadline"]);
    expect(await namesIn(column(page, "Done"))).toEqual([]);
    await screenshot(page, "issue-views-kanban");

    // Calendar: the issue with a due date sits on its day.
    await page.getByRole("button", { name: "Calendar layout" }).click();
    const day = page.getByRole("region", { name: firstWeekday, exact: true });
    await visible(card(day, "Delta deadline"));

    // Gantt: one row per issue.
    await page.getByRole("button", { name: "Gantt chart layout" }).click();
    const gantt = page.getByRole("region", { name: "Gantt chart" });
    for (const name of Object.keys(issueIds)) await visible(gantt.getByText(name, { exact: true }));
    expect(ownerTab.errors).toEqual([]);
  });

  test("group by priority, order by priority is not offered there, and filters narrow the list", async () => {
    await setDisplay({});
    const page = ownerTab.page;
    await openIssues(page);
    let menu = await openViewMenu(page);
    await menu.getByRole("menuitemradio", { name: "Priority" }).first().click();
    await page.keyboard.press("Escape");
    await visible(page.getByRole("region", { name: "Urgent", exact: true }));
    expect(await namesIn(page.getByRole("region", { name: "Urgent", exact: true }))).toEqual(["Bravo bugfix"]);
    expect(await namesIn(page.getByRole("region", { name: "High", exact: true }))).toEqual(["Alpha audit"]);
    expect(await namesIn(page.getByRole("region", { name: "None", exact: true }))).toEqual(["Echo estimate"]);

    // Grouped by priority, "Priority" appears once (Group by) and not under Order by.
    menu = await openViewMenu(page);
    await visible(menu.getByRole("menuitemradio", { name: "Manual" }));
    await expect.poll(() => menu.getByRole("menuitemradio", { name: "Priority" }).count()).toBe(1);
    await menu.getByRole("menuitemradio", { name: "State" }).click();
    await menu.getByRole("menuitemradio", { name: "Priority" }).last().click();
    await page.keyboard.press("Escape");
    // Grouped by state, ordered by priority: urgent before low before none inside Todo.
    await expect.poll(() => namesIn(page.getByRole("region", { name: "Todo", exact: true }))).toEqual([
      "Bravo bugfix",
      "Charlie cleanup",
      "Echo estimate",
    ]);

    // Filter by the Bug label: only the labelled issue is left, and a chip says why.
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("menuitemcheckbox", { name: "Bug" }).click();
    await page.keyboard.press("Escape");
    const chips = page.getByRole("region", { name: "Applied filters" });
    await visible(chips.getByRole("button", { name: "Remove Bug filter" }));
    await expect.poll(() => page.locator("[data-issue-id]").count()).toBe(1);
    await visible(card(page, "Bravo bugfix"));
    await chips.getByRole("button", { name: "Clear all filters" }).click();
    await expect.poll(() => page.locator("[data-issue-id]").count()).toBe(5);
  });

  test("kanban: a card dragged to another column changes its state at once, then on the server; within a column it reorders", async () => {
    await setDisplay({ issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" });
    const page = ownerTab.page;
    await openIssues(page);
    await visible(column(page, "Backlog"));
    await readyToDrag(page);
    const before = await issuesFromApi();
    const todoOrders = before.filter((issue) => issue.state === stateIds.Todo).map((issue) => issue.sort_order);

    // Hold the server's answer back: the card must move before it arrives.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      // Remix posts the action to "<route>.data" (single fetch).
      (url) => /\/issues(\.data)?$/.test(url.pathname),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        await held;
        await route.continue();
      },
    );
    await dragByMouse(page, card(column(page, "Backlog"), "Alpha audit"), column(page, "Todo").locator("[data-group-key]"), {
      at: "bottom",
    });
    await visible(card(column(page, "Todo"), "Alpha audit"));
    expect(await namesIn(column(page, "Backlog"))).toEqual([]);
    expect((await issueFromApi("Alpha audit")).state).toBe(stateIds.Backlog);
    release();
    await expect.poll(async () => (await issueFromApi("Alpha audit")).state).toBe(stateIds.Todo);
    await page.unrouteAll({ behavior: "wait" });
    // Dropped after the column's last card: last + 10000.
    expect((await issueFromApi("Alpha audit")).sort_order).toBe(Math.max(...todoOrders) + 10000);

    // Within Todo: the last card to the top gets first - 10000.
    await page.waitForLoadState("networkidle");
    const todo = column(page, "Todo");
    const order = await namesIn(todo);
    const last = order[order.length - 1];
    const firstOrder = Math.min(...(await issuesFromApi()).filter((issue) => issue.state === stateIds.Todo).map((issue) => issue.sort_order));
    await dragByMouse(page, card(todo, last), card(todo, order[0]), { at: "top" });
    await expect.poll(() => namesIn(todo)).toEqual([last, ...order.slice(0, -1)]);
    await expect.poll(async () => (await issueFromApi(last)).sort_order).toBe(firstOrder - 10000);
    await screenshot(page, "issue-views-kanban-dragged");
    expect(ownerTab.errors).toEqual([]);
  });

  test("calendar: a calendar chunk that arrives late hydrates with the page, without errors", async () => {
    // On a loaded machine the calendar's chunk can arrive after the rest of the page; a person
    // clicking meanwhile must not make React throw the server's calendar away (error 421).
    await setDisplay({ issueView: "calendar" });
    const page = ownerTab.page;
    const chunk = await holdRequests(page, /calendar-layout-[^/]*\.js$/);
    try {
      await page.goto(to.projectIssues(slug, projectId), { waitUntil: "domcontentloaded" });
      await chunk.requested;
      const viewButton = await visible(page.getByRole("button", { name: "View", exact: true }));
      const box = await viewButton.boundingBox();
      if (!box) throw new Error("the View button has no box");
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      chunk.release();
      await waitForHydration(page);
      await visible(card(page.getByRole("region", { name: firstWeekday, exact: true }), "Delta deadline"));
      // The press reached the server's button before React did: it opened the View menu only if
      // React replayed it while hydrating (a press mounts the menu at once). Close it if so, then
      // open it by hand.
      const trigger = page.getByRole("button", { name: "View", exact: true });
      if ((await trigger.getAttribute("aria-expanded")) === "true") await closeMenu(page);
      await openViewMenu(page);
      await page.keyboard.press("Escape");
    } finally {
      await chunk.stop();
    }
    expect(ownerTab.errors).toEqual([]);
  });

  test("a menu pressed before its code has arrived opens next to its trigger when it does", async () => {
    // Menus load after the page (app/components/lazy-menu.tsx): hold their code back, press View.
    const page = ownerTab.page;
    const chunk = await holdRequests(page, /menu-parts-[^/]*\.js$/);
    try {
      await page.goto(to.projectIssues(slug, projectId), { waitUntil: "domcontentloaded" });
      // Asked for once the page has hydrated and the browser is idle (held here).
      await chunk.requested;
      const viewButton = await visible(page.getByRole("button", { name: "View", exact: true }));
      // The toolbar streams in after the shell; a press reaches React once it has hydrated too.
      await viewButton.evaluate((button) =>
        new Promise<void>((resolve) => {
          const hydrated = () => Object.keys(button).some((key) => key.startsWith("__reactProps$"));
          const check = () => (hydrated() ? resolve() : requestAnimationFrame(check));
          check();
        }),
      );
      await viewButton.click();
      expect(await viewButton.getAttribute("aria-expanded")).toBe("false");
      expect(await page.getByRole("menu").count()).toBe(0);
      chunk.release();
      const menu = await visible(page.getByRole("menu"));
      expect(await page.getByRole("button", { name: "View", exact: true }).getAttribute("aria-expanded")).toBe("true");
      const trigger = await page.getByRole("button", { name: "View", exact: true }).boundingBox();
      const box = await menu.boundingBox();
      const viewport = page.viewportSize();
      if (!trigger || !box || !viewport) throw new Error("the View menu or its trigger has no box");
      // Just below the trigger, right edges aligned (bottom-end), inside the window.
      expect(box.y).toBeGreaterThanOrEqual(trigger.y + trigger.height);
      expect(box.y).toBeLessThan(trigger.y + trigger.height + 16);
      expect(Math.abs(box.x + box.width - (trigger.x + trigger.width))).toBeLessThan(4);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await closeMenu(page);
    } finally {
      await chunk.stop();
    }
    expect(ownerTab.errors).toEqual([]);
  });

  test("calendar: dragging an issue to another day sets its due date", async () => {
    await setDisplay({ issueView: "calendar" });
    const page = ownerTab.page;
    await openIssues(page);
    const from = page.getByRole("region", { name: firstWeekday, exact: true });
    const target = page.getByRole("region", { name: secondWeekday, exact: true });
    await visible(card(from, "Delta deadline"));
    await readyToDrag(page);
    await dragByMouse(page, card(from, "Delta deadline"), target.locator("[data-group-key]"), { grab: { x: 4, y: 12 } });
    await visible(card(target, "Delta deadline"));
    await expect.poll(async () => (await issueFromApi("Delta deadline")).target_date).toBe(secondWeekday);
  });

  test("Save view stores the filters; the view reopens with them", async () => {
    await setDisplay({ filters: { priority: ["urgent", "high"] } });
    const page = ownerTab.page;
    await openIssues(page);
    const chips = page.getByRole("region", { name: "Applied filters" });
    await visible(chips.getByRole("button", { name: "Remove Urgent filter" }));
    await chips.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Create View" });
    await dialog.getByRole("button", { name: "Create View" }).click();
    await visible(dialog.getByText("Title is required"));
    await dialog.getByLabel("Title").fill("Hot issues");
    await dialog.getByRole("button", { name: "Create View" }).click();
    await page.waitForURL(/\/views\/[^/]+$/);
    const viewUrl = page.url();

    // The member's own filters are cleared; the view still shows its own.
    await setDisplay({});
    await page.goto(viewUrl);
    await waitForHydration(page);
    await visible(page.getByRole("heading", { name: "Hot issues" }));
    await visible(chips.getByRole("button", { name: "Remove Urgent filter" }));
    await visible(chips.getByRole("button", { name: "Remove High filter" }));
    await expect.poll(async () => (await page.locator("[data-issue-id] a[data-issue-link]").allTextContents()).sort()).toEqual([
      "Alpha audit",
      "Bravo bugfix",
    ]);
    const views = await owner.call<{ name: string; query_data: Record<string, unknown> }[]>("GET", `${base}/views/`);
    expect(views.find((view) => view.name === "Hot issues")?.query_data).toMatchObject({ priority: ["urgent", "high"] });

    // Inside the view, a changed filter is saved with Update view.
    await chips.getByRole("button", { name: "Remove High filter" }).click();
    await chips.getByRole("button", { name: "Update view" }).click();
    await visible(page.getByText("View updated"));
    await expect
      .poll(async () => (await owner.call<{ name: string; query_data: { priority?: string[] } }[]>("GET", `${base}/views/`)).find((view) => view.name === "Hot issues")?.query_data.priority)
      .toEqual(["urgent"]);
  });

  test("preferences survive a reload", async () => {
    await setDisplay({});
    const page = ownerTab.page;
    await openIssues(page);
    await page.getByRole("button", { name: "Kanban layout" }).click();
    const menu = await openViewMenu(page);
    await menu.getByRole("menuitemradio", { name: "Priority" }).first().click();
    await menu.getByRole("menuitemcheckbox", { name: "Priority" }).click();
    await page.keyboard.press("Escape");
    await visible(column(page, "Urgent"));
    // The priority property (off by default) now shows on every card.
    const priorityChips = () => page.locator('[data-issue-id] [title^="Priority:"]').count();
    await expect.poll(priorityChips).toBe(5);
    // The writes are in flight: reload once the server has both (waitForLoadState would not wait).
    await expect.poll(async () => (await owner.call<{ properties: { priority: boolean } }>("GET", `${base}/issue-properties/`)).properties.priority).toBe(true);
    await expect
      .poll(async () => (await owner.call<{ view_props: { issueView: string; groupByProperty: string } }>("GET", `${base}/project-views/`)).view_props)
      .toMatchObject({ issueView: "kanban", groupByProperty: "priority" });

    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("button", { name: "Kanban layout" }).getAttribute("aria-pressed")).toBe("true");
    await visible(column(page, "Urgent"));
    expect(await namesIn(column(page, "Urgent"))).toEqual(["Bravo bugfix"]);
    expect(await priorityChips()).toBe(5);
    // Restore the property for other tests.
    const again = await openViewMenu(page);
    await again.getByRole("menuitemcheckbox", { name: "Priority" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(async () => (await owner.call<{ properties: { priority: boolean } }>("GET", `${base}/issue-properties/`)).properties.priority).toBe(false);
  });

  test("a cycle page starts empty; Add existing issues puts picked issues in the cycle", async () => {
    await setDisplay({});
    const cycle = await owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint 1" });
    const page = ownerTab.page;
    await page.goto(`${to.project(slug, projectId)}/cycles/${cycle.id}`);
    await waitForHydration(page);
    await visible(page.getByRole("heading", { name: "Sprint 1" }));
    await visible(page.getByText("You don't have any issue yet."));
    await page.getByRole("button", { name: "Add an existing issue" }).click();
    const dialog = page.getByRole("dialog", { name: "Add existing issues" });
    const picks = dialog.getByRole("list", { name: "Issues to add" });
    await visible(picks.getByText("Charlie cleanup"));
    await dialog.getByRole("button", { name: "Add selected issues" }).click();
    await visible(page.getByText("Please select atleast one issue"));
    // Search by identifier-sequence, then by name.
    await dialog.getByLabel("Search issues").fill("view-3");
    await expect.poll(() => picks.getByRole("checkbox").count()).toBe(1);
    await picks.getByRole("checkbox").check();
    await dialog.getByLabel("Search issues").fill("echo");
    await picks.getByRole("checkbox").check();
    await dialog.getByRole("button", { name: "Add selected issues" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(async () => (await page.locator("[data-issue-id] a[data-issue-link]").allTextContents()).sort()).toEqual([
      "Charlie cleanup",
      "Echo estimate",
    ]);
    const inCycle = await owner.call<{ id: string }[]>("GET", `${base}/cycles/${cycle.id}/cycle-issues/`);
    expect(inCycle.map((issue) => issue.id).sort()).toEqual([issueIds["Charlie cleanup"], issueIds["Echo estimate"]].sort());
  });

  test("a long group shows its first page, and reads the next one as the person scrolls to its end", async () => {
    // Another project, so the counts of the other tests stay as they are.
    const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Long list", identifier: "LONG" });
    const longBase = `/api/workspaces/${slug}/projects/${project.id}`;
    for (let index = 1; index <= 65; index++) await owner.post(`${longBase}/issues/`, { name: `Long issue ${index}` });
    const page = ownerTab.page;
    await page.goto(to.projectIssues(slug, project.id));
    await waitForHydration(page);
    const list = page.getByRole("region", { name: "Issues", exact: true });
    await visible(card(list, "Long issue 65"));
    // The first page (newest first) is read; the header still counts all of them.
    await visible(page.getByText("65 issues"));
    // Only the rows in sight (and a few either side) are in the page, never the whole list.
    expect(await list.locator("[data-issue-id]").count()).toBeLessThan(65);
    // Scrolled to its end, the list reads the rest and shows the oldest issue.
    const box = page.locator("[data-dnd]");
    const oldest = card(list, "Long issue 1");
    for (let step = 0; step < 20 && (await oldest.count()) === 0; step++) {
      await box.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      await page.waitForTimeout(0);
    }
    await visible(oldest);
    await expect.poll(() => list.locator("[data-more-issues]").count()).toBe(0);
    // Rows far above are no longer in the page: only those in sight and a few either side are.
    expect(await card(list, "Long issue 65").count()).toBe(0);
    expect(ownerTab.errors).toEqual([]);
  });

  test("a viewer sees the issues without drag handles, card menus or Add Issue", async () => {
    await setDisplay({ issueView: "kanban", groupByProperty: "state" });
    const viewerTab = await newPage(browser);
    try {
      const page = viewerTab.page;
      await login(page, { email: viewer.email, password: PASSWORD });
      await page.goto(to.projectIssues(slug, projectId));
      await waitForHydration(page);
      await page.getByRole("button", { name: "Kanban layout" }).click();
      await visible(card(column(page, "Todo"), "Bravo bugfix"));
      expect(await page.locator("[data-drag-handle]").count()).toBe(0);
      expect(await page.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
      expect(await page.getByRole("button", { name: "Add Issue" }).count()).toBe(0);
      // Pressing and moving a card does nothing: the board stays as it was.
      const before = await issueFromApi("Bravo bugfix");
      await dragByMouse(page, card(column(page, "Todo"), "Bravo bugfix"), column(page, "Done"));
      await visible(card(column(page, "Todo"), "Bravo bugfix"));
      expect((await issueFromApi("Bravo bugfix")).state).toBe(before.state);
      expect(viewerTab.errors).toEqual([]);
    } finally {
      await viewerTab.context.close();
    }
  });
});
