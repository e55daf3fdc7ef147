// Bulk edit in the list (issue 33): a member ticks an issue, Shift+clicks another to take the
// range between, gives them all a state from the bar that appears, and sees every row change,
// while a second member with the same project's board open sees the cards move without reload.
// Ctrl/Cmd+A inside a group takes the whole group; Escape clears the choice.
// Data the test is not about (workspace, project, membership, the issues) is arranged over REST.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ApiUser, launchBrowser, openIssuesAs, projectWithMember, screenshotsInThemes, visible } from "./fixtures";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

// Closing the browser closes every tab the tests opened.
afterAll(() => browser?.close());

async function arrange(count: number) {
  const { owner, member: watcher, slug, projectId, base } = await projectWithMember({
    slugPrefix: "bulk",
    workspace: "Bulk edit",
    project: "Bulk",
    identifier: "BULK",
    role: 15,
  });
  const stateList = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  const states = Object.fromEntries(stateList.map((state) => [state.name, state.id]));
  const issues: { id: string; name: string }[] = [];
  for (let i = 1; i <= count; i++) issues.push(await owner.post(`${base}/issues/`, { name: `Bulk row ${i}`, state: states.Todo }));
  return { owner, watcher, slug, projectId, states, issues };
}

const openAs = (user: ApiUser, slug: string, projectId: string, viewProps: Record<string, unknown>) =>
  openIssuesAs(browser, user, slug, projectId, viewProps);

describe("bulk edit", () => {
  test("a range chosen with Shift+click moves to Done at once, here and on another member's board", async () => {
    const a = await arrange(5);
    const watcher = await openAs(a.watcher, a.slug, a.projectId, { issueView: "kanban", groupByProperty: "state" });
    await visible(watcher.page.locator(`[data-group-key="${a.states.Todo}"] [data-issue-id="${a.issues[0].id}"]`));
    // Manual order: the rows stand in the order they were filed.
    const tab = await openAs(a.owner, a.slug, a.projectId, { issueView: "list", groupByProperty: null, orderBy: "sort_order" });
    const { page, errors } = tab;
    await visible(page.getByRole("checkbox", { name: "Select BULK-1" }));
    await page.getByRole("checkbox", { name: "Select BULK-1" }).click();
    const bar = page.getByRole("toolbar", { name: "Selected issues" });
    // The range starts from the choice the page has taken (the bar loads on the first one).
    await visible(bar.getByText("1 selected"));
    await page.getByRole("checkbox", { name: "Select BULK-3" }).click({ modifiers: ["Shift"] });
    await visible(bar.getByText("3 selected"));
    // The bar sits inside the viewport, at its bottom.
    const box = await bar.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y + box.height <= viewport.height && box.y > viewport.height / 2).toBe(true);
    await screenshotsInThemes(page, "bulk-edit-bar");
    await bar.getByRole("combobox", { name: "Set state" }).selectOption({ label: "Done" });
    await visible(page.getByText("3 issues updated."));
    await expect.poll(() => bar.count()).toBe(0);
    // Here: the chosen rows say Done, the others still Todo.
    for (const issue of a.issues.slice(0, 3)) await visible(page.locator(`[data-issue-id="${issue.id}"] [data-action="state"][title="State: Done"]`));
    await visible(page.locator(`[data-issue-id="${a.issues[3].id}"] [data-action="state"][title="State: Todo"]`));
    for (const issue of a.issues.slice(0, 3)) {
      await visible(watcher.page.locator(`[data-group-key="${a.states.Done}"] [data-issue-id="${issue.id}"]`), 1000);
    }
    await visible(watcher.page.locator(`[data-group-key="${a.states.Todo}"] [data-issue-id="${a.issues[3].id}"]`));
    const stored = await a.owner.call<{ results?: { id: string; state: string }[] } | { id: string; state: string }[]>(
      "GET",
      `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/`,
    );
    const list = Array.isArray(stored) ? stored : (stored.results ?? []);
    expect(list.filter((issue) => issue.state === a.states.Done).map((issue) => issue.id).sort()).toEqual(a.issues.slice(0, 3).map((issue) => issue.id).sort());
    expect(errors).toEqual([]);
  });

  test("Ctrl+A in the list takes every issue; Escape lets them go", async () => {
    const a = await arrange(4);
    const { page, errors } = await openAs(a.owner, a.slug, a.projectId, { issueView: "list", groupByProperty: null, orderBy: "sort_order" });
    await page.getByRole("checkbox", { name: "Select BULK-2" }).click();
    await page.keyboard.press("Control+a");
    const bar = page.getByRole("toolbar", { name: "Selected issues" });
    await visible(bar.getByText("4 selected"));
    await page.getByRole("checkbox", { name: "Select BULK-2" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => bar.count()).toBe(0);
    expect(await page.getByRole("checkbox", { name: "Select BULK-4" }).isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  test("three rows of the spreadsheet get a label and a cycle from the bar, here and on another member's board", async () => {
    const a = await arrange(4);
    const base = `/api/workspaces/${a.slug}/projects/${a.projectId}`;
    await a.owner.post(`${base}/issue-labels/`, { name: "Regression", color: "#dc2626" });
    const cycle = await a.owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint 7" });
    for (const user of [a.owner, a.watcher]) await user.post(`${base}/issue-properties/`, { properties: { labels: true } });
    const watcher = await openAs(a.watcher, a.slug, a.projectId, { issueView: "kanban", groupByProperty: "state" });
    const watchedLabels = (issueId: string) => watcher.page.locator(`[data-issue-id="${issueId}"] [data-action="labels"]`);
    await visible(watchedLabels(a.issues[0].id));
    const { page, errors } = await openAs(a.owner, a.slug, a.projectId, { issueView: "spreadsheet", orderBy: "sort_order" });
    await page.getByRole("checkbox", { name: "Select BULK-1" }).click();
    const bar = page.getByRole("toolbar", { name: "Selected issues" });
    // The range starts from the choice the page has taken (the bar loads on the first one).
    await visible(bar.getByText("1 selected"));
    await page.getByRole("checkbox", { name: "Select BULK-3" }).click({ modifiers: ["Shift"] });
    await visible(bar.getByText("3 selected"));
    await bar.getByRole("combobox", { name: "Add label" }).selectOption({ label: "Regression" });
    await visible(page.getByText("3 issues updated."));
    const labelCell = (issueId: string) => page.locator(`tr[data-issue-id="${issueId}"] td[data-action="labels"]`);
    for (const issue of a.issues.slice(0, 3)) await expect.poll(() => labelCell(issue.id).textContent()).toBe("Regression");
    await expect.poll(() => labelCell(a.issues[3].id).textContent()).toBe("Labels");
    // The other member's open board shows the label within a second.
    for (const issue of a.issues.slice(0, 3)) {
      await expect.poll(() => watchedLabels(issue.id).getAttribute("title"), { timeout: 1000 }).toBe("Labels: Regression");
    }

    await page.getByRole("checkbox", { name: "Select BULK-1" }).click();
    await page.getByRole("checkbox", { name: "Select BULK-3" }).click({ modifiers: ["Shift"] });
    await visible(bar.getByText("3 selected"));
    await bar.getByRole("combobox", { name: "Set cycle" }).selectOption({ label: "Sprint 7" });
    await expect.poll(() => bar.count()).toBe(0);
    const listed = await a.owner.call<{ results?: { id: string; cycle: string | null }[] } | { id: string; cycle: string | null }[]>("GET", `${base}/issues/`);
    const rows = Array.isArray(listed) ? listed : (listed.results ?? []);
    expect(rows.filter((issue) => issue.cycle === cycle.id).map((issue) => issue.id).sort()).toEqual(a.issues.slice(0, 3).map((issue) => issue.id).sort());
    // Ctrl+A in the grid takes every row; Escape lets them go.
    await page.locator(`tr[data-issue-id="${a.issues[3].id}"] td[data-action="labels"]`).focus();
    await page.keyboard.press("Control+a");
    await visible(bar.getByText("4 selected"));
    await page.keyboard.press("Escape");
    await expect.poll(() => bar.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("deleting the chosen rows of the list asks first, then they go and a toast says how many", async () => {
    const a = await arrange(4);
    const { page, errors } = await openAs(a.owner, a.slug, a.projectId, { issueView: "list", groupByProperty: null, orderBy: "sort_order" });
    await page.getByRole("checkbox", { name: "Select BULK-2" }).click();
    await page.getByRole("checkbox", { name: "Select BULK-3" }).click();
    const bar = page.getByRole("toolbar", { name: "Selected issues" });
    await bar.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete issues" });
    await visible(dialog.getByText("Are you sure you want to delete 2 issues?"));
    await screenshotsInThemes(page, "bulk-delete-confirm");
    // Cancel keeps everything.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await visible(bar.getByText("2 selected"));
    await bar.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete issues" }).getByRole("button", { name: "Delete" }).click();
    const toast = page.getByRole("status").filter({ hasText: "2 issues deleted successfully" });
    await visible(toast);
    await visible(toast.getByText("Success"));
    for (const issue of a.issues.slice(1, 3)) await expect.poll(() => page.locator(`[data-issue-id="${issue.id}"]`).count()).toBe(0);
    for (const issue of [a.issues[0], a.issues[3]]) await visible(page.locator(`[data-issue-id="${issue.id}"]`));
    await expect.poll(() => bar.count()).toBe(0);
    const listed = await a.owner.call<{ results?: { id: string }[] } | { id: string }[]>("GET", `/api/workspaces/${a.slug}/projects/${a.projectId}/issues/`);
    const rows = Array.isArray(listed) ? listed : (listed.results ?? []);
    expect(rows.map((issue) => issue.id).sort()).toEqual([a.issues[0].id, a.issues[3].id].sort());
    expect(errors).toEqual([]);
  });
});
