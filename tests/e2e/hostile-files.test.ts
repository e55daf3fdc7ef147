// Files that could run as pages of ours: an SVG (which may carry scripts) and an HTML file,
// uploaded as issue attachments through the issue page, are downloaded when opened, never
// rendered: the click starts a download and the issue page stays where it was, with no script of
// theirs run (no dialog opened). The server's headers decide this, so the same holds for a plain
// link without the `download` attribute, as a pasted URL or another page would open it.
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type TestPage, PASSWORD, launchBrowser, login, newPage, projectWithMember, to, visible, waitForHydration } from "./fixtures";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(\'svg\')"><script>alert("svg script")</script></svg>';
const HTML = '<!doctype html><html><body><h1>Owned</h1><script>alert("html script")</script></body></html>';

const FILES = [
  { name: "logo.svg", mimeType: "image/svg+xml", content: SVG },
  { name: "page.html", mimeType: "text/html", content: HTML },
];

let browser: Browser;
let tab: TestPage;
let issuePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { owner, slug, projectId, base } = await projectWithMember({
    slugPrefix: "files",
    workspace: "File Works",
    project: "File Board",
    identifier: "FIL",
    role: 15,
  });
  const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Attach hostile files" });
  issuePath = `${to.projectIssues(slug, projectId)}/${issue.id}`;
  tab = await newPage(browser);
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

/** Does `act` and returns the download it starts, checking the page neither moved nor opened another. */
async function expectDownload(page: Page, act: () => Promise<unknown>, name: string, content: string) {
  const before = page.url();
  const pages = page.context().pages().length;
  const [download] = await Promise.all([page.waitForEvent("download"), act()]);
  expect(download.suggestedFilename()).toBe(name);
  expect(await readFile((await download.path())!, "utf8")).toBe(content);
  expect(page.url()).toBe(before);
  expect(page.context().pages()).toHaveLength(pages);
  await visible(page.getByText("Attach hostile files").first());
}

describe("hostile files", () => {
  test("an SVG and an HTML attachment are downloaded when opened, never rendered", async () => {
    const { page } = tab;
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(issuePath);
    await waitForHydration(page);

    const upload = page.getByLabel("Upload attachment");
    for (const file of FILES) {
      await upload.setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.content) });
      await visible(page.locator(`a[title="${file.name}"]`));
    }

    for (const file of FILES) {
      const link = page.locator(`a[title="${file.name}"]`);
      // The page's own link.
      await expectDownload(page, () => link.click(), file.name, file.content);
      // A plain link to the same URL, without `download`: only the server's answer decides.
      const href = await link.getAttribute("href");
      expect(href).toBeTruthy();
      await expectDownload(
        page,
        () =>
          page.evaluate((url) => {
            const plain = document.createElement("a");
            plain.href = url;
            document.body.appendChild(plain);
            plain.click();
            plain.remove();
          }, href!),
        file.name,
        file.content,
      );
    }
    expect(dialogs).toEqual([]);
  });
});
