// The project's pages as people use them: a page is created and filled with three blocks from
// the quick-add row (only a plain Enter adds one), a block is edited and saved with Ctrl+Enter,
// another becomes an issue that its link opens, and with sync on an edit of that block renames
// the issue (read back over the API); the issue's state changed by someone else shows on the
// block without a reload. A private page stays out of another member's sight (screen and API).
// The list's tabs, display modes (remembered), skeletons, favorites, long names, rename and
// delete are used as well; the screens are photographed in both themes at two widths.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, projectWithMember, runSql, screenshot, to, visible, waitForPath } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let member: ApiUser;
let ownerTab: TestPage;
let memberTab: TestPage;
let slug = "";
let projectId = "";
let base = "";

const pagesPath = () => `${to.project(slug, projectId)}/pages`;
const pagePath = (id: string) => `${pagesPath()}/${id}`;

interface ApiPage {
  id: string;
  name: string;
  access: number;
}
interface ApiBlock {
  id: string;
  name: string;
  issue: string | null;
  sync: boolean;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const world = await projectWithMember({ slugPrefix: "pages", workspace: "Pages Co", project: "Launch", identifier: "LCH", role: 15 });
  ({ owner, member, slug, projectId, base } = world);
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD }, { next: pagesPath() });
  memberTab = await newPage(browser, { width: 1440, height: 900 });
  await login(memberTab.page, { email: member.email, password: PASSWORD }, { next: pagesPath() });
});

afterAll(async () => {
  await browser?.close();
});

const blockItems = (page: Page) => page.getByTestId("page-block");

async function quickAdd(page: Page, name: string, expectedCount: number) {
  const input = page.getByLabel("New block title");
  await input.fill(name);
  await input.press("Enter");
  await expect.poll(() => blockItems(page).count()).toBe(expectedCount);
  await expect.poll(() => input.inputValue()).toBe("");
}

describe("a page and its blocks", () => {
  test("three blocks, an edit saved with Ctrl+Enter, a block turned into a synced issue", async () => {
    const { page } = ownerTab;
    await ownerTab.goto(pagesPath());
    await visible(page.getByRole("heading", { name: "Create New Page" }));
    await visible(page.getByText(/AI-powered notes/));

    // The create dialog checks the title before sending it.
    await page.getByRole("button", { name: "Create page" }).click();
    const dialog = page.getByRole("dialog", { name: "Create page" });
    await dialog.getByRole("button", { name: "Create page" }).click();
    await visible(dialog.getByText("Title is required"));
    await dialog.getByLabel("Title").fill("Launch notes");
    await dialog.getByRole("button", { name: "Create page" }).click();
    await visible(page.getByText("Page created successfully."));
    await waitForPath(page, /\/pages\/[^/]+$/);
    await visible(page.getByLabel("Page title"));
    const pageId = page.url().split("/").pop() ?? "";

    // Quick-add: Shift+Enter and Ctrl+Enter add nothing; Enter adds the block once.
    await quickAdd(page, "Draft the announcement", 1);
    const input = page.getByLabel("New block title");
    await input.fill("Write the FAQ");
    await input.press("Shift+Enter");
    await input.press("Control+Enter");
    await input.press("Enter");
    await expect.poll(() => blockItems(page).count()).toBe(2);
    await quickAdd(page, "Book the venue", 3);
    const stored = await owner.call<ApiBlock[]>("GET", `${base}/pages/${pageId}/page-blocks/`);
    expect(stored.map((block) => block.name)).toEqual(["Draft the announcement", "Write the FAQ", "Book the venue"]);

    // A click opens a block; Escape closes it without saving.
    await blockItems(page).nth(1).getByText("Write the FAQ").click();
    const faqForm = page.getByRole("form", { name: "Edit block Write the FAQ" });
    await faqForm.getByLabel("Block title").fill("Changed my mind");
    await faqForm.getByLabel("Block title").press("Escape");
    await expect.poll(() => faqForm.count()).toBe(0);
    await visible(blockItems(page).nth(1).getByText("Write the FAQ"));

    // Edit: the save button waits for a title; Ctrl+Enter in the description saves.
    await blockItems(page).first().getByText("Draft the announcement").click();
    const form = page.getByRole("form", { name: "Edit block Draft the announcement" });
    const title = form.getByLabel("Block title");
    await title.fill("");
    expect(await form.getByRole("button", { name: "Update block" }).isDisabled()).toBe(true);
    await title.fill("Draft the launch announcement");
    expect(await form.getByRole("button", { name: "Update block" }).isDisabled()).toBe(false);
    const description = form.getByRole("textbox", { name: "Block description" });
    await description.click();
    await page.keyboard.type("Short and friendly.");
    await page.keyboard.press("Control+Enter");
    await visible(page.getByText("Block description updated successfully."));
    await expect.poll(() => form.count()).toBe(0);
    await visible(blockItems(page).first().getByText("Short and friendly."));
    const edited = await owner.call<ApiBlock[]>("GET", `${base}/pages/${pageId}/page-blocks/`);
    expect(edited[0].name).toBe("Draft the launch announcement");

    // Convert the third block: it links to its issue and syncs.
    await page.getByRole("button", { name: "Convert Book the venue to an issue" }).click();
    await visible(page.getByText("Page block converted to issue successfully."));
    const venue = blockItems(page).nth(2);
    const issueLink = venue.getByRole("link", { name: "LCH-1" });
    await visible(issueLink);
    const sync = venue.getByRole("switch", { name: "Sync with issue" });
    await visible(venue.getByText("Synced"));
    // Sync off, then on again: "Synced" once the write is done.
    await sync.click();
    await visible(venue.getByText("Sync off"));
    await expect.poll(async () => (await owner.call<ApiBlock[]>("GET", `${base}/pages/${pageId}/page-blocks/`))[2].sync).toBe(false);
    await sync.click();
    await visible(venue.getByText("Synced"));
    expect(await sync.getAttribute("aria-checked")).toBe("true");
    const linked = (await owner.call<ApiBlock[]>("GET", `${base}/pages/${pageId}/page-blocks/`))[2];
    expect(linked.sync).toBe(true);
    const issueId = linked.issue ?? "";

    // With sync on, the block's edit renames the issue.
    await venue.getByText("Book the venue").click();
    const venueForm = page.getByRole("form", { name: "Edit block Book the venue" });
    await venueForm.getByLabel("Block title").fill("Book the big venue");
    await venueForm.getByLabel("Block title").press("Control+Enter");
    await visible(venue.getByText("Book the big venue"));
    await visible(venue.getByText("Synced"));
    await expect.poll(async () => (await owner.call<{ name: string }>("GET", `${base}/issues/${issueId}/`)).name).toBe("Book the big venue");

    // Someone else moves the issue to Done: the block shows it from the live board, without
    // reloading the page's data.
    const states = await member.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
    const done = states.find((state) => state.name === "Done");
    const reloads: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (request.url().includes(".data")) reloads.push(request.url());
    };
    page.on("request", onRequest);
    await member.call("PATCH", `${base}/issues/${issueId}/`, { state: done?.id });
    await expect.poll(() => venue.getByTestId("linked-issue-state").textContent(), { timeout: 15_000 }).toBe("Done");
    page.off("request", onRequest);
    expect(reloads).toEqual([]);
    await screenshot(page, "page-detail-after-sync");

    // The link opens the issue.
    await issueLink.click();
    await waitForPath(page, `${to.projectIssues(slug, projectId)}/${issueId}`);
    await expect.poll(() => page.getByLabel("Issue title").inputValue()).toBe("Book the big venue");
  });

  test("deleting a block and renaming the page", async () => {
    const { page } = ownerTab;
    const created = await owner.post<ApiPage>(`${base}/pages/`, { name: "Scratch" });
    for (const name of ["Keep", "Throw away"]) await owner.post(`${base}/pages/${created.id}/page-blocks/`, { name });
    await ownerTab.goto(pagePath(created.id));
    // Cancel closes an open block and keeps what it had.
    await page.getByRole("button", { name: "Edit block Keep" }).click();
    const form = page.getByRole("form", { name: "Edit block Keep" });
    await form.getByLabel("Block title").fill("Not kept");
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => form.count()).toBe(0);
    await visible(page.getByRole("heading", { name: "Keep" }));
    // The page's own star and access switch sit beside its title.
    await page.getByRole("button", { name: "Add Scratch to favorites" }).click();
    await visible(page.getByRole("button", { name: "Remove Scratch from favorites", pressed: true }));
    await expect.poll(async () => (await owner.call<ApiPage[]>("GET", `${base}/pages/?page_view=favorite`)).map((p) => p.id)).toContain(created.id);
    await page.getByRole("button", { name: "Remove Scratch from favorites" }).click();
    await visible(page.getByRole("button", { name: "Add Scratch to favorites", pressed: false }));
    await visible(page.getByRole("button", { name: "Make Scratch private" }));
    await page.getByRole("button", { name: "Delete block Throw away" }).click();
    await page.getByRole("alertdialog", { name: "Delete block" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => blockItems(page).count()).toBe(1);
    const title = page.getByLabel("Page title");
    await title.fill("Scratchpad");
    await title.press("Enter");
    await expect.poll(async () => (await owner.call<ApiPage>("GET", `${base}/pages/${created.id}/`)).name).toBe("Scratchpad");
  });
});

describe("private pages", () => {
  test("a page made private is gone for another member, on screen and in the API", async () => {
    const { page } = ownerTab;
    const secret = await owner.post<ApiPage>(`${base}/pages/`, { name: "Owner's secret" });
    await ownerTab.goto(`${pagesPath()}?tab=created_by_me`);
    // Only the creator has the toggle; the member never sees it on the owner's pages.
    await page.getByRole("button", { name: "Make Owner's secret private" }).click();
    await visible(page.getByRole("button", { name: "Make Owner's secret public" }));
    await expect.poll(async () => (await owner.call<ApiPage>("GET", `${base}/pages/${secret.id}/`)).access).toBe(1);

    const other = memberTab.page;
    await memberTab.goto(pagesPath());
    await visible(other.getByRole("link", { name: "Launch notes" }));
    expect(await other.getByRole("link", { name: "Owner's secret" }).count()).toBe(0);
    expect(await other.getByRole("button", { name: /Make .* (private|public)/ }).count()).toBe(0);
    await memberTab.goto(pagePath(secret.id));
    await visible(other.getByRole("heading", { name: "Page does not exist" }));
    expect(await other.getByText("Owner's secret").count()).toBe(0);
    const listed = await member.call<ApiPage[]>("GET", `${base}/pages/`);
    expect(listed.map((listedPage) => listedPage.id)).not.toContain(secret.id);
    await expect(member.call("GET", `${base}/pages/${secret.id}/`)).rejects.toThrow(/answered 404/);
  });
});

describe("the list", () => {
  test("tabs, skeletons, favorites, display modes, long names, rename and delete", async () => {
    const { page } = ownerTab;
    const theirs = await member.post<ApiPage>(`${base}/pages/`, { name: "Member's page" });
    for (const name of ["Alpha", "Beta", "Gamma", "Delta"]) await member.post(`${base}/pages/${theirs.id}/page-blocks/`, { name });
    const long = "L".repeat(100);
    await owner.post(`${base}/pages/`, { name: long });
    await ownerTab.goto(pagesPath());

    // Long names are cut at 75 characters.
    await visible(page.getByRole("link", { name: `${"L".repeat(75)}...` }));

    // Tabs: created by others holds only the member's page.
    const tabs = page.getByRole("navigation", { name: "Page lists" });
    await tabs.getByRole("link", { name: "Created by others" }).click();
    await expect.poll(() => page.getByTestId("page-item").count()).toBe(1);
    await visible(page.getByRole("link", { name: "Member's page" }));
    await tabs.getByRole("link", { name: "Created by me" }).click();
    await visible(page.getByRole("link", { name: "Launch notes" }));
    expect(await page.getByRole("link", { name: "Member's page" }).count()).toBe(0);

    // Favorite: the star turns at once; the favorites tab has the page.
    await tabs.getByRole("link", { name: "Created by others" }).click();
    await page.getByRole("button", { name: "Add Member's page to favorites" }).click();
    await visible(page.getByRole("button", { name: "Remove Member's page from favorites", pressed: true }));
    await expect.poll(async () => (await owner.call<ApiPage[]>("GET", `${base}/pages/?page_view=favorite`)).map((p) => p.name)).toEqual([
      "Member's page",
    ]);

    // A tab's skeleton shows while its pages load (the answer is held back until it is seen).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/pages\.data\?.*tab=favorite/, async (route) => {
      await held;
      await route.continue();
    });
    await tabs.getByRole("link", { name: "Favorites" }).click();
    await visible(page.getByRole("status", { name: "Loading pages" }));
    release();
    await visible(page.getByRole("link", { name: "Member's page" }));
    await expect.poll(() => page.getByTestId("page-item").count()).toBe(1);
    await page.unroute(/\/pages\.data\?.*tab=favorite/);

    // Recent: grouped by date, today's group only.
    await tabs.getByRole("link", { name: "Recent" }).click();
    await visible(page.getByRole("heading", { name: "Today" }));
    expect(await page.getByRole("heading", { name: "Yesterday" }).count()).toBe(0);

    // Display modes: the grid's cards preview the first three block names; the mode is remembered.
    await tabs.getByRole("link", { name: "All pages" }).click();
    await page.getByRole("button", { name: "Grid view" }).click();
    const preview = page.getByRole("list", { name: "First blocks of Member's page" });
    await expect.poll(() => preview.getByRole("listitem").allTextContents()).toEqual(["Alpha", "Beta", "Gamma"]);
    await page.reload();
    await visible(page.getByRole("button", { name: "Grid view", pressed: true }));
    await page.getByRole("button", { name: "Detailed view" }).click();
    await visible(page.getByRole("list", { name: "First blocks of Member's page" }));
    await page.getByRole("button", { name: "List view" }).click();
    await expect.poll(() => page.getByRole("list", { name: "First blocks of Member's page" }).count()).toBe(0);
    // An unreadable stored mode is removed and the default used.
    await page.evaluate(() => window.localStorage.setItem("pages:display-mode", "{broken"));
    await page.reload();
    await visible(page.getByRole("button", { name: "List view", pressed: true }));
    // The server draws the default before the page hydrates; the stored value goes once it has.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem("pages:display-mode"))).toBeNull();

    // Rename and delete through their dialogs.
    await page.getByRole("button", { name: `Rename ${long}` }).click();
    const rename = page.getByRole("dialog", { name: "Update page" });
    await rename.getByLabel("Title").fill("Short name");
    await rename.getByRole("button", { name: "Update page" }).click();
    await visible(page.getByText("Page updated successfully."));
    await visible(page.getByRole("link", { name: "Short name" }));
    await page.getByRole("button", { name: "Delete Short name" }).click();
    await page.getByRole("alertdialog", { name: "Delete page" }).getByRole("button", { name: "Delete" }).click();
    await visible(page.getByText("Page deleted successfully."));
    await expect.poll(() => page.getByRole("link", { name: "Short name" }).count()).toBe(0);
    const left = await owner.call<ApiPage[]>("GET", `${base}/pages/`);
    expect(left.map((listed) => listed.name)).not.toContain("Short name");
  });
});

describe("refused writes", () => {
  test("say so in the spec's words, even when what they were about has left the screen", async () => {
    const { page } = ownerTab;
    const vanishing = await owner.post<ApiPage>(`${base}/pages/`, { name: "Vanishing" });
    const twice = await owner.post<ApiPage>(`${base}/pages/`, { name: "Deleted twice" });
    await ownerTab.goto(`${pagesPath()}?tab=created_by_me`);
    await visible(page.getByRole("link", { name: "Vanishing" }));

    // The page went away meanwhile: the failure is told, and the list catches up (it is gone).
    await owner.call("DELETE", `${base}/pages/${vanishing.id}/`);
    await page.getByRole("button", { name: "Add Vanishing to favorites" }).click();
    await visible(page.getByText("Couldn't add the page to favorites. Please try again."));
    await expect.poll(() => page.getByRole("link", { name: "Vanishing" }).count()).toBe(0);

    await page.getByRole("button", { name: "Delete Deleted twice" }).click();
    await owner.call("DELETE", `${base}/pages/${twice.id}/`);
    await page.getByRole("alertdialog", { name: "Delete page" }).getByRole("button", { name: "Delete" }).click();
    await visible(page.getByText("Page could not be deleted. Please try again."));

    const fragile = await owner.post<ApiPage>(`${base}/pages/`, { name: "Fragile" });
    const convertMe = await owner.post<ApiBlock>(`${base}/pages/${fragile.id}/page-blocks/`, { name: "Convert me" });
    const editMe = await owner.post<ApiBlock>(`${base}/pages/${fragile.id}/page-blocks/`, { name: "Edit me" });
    await ownerTab.goto(pagePath(fragile.id));
    // Gone behind the screen's back: removed in the database, so no live message takes the block
    // off the screen before the person acts on it (a live delete would, and the write never goes out).
    await runSql(`DELETE FROM page_blocks WHERE id = '${convertMe.id}'`);
    await page.getByRole("button", { name: "Convert Convert me to an issue" }).click();
    await visible(page.getByText("Page block could not be converted to issue. Please try again."));

    await page.getByRole("heading", { name: "Edit me" }).click();
    const form = page.getByRole("form", { name: "Edit block Edit me" });
    await form.getByLabel("Block title").fill("Edited too late");
    await runSql(`DELETE FROM page_blocks WHERE id = '${editMe.id}'`);
    await form.getByLabel("Block title").press("Control+Enter");
    await visible(page.getByText("Block description could not be updated. Please try again."));
  });
});

describe("screens", () => {
  test.each(["light", "dark"] as const)("the list in each mode and a page in the %s theme", async (theme) => {
    const { page } = ownerTab;
    await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
    const launch = (await owner.call<ApiPage[]>("GET", `${base}/pages/`)).find((listed) => listed.name === "Launch notes");
    for (const width of [1440, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await ownerTab.goto(pagesPath());
      for (const mode of ["List", "Detailed", "Grid"]) {
        await page.getByRole("button", { name: `${mode} view` }).click();
        await visible(page.getByRole("button", { name: `${mode} view`, pressed: true }));
        await screenshot(page, `pages-list-${mode.toLowerCase()}-${theme}-${width}`);
      }
      await page.getByRole("button", { name: "Create page" }).click();
      await visible(page.getByRole("dialog", { name: "Create page" }));
      await screenshot(page, `pages-create-dialog-${theme}-${width}`);
      await page.keyboard.press("Escape");
      await ownerTab.goto(pagePath(launch?.id ?? ""));
      await visible(page.getByText("Synced"));
      await screenshot(page, `page-detail-${theme}-${width}`);
      await page.getByTestId("page-block").first().getByRole("heading").click();
      await visible(page.getByRole("textbox", { name: "Block description" }));
      await screenshot(page, `page-detail-editing-${theme}-${width}`);
      await page.keyboard.press("Escape");
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
