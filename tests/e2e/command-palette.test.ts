// The command palette and the keyboard shortcuts as people use them: Ctrl+K, a search that lands
// on an issue, the issue commands on an issue page, the shortcuts dialog (H) and every shortcut,
// once where it acts and once while typing, where it must do nothing (Ctrl+K and Ctrl+B are
// chords that type nothing, so they work while typing, as in Linear). Screenshots of the palette
// and the shortcuts dialog land in test-results/e2e/. Data the test is not about is made over the API.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, baseUrl, expectCopiedIssueLink, launchBrowser, login, newPage, screenshot, to, visible, waitForPath } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
let slug: string;
let projectId: string;
let base: string;
const issues: Record<string, { id: string; sequence_id: number }> = {};

const issuePath = (name: string) => `${to.projectIssues(slug, projectId)}/${issues[name].id}`;
const palette = (page: Page) => page.getByRole("dialog", { name: "Command palette" });
const paletteInput = (page: Page) => page.getByPlaceholder("Type a command or search...");
const dialogs = (page: Page) => page.locator("[role=dialog]:visible, [role=alertdialog]:visible");

async function openPalette(page: Page) {
  await page.keyboard.press("Control+k");
  await visible(paletteInput(page));
}

/** Types into the palette, waits until `option` is the highlighted one (as a person looks), and presses Enter. */
async function choose(page: Page, text: string, option: string | RegExp) {
  await palette(page).getByRole("combobox").fill(text);
  const highlighted = page.getByRole("option", { name: option });
  await expect.poll(() => highlighted.getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("Enter");
}

/** A screenshot once the dialogs' enter animations have finished (endless ones, spinners, aside). */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await screenshot(page, name);
}

async function closeWithEscape(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
}

/** The issue's state name as the API reads it. */
async function stateNameOf(name: string) {
  const issue = await owner.call<{ state: string }>("GET", `${base}/issues/${issues[name].id}/`);
  const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  return states.find((state) => state.id === issue.state)?.name;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = `palette-${Date.now().toString(36)}`;
  await owner.post("/api/workspaces/", { name: "Palette Works", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Command Board", identifier: "CMD" });
  projectId = project.id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  const todo = states.find((state) => state.name === "Todo")?.id;
  for (const name of ["Audit the login flow", "Ship the release notes", "Rename the billing tab", "Drop the old banner"]) {
    issues[name] = await owner.post<{ id: string; sequence_id: number }>(`${base}/issues/`, { name, state: todo, priority: "low" });
  }
  tab = await newPage(browser, { width: 1440, height: 900 });
  await tab.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("command palette", () => {
  test("Ctrl+K, part of an issue's name and Enter land on that issue", async () => {
    const page = tab.page;
    await tab.goto(to.workspace(slug));
    await openPalette(page);
    await paletteInput(page).fill("login fl");
    // The results come after the typing pauses, grouped under their heading.
    const result = page.getByRole("option", { name: /CMD-1\s*Audit the login flow/ });
    await visible(result);
    await visible(palette(page).getByText("Issues", { exact: true }));
    // The list is drawn inside the window, no taller than 24rem.
    const list = await palette(page).getByRole("listbox").boundingBox();
    const viewport = page.viewportSize();
    if (!list || !viewport) throw new Error("the palette's list or the window has no size");
    expect(list.y).toBeGreaterThanOrEqual(0);
    expect(list.y + list.height).toBeLessThanOrEqual(viewport.height);
    expect(list.height).toBeLessThanOrEqual(24 * 16);
    // The search result is the first option, so Enter picks it.
    await expect.poll(() => result.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await waitForPath(page, issuePath("Audit the login flow"));
    await expect.poll(() => page.getByLabel("Issue title").inputValue()).toBe("Audit the login flow");
    expect(await palette(page).count()).toBe(0);
  });

  test("a search with no match says so", async () => {
    const page = tab.page;
    await tab.goto(to.workspace(slug));
    await openPalette(page);
    await paletteInput(page).fill("zebra quasar");
    await visible(palette(page).getByText("No results found."));
    // It stays after the search has answered (the spinner is gone).
    await expect.poll(() => palette(page).getByText("Searching...").count()).toBe(0);
    await visible(palette(page).getByText("No results found."));
    await closeWithEscape(page, palette(page));
  });

  test("on an issue page: the header chip, and the state changed through a sub-list", async () => {
    const page = tab.page;
    await tab.goto(issuePath("Ship the release notes"));
    await openPalette(page);
    await visible(palette(page).getByText("CMD-2", { exact: true }));
    await visible(palette(page).getByText("Ship the release notes"));
    await choose(page, "change state", "Change state...");
    await visible(page.getByPlaceholder("Change state..."));
    // Backspace on the empty input goes back to the commands, and in again.
    await page.keyboard.press("Backspace");
    await visible(paletteInput(page));
    await visible(page.getByRole("option", { name: "Change priority..." }));
    await choose(page, "change state", "Change state...");
    await visible(page.getByRole("option", { name: "In Progress" }));
    // The sub-list opens with its first state highlighted, ready for the arrows.
    await expect.poll(() => page.getByRole("option", { selected: true }).textContent()).toBe("Backlog");
    // Arrows move the highlight (Backlog, Todo, In Progress); Enter picks it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.getByRole("option", { name: "In Progress" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await palette(page).waitFor({ state: "hidden" });
    // The sidebar shows the new state, and it is stored.
    await visible(page.getByRole("complementary", { name: "Issue properties" }).getByRole("button", { name: "State" }).getByText("In Progress"));
    await expect.poll(() => stateNameOf("Ship the release notes")).toBe("In Progress");
  });

  test("on an issue page: priority, assign to me, copy the URL and the delete confirmation", async () => {
    const page = tab.page;
    await tab.goto(issuePath("Ship the release notes"));
    const sidebar = page.getByRole("complementary", { name: "Issue properties" });
    await openPalette(page);
    await choose(page, "priority", "Change priority...");
    await page.getByRole("option", { name: "Urgent" }).click();
    await visible(sidebar.getByRole("button", { name: "Priority" }).getByText("Urgent"));

    await openPalette(page);
    await choose(page, "assign to me", "Assign to me");
    await visible(sidebar.getByRole("button", { name: "Assignees" }).getByText("Other"));
    await openPalette(page);
    await visible(page.getByRole("option", { name: "Un-assign from me" }));
    await closeWithEscape(page, palette(page));

    await openPalette(page);
    await choose(page, "copy issue url", "Copy issue URL to clipboard");
    await visible(page.getByRole("status").filter({ hasText: "Copied to clipboard" }));
    await expectCopiedIssueLink(page, {
      slug,
      key: `CMD-${issues["Ship the release notes"].sequence_id}`,
      pagePath: issuePath("Ship the release notes"),
    });

    await openPalette(page);
    await choose(page, "delete issue", "Delete issue");
    const confirm = page.getByRole("alertdialog", { name: "Delete Issue" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
  });

  test("Delete issue asks first, then deletes and goes back to the issues", async () => {
    const page = tab.page;
    await tab.goto(issuePath("Drop the old banner"));
    await openPalette(page);
    await choose(page, "delete", "Delete issue");
    const confirm = page.getByRole("alertdialog", { name: "Delete Issue" });
    await visible(confirm.getByText("CMD-4"));
    await confirm.getByRole("button", { name: "Delete" }).click();
    await waitForPath(page, to.projectIssues(slug, projectId));
    await visible(page.getByText("Issue deleted successfully"));
    const response = await fetch(`${baseUrl()}${base}/issues/${issues["Drop the old banner"].id}/`, { headers: { cookie: owner.cookie } });
    expect(response.status).toBe(404);
  });

  test("the theme changes through a sub-list; Escape goes back from it, then closes", async () => {
    const page = tab.page;
    await tab.goto(to.projectIssues(slug, projectId));
    await openPalette(page);
    await choose(page, "theme", "Change interface theme...");
    await visible(page.getByRole("option", { name: "Dark" }));
    await page.keyboard.press("Escape");
    await visible(page.getByRole("option", { name: "Change interface theme..." }));
    await choose(page, "theme", "Change interface theme...");
    await page.getByRole("option", { name: "Dark" }).click();
    await palette(page).waitFor({ state: "hidden" });
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toBe("dark");
    // Opened again, it starts at the root with its first command highlighted.
    await openPalette(page);
    await expect.poll(() => page.getByRole("option", { selected: true }).textContent()).toContain("Create new issue");
    await choose(page, "theme", "Change interface theme...");
    await choose(page, "light", "Light");
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toBe("");
    await expect.poll(async () => (await owner.call<{ theme: { theme: string } }>("GET", "/api/users/me/")).theme.theme).toBe("light");
    await openPalette(page);
    await closeWithEscape(page, palette(page));
  });

  test("screenshots: root, search results, issue commands and the shortcuts dialog", async () => {
    const page = tab.page;
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        await page.setViewportSize({ width, height: 900 });
        const suffix = `${theme}-${width}`;
        await tab.goto(to.projectIssues(slug, projectId));
        await openPalette(page);
        await shot(page, `palette-root-${suffix}`);
        await paletteInput(page).fill("the");
        await visible(page.getByRole("option", { name: /Ship the release notes/ }));
        await visible(page.getByRole("option", { name: "Change interface theme..." }));
        // The search's first result is highlighted, not the command that matched before it came.
        await expect.poll(() => page.getByRole("option", { selected: true }).textContent()).toMatch(/^CMD-\d/);
        await shot(page, `palette-search-results-${suffix}`);
        await closeWithEscape(page, palette(page));
        await page.keyboard.press("h");
        await visible(page.getByRole("dialog", { name: "Keyboard Shortcuts" }));
        await shot(page, `shortcuts-dialog-${suffix}`);
        await closeWithEscape(page, page.getByRole("dialog", { name: "Keyboard Shortcuts" }));
        await tab.goto(issuePath("Audit the login flow"));
        await openPalette(page);
        await visible(page.getByRole("option", { name: "Change state..." }));
        await shot(page, `palette-issue-commands-${suffix}`);
        await closeWithEscape(page, palette(page));
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe("keyboard shortcuts", () => {
  test("each shortcut acts once where it belongs", async () => {
    const page = tab.page;
    await tab.goto(to.projectIssues(slug, projectId));
    await visible(page.getByText("Audit the login flow").first());

    await page.keyboard.press("c");
    await visible(page.getByRole("dialog", { name: "Create Issue" }));
    await closeWithEscape(page, page.getByRole("dialog", { name: "Create Issue" }));

    await page.keyboard.press("p");
    await visible(page.getByRole("dialog", { name: "Create Project" }));
    await closeWithEscape(page, page.getByRole("dialog", { name: "Create Project" }));

    await page.keyboard.press("v");
    const createView = page.getByRole("dialog", { name: "Create View" });
    await visible(createView);
    // The project's states, labels and members come with it: its filter menu can offer them.
    await visible(createView.getByRole("textbox", { name: "Title" }));
    await closeWithEscape(page, createView);

    await page.keyboard.press("d");
    const createPage = page.getByRole("dialog", { name: "Create page" });
    await visible(createPage);
    await page.keyboard.type("Release checklist");
    await page.keyboard.press("Enter");
    // Created away from the pages list, the new page opens.
    await waitForPath(page, new RegExp(`/${slug}/projects/${projectId}/pages/[0-9a-f-]{36}$`));
    await expect.poll(() => page.getByRole("textbox", { name: "Page title" }).inputValue()).toBe("Release checklist");
    await tab.goto(to.projectIssues(slug, projectId));
    await visible(page.getByText("Audit the login flow").first());

    // Q opens the cycle dialog; a draft (no dates) is created from anywhere in the project.
    await page.keyboard.press("q");
    const createCycle = page.getByRole("dialog", { name: "Create Cycle" });
    await visible(createCycle);
    await page.keyboard.type("Sprint from Q");
    await page.keyboard.press("Enter");
    await visible(page.getByText("Cycle created successfully."));
    await expect.poll(() => createCycle.count()).toBe(0);
    const cycles = await owner.call<{ name: string; status: string }[]>("GET", `/api/workspaces/${slug}/projects/${projectId}/cycles/`);
    expect(cycles.map((cycle) => [cycle.name, cycle.status])).toEqual([["Sprint from Q", "draft"]]);

    // M opens the module dialog, with the project's members to choose from.
    await page.keyboard.press("m");
    const createModule = page.getByRole("dialog", { name: "Create Module" });
    await visible(createModule.getByRole("textbox", { name: "Title" }));
    await createModule.getByRole("button", { name: "Lead" }).click();
    await visible(page.getByRole("listbox").getByRole("option").nth(1));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("listbox").count()).toBe(0);
    await closeWithEscape(page, createModule);

    await page.keyboard.press("h");
    const shortcuts = page.getByRole("dialog", { name: "Keyboard Shortcuts" });
    await visible(shortcuts);
    expect(await dialogs(page).count()).toBe(1);
    for (const description of ["Open the command palette", "Create a new cycle", "Create a new module", "Create a new page", "Copy the issue URL", "Delete issues in bulk"]) {
      await visible(shortcuts.getByText(description));
    }
    // Every create shortcut works now: none is marked as still to come.
    expect(await shortcuts.getByText(/arrives with/).count()).toBe(0);
    await shortcuts.getByPlaceholder("Search for shortcuts").fill("teleport");
    await visible(shortcuts.getByText('No shortcuts found for "teleport"'));
    await shortcuts.getByPlaceholder("Search for shortcuts").fill("sidebar");
    await visible(shortcuts.getByText("Collapse or expand the sidebar"));
    expect(await shortcuts.getByRole("listitem").count()).toBe(1);
    // Ctrl+K inside another dialog leaves it alone (the palette never stacks on a modal); H, typed
    // into its search, is text. Escape, the witness, closes the dialog: nothing else opened.
    await page.keyboard.press("Control+k");
    await page.keyboard.type("h");
    await expect.poll(() => shortcuts.getByPlaceholder("Search for shortcuts").inputValue()).toBe("sidebarh");
    expect(await dialogs(page).count()).toBe(1);
    await closeWithEscape(page, shortcuts);
    expect(await dialogs(page).count()).toBe(0);

    await page.keyboard.press("Delete");
    await visible(page.getByRole("dialog", { name: "Delete issues" }));
    await closeWithEscape(page, page.getByRole("dialog", { name: "Delete issues" }));

    // Ctrl+K opens the palette, and closes it again.
    await openPalette(page);
    await page.keyboard.press("Control+k");
    await palette(page).waitFor({ state: "hidden" });

    await page.keyboard.press("Control+b");
    await visible(page.getByRole("button", { name: "Expand sidebar" }));
    await page.keyboard.press("Control+b");
    await visible(page.getByRole("button", { name: "Collapse sidebar" }));

    await tab.goto(issuePath("Audit the login flow"));
    await page.keyboard.press("Control+Alt+c");
    await visible(page.getByRole("status").filter({ hasText: "Copied to clipboard" }));
  });

  test("while typing, the single keys and Ctrl+Alt+C do nothing; Ctrl+K and Ctrl+B still work", async () => {
    const page = tab.page;
    await tab.goto(issuePath("Rename the billing tab"));
    const title = page.getByLabel("Issue title");
    await title.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" cpqmvdh");
    await page.keyboard.press("Control+Alt+c");
    await expect.poll(() => title.inputValue()).toBe("Rename the billing tab cpqmvdh");
    // Ctrl+B works from the text area; Ctrl+K too, and it is the witness that the keys before it
    // were handled: only the palette is open.
    await page.keyboard.press("Control+b");
    await visible(page.getByRole("button", { name: "Expand sidebar" }));
    await page.keyboard.press("Control+k");
    await visible(paletteInput(page));
    expect(await dialogs(page).count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "Copied to clipboard" }).count()).toBe(0);
    await closeWithEscape(page, palette(page));
    await page.keyboard.press("Control+b");
    await visible(page.getByRole("button", { name: "Collapse sidebar" }));

    // In the rich editor (a comment) the keys are text too.
    const editor = page.locator('.ProseMirror[aria-label="Add comment"]');
    await editor.click();
    await page.keyboard.type("cpqmvdh");
    await expect.poll(() => editor.textContent()).toContain("cpqmvdh");
    await page.keyboard.press("Control+k");
    await visible(paletteInput(page));
    expect(await dialogs(page).count()).toBe(1);
    await closeWithEscape(page, palette(page));

    // Delete acts on the issues page; typed into one of its inputs it does nothing.
    await tab.goto(to.projectIssues(slug, projectId));
    await visible(page.getByText("Audit the login flow").first());
    await page.locator('input[type=date][aria-label="Due date"]').focus();
    await page.keyboard.press("Delete");
    await page.keyboard.press("Control+k");
    await visible(paletteInput(page));
    expect(await dialogs(page).count()).toBe(1);
    await closeWithEscape(page, palette(page));
  });
});
