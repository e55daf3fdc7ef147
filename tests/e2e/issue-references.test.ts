// Issue references and mentions in the rich-text editor, as a person writes them: "#" offers the
// project's labels and issues together, the project's key ("REF-") offers its issues, "@" offers
// its members; picked with the keyboard or the mouse, a reference becomes a chip linking to the
// issue that survives saving, reloading, and copy and paste, in comments, descriptions and page
// blocks.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, baseUrl, launchBrowser, login, newPage, projectWithMember, screenshot, screenshotsInThemes, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The open suggestion list sits next to the caret and inside the viewport. */
async function expectNextToCaret(page: Page, list: Locator) {
  const box = await list.boundingBox();
  const caret = await page.evaluate(() => {
    const range = window.getSelection()?.getRangeAt(0);
    const rect = range?.getClientRects()[0] ?? range?.getBoundingClientRect();
    return rect ? { x: rect.left, top: rect.top, bottom: rect.bottom } : null;
  });
  const viewport = page.viewportSize();
  expect(box && caret && viewport).toBeTruthy();
  if (!box || !caret || !viewport) return;
  // Below or above the line of the caret, within a few pixels, and starting near it.
  const gap = Math.min(Math.abs(box.y - caret.bottom), Math.abs(caret.top - (box.y + box.height)));
  expect(gap).toBeLessThan(12);
  expect(Math.abs(box.x - caret.x)).toBeLessThan(160);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

/** A saved chip, shown again after a reload as a link to its issue's page with its title. */
async function expectChipAfterReload(page: Page, chip: Locator, slug: string, key: string, title: string) {
  await visible(chip);
  await page.reload();
  await waitForHydration(page);
  await visible(chip);
  expect(await chip.getAttribute("href")).toBe(`/${slug}/browse/${key}`);
  expect(await chip.getAttribute("title")).toBe(title);
}

describe("issue references in the editor", () => {
  test("# and the project key offer issues, picked chips link to them after saving, reloading and pasting", async () => {
    const { owner, slug, projectId, base } = await projectWithMember({ slugPrefix: "refs", workspace: "Refs Co", project: "Refs", identifier: "REF", role: 15 });
    await owner.post(`${base}/issue-labels/`, { name: "backend", color: "#3f76ff" });
    const login1 = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Fix the login redirect" });
    await owner.post(`${base}/issues/`, { name: "Write release notes" });
    const here = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Discuss references" });

    const { page, errors, context } = await newPage(browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
    const issueUrl = `/${slug}/projects/${projectId}/issues/${here.id}`;
    await login(page, { email: owner.email, password: PASSWORD }, { next: issueUrl });
    await waitForHydration(page);

    // "#" alone: the label and the project's newest issues, each saying what it is.
    const composer = page.getByRole("textbox", { name: "Add comment" });
    await composer.click();
    await page.keyboard.type("See #");
    const mixed = page.getByRole("listbox", { name: "Add a tag or reference an issue" });
    await visible(mixed.getByRole("option", { name: "backend Label" }));
    await visible(mixed.getByRole("option", { name: "REF-3 Discuss references" }));
    await expectNextToCaret(page, mixed);
    expect(await mixed.getByRole("option").count()).toBeLessThanOrEqual(5);

    // "#login": the matching issue; Enter makes it a chip.
    await page.keyboard.type("login");
    await visible(mixed.getByRole("option", { name: "REF-1 Fix the login redirect" }));
    await expect.poll(() => mixed.getByRole("option").count()).toBe(1);
    await page.keyboard.press("Enter");
    await visible(composer.locator('a.issue[data-type="issue"]', { hasText: "REF-1" }));
    await expect.poll(() => mixed.count()).toBe(0);

    // "REF-" offers the project's issues, newest first; arrows move, Enter picks.
    await page.keyboard.type("and REF-");
    const keyed = page.getByRole("listbox", { name: "Reference an issue" });
    await visible(keyed.getByRole("option", { name: "REF-3 Discuss references" }));
    await expect.poll(() => keyed.getByRole("option").allTextContents()).toEqual(["REF-3Discuss references", "REF-2Write release notes", "REF-1Fix the login redirect"]);
    await expectNextToCaret(page, keyed);
    await screenshot(page, "issue-references-list");
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => keyed.getByRole("option", { name: "REF-2 Write release notes" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await visible(composer.locator("a.issue", { hasText: "REF-2" }));
    await screenshotsInThemes(page, "issue-references-composer");

    // Escape closes the list and leaves the text as typed.
    await page.keyboard.type("#");
    await visible(mixed);
    await page.keyboard.press("Escape");
    await expect.poll(() => mixed.count()).toBe(0);
    await page.keyboard.press("Backspace");

    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByRole("article", { name: /^Comment by / });
    // After a reload the stored comment still shows both chips linking to their issues.
    await expectChipAfterReload(page, comment.getByRole("link", { name: "REF-1" }), slug, "REF-1", "Fix the login redirect");
    expect(await comment.getByRole("link", { name: "REF-2" }).getAttribute("href")).toBe(`/${slug}/browse/REF-2`);
    await expect.poll(() => comment.locator("p").first().textContent()).toBe("See REF-1 and REF-2 ");

    // A chip is picked with the mouse in the description, copied and pasted: two chips, one unit each.
    const description = page.getByRole("textbox", { name: "Issue description" });
    await description.click();
    await page.keyboard.type("Blocked by #release");
    await mixed.getByRole("option", { name: "REF-2 Write release notes" }).click();
    const chips = description.locator('a.issue[data-type="issue"]');
    await expect.poll(() => chips.count()).toBe(1);
    await page.keyboard.press("ControlOrMeta+a");
    // The copy and paste events the browser sends, carrying the clipboard's data between them
    // (headless Chromium does not run its clipboard on key presses).
    const clipboard = await description.evaluateHandle((editor) => {
      const data = new DataTransfer();
      editor.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
      return data;
    });
    expect(await clipboard.evaluate((data) => data.getData("text/html"))).toContain('data-type="issue"');
    await page.keyboard.press("ControlOrMeta+End");
    await description.evaluate((editor, data) => {
      editor.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, clipboard);
    await expect.poll(() => chips.count()).toBe(2);
    expect(await chips.nth(1).getAttribute("href")).toBe(`/${slug}/browse/REF-2`);
    // Backspace right after a chip deletes it whole.
    await page.keyboard.press("End");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await expect.poll(() => chips.count()).toBe(1);
    const stored = () => owner.call<{ description_html: string }>("GET", `${base}/issues/${here.id}/`).then((row) => row.description_html);
    // The pasted paragraph is its own, left as "Blocked by " once its chip went.
    await expect.poll(stored).toMatch(/^<p>Blocked by <a [^>]*data-type="issue"[^>]*>REF-2<\/a> <\/p><p>Blocked by <\/p>$/);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => page.getByRole("textbox", { name: "Issue description" }).locator("a.issue").count()).toBe(1);

    // Clicking the chip in the comment opens the issue it names.
    await comment.getByRole("link", { name: "REF-1" }).click();
    await waitForPath(page, `/${slug}/projects/${projectId}/issues/${login1.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("@ offers the project's members; a picked mention is kept as a chip", async () => {
    const { owner, member, slug, projectId, base } = await projectWithMember({ slugPrefix: "ment", workspace: "Ment Co", project: "Ment", identifier: "MNT", role: 15 });
    const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Talk it over" });
    const other = await member.call<{ id: string }>("PATCH", "/api/users/me/", { first_name: "Mira" });
    const { page, errors, context } = await newPage(browser);
    await login(page, { email: owner.email, password: PASSWORD }, { next: `/${slug}/projects/${projectId}/issues/${issue.id}` });
    await waitForHydration(page);
    await page.getByRole("textbox", { name: "Add comment" }).click();
    await page.keyboard.type("Ask @mi");
    const list = page.getByRole("listbox", { name: "Mention a member" });
    await visible(list.getByRole("option", { name: `M Mira ${member.email}` }));
    await expect.poll(() => list.getByRole("option").count()).toBe(1);
    await expectNextToCaret(page, list);
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const mention = page.getByRole("article", { name: /^Comment by / }).locator(`span.mention[data-id="${other.id}"]`);
    await visible(mention);
    await page.reload();
    await waitForHydration(page);
    await visible(mention);
    expect(await mention.textContent()).toBe("@Mira");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a page block references an issue by the project key in any case, picked with the mouse", async () => {
    const { owner, slug, projectId, base } = await projectWithMember({ slugPrefix: "pgref", workspace: "Pages Co", project: "Venue", identifier: "VEN", role: 15 });
    await owner.post(`${base}/issues/`, { name: "Order the chairs" });
    const notes = await owner.post<{ id: string }>(`${base}/pages/`, { name: "Launch notes" });
    await owner.post(`${base}/pages/${notes.id}/page-blocks/`, { name: "Seating" });
    const { page, errors, context } = await newPage(browser);
    await login(page, { email: owner.email, password: PASSWORD }, { next: `/${slug}/projects/${projectId}/pages/${notes.id}` });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Edit block Seating" }).click();
    const form = page.getByRole("form", { name: "Edit block Seating" });
    await form.getByRole("textbox", { name: "Block description" }).click();
    await page.keyboard.type("Needs ven-");
    const list = page.getByRole("listbox", { name: "Reference an issue" });
    await expectNextToCaret(page, list);
    await list.getByRole("option", { name: "VEN-1 Order the chairs" }).click();
    await visible(form.locator("a.issue", { hasText: "VEN-1" }));
    await page.keyboard.press("Control+Enter");
    await visible(page.getByText("Block description updated successfully."));
    // The read-only block shows the chip as a link to the issue, also after a reload.
    await expectChipAfterReload(page, page.getByRole("link", { name: "VEN-1" }), slug, "VEN-1", "Order the chairs");
    expect(errors).toEqual([]);
    await context.close();
  });
});
