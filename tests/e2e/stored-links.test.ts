// Rows stored before the URL rule existed (ADR 032): an issue description and a comment whose
// HTML holds script links in disguise and an overlay made of utility classes, written straight into
// D1 as an old sanitiser let them through. The issue page, as served and once the editor has taken
// over, shows their text with no script href and no borrowed classes.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, baseUrl, launchBrowser, login, newPage, runSql, to, uniqueSlug, visible, waitForHydration } from "./fixtures";

const STORED = [
  '<p><a href="javascript&colon;alert(document.cookie)">colon link</a></p>',
  "<p><a href='&#106;avascript:alert(1)'>decimal link</a></p>",
  '<p><a href="java&Tab;script:alert(1)">tab link</a></p>',
  '<p><a class="fixed inset-0 z-50 bg-white" href="/sign-in">Session expired</a></p>',
].join("");

let browser: Browser;
let owner: ApiUser;
let slug: string;
let projectId: string;
let issueId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = uniqueSlug("links");
  await owner.post("/api/workspaces/", { name: "Stored Links", slug });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Links", identifier: "LNK" })).id;
  const base = `/api/workspaces/${slug}/projects/${projectId}`;
  issueId = (await owner.post<{ id: string }>(`${base}/issues/`, { name: "Old row" })).id;
  const comment = await owner.post<{ id: string }>(`${base}/issues/${issueId}/comments/`, { comment_html: "<p>later</p>", comment_json: { type: "doc" } });
  const html = STORED.replace(/'/g, "''");
  await runSql(`UPDATE issues SET description_html = '${html}' WHERE id = '${issueId}'`);
  await runSql(`UPDATE issue_comments SET comment_html = '${html}' WHERE id = '${comment.id}'`);
});

afterAll(async () => {
  await browser?.close();
});

describe("a stored unsafe link", () => {
  test("is served and shown without its href or borrowed classes", async () => {
    const path = `${to.projectIssues(slug, projectId)}/${issueId}`;
    const served = await (await fetch(`${baseUrl()}${path}`, { headers: { cookie: owner.cookie } })).text();
    // The page's data (a JSON script) carries the stored value as it is; the markup must not.
    const anchors = served.match(/<a\b[^>]*>/gi) ?? [];
    expect(served).toMatch(/<a\b[^>]*>colon link<\/a>/);
    for (const anchor of anchors) {
      expect(anchor).not.toMatch(/javascript|&#106;avascript|java&Tab;script|&colon;/i);
      expect(anchor).not.toContain("inset-0");
    }

    const { page } = await newPage(browser);
    await login(page, { email: owner.email, password: PASSWORD });
    await page.goto(path);
    await waitForHydration(page);
    await visible(page.locator('.ProseMirror[aria-label="Issue description"]'));
    await visible(page.getByText("decimal link").last());
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) expect(href).toMatch(/^https?:/);
    const borrowed = await page.locator("a.fixed, a.inset-0").count();
    expect(borrowed).toBe(0);
  });
});
