// Live issue pages and pages (issue 33): two members have the same issue, or the same page, open
// in two browser contexts; what one of them adds (a comment, a sub-issue, an attachment, a block)
// shows in the other's page within a second of the write's answer, without a reload, and without
// touching what the other is typing.
// Data the test is not about (workspace, project, membership, issues, the page) is arranged over REST.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PASSWORD, type TestPage, launchBrowser, login, newPage, projectWithMember, visible } from "./fixtures";

/** How soon after the write's answer the other person must see it. */
const LIVE_MS = 1000;
const ISSUE_ROUTE = "routes/$workspaceSlug.projects.$projectId.issues_.$issueId";

let browser: Browser;
let arranged: Awaited<ReturnType<typeof projectWithMember>>;
let writer: TestPage;
let reader: TestPage;

beforeAll(async () => {
  browser = await launchBrowser();
  arranged = await projectWithMember({ slugPrefix: "live-detail", workspace: "Live detail", project: "Live detail", identifier: "LVD", role: 15 });
  writer = await newPage(browser);
  reader = await newPage(browser);
  await login(writer.page, { email: arranged.owner.email, password: PASSWORD });
  await login(reader.page, { email: arranged.member.email, password: PASSWORD });
});

afterAll(async () => {
  await writer?.context.close();
  await reader?.context.close();
  await browser?.close();
});

const pathOf = (rest: string) => `/${arranged.slug}/projects/${arranged.projectId}/${rest}`;

/** A marker a reload or a document navigation would wipe. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = "still here";
  });
}
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker === "still here");

/** Resolves once the page's write to `pathPiece` has answered. */
const writeAnswered = (page: Page, pathPiece: string) =>
  page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes(pathPiece));

describe("an open issue page", () => {
  test("a comment, a sub-issue and an attachment show for the other person within a second, reading only the issue", async () => {
    const issue = await arranged.owner.post<{ id: string }>(`${arranged.base}/issues/`, { name: "Talk it through" });
    await arranged.owner.post(`${arranged.base}/issues/`, { name: "Soon a sub-issue" });
    const issuePath = pathOf(`issues/${issue.id}`);
    await writer.goto(issuePath);
    await reader.goto(issuePath);
    await visible(reader.page.getByRole("status", { name: "2 people viewing" }));
    await markPage(reader.page);
    // What the reader types meanwhile stays in their composer.
    await reader.page.getByRole("textbox", { name: "Add comment" }).click();
    await reader.page.keyboard.type("Half a thought");
    const reads: string[] = [];
    reader.page.on("request", (request) => {
      if (request.resourceType() === "document" || /\.data(\?|$)/.test(request.url())) reads.push(request.url());
    });

    // A comment.
    await writer.page.getByRole("textbox", { name: "Add comment" }).click();
    await writer.page.keyboard.type("Seen from the other side");
    const commented = writeAnswered(writer.page, `/issues/${issue.id}.data`);
    await writer.page.getByRole("button", { name: "Comment", exact: true }).click();
    await commented;
    await visible(reader.page.getByRole("article", { name: /Comment by/ }).getByText("Seen from the other side"), LIVE_MS);

    // A sub-issue, picked from the project's issues.
    await writer.page.getByRole("button", { name: "Add sub-issue" }).click();
    await writer.page.getByRole("menuitem", { name: "Add existing" }).click();
    const picker = writer.page.getByRole("dialog", { name: "Add sub-issues" });
    await picker.getByLabel("Search issues").fill("Soon a sub");
    await picker.getByText("Soon a sub-issue").click();
    const added = writeAnswered(writer.page, `/issues/${issue.id}.data`);
    await picker.getByRole("button", { name: "Add selected issues" }).click();
    await added;
    await visible(reader.page.getByRole("list", { name: "Sub-issues" }).getByText("Soon a sub-issue"), LIVE_MS);

    // An attachment.
    const uploaded = writeAnswered(writer.page, `/issues/${issue.id}/issue-attachments`);
    await writer.page.getByLabel("Upload attachment").setInputFiles({ name: "handover.txt", mimeType: "text/plain", buffer: Buffer.from("notes\n") });
    await uploaded;
    await visible(reader.page.getByText("handover.t..."), LIVE_MS);

    // No reload: the marker and the half-typed comment are still there, and only the issue's
    // own loader was read again.
    expect(await stillMarked(reader.page)).toBe(true);
    expect(await reader.page.getByRole("textbox", { name: "Add comment" }).textContent()).toBe("Half a thought");
    expect(reads.length).toBeGreaterThan(0);
    for (const url of reads) expect(new URL(url).searchParams.get("_routes")).toBe(ISSUE_ROUTE);
    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
  });
});

describe("an open page", () => {
  test("a block added by one person shows for the other within a second, beside what they type", async () => {
    const page = await arranged.owner.post<{ id: string }>(`${arranged.base}/pages/`, { name: "Meeting notes" });
    const pagePath = pathOf(`pages/${page.id}`);
    await writer.goto(pagePath);
    await reader.goto(pagePath);
    await visible(reader.page.getByRole("status", { name: "2 people viewing" }));
    await markPage(reader.page);
    const readerInput = reader.page.getByLabel("New block title");
    await readerInput.fill("My own next block");

    const input = writer.page.getByLabel("New block title");
    await input.fill("Agenda: the launch date");
    const answered = writeAnswered(writer.page, `/pages/${page.id}.data`);
    await input.press("Enter");
    await answered;
    await visible(reader.page.getByTestId("page-block").getByText("Agenda: the launch date"), LIVE_MS);

    expect(await stillMarked(reader.page)).toBe(true);
    expect(await readerInput.inputValue()).toBe("My own next block");
    expect(writer.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
  });
});
