// Nothing waits for the server. Opening an issue from the board shows its key and title at once,
// from the card, and the rest of the page when the server answers. A comment is in the feed the
// moment it is sent (marked busy), and back in the box if the server refuses it. Creating an issue: Create
// closes the modal and the row is on the list at once, marked pending ("FW-…", busy) until the server's row with its number takes its
// place, never twice. An issue the server refuses after the modal closed leaves the list and
// comes back in the modal as it was typed. The server's answer is held in these tests, so what a
// person sees before it arrives is what is checked.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { COMMENT_HTML_MAX } from "../../workers/domain/schemas/issue-comments";
import { PASSWORD, type TestPage, holdRequests, launchBrowser, login, newPage, projectWithMember, to, visible } from "./fixtures";

let browser: Browser;
let world: Awaited<ReturnType<typeof projectWithMember>>;

beforeAll(async () => {
  browser = await launchBrowser();
  world = await projectWithMember({ slugPrefix: "instant", workspace: "Instant Co", project: "Quick Work", identifier: "QW", role: 15 });
});

afterAll(async () => {
  await browser?.close();
});

const issuesPath = () => to.projectIssues(world.slug, world.projectId);

/** Gives the member `role` in the project (15 member, 10 viewer). */
async function setMemberRole(role: number) {
  const memberships = await world.owner.call<{ id: string; member: { id: string } }[]>("GET", `${world.base}/members/`);
  const me = await world.member.call<{ id: string }>("GET", "/api/users/me/");
  const membership = memberships.find((row) => row.member.id === me.id);
  await world.owner.call("PATCH", `${world.base}/members/${membership?.id}/`, { role });
}

/** A tab of `who` on the project's issues, listed newest first, its modal open with C. */
async function openModal(who: "owner" | "member"): Promise<TestPage> {
  if (who === "member") await setMemberRole(15);
  const account = who === "owner" ? world.owner : world.member;
  await account.post(`${world.base}/project-views/`, {
    view_props: { issueView: "list", groupByProperty: null, orderBy: "-created_at", showEmptyGroups: true, filters: {} },
  });
  const tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: account.email, password: PASSWORD }, { next: issuesPath() });
  await visible(tab.page.locator('[data-layout="list"]'));
  await pressC(tab.page);
  return tab;
}

async function pressC(page: Page) {
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("c");
  await visible(page.getByRole("dialog", { name: "Create Issue" }));
}

/** Holds the modal's create request (posted to the project shell) until released. */
const holdCreate = (page: Page) => holdRequests(page, new RegExp(`/${world.slug}/projects/${world.projectId}\\.data`));

const rowsNamed = (page: Page, name: string) => page.locator("[data-issue-id]", { hasText: name });

describe("creating an issue from the modal", () => {
  test("Create closes the modal and the row is there at once, pending until its number arrives", async () => {
    const { page, context } = await openModal("owner");
    const held = await holdCreate(page);
    await page.keyboard.type("Shows before the server answers");
    await page.keyboard.press("Control+Enter");
    await held.requested;

    // The server has not answered: the modal is closed and the row shows, without a number.
    await expect.poll(() => page.getByRole("dialog", { name: "Create Issue" }).count()).toBe(0);
    const row = rowsNamed(page, "Shows before the server answers");
    await visible(row);
    await expect.poll(() => row.getAttribute("aria-busy")).toBe("true");
    await visible(row.getByText("QW-…"));

    held.release();
    await held.stop();
    const created = async () =>
      (await world.owner.call<{ name: string; sequence_id: number }[]>("GET", `${world.base}/issues/`)).find(
        (issue) => issue.name === "Shows before the server answers",
      );
    await expect.poll(created).toBeDefined();
    await visible(row.getByText(`QW-${(await created())?.sequence_id}`, { exact: true }));
    await expect.poll(() => row.getAttribute("aria-busy")).toBe(null);
    await visible(page.getByText("Issue created successfully.").first());
    // One row: the server's row took the pending one's place.
    expect(await rowsNamed(page, "Shows before the server answers").count()).toBe(1);
    await context.close();
  });

  test("an issue refused after the modal closed leaves the list and comes back in the modal", async () => {
    const { page, context } = await openModal("member");
    // The member becomes a viewer while the modal is open: the server refuses what is sent now.
    await setMemberRole(10);

    const held = await holdCreate(page);
    await page.keyboard.type("Refused once sent");
    await page.keyboard.press("Control+Enter");
    await held.requested;
    await visible(rowsNamed(page, "Refused once sent"));
    await expect.poll(() => page.getByRole("dialog", { name: "Create Issue" }).count()).toBe(0);

    held.release();
    await held.stop();
    const dialog = page.getByRole("dialog", { name: "Create Issue" });
    await visible(dialog);
    await expect.poll(() => dialog.getByPlaceholder("Title").inputValue()).toBe("Refused once sent");
    await visible(page.getByText("Error!").first());
    await expect.poll(() => rowsNamed(page, "Refused once sent").count()).toBe(0);
    const names = (await world.owner.call<{ name: string }[]>("GET", `${world.base}/issues/`)).map((issue) => issue.name);
    expect(names).not.toContain("Refused once sent");
    await context.close();
  });
});

describe("opening an issue from the board", () => {
  test("the card's issue shows its key and title at once, and the whole page when the server answers", async () => {
    const issue = await world.owner.post<{ id: string; sequence_id: number }>(`${world.base}/issues/`, { name: "Opened before its page is read" });
    await world.owner.post(`${world.base}/project-views/`, {
      view_props: { issueView: "kanban", groupByProperty: "state", orderBy: "-created_at", showEmptyGroups: true, filters: {} },
    });
    const { page, context } = await newPage(browser, { width: 1440, height: 900 });
    await login(page, { email: world.owner.email, password: PASSWORD }, { next: issuesPath() });
    const link = page.locator(`[data-issue-id="${issue.id}"] a[data-issue-link]`);
    await visible(link);

    // The issue page's data is held: what shows comes from the card.
    const held = await holdRequests(page, new RegExp(`/issues/${issue.id}\\.data`));
    await link.click();
    await held.requested;
    await visible(page.getByRole("heading", { level: 1, name: "Opened before its page is read" }));
    await visible(page.getByText(`QW-${issue.sequence_id}`, { exact: true }));
    expect(await page.getByLabel("Issue title").count()).toBe(0);

    await held.stop();
    // The page proper: the title to edit, the properties, the activity.
    await expect.poll(() => page.getByLabel("Issue title").inputValue()).toBe("Opened before its page is read");
    await visible(page.getByText("created the issue").first());
    await context.close();
  });
});

describe("commenting", () => {
  /** `who`'s tab on a new issue's page, with the comment box. */
  async function onNewIssue(who: "owner" | "member", name: string) {
    if (who === "member") await setMemberRole(15);
    const issue = await world.owner.post<{ id: string }>(`${world.base}/issues/`, { name });
    const tab = await newPage(browser, { width: 1440, height: 900 });
    const account = who === "owner" ? world.owner : world.member;
    await login(tab.page, { email: account.email, password: PASSWORD }, { next: `${issuesPath()}/${issue.id}` });
    const box = tab.page.getByRole("textbox", { name: "Add comment" });
    await visible(box);
    return { ...tab, issue, box, held: () => holdRequests(tab.page, new RegExp(`/issues/${issue.id}\\.data`)) };
  }

  test("a comment is in the feed the moment it is sent, and stays once the server has it", async () => {
    const { page, context, box, held: hold } = await onNewIssue("owner", "Commented at once");
    const held = await hold();
    await box.click();
    await page.keyboard.type("Sent before the answer");
    await page.keyboard.press("Control+Enter");
    await held.requested;
    const comment = page.getByRole("article", { name: /^Comment by / }).filter({ hasText: "Sent before the answer" });
    await visible(comment);
    await expect.poll(() => comment.getAttribute("aria-busy")).toBe("true");
    await expect.poll(() => box.textContent()).toBe("");

    await held.stop();
    await expect.poll(() => comment.getAttribute("aria-busy")).toBe(null);
    expect(await comment.count()).toBe(1);
    await context.close();
  });

  test("a refused comment leaves the feed and is back in the box", async () => {
    const { page, context, box, held: hold, allowErrors } = await onNewIssue("owner", "Comment refused");
    // The page logs the refusal it shows (and the browser the 400 answer).
    allowErrors(/issue action add-comment failed/, /status of 400/);
    // Longer than the server keeps: it refuses the comment as too long.
    const words = `Refused words ${"x".repeat(COMMENT_HTML_MAX)}`;
    const held = await hold();
    await box.click();
    await page.keyboard.insertText(words);
    await page.keyboard.press("Control+Enter");
    await held.requested;
    const sent = page.getByRole("article", { name: /^Comment by / }).filter({ hasText: "Refused words" });
    await visible(sent);
    await expect.poll(() => box.textContent()).toBe("");
    await held.stop();
    await visible(page.getByText("Comment is too long.").first());
    await expect.poll(() => sent.count()).toBe(0);
    await expect.poll(() => box.textContent()).toBe(words);
    await context.close();
  });
});
