// What a new user meets first, done with the mouse and keyboard as a person does (real pointer
// clicks at the middle of what they see, not clicks by locator): the inline property menus and
// the card menu open next to the button that opened them (list and kanban, sidebar open and
// collapsed, a narrow window), the create-issue modal's property buttons open on the first click
// after typing a description, Ctrl+Alt+C copies the issue's URL, and unknown URLs or keys
// pressed while the page hydrates log no error (the fixtures fail a test on any console error).
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, PASSWORD, type TestPage, baseUrl, expectCopiedIssueLink, launchBrowser, login, newPage, to, visible, waitForHydration, projectWithMember } from "./fixtures";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let base: string;
const issueIds: Record<string, string> = {};
/** Each issue's key ("FRST-3"), which copied links carry. */
const issueKeys: Record<string, string> = {};
let tab: TestPage;

/**
 * Where a person sees the element once it has stopped moving: a popover is placed after it opens
 * (and may animate in), so the box is read until two reads a frame apart agree.
 */
async function boxOf(locator: Locator): Promise<Box> {
  const read = async () => {
    const box = await locator.boundingBox();
    if (!box) throw new Error("not on screen");
    return box;
  };
  let box = await read();
  for (let attempt = 0; attempt < 100; attempt++) {
    await locator.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const next = await read();
    if (next.x === box.x && next.y === box.y && next.width === box.width && next.height === box.height) return next;
    box = next;
  }
  throw new Error(`still moving: ${JSON.stringify(box)}`);
}

/** Clicks the middle of what a person sees, with the real pointer. */
async function clickMiddle(page: Page, locator: Locator) {
  const box = await boxOf(locator);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The menu sits next to its button: just below it (or just above, flipped) and beside it, all on screen. */
async function expectNextTo(page: Page, menu: Locator, trigger: Locator) {
  const m = await boxOf(menu);
  const t = await boxOf(trigger);
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const where = `menu ${JSON.stringify(m)} trigger ${JSON.stringify(t)} viewport ${JSON.stringify(viewport)}`;
  const below = m.y >= t.y + t.height - 1 && m.y <= t.y + t.height + 12;
  const above = m.y + m.height <= t.y + 1 && m.y + m.height >= t.y - 12;
  expect(below || above, `vertically next to its button: ${where}`).toBe(true);
  expect(m.x < t.x + t.width + 8 && m.x + m.width > t.x - 8, `horizontally at its button: ${where}`).toBe(true);
  expect(m.x >= 0 && m.y >= 0 && m.x + m.width <= viewport.width && m.y + m.height <= viewport.height, `inside the window: ${where}`).toBe(
    true,
  );
}

const row = (page: Page, name: string) => page.locator(`[data-issue-id="${issueIds[name]}"]`);
const prop = (page: Page, name: string, action: string) => row(page, name).locator(`[data-action="${action}"]`);

async function setDisplay(viewProps: Record<string, unknown>) {
  await owner.post(`${base}/project-views/`, {
    view_props: { issueView: "list", groupByProperty: null, orderBy: "-created_at", showEmptyGroups: false, filters: {}, ...viewProps },
  });
}

async function setSidebar(page: Page, collapsed: boolean) {
  const toggle = page.getByRole("button", { name: collapsed ? "Collapse sidebar" : "Expand sidebar" });
  if ((await toggle.count()) > 0) await toggle.click();
  await visible(page.getByRole("button", { name: collapsed ? "Expand sidebar" : "Collapse sidebar" }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, slug, projectId, base } = await projectWithMember({
    slugPrefix: "first",
    workspace: "First Works",
    project: "First Board",
    identifier: "FRST",
    role: 15,
  }));
  await owner.post(`${base}/issue-labels/`, { name: "Bug", color: "#dc2626" });
  await owner.post(`${base}/issue-labels/`, { name: "Docs", color: "#2563eb" });
  await owner.post(`${base}/issue-properties/`, { properties: { state: true, priority: true, labels: true, assignee: true, key: true } });
  for (const name of ["Zulu last", "Yankee middle", "Xray first"]) {
    const issue = await owner.post<{ id: string; sequence_id: number }>(`${base}/issues/`, { name });
    issueIds[name] = issue.id;
    issueKeys[name] = `FRST-${issue.sequence_id}`;
  }
  tab = await newPage(browser, { width: 1440, height: 900 });
  await tab.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

const STATES = ["Todo", "In Progress", "Done", "Backlog"];
const PRIORITIES = ["Urgent", "High", "Medium", "Low"];

/**
 * Opens one inline menu of "Xray first" with a real click, checks where it is, picks an option
 * with a real click at its middle, and checks the card shows the new value.
 */
async function pickFromMenu(page: Page, kind: "state" | "priority" | "labels" | "assignees" | "menu", context: string) {
  const trigger = kind === "menu" ? row(page, "Xray first").getByRole("button", { name: /^Actions for/ }) : prop(page, "Xray first", kind);
  await row(page, "Xray first").hover();
  const before = kind === "menu" ? "" : ((await trigger.getAttribute("aria-label")) ?? "");
  await clickMiddle(page, trigger);
  const name = { state: "State", priority: "Priority", labels: "Labels", assignees: "Assignees", menu: "Issue actions" }[kind];
  const menu = page.getByRole("menu", { name });
  await visible(menu);
  try {
    await expectNextTo(page, menu, trigger);
  } catch (error) {
    throw new Error(`${kind} menu, ${context}: ${(error as Error).message}`);
  }
  switch (kind) {
    case "state": {
      const next = STATES.find((state) => !before.endsWith(`: ${state}`)) ?? "Todo";
      await clickMiddle(page, menu.getByRole("menuitemradio", { name: next }));
      await expect.poll(() => prop(page, "Xray first", "state").getAttribute("aria-label")).toBe(`State: ${next}`);
      break;
    }
    case "priority": {
      const next = PRIORITIES.find((priority) => !before.endsWith(`: ${priority}`)) ?? "Urgent";
      await clickMiddle(page, menu.getByRole("menuitemradio", { name: next }));
      await expect.poll(() => prop(page, "Xray first", "priority").getAttribute("aria-label")).toBe(`Priority: ${next}`);
      break;
    }
    case "labels": {
      await clickMiddle(page, menu.getByRole("menuitemcheckbox", { name: "Bug" }));
      await expect.poll(() => prop(page, "Xray first", "labels").getAttribute("aria-label")).toBe(
        before === "Labels: none" ? "Labels: Bug" : "Labels: none",
      );
      await page.keyboard.press("Escape");
      break;
    }
    case "assignees": {
      await clickMiddle(page, menu.getByRole("menuitemcheckbox").first());
      await expect.poll(() => prop(page, "Xray first", "assignees").getAttribute("aria-label")).not.toBe(before);
      await page.keyboard.press("Escape");
      break;
    }
    case "menu": {
      await clickMiddle(page, menu.getByRole("menuitem", { name: "Copy link" }));
      await visible(page.getByText("Issue link copied to clipboard."));
      await expectCopiedIssueLink(page, { slug, key: issueKeys["Xray first"], pagePath: `${to.projectIssues(slug, projectId)}/${issueIds["Xray first"]}` });
      break;
    }
  }
  await expect.poll(() => menu.count()).toBe(0);
}

describe("inline menus", () => {
  test("each inline menu and the card menu open next to their button and apply the option clicked", async () => {
    const page = tab.page;
    for (const layout of ["list", "kanban"] as const) {
      await setDisplay({ issueView: layout, groupByProperty: layout === "kanban" ? "state" : null });
      await tab.goto(to.projectIssues(slug, projectId));
      await visible(row(page, "Xray first"));
      for (const collapsed of [false, true]) {
        await setSidebar(page, collapsed);
        for (const kind of ["state", "priority", "labels", "assignees", "menu"] as const) {
          await pickFromMenu(page, kind, `${layout} layout, sidebar ${collapsed ? "collapsed" : "open"}`);
        }
      }
      await setSidebar(page, false);
    }

    // What was picked last is stored: the board shows it after a reload.
    const priority = await prop(page, "Xray first", "priority").getAttribute("aria-label");
    const state = await prop(page, "Xray first", "state").getAttribute("aria-label");
    await expect.poll(async () => `Priority: ${(await owner.call<{ priority: string }>("GET", `${base}/issues/${issueIds["Xray first"]}/`)).priority}`.toLowerCase()).toBe(
      priority?.toLowerCase(),
    );
    await page.reload();
    await waitForHydration(page);
    await visible(row(page, "Xray first"));
    expect(await prop(page, "Xray first", "priority").getAttribute("aria-label")).toBe(priority);
    expect(await prop(page, "Xray first", "state").getAttribute("aria-label")).toBe(state);
  });

  test("in a narrow window a menu at the right and bottom edges stays on screen next to its button", async () => {
    await setDisplay({ issueView: "list" });
    const narrow = await newPage(browser, { width: 700, height: 420 });
    try {
      const page = narrow.page;
      await narrow.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
      await login(page, { email: owner.email, password: PASSWORD });
      await narrow.goto(to.projectIssues(slug, projectId));
      // The oldest issue is the last row; the actions button is the row's rightmost control.
      const last = row(page, "Zulu last");
      await visible(last);
      const trigger = last.getByRole("button", { name: /^Actions for/ });
      await last.hover();
      await clickMiddle(page, trigger);
      const menu = page.getByRole("menu", { name: "Issue actions" });
      await visible(menu);
      await expectNextTo(page, menu, trigger);
      const t = await boxOf(trigger);
      const m = await boxOf(menu);
      // Its default place (below, starting at the button's left edge) would leave the window.
      expect(t.x + 240).toBeGreaterThan(700);
      expect(m.x + m.width).toBeLessThanOrEqual(700);
      await clickMiddle(page, menu.getByRole("menuitem", { name: "Copy link" }));
      await visible(page.getByText("Issue link copied to clipboard."));

      const assignees = prop(page, "Zulu last", "assignees");
      await last.hover();
      await clickMiddle(page, assignees);
      const people = page.getByRole("menu", { name: "Assignees" });
      await visible(people);
      await expectNextTo(page, people, assignees);
      await clickMiddle(page, people.getByRole("menuitemcheckbox").first());
      await expect.poll(() => assignees.getAttribute("aria-label")).not.toBe("Assignees: none");
      await page.keyboard.press("Escape");
    } finally {
      await narrow.context.close();
    }
  });
});

describe("create-issue modal", () => {
  test("after typing a description, the first click on a property button opens it", async () => {
    const page = tab.page;
    await setDisplay({ issueView: "list" });
    await tab.goto(to.projectIssues(slug, projectId));
    await page.getByRole("button", { name: "Add Issue" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Issue" });
    await visible(dialog);
    await dialog.getByPlaceholder("Title").fill("Typed then clicked");
    const description = dialog.locator('.ProseMirror[aria-label="Description"]');
    await visible(description);
    for (const [button, listbox] of [
      ["State", "State"],
      ["Priority", "Priority"],
      ["Assignees", "Assignees"],
      ["Labels", "Labels"],
    ]) {
      await clickMiddle(page, description);
      await page.keyboard.type(`Notes before ${button}. `);
      await clickMiddle(page, dialog.getByRole("button", { name: button, exact: true }));
      await visible(page.getByRole("listbox", { name: listbox }), 3_000);
      // The picker moves the focus to its search box once open; Escape then closes only it.
      await expect
        .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[data-scope=popover][data-part=content]"))))
        .toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("listbox", { name: listbox }).count()).toBe(0);
    }
    await clickMiddle(page, dialog.getByRole("button", { name: "Priority", exact: true }));
    await clickMiddle(page, page.getByRole("listbox", { name: "Priority" }).getByRole("option", { name: "High" }));
    await visible(dialog.getByRole("button", { name: "Priority", exact: true }).getByText("High"));
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

describe("issue page", () => {
  test("Ctrl+Alt+C copies the issue's link and says so", async () => {
    const page = tab.page;
    const pagePath = `${to.projectIssues(slug, projectId)}/${issueIds["Yankee middle"]}`;
    await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
    await tab.goto(pagePath);
    await visible(page.locator('.ProseMirror[aria-label="Issue description"]'));
    await page.locator("body").click({ position: { x: 700, y: 5 } });
    await page.keyboard.press("Control+Alt+KeyC");
    await visible(page.getByText("Copied to clipboard"));
    await expectCopiedIssueLink(page, { slug, key: issueKeys["Yankee middle"], pagePath });
  });
});

describe("hydration", () => {
  test("unknown URLs show their not-found screen and log no error", async () => {
    const page = tab.page;
    const cases: [string, string | RegExp][] = [
      [`/${slug}/no-such-page`, "Page not found"],
      ["/no/such/place", "Page not found"],
      [`${to.project(slug, "00000000-0000-4000-8000-000000000000")}/issues`, /^No such project exists/],
      [`${to.project(slug, projectId)}/no/such/section`, "Page not found"],
      [`${to.projectIssues(slug, projectId)}/00000000-0000-4000-8000-000000000000`, "Issue does not exist"],
      [`${to.project(slug, projectId)}/cycles/00000000-0000-4000-8000-000000000000`, "Cycle does not exist"],
      [`${to.project(slug, projectId)}/modules/00000000-0000-4000-8000-000000000000`, "Module does not exist"],
      [`${to.project(slug, projectId)}/views/00000000-0000-4000-8000-000000000000`, "View does not exist"],
    ];
    for (const [path, text] of cases) {
      await tab.goto(path);
      await visible(page.getByText(text, { exact: typeof text === "string" }));
      expect(tab.errors, path).toEqual([]);
    }
    // A missing cycle leads back to the project's cycles.
    await tab.goto(`${to.project(slug, projectId)}/cycles/00000000-0000-4000-8000-000000000000`);
    await page.getByRole("link", { name: "Go to cycles" }).click();
    await page.waitForURL((url) => url.pathname === `${to.project(slug, projectId)}/cycles`);
    // The root page is interactive: its link navigates in the app.
    await tab.goto("/no/such/place");
    await page.getByRole("link", { name: "Go home" }).click();
    await page.waitForURL((url) => url.pathname !== "/no/such/place");
  });

  test("keys pressed while the issues page loads log no error and the page still answers", async () => {
    const page = tab.page;
    await setDisplay({ issueView: "list" });
    for (let round = 0; round < 4; round++) {
      await page.goto(to.projectIssues(slug, projectId), { waitUntil: "commit" });
      // Keys all through hydration, until the router exists and a little after.
      for (let presses = 0; presses < 60; presses++) {
        await page.keyboard.press(round % 2 === 0 ? "x" : "c");
        const hydrated = await page.evaluate(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter)).catch(() => false);
        if (hydrated && presses > 10) break;
      }
      await waitForHydration(page);
      // A key that reached the page may open a dialog whose code is still on the way: let the
      // page's loads end, so Escape comes after it and closes it.
      await page.waitForLoadState("networkidle");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
      expect(tab.errors, `round ${round}`).toEqual([]);
    }
    await visible(row(page, "Xray first"));
    await page.locator("body").click({ position: { x: 700, y: 5 } });
    await page.keyboard.press("c");
    await visible(page.getByRole("dialog", { name: "Create Issue" }));
    await page.keyboard.press("Escape");
  });

  test("on a slow CPU, a click the moment the page answers changes the layout without a React error", async () => {
    const page = tab.page;
    await setDisplay({ issueView: "list" });
    // A phone-class CPU: the page's Suspense boundaries hydrate well after its frame does.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    try {
      for (let round = 0; round < 3; round++) {
        await page.goto(to.projectIssues(slug, projectId));
        await waitForHydration(page);
        await page.getByRole("button", { name: "Gantt chart layout" }).click();
        await visible(page.getByRole("region", { name: "Gantt chart" }));
        await page.getByRole("button", { name: "List layout" }).click();
        await visible(row(page, "Xray first"));
        expect(tab.errors, `round ${round}`).toEqual([]);
      }
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await cdp.detach();
    }
  });
});
