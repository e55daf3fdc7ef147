// A server without an AI provider or an Unsplash key, as a fresh self-hosted install runs: no AI
// entry point is offered anywhere and the cover picker has no image-search tab. The suite's own
// server has both configured (against the fakes, where tests/e2e/ai-assistant.test.ts and
// cover-search.test.ts see the same buttons and tab), so this file starts a second one with neither.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyLocalMigrations } from "../../scripts/lib/dev-server.mjs";
import { startLocalServer } from "../../scripts/lib/local-server.mjs";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, to, uniqueSlug, visible } from "./fixtures";

let server: Awaited<ReturnType<typeof startLocalServer>>;
let persistDir: string;
let browser: Browser;
let tab: TestPage;
const slug = uniqueSlug("plain");
let projectId: string;
let issueId: string;
let pageId: string;

beforeAll(async () => {
  persistDir = mkdtempSync(path.join(tmpdir(), "edge-tracker-plain-"));
  await applyLocalMigrations({ persistDir });
  // Only APP_ENV: every optional service keeps its default, which is "not configured".
  server = await startLocalServer({ persistDir, vars: { APP_ENV: "test" } });
  const owner = await ApiUser.signUp(undefined, server.url);
  await owner.post("/api/workspaces/", { name: "Plain Co", slug });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Harbour", identifier: "HRB" })).id;
  const base = `/api/workspaces/${slug}/projects/${projectId}`;
  issueId = (await owner.post<{ id: string }>(`${base}/issues/`, { name: "Paint the pier" })).id;
  pageId = (await owner.post<{ id: string }>(`${base}/pages/`, { name: "Winter plan" })).id;
  await owner.post(`${base}/pages/${pageId}/page-blocks/`, { name: "Order the paint" });
  browser = await launchBrowser();
  tab = await newPage(browser, { width: 1440, height: 900, server: server.url });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: to.workspace(slug) });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
});

describe("a server without AI or image search", () => {
  test("no AI button in the issue form, on the issue page or in a page block, and the API says AI is off", async () => {
    const { page } = tab;
    const aiButtons = (scope: ReturnType<typeof page.locator>) => scope.getByRole("button", { name: /^(AI assistant|Generate description)$/ });

    await tab.goto(to.projectIssues(slug, projectId));
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "Create Issue" });
    await visible(dialog.locator('.ProseMirror[aria-label="Description"]'));
    expect(await aiButtons(dialog).count()).toBe(0);
    await page.keyboard.press("Escape");

    await tab.goto(`${to.projectIssues(slug, projectId)}/${issueId}`);
    // The row under the description where the assistant's button sits when AI is on.
    await page.getByTestId("description-status").waitFor({ state: "attached" });
    expect(await aiButtons(page.locator("main")).count()).toBe(0);

    await tab.goto(`${to.project(slug, projectId)}/pages/${pageId}`);
    await page.getByRole("button", { name: "Edit block Order the paint" }).click();
    const form = page.getByRole("form", { name: "Edit block Order the paint" });
    await visible(form.getByLabel("Block title"));
    expect(await aiButtons(form).count()).toBe(0);

    tab.allowErrorsInThisTest(/status of 503/);
    const status = await page.evaluate(async (path) => {
      const response = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ task: "Summarise", prompt: "x" }) });
      return response.status;
    }, `/api/workspaces/${slug}/projects/${projectId}/ai-assistant/`);
    expect(status).toBe(503);
  });

  test("the cover picker offers the built-in images and upload, and no image search", async () => {
    const { page } = tab;
    await tab.goto(`/${slug}/projects/${projectId}/settings`);
    await page.getByRole("button", { name: "Change cover" }).click();
    const tabs = page.getByRole("tablist", { name: "Cover source" });
    await visible(tabs.getByRole("tab", { name: "Images" }));
    expect(await tabs.getByRole("tab").allTextContents()).toEqual(["Images", "Upload"]);
    // The API says why, for anyone calling it directly (the browser logs the 503 it asked for).
    tab.allowErrorsInThisTest(/status of 503/);
    const answer = await page.evaluate(async () => {
      const response = await fetch("/api/unsplash?query=sea");
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(503);
  });
});
