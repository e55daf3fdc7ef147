// The AI helpers as people use them, against the fake OpenAI-compatible server (tests/fakes/ai):
// a description written from an issue's title and saved with the issue, a title that says too
// little, the assistant panel's task rule, its streamed answer and allowance, and the assistant on
// a page block whose response is used and saved, and the toast once the month's allowance is used.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AI_BLOCK_TITLE_NOT_INFORMATIVE, AI_ISSUE_TITLE_NOT_INFORMATIVE, AI_QUOTA_REACHED, AI_TASK_REQUIRED } from "../../workers/domain/schemas/ai-assistant";
import { BLOCK_UPDATED } from "../../workers/domain/schemas/pages";
import { expectNoAxeViolations } from "./axe";
import { type ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, projectWithMember, screenshotsInThemes, to, visible } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
let slug = "";
let projectId = "";
let base = "";

const wrote = (subject: string) => `This is what the assistant wrote about ${subject}.`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ owner, slug, projectId, base } = await projectWithMember({ slugPrefix: "ai", workspace: "AI Co", project: "Assist", identifier: "AST", role: 15 }));
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: to.projectIssues(slug, projectId) });
});

afterAll(async () => {
  await browser?.close();
});

describe("the AI helpers", () => {
  test("an issue's description written from its title, and the assistant's answer used in it", async () => {
    const { page } = tab;
    await tab.goto(to.projectIssues(slug, projectId));
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "Create Issue" });
    const editor = dialog.locator('.ProseMirror[aria-label="Description"]');
    await visible(editor);

    // A title the model can say nothing about: the spec's toast, the description untouched.
    const title = dialog.getByPlaceholder("Title");
    await title.fill("[fake:empty]");
    await dialog.getByRole("button", { name: "Generate description" }).click();
    await visible(page.getByText(AI_ISSUE_TITLE_NOT_INFORMATIVE));

    await title.fill("Checkout times out on mobile");
    await dialog.getByRole("button", { name: "Generate description" }).click();
    await visible(editor.getByText(wrote("Checkout times out on mobile")));
    await visible(editor.getByRole("listitem").filter({ hasText: "First point" }));

    // The assistant: a task is required; the answer streams in, then can be used.
    await dialog.getByRole("button", { name: "AI assistant" }).click();
    const panel = page.getByRole("dialog", { name: "AI assistant" });
    await visible(panel.getByText("48 of 50 requests left this month"));
    await panel.getByRole("button", { name: "Generate" }).click();
    await visible(panel.getByText(AI_TASK_REQUIRED));
    await panel.getByLabel("Task").fill("Add acceptance criteria");
    await panel.getByLabel("Task").press("Enter");
    await visible(panel.getByText("47 of 50 requests left this month"));
    // The fake model writes about the last line of what it was given: the description's last item.
    await visible(panel.getByTestId("ai-answer").getByText(wrote("Second point")));
    await screenshotsInThemes(page, "ai-assistant-issue");
    await panel.getByRole("button", { name: "Use this response" }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await visible(editor.getByText(wrote("Second point")));

    await dialog.getByRole("button", { name: "Create Issue" }).click();
    await visible(page.getByText("Issue created successfully."));
    const issues = await owner.call<{ id: string; name: string }[]>("GET", `${base}/issues/`);
    const listed = issues.find((issue) => issue.name === "Checkout times out on mobile");
    const created = await owner.call<{ description_html: string }>("GET", `${base}/issues/${listed?.id}/`);
    expect(created.description_html).toContain("<strong>Checkout times out on mobile</strong>");
    expect(created.description_html).toContain("<li><p>First point</p></li>");
  });

  test("the assistant on a page block: the response used and saved", async () => {
    const { page } = tab;
    const created = await owner.post<{ id: string }>(`${base}/pages/`, { name: "Launch plan" });
    await owner.post(`${base}/pages/${created.id}/page-blocks/`, { name: "Rollout" });
    await owner.post(`${base}/pages/${created.id}/page-blocks/`, { name: "Rollback" });
    await tab.goto(`${to.project(slug, projectId)}/pages/${created.id}`);

    // A block's description written from its title; a title the model can say nothing about gets
    // the block's own toast.
    await page.getByRole("button", { name: "Edit block Rollback" }).click();
    const rollback = page.getByRole("form", { name: "Edit block Rollback" });
    await rollback.getByLabel("Block title").fill("[fake:empty]");
    await rollback.getByRole("button", { name: "Generate description" }).click();
    await visible(page.getByText(AI_BLOCK_TITLE_NOT_INFORMATIVE));
    await rollback.getByLabel("Block title").fill("Rollback");
    await rollback.getByRole("button", { name: "Generate description" }).click();
    await visible(rollback.locator('.ProseMirror[aria-label="Block description"]').getByText(wrote("Rollback")));
    await rollback.getByRole("button", { name: "Update block" }).click();
    await visible(page.getByTestId("page-block").filter({ hasText: "Rollback" }).getByText(wrote("Rollback")));
    await page.getByRole("button", { name: "Edit block Rollout" }).click();
    const form = page.getByRole("form", { name: "Edit block Rollout" });
    await visible(form.locator('.ProseMirror[aria-label="Block description"]'));

    // The fixture's retrying route reads a POST's whole answer before the page sees it; the
    // streamed answer goes straight through so the page gets its events as they are sent.
    await tab.context.route(
      (url) => url.pathname.endsWith("/ai-assistant/"),
      (route) => (route.request().headers().accept === "text/event-stream" ? route.continue() : route.fallback()),
    );
    await form.getByRole("button", { name: "AI assistant" }).click();
    const panel = page.getByRole("dialog", { name: "AI assistant" });
    // The fake model sends its pieces 120 ms apart: the text shows as it comes, markdown and all.
    await panel.getByLabel("Task").fill("Outline the rollout steps [fake:drip:120]");
    await panel.getByRole("button", { name: "Generate" }).click();
    await visible(panel.getByTestId("ai-answer").getByText(/^## Outline the rollout/));
    await visible(panel.getByRole("button", { name: "Generating..." }));
    // Then the finished answer as HTML.
    await visible(panel.getByTestId("ai-answer").getByRole("heading", { name: "Outline the rollout steps" }));
    await visible(panel.getByTestId("ai-answer").getByText(wrote("Outline the rollout steps")));
    await screenshotsInThemes(page, "ai-assistant-block", (theme) => expectNoAxeViolations(page, `block assistant panel (${theme})`));
    await panel.getByRole("button", { name: "Use this response" }).click();
    await form.getByRole("button", { name: "Update block" }).click();
    await visible(page.getByText(BLOCK_UPDATED));
    await visible(page.getByTestId("page-block").getByText(wrote("Outline the rollout steps")));

    // The month's allowance used up (over the API, whatever the requests above left): the spec's toast.
    const quota = await owner.call<{ remaining: number }>("GET", `${base}/ai-assistant/`);
    await Promise.all(Array.from({ length: quota.remaining }, () => owner.post(`${base}/ai-assistant/`, { prompt: "filler", task: "Write." })));
    await page.getByRole("button", { name: "Edit block Rollout" }).click();
    await form.getByRole("button", { name: "AI assistant" }).click();
    await visible(panel.getByText("0 of 50 requests left this month"));
    await panel.getByLabel("Task").fill("One more");
    await panel.getByRole("button", { name: "Generate" }).click();
    await visible(page.getByText(AI_QUOTA_REACHED));
  });
});
