// The issue page and the issue modal as people use them: creating issues through the
// modal (create-more, the "Did you mean ...?" hint), editing the name and description, sub-issues,
// blockers, attachments, links, label groups in settings, comments and the activity they write,
// the read-only page a viewer gets, and stored description HTML stripped of scripts.
// Data the test is not about is arranged through the REST API.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SIMILAR_TITLE_THRESHOLD, findSimilar, similarity } from "../../app/lib/similarity";
import {
  PASSWORD,
  VERIFY_SUBJECT,
  baseUrl,
  expectCopiedIssueLink,
  launchBrowser,
  login,
  mailedLinkToken,
  newPage,
  screenshot,
  screenshotsInThemes,
  to,
  uniqueEmail,
  uniqueSlug,
  visible,
  waitForHydration,
} from "./fixtures";

// ---------------------------------------------------------------- the similarity rule (unit)

describe("title similarity", () => {
  test("identical titles score 1, unrelated ones near 0, case and spacing ignored", () => {
    expect(similarity("Fix login redirect", "fix  LOGIN redirect ")).toBe(1);
    expect(similarity("Fix login redirect", "Write release notes")).toBeLessThan(0.3);
    expect(similarity("", "")).toBe(0);
    expect(similarity("a", "a b")).toBe(0);
  });

  test("a near duplicate is above the 0.7 threshold and is the one suggested", () => {
    expect(similarity("Fix the login redirect loop", "Fix login redirect loop")).toBeGreaterThan(SIMILAR_TITLE_THRESHOLD);
    const candidates = [{ name: "Write release notes" }, { name: "Fix login redirect loop" }, { name: "Login page redesign" }];
    expect(findSimilar("Fix the login redirect loop", candidates)?.name).toBe("Fix login redirect loop");
    expect(findSimilar("Plan the offsite", candidates)).toBeNull();
    // Exactly at the threshold is not "above" it.
    expect(findSimilar("night", [{ name: "nacht" }], 0.25)).toBeNull();
  });
});

// ---------------------------------------------------------------- arranging data

interface Session {
  cookie: string;
  id: string;
  email: string;
}

async function signUp(firstName: string): Promise<Session> {
  const email = uniqueEmail(firstName.toLowerCase());
  const response = await fetch(`${baseUrl()}/api/auth/sign-up/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl() },
    body: JSON.stringify({ email, password: PASSWORD, first_name: firstName, last_name: "Tester" }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="))?.split(";")[0];
  if (!cookie) throw new Error("no session cookie");
  const me = (await (await fetch(`${baseUrl()}/api/users/me/`, { headers: { cookie } })).json()) as { id: string };
  // The address proven with the mailed link, as an invitee's must be.
  const token = await mailedLinkToken(email, VERIFY_SUBJECT, "verify-email");
  const verified = await fetch(`${baseUrl()}/api/auth/verify-email/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }) });
  if (!verified.ok) throw new Error(`verification answered ${verified.status}`);
  return { cookie, id: me.id, email };
}

async function api<T = any>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { cookie: session.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

let browser: Browser;
let owner: Session;
let viewer: Session;
let slug: string;
let projectId: string;
let base: string;
const issues: Record<string, { id: string; sequence_id: number }> = {};
let ownerPage: Page;
let ownerContext: BrowserContext;

const issuePath = (id: string) => `${to.projectIssues(slug, projectId)}/${id}`;

async function createIssue(name: string, extra: Record<string, unknown> = {}) {
  const issue = await api<{ id: string; sequence_id: number }>(owner, "POST", `${base}/issues/`, { name, ...extra });
  issues[name] = issue;
  return issue;
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signUp("Ada");
  viewer = await signUp("Vera");
  slug = uniqueSlug("detail");
  await api(owner, "POST", "/api/workspaces/", { name: "Detail Works", slug });
  const invite = await api(owner, "POST", `/api/workspaces/${slug}/invite/`, { emails: [{ email: viewer.email, role: 10 }] });
  await api(viewer, "POST", "/api/users/me/invitations/workspaces/", { token: invite.invitations[0].token });
  const project = await api(owner, "POST", `/api/workspaces/${slug}/projects/`, { name: "Detail Board", identifier: "DET" });
  projectId = project.id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  await api(owner, "POST", `${base}/members/add/`, { members: [{ member_id: viewer.id, role: 10 }] });
  await createIssue("Fix login redirect loop");
  await createIssue("Ship the onboarding checklist", { description_html: "<p>Make the first week easy.</p>" });
  await createIssue("Audit the billing webhooks");
  await createIssue("Write release notes");
  await createIssue("Refresh the pricing page");

  const opened = await newPage(browser);
  ownerPage = opened.page;
  ownerContext = opened.context;
  await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await login(ownerPage, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

async function openIssue(page: Page, id: string) {
  await page.goto(issuePath(id));
  await waitForHydration(page);
  // The ProseMirror editor replaces the server-rendered description once loaded.
  await visible(page.locator('.ProseMirror[aria-label="Issue description"]'));
}

// ---------------------------------------------------------------- the tests

describe("the properties on narrow and wide screens", () => {
  /** An issue with a long description and a long activity feed, as a worked-on issue has. */
  async function busyIssue() {
    const paragraphs = Array.from({ length: 6 }, (_, i) => `<p>Step ${i + 1}: reproduce the failure, note what the logs say, and try again.</p>`).join("");
    const issue = await createIssue(`Investigate the flaky export ${Date.now()}`, { description_html: paragraphs });
    for (let i = 1; i <= 6; i++) {
      const text = `Comment ${i}: still failing on the nightly run.`;
      await api(owner, "POST", `${base}/issues/${issue.id}/comments/`, {
        comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] },
        comment_html: `<p>${text}</p>`,
      });
    }
    return issue;
  }

  test("at 700 px the State property is on the first screen, under the description, in a section that folds", async () => {
    const issue = await busyIssue();
    const narrow = await newPage(browser, { width: 700, height: 900 });
    const page = narrow.page;
    await login(page, { email: owner.email, password: PASSWORD });
    await openIssue(page, issue.id);
    const properties = page.getByRole("complementary", { name: "Issue properties" });
    const state = properties.getByRole("button", { name: "State" });
    await visible(state);
    const stateBox = (await state.boundingBox())!;
    expect(stateBox.y).toBeGreaterThanOrEqual(0);
    expect(stateBox.y).toBeLessThan(900);
    // Under the description, above the activity.
    const description = (await page.locator('.ProseMirror[aria-label="Issue description"]').boundingBox())!;
    expect(stateBox.y).toBeGreaterThan(description.y + description.height);
    const comment = (await page.getByText("Comment 1: still failing on the nightly run.").boundingBox())!;
    expect(stateBox.y).toBeLessThan(comment.y);

    // "Properties" folds the section away and opens it again.
    const toggle = properties.getByRole("button", { name: "Properties" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await toggle.click();
    await expect.poll(() => state.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    await visible(state);
    await screenshotsInThemes(page, "issue-detail-narrow-properties");
    await narrow.context.close();
  });

  test("at 1440 px the properties stay in their column beside the page, with no fold", async () => {
    const issue = await busyIssue();
    const page = ownerPage;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openIssue(page, issue.id);
    const properties = page.getByRole("complementary", { name: "Issue properties" });
    const state = properties.getByRole("button", { name: "State" });
    await visible(state);
    const title = (await page.getByLabel("Issue title").boundingBox())!;
    const stateBox = (await state.boundingBox())!;
    expect(stateBox.x).toBeGreaterThan(title.x + title.width);
    expect(stateBox.y).toBeLessThan(300);
    expect(await properties.getByRole("button", { name: "Properties" }).isVisible()).toBe(false);
    await screenshotsInThemes(page, "issue-detail-wide-properties");
    await page.setViewportSize({ width: 1360, height: 860 });
  });
});

describe("issue detail", () => {
  test("C opens the issue modal: title rules, the similar-title hint, create more", async () => {
    const page = ownerPage;
    await page.goto(to.projectIssues(slug, projectId));
    await waitForHydration(page);
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("c");
    const dialog = page.getByRole("dialog", { name: "Create Issue" });
    await visible(dialog);
    await dialog.getByRole("button", { name: "Create Issue" }).click();
    await visible(dialog.getByText("Title is required"));

    // A title close to an existing one's suggests it; "No" dismisses the hint.
    const title = dialog.getByPlaceholder("Title");
    await title.fill("Fix the login redirect loop");
    const hint = dialog.getByRole("status").filter({ hasText: "Did you mean" });
    await visible(hint);
    expect(await hint.textContent()).toContain(`DET-${issues["Fix login redirect loop"].sequence_id}`);
    await screenshot(page, "issue-modal-similar");
    await hint.getByRole("button", { name: "No" }).click();
    await expect.poll(() => hint.count()).toBe(0);

    await title.fill("x".repeat(256));
    await dialog.getByRole("button", { name: "Create Issue" }).click();
    await visible(dialog.getByText("Title should be less than 255 characters"));

    // Create more: the modal stays open and is cleared after each issue.
    await dialog.getByRole("switch", { name: "Create more" }).click();
    await title.fill("Draft the Q3 roadmap");
    await dialog.getByRole("button", { name: "Priority" }).click();
    await page.getByRole("option", { name: "High" }).click();
    await dialog.getByRole("button", { name: "Create Issue" }).click();
    await visible(page.getByText("Issue created successfully.").first());
    await visible(dialog);
    await expect.poll(() => dialog.getByPlaceholder("Title").inputValue()).toBe("");

    await dialog.getByRole("switch", { name: "Create more" }).click();
    await dialog.getByPlaceholder("Title").fill("Collect customer quotes");
    await dialog.getByRole("button", { name: "Create Issue" }).click();
    // The modal closes as the issue is sent; the server has it once it answers.
    await expect.poll(() => dialog.count()).toBe(0);
    const list = () => api<{ name: string; priority: string }[]>(owner, "GET", `${base}/issues/`);
    await expect.poll(async () => (await list()).some((issue) => issue.name === "Collect customer quotes")).toBe(true);
    expect((await list()).find((issue) => issue.name === "Draft the Q3 roadmap")?.priority).toBe("high");
  });

  test("the name and description are edited in place and kept after a reload", async () => {
    const page = ownerPage;
    const issue = issues["Ship the onboarding checklist"];
    await openIssue(page, issue.id);
    await visible(page.getByText("Make the first week easy."));

    const name = page.getByLabel("Issue title");
    await name.click();
    await name.fill("Ship the new onboarding checklist");
    await visible(page.getByText("33/255"));
    // An empty name is ignored.
    await name.fill("");
    await name.press("Enter");
    await name.click();
    await name.fill("Ship the new onboarding checklist");
    await name.press("Enter");

    const description = page.getByRole("textbox", { name: "Issue description" });
    await description.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("## Steps");
    await page.keyboard.press("Enter");
    await page.keyboard.type("- Invite the team");
    // While the edit is not saved, leaving asks the browser to warn.
    const warning = page.waitForEvent("dialog", { timeout: 5_000 });
    void page.reload().catch(() => {});
    const dialog = await warning;
    expect(dialog.type()).toBe("beforeunload");
    await dialog.dismiss();
    // Exact: "Unsaved changes" also contains "saved".
    await visible(page.getByTestId("description-status").getByText("Saved", { exact: true }), 10_000);

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByLabel("Issue title").inputValue()).toBe("Ship the new onboarding checklist");
    await visible(page.getByRole("heading", { name: "Steps", level: 2 }));
    await visible(page.locator('[aria-label="Issue description"] li', { hasText: "Invite the team" }));
    const stored = await api(owner, "GET", `${base}/issues/${issue.id}/`);
    expect(stored.description_html).toContain("<h2>Steps</h2>");
    expect(stored.description).toMatchObject({ type: "doc" });
  });

  test("sub-issues are added, created with the parent preset and removed; a blocker is set", async () => {
    const page = ownerPage;
    const parent = issues["Audit the billing webhooks"];
    await openIssue(page, parent.id);

    await page.getByRole("button", { name: "Add sub-issue" }).click();
    await page.getByRole("menuitem", { name: "Add existing" }).click();
    const picker = page.getByRole("dialog", { name: "Add sub-issues" });
    await visible(picker);
    await picker.getByRole("button", { name: "Add selected issues" }).click();
    await visible(page.getByText("Please select atleast one issue"));
    await picker.getByLabel("Search issues").fill("RELEASE");
    await picker.getByText("Write release notes").click();
    await picker.getByRole("button", { name: "Add selected issues" }).click();
    const subList = page.getByRole("list", { name: "Sub-issues" });
    await visible(subList.getByText("Write release notes"));
    await visible(page.getByText("0% Done"));

    // Create new: the modal opens with this issue as the parent.
    await page.getByRole("button", { name: "Add sub-issue" }).click();
    await page.getByRole("menuitem", { name: "Create new" }).click();
    const modal = page.getByRole("dialog", { name: "Create Issue" });
    await visible(modal);
    await visible(modal.getByText("Audit the billing webhooks"));
    await modal.getByPlaceholder("Title").fill("Replay failed webhook deliveries");
    await modal.getByRole("button", { name: "Create Issue" }).click();
    await visible(subList.getByText("Replay failed webhook deliveries"));

    // The progress panel remembers its tab.
    await page.getByRole("tab", { name: "States" }).click();
    expect(await page.evaluate(() => window.localStorage.getItem("issue-progress-tab"))).toBe("States");

    const release = issues["Write release notes"];
    await subList.getByRole("button", { name: `Remove sub-issue DET-${release.sequence_id}` }).click();
    await expect.poll(() => subList.getByText("Write release notes").count()).toBe(0);
    await expect.poll(async () => (await api(owner, "GET", `${base}/issues/${release.id}/`)).parent).toBeNull();

    // Blocked by: the picker leaves out issues already related.
    await page.getByRole("button", { name: "Add blocker" }).click();
    const blockers = page.getByRole("dialog", { name: "Select blocker issues" });
    await blockers.getByText("Refresh the pricing page").click();
    await blockers.getByRole("button", { name: "Add selected issues" }).click();
    const pricing = issues["Refresh the pricing page"];
    await visible(page.getByRole("link", { name: new RegExp(`DET-${pricing.sequence_id}`) }));
    await page.getByRole("button", { name: "Add blocked issue" }).click();
    const blocked = page.getByRole("dialog", { name: "Select blocked issues" });
    await visible(blocked.getByText("Write release notes"));
    expect(await blocked.getByText("Refresh the pricing page").count()).toBe(0);
    await blocked.getByRole("button", { name: "Cancel" }).click();
    const stored = await api(owner, "GET", `${base}/issues/${parent.id}/`);
    expect(stored.blockers_list).toEqual([pricing.id]);
    await screenshot(page, "issue-detail-sub-issues");
  });

  test("attachments upload (6 MB refused), links refuse duplicates, properties change", async () => {
    const page = ownerPage;
    const issue = issues["Audit the billing webhooks"];
    await openIssue(page, issue.id);

    const upload = page.getByLabel("Upload attachment");
    await upload.setInputFiles({ name: "webhook-log.txt", mimeType: "text/plain", buffer: Buffer.from("delivery 1 ok\n".repeat(200)) });
    await visible(page.getByText("File added successfully."));
    await visible(page.getByText("webhook-lo..."));
    await visible(page.getByText(/2\.73 KB/));
    await upload.setInputFiles({ name: "huge.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
    await visible(page.getByRole("alert").filter({ hasText: "Invalid file type or size (max 5 MB)" }));
    expect((await api<unknown[]>(owner, "GET", `${base}/issues/${issue.id}/issue-attachments/`)).length).toBe(1);

    // Links: both fields are required; the same URL twice is refused.
    await page.getByRole("button", { name: "Add link" }).click();
    const linkDialog = page.getByRole("dialog", { name: "Add Link" });
    await linkDialog.getByRole("button", { name: "Add Link" }).click();
    await visible(linkDialog.getByText("URL is required"));
    await visible(linkDialog.getByText("Title is required"));
    await linkDialog.getByLabel("URL").fill("https://status.example.com/webhooks");
    await linkDialog.getByLabel("Title").fill("Webhook status");
    await linkDialog.getByRole("button", { name: "Add Link" }).click();
    await visible(page.getByRole("link", { name: "Webhook status" }));
    await expect.poll(() => linkDialog.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Add link" }).click();
    await linkDialog.getByLabel("URL").fill("https://status.example.com/webhooks");
    await linkDialog.getByLabel("Title").fill("Same again");
    await linkDialog.getByRole("button", { name: "Add Link" }).click();
    await visible(page.getByText("This URL already exists for this issue.").first());
    await linkDialog.getByRole("button", { name: "Cancel" }).click();

    // Sidebar properties: state, assignee, label, due date.
    await page.getByRole("button", { name: "State", exact: true }).click();
    await page.getByRole("option", { name: "In Progress" }).click();
    await visible(page.getByRole("button", { name: "State", exact: true }).getByText("In Progress"));
    await page.getByRole("button", { name: "Assignees", exact: true }).click();
    await page.getByRole("option", { name: "Vera Tester" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Select labels" }).click();
    await page.getByRole("button", { name: "New label" }).click();
    await page.getByRole("form", { name: "New label" }).getByRole("button", { name: "Add" }).click();
    await visible(page.getByText("This is required"));
    await page.getByLabel("Label title").fill("payments");
    await page.getByRole("form", { name: "New label" }).getByRole("button", { name: "Add" }).click();
    await visible(page.getByRole("button", { name: "Remove label payments" }));
    await page.keyboard.press("Escape");
    await page.getByLabel("Due date").fill("2031-11-03");
    await expect.poll(async () => (await api(owner, "GET", `${base}/issues/${issue.id}/`)).target_date).toBe("2031-11-03");

    // Deleting the attachment asks first.
    await page.getByRole("button", { name: "Delete attachment webhook-log.txt" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Attachment" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByText("webhook-lo...").count()).toBe(0);
    await page.getByRole("button", { name: "Copy issue link" }).click();
    await visible(page.getByText("Link Copied!"));
    await expectCopiedIssueLink(page, { slug, key: `DET-${issue.sequence_id}`, pagePath: issuePath(issue.id) });
  });

  test("comments are posted, edited and deleted by their author; activity tells what happened", async () => {
    const page = ownerPage;
    const issue = issues["Audit the billing webhooks"];
    await openIssue(page, issue.id);

    const composer = page.getByRole("textbox", { name: "Add comment" });
    await expect.poll(() => page.getByRole("button", { name: "Comment", exact: true }).isDisabled()).toBe(true);
    await composer.click();
    await page.keyboard.type("Retries look fine on staging.");
    await page.getByRole("button", { name: "Comment", exact: true }).click();
    const comment = page.getByRole("article", { name: "Comment by Ada" });
    await visible(comment.getByText("Retries look fine on staging."));
    await expect.poll(() => composer.textContent()).toBe("");

    await comment.getByRole("button", { name: "Comment actions" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const editor = comment.getByRole("textbox", { name: "Edit comment" });
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" Production next.");
    await comment.getByRole("button", { name: "Save" }).click();
    await visible(comment.getByText("Retries look fine on staging. Production next."));

    const lines = page.getByTestId("activity-line");
    for (const text of [
      "Ada created the issue",
      "changed the state to In Progress",
      "added assignee Vera",
      "added label payments",
      "set the due date to Nov 3, 2031",
      `marked this issue as blocked by DET-${issues["Refresh the pricing page"].sequence_id}`,
      "added the link https://status.example.com/webhooks",
      "uploaded the attachment webhook-log.txt",
      "deleted the attachment webhook-log.txt",
    ]) {
      await visible(lines.filter({ hasText: text }));
    }
    await screenshot(page, "issue-detail-activity");

    await comment.getByRole("button", { name: "Comment actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete comment" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("article", { name: "Comment by Ada" }).count()).toBe(0);
    await visible(lines.filter({ hasText: "deleted a comment" }));
  });

  test("settings: a label group is made from the inline form and the create dialog", async () => {
    const page = ownerPage;
    await page.goto(`${to.project(slug, projectId)}/settings/labels`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add label" }).click();
    const form = page.getByRole("form", { name: "New label" });
    await form.getByRole("button", { name: "Add label" }).click();
    await visible(form.getByText("Label title is required"));
    await form.getByLabel("Label title").fill("Platform");
    await form.getByRole("button", { name: "Add label" }).click();
    await visible(page.getByTestId("label-card").filter({ hasText: "Platform" }));

    await page.getByRole("button", { name: "Actions for label Platform" }).click();
    await page.getByRole("menuitem", { name: "Convert to group" }).click();
    const dialog = page.getByRole("dialog", { name: "Create label" });
    await dialog.getByRole("button", { name: "Create label" }).click();
    await visible(dialog.getByText("Label title is required"));
    await dialog.getByLabel("Label title").fill("Backend");
    await dialog.getByRole("button", { name: "Create label" }).click();
    const group = page.getByRole("region", { name: "Label group Platform" });
    await visible(group.getByText("Backend"));
    const labels = await api<{ name: string; color: string; parent: string | null; id: string }[]>(owner, "GET", `${base}/issue-labels/`);
    const platform = labels.find((label) => label.name === "Platform");
    const backend = labels.find((label) => label.name === "Backend");
    expect(backend?.parent).toBe(platform?.id);
    expect(backend?.color.toLowerCase()).toBe("#858e96");
    await screenshot(page, "settings-labels");

    await page.getByRole("button", { name: "Actions for label Backend" }).click();
    await page.getByRole("menuitem", { name: "Delete label" }).click();
    await page.getByRole("alertdialog", { name: "Delete label" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("region", { name: "Label group Platform" }).count()).toBe(0);
    await visible(page.getByTestId("label-card").filter({ hasText: "Platform" }));
  });

  test("a viewer reads the page without edit controls and cannot open settings", async () => {
    const { page, errors } = await newPage(browser);
    await login(page, { email: viewer.email, password: PASSWORD });
    const issue = issues["Audit the billing webhooks"];
    await openIssue(page, issue.id);
    await visible(page.getByRole("heading", { name: "Audit the billing webhooks", level: 1 }));
    expect(await page.locator('.ProseMirror[aria-label="Issue description"]').getAttribute("contenteditable")).toBe("false");
    for (const name of ["Delete issue", "Add link", "Add sub-issue", "Add blocker", "Select labels", "Select parent", "Comment"]) {
      expect(await page.getByRole("button", { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByLabel("Upload attachment").count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Add comment" }).count()).toBe(0);
    for (const name of ["State", "Priority", "Assignees", "Estimate", "Cycle", "Module"]) {
      expect(await page.getByRole("button", { name, exact: true }).isDisabled(), name).toBe(true);
    }
    expect(await page.getByLabel("Due date").isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: /^Remove label/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Comment actions" }).count()).toBe(0);
    // Copying a link stays available to everyone.
    await visible(page.getByRole("button", { name: "Copy issue link" }));
    await screenshot(page, "issue-detail-viewer");

    // C does nothing for a viewer.
    await page.locator("body").click({ position: { x: 5, y: 300 } });
    await page.keyboard.press("c");
    await page.waitForTimeout(300);
    expect(await page.getByRole("dialog", { name: "Create Issue" }).count()).toBe(0);

    await page.goto(`${to.project(slug, projectId)}/settings/labels`);
    await waitForHydration(page);
    await visible(page.getByText("Oops! You are not authorized to view this page"));
    await visible(page.getByRole("link", { name: "Go to issues" }));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("text typed while a description save is on its way is saved after it, never overtaken by it", async () => {
    const page = ownerPage;
    const issue = await createIssue("Save in order");
    await openIssue(page, issue.id);
    // Hold the first save in the network until more has been typed and the editor left.
    const saves = `**${issuePath(issue.id)}.data*`;
    let inFlight = 0;
    let mostAtOnce = 0;
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let seen = 0;
    let firstArrived: () => void = () => {};
    const firstSent = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    await page.route(saves, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      seen += 1;
      if (seen === 1) {
        firstArrived();
        await firstHeld;
      }
      try {
        const response = await route.fetch();
        await route.fulfill({ response });
      } finally {
        inFlight -= 1;
      }
    });
    const description = page.getByRole("textbox", { name: "Issue description" });
    const status = page.getByTestId("description-status");
    await description.click();
    await page.keyboard.type("First draft");
    await firstSent;
    await visible(status.getByText("Saving..."));
    await page.keyboard.type(" and the final words");
    // Leaving the editor asks for a save at once, while the first is still held: it waits.
    await description.blur();
    await visible(status.getByText("Unsaved changes"));
    releaseFirst();
    await visible(status.getByText("Saved", { exact: true }), 15_000);
    await page.unroute(saves);
    expect(mostAtOnce).toBe(1);
    await expect.poll(async () => (await api(owner, "GET", `${base}/issues/${issue.id}/`)).description_html).toContain("First draft and the final words");
  });

  test("description HTML with a script or an event handler is stored and shown without it", async () => {
    const page = ownerPage;
    const issue = await createIssue("Sanitise me", {
      description_html: '<p>Safe text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"><p onclick="window.__pwned = 3">Click</p>',
    });
    const stored = await api(owner, "GET", `${base}/issues/${issue.id}/`);
    expect(stored.description_html).not.toMatch(/<script|onerror|onclick/i);
    await page.goto(issuePath(issue.id));
    await waitForHydration(page);
    await visible(page.getByText("Safe text"));
    const html = await page.content();
    expect(html).not.toContain("__pwned");
    expect(await page.locator("[onerror], [onclick]").count()).toBe(0);
    expect(await page.locator('[aria-label="Issue description"] script').count()).toBe(0);
    await page.getByText("Click", { exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });
});
