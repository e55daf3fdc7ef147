// What a new user tripped on in the create dialogs and the keyboard: C opens the issue modal
// ready to type a title; Ctrl+Enter submits the issue modal and the comment box (a plain Enter
// in the comment box stays a new line); "Create more" clears the form at once and never wipes
// what is typed for the next issue when the server answers; the modal's date pills keep their
// label on one line at both widths; a new page opens after Create, ready to type its first block.
// Each test makes its own issues and pages; the project is arranged over the API.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, type TestPage, holdRequests, launchBrowser, login, newPage, projectWithMember, screenshotsInThemes, to, visible, waitForPath } from "./fixtures";

let browser: Browser;
/** The project, its owner (signed in on `tab`) and a member, made over the API. */
let world: Awaited<ReturnType<typeof projectWithMember>>;
let tab: TestPage;

beforeAll(async () => {
  browser = await launchBrowser();
  world = await projectWithMember({ slugPrefix: "trips", workspace: "Trips Co", project: "First Week", identifier: "FW", role: 15 });
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: world.owner.email, password: PASSWORD }, { next: issuesPath() });
});

const issuesPath = () => to.projectIssues(world.slug, world.projectId);

afterAll(async () => {
  await browser?.close();
});

const issueNames = async () => (await world.owner.call<{ name: string }[]>("GET", `${world.base}/issues/`)).map((issue) => issue.name);

/** Opens the create-issue modal with C from the project's issues, as a person does. */
async function pressC(page: Page, on = tab) {
  await on.goto(issuesPath());
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("c");
  const dialog = page.getByRole("dialog", { name: "Create Issue" });
  await visible(dialog);
  return dialog;
}

/**
 * Sends the modal with `send` while holding the server's answer: the form must be empty before
 * it comes. Answers the hold, to be released.
 */
async function sendHeld(page: Page, title: Locator, send: () => Promise<void>) {
  const held = await holdRequests(page, new RegExp(`/${world.slug}/projects/${world.projectId}\\.data`));
  await send();
  await held.requested;
  await expect.poll(() => title.inputValue()).toBe("");
  return held;
}

/** How many lines an element's text takes on screen (the line boxes of its text, by their tops). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

describe("the create-issue modal", () => {
  test("C opens it with the title focused: what is typed next is the title", async () => {
    const { page } = tab;
    const dialog = await pressC(page);
    await page.keyboard.type("Fix the flaky login");
    await expect.poll(() => dialog.getByPlaceholder("Title").inputValue()).toBe("Fix the flaky login");
  });

  test("Ctrl+Enter creates the issue, from the title and from the description", async () => {
    const { page } = tab;
    let dialog = await pressC(page);
    await page.keyboard.type("Ctrl Enter from the title");
    await page.keyboard.press("Control+Enter");
    await visible(page.getByText("Issue created successfully.").first());
    await expect.poll(() => dialog.count()).toBe(0);

    dialog = await pressC(page);
    await page.keyboard.type("Ctrl Enter from the description");
    const description = dialog.getByRole("textbox", { name: "Description" });
    await description.click();
    await page.keyboard.type("First line");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(issueNames).toEqual(expect.arrayContaining(["Ctrl Enter from the title", "Ctrl Enter from the description"]));
  });

  test("with Create more, the form clears at once and the next title survives the server's answer", async () => {
    const { page } = tab;
    const dialog = await pressC(page);
    await dialog.getByRole("switch", { name: "Create more" }).click();
    const title = dialog.getByPlaceholder("Title");
    await title.fill("First of many");
    // The server's answer is held until the next title is typed.
    const held = await sendHeld(page, title, () => dialog.getByRole("button", { name: "Create Issue" }).click());
    await page.keyboard.type("Second of many");
    held.release();
    await visible(page.getByText("Issue created successfully.").first());
    await held.stop();
    await expect.poll(() => title.inputValue()).toBe("Second of many");
    await page.keyboard.press("Control+Enter");
    await expect.poll(issueNames).toEqual(expect.arrayContaining(["First of many", "Second of many"]));
    await expect.poll(() => title.inputValue()).toBe("");
    await visible(dialog);
  });

  test("with Create more, a refused issue comes back, unless the next one is being typed", async () => {
    const memberTab = await newPage(browser, { width: 1440, height: 900 });
    const { page } = memberTab;
    await login(page, { email: world.member.email, password: PASSWORD }, { next: issuesPath() });
    const dialog = await pressC(page, memberTab);
    await dialog.getByRole("switch", { name: "Create more" }).click();
    // The member becomes a viewer while the modal is open: the server refuses what is sent now.
    const memberships = await world.owner.call<{ id: string; member: { id: string } }[]>("GET", `${world.base}/members/`);
    const me = await world.member.call<{ id: string }>("GET", "/api/users/me/");
    const membership = memberships.find((row) => row.member.id === me.id);
    await world.owner.call("PATCH", `${world.base}/members/${membership?.id}/`, { role: 10 });

    const title = dialog.getByPlaceholder("Title");
    await title.fill("Refused while typing on");
    const held = await sendHeld(page, title, () => page.keyboard.press("Enter"));
    await page.keyboard.type("Typed meanwhile");
    held.release();
    await visible(page.getByText("Error!").first());
    await held.stop();
    await expect.poll(() => title.inputValue()).toBe("Typed meanwhile");

    // Nothing typed after it: the refused issue is back in the form, to be sent again or changed.
    const again = await sendHeld(page, title, () => page.keyboard.press("Enter"));
    again.release();
    await expect.poll(() => title.inputValue()).toBe("Typed meanwhile");
    await again.stop();
    expect(await issueNames()).not.toContain("Typed meanwhile");
    await memberTab.context.close();
  });

  test("the date pills keep their labels on one line at 1440 and 700 px", async () => {
    const { page } = tab;
    const dialog = await pressC(page);
    for (const width of [1440, 700]) {
      await page.setViewportSize({ width, height: 900 });
      for (const label of ["Start date", "Due date"]) {
        expect(await linesOf(dialog.getByText(label, { exact: true })), `${label} at ${width} px`).toBe(1);
      }
    }
    await screenshotsInThemes(page, "issue-modal-dates");
    await page.keyboard.press("Escape");
  });
});

describe("the comment box", () => {
  test("Enter is a new line, Ctrl+Enter posts the comment and saves an edit of it", async () => {
    const { page } = tab;
    const issue = await world.owner.post<{ id: string }>(`${world.base}/issues/`, { name: "Comment with the keyboard" });
    await tab.goto(`${issuesPath()}/${issue.id}`);
    const composer = page.getByRole("textbox", { name: "Add comment" });
    await composer.click();
    await page.keyboard.type("Looks good");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Shipping today");
    const comment = page.getByRole("article", { name: /^Comment by / });
    expect(await comment.count()).toBe(0);
    await page.keyboard.press("Control+Enter");
    await visible(comment.getByText("Shipping today"));
    await expect.poll(() => comment.locator("p").allTextContents()).toEqual(["Looks good", "Shipping today"]);
    await expect.poll(() => composer.textContent()).toBe("");

    await comment.getByRole("button", { name: "Comment actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await comment.getByRole("textbox", { name: "Edit comment" }).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" by five");
    await page.keyboard.press("Control+Enter");
    await expect.poll(() => comment.getByRole("textbox", { name: "Edit comment" }).count()).toBe(0);
    await visible(comment.getByText("Shipping today by five"));
  });
});

describe("a new page", () => {
  test("opens after Create from the pages list, ready to type its first block", async () => {
    const { page } = tab;
    await tab.goto(`${to.project(world.slug, world.projectId)}/pages`);
    await page.getByRole("button", { name: "Create page" }).click();
    const dialog = page.getByRole("dialog", { name: "Create page" });
    await dialog.getByLabel("Title").fill("Kick-off notes");
    await dialog.getByRole("button", { name: "Create page" }).click();
    await waitForPath(page, new RegExp(`/${world.slug}/projects/${world.projectId}/pages/[0-9a-f-]{36}$`));
    await expect.poll(() => page.getByRole("textbox", { name: "Page title" }).inputValue()).toBe("Kick-off notes");
    await page.keyboard.type("Agenda");
    await expect.poll(() => page.getByLabel("New block title").inputValue()).toBe("Agenda");
  });
});
