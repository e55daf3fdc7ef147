// The import-export page as people use it: Previous Imports with an import that is still running
// (its progress moves and it turns completed without a reload), the refresh, the delete behind the
// typed phrase (the row leaves at once and comes back when the server refuses); the GitHub wizard
// through its five steps against the fake GitHub, ending on the landing page where the import runs
// to completion; the Jira wizard's form messages and the steps it keeps closed; and a project
// exported as CSV coming back through the CSV wizard into an empty project with as many issues.
// Screenshots of each screen at 1440 and 700 px, light and dark, land in test-results/e2e/.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, runSql, screenshotsInThemes, uniqueSlug, visible, waitForHydration } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
let ownerId: string;
const slug = uniqueSlug("imports");
let workspaceId: string;
let projectId: string;

const landingPath = () => `/${slug}/settings/import-export`;

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const shots = (page: Page, name: string) => screenshotsInThemes(page, `import-export-${name}`);

/** Holds the page's requests matching `pattern` until `release()`, which lets them all through. */
async function hold(page: Page, pattern: string | RegExp) {
  let open = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    // The page may have gone on meanwhile (a newer read replaced this one).
    await route.continue().catch(() => {});
  });
  return {
    async release() {
      open();
      await page.unroute(pattern);
    },
  };
}

/** Puts an import record straight into D1: the job is not what these tests are about. */
async function insertImport(options: { id: string; source: string; status: string; progress: Record<string, unknown>; error?: string }) {
  const now = new Date().toISOString();
  const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
  const [owner, name] = options.source.split("/");
  await runSql(
    `INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, progress, error, progressed_at, initiated_by, created_at, updated_at) VALUES (${[
      quote(options.id),
      quote(workspaceId),
      quote(projectId),
      quote("github"),
      quote(options.status),
      quote(JSON.stringify({ owner, name, repository_id: 1, url: `https://github.com/${options.source}` })),
      quote("{}"),
      quote(JSON.stringify({ users: [] })),
      quote(JSON.stringify(options.progress)),
      options.error ? quote(options.error) : "NULL",
      quote(now),
      quote(ownerId),
      quote(now),
      quote(now),
    ].join(", ")})`,
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Import Co", slug });
  const project = await owner.post<{ id: string; workspace: string }>(`/api/workspaces/${slug}/projects/`, { name: "Landing Zone", identifier: "LAND" });
  projectId = project.id;
  workspaceId = project.workspace;
  ownerId = (await owner.call<{ id: string }>("GET", "/api/users/me/")).id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: landingPath() });
});

afterAll(async () => {
  await browser?.close();
});

describe("Previous Imports", () => {
  test("a running import shows its progress and turns completed without a reload; refresh says so while it reads", async () => {
    const { page } = tab;
    await open(page, landingPath());
    await visible(page.getByText("No previous imports available."));
    await visible(page.getByRole("heading", { name: "Relocation Guide" }));
    await shots(page, "landing-empty");

    const id = randomUUID();
    await insertImport({ id, source: "octo/moving-day", status: "processing", progress: { imported_issues: 412, total_issues: 2500, imported_comments: 0 } });

    // The refresh button reads the list again and says so meanwhile.
    const held = await hold(page, /\.data(\?|$)/);
    await page.getByRole("button", { name: "Refresh" }).click();
    await visible(page.getByRole("button", { name: "Refreshing..." }));
    await held.release();
    const row = page.getByRole("listitem", { name: "GitHub import of octo/moving-day" });
    await visible(row);
    await visible(row.getByText("412 of 2,500 issues"));
    await expect.poll(() => row.locator("[data-status]").textContent()).toBe("processing");
    await visible(page.getByRole("button", { name: "Refresh", exact: true }));

    // The job moves on; the page follows without a reload.
    await runSql(`UPDATE importers SET progress = '${JSON.stringify({ imported_issues: 1800, total_issues: 2500, imported_comments: 0 })}' WHERE id = '${id}'`);
    await visible(row.getByText("1,800 of 2,500 issues"));
    await runSql(
      `UPDATE importers SET status = 'completed', progress = '${JSON.stringify({ imported_issues: 2500, total_issues: 2500, imported_comments: 96, done: true })}' WHERE id = '${id}'`,
    );
    await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 10_000 }).toBe("completed");
    await visible(row.getByText("2,500 of 2,500 issues, 96 comments"));

    // A failed import says why; one whose total is not known yet counts what it has.
    await insertImport({
      id: randomUUID(),
      source: "octo/gone",
      status: "failed",
      progress: { imported_issues: 7, total_issues: null, rejected: [{ key: "row 4", message: "The due date is not a date" }] },
      error: "GitHub refused the token (401).",
    });
    await page.getByRole("button", { name: "Refresh" }).click();
    const failed = page.getByRole("listitem", { name: "GitHub import of octo/gone" });
    await visible(failed.getByText("GitHub refused the token (401)."));
    await visible(failed.getByText("7 issues"));
    // The source records it could not take, with the reason.
    await failed.getByText("1 record was not imported").click();
    await visible(failed.getByText("The due date is not a date"));
    await expect.poll(() => failed.locator("[data-status]").textContent()).toBe("failed");
    await visible(failed.getByRole("button", { name: "Resume the GitHub import of octo/gone" }));
    await shots(page, "landing-imports");
  });

  test("delete asks for the typed phrase, removes the row at once and brings it back when refused", async () => {
    const { page } = tab;
    const id = randomUUID();
    await insertImport({ id, source: "octo/old-tracker", status: "completed", progress: { imported_issues: 3, total_issues: 3 } });
    await open(page, landingPath());
    const row = page.getByRole("listitem", { name: "GitHub import of octo/old-tracker" });
    await visible(row);

    // Refused: the row comes back with the toast.
    tab.allowErrorsInThisTest(/status of 500/);
    await page.route(`**/api/workspaces/${slug}/importers/github/${id}/`, (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
    await row.getByRole("button", { name: /Delete the GitHub import/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Project" });
    await visible(dialog);
    await shots(page, "delete-dialog");
    const confirm = dialog.getByRole("button", { name: "Delete" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/To confirm, type/).fill("delete impor");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/To confirm, type/).fill("delete import");
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await visible(page.getByRole("alert").getByText("Something went wrong. Please try again."));
    await visible(page.getByRole("alert").getByText("Error!"));
    await visible(row);
    await page.unroute(`**/api/workspaces/${slug}/importers/github/${id}/`);

    // Accepted: the row leaves before the server answers.
    const deleting = await hold(page, `**/api/workspaces/${slug}/importers/github/${id}/`);
    await row.getByRole("button", { name: /Delete the GitHub import/ }).click();
    await page.getByRole("alertdialog", { name: "Delete Project" }).getByLabel(/To confirm, type/).fill("delete import");
    await page.getByRole("alertdialog", { name: "Delete Project" }).getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => row.count()).toBe(0);
    await deleting.release();
    await expect.poll(async () => (await owner.call<{ id: string }[]>("GET", `/api/workspaces/${slug}/importers/`)).some((entry) => entry.id === id)).toBe(false);
  });
});

describe("Jira wizard", () => {
  test("the form says what is missing, and the steps ahead stay closed until the project can be read", async () => {
    const { page } = tab;
    await open(page, `${landingPath()}?provider=jira`);
    await visible(page.getByRole("heading", { name: "Import from Jira" }));
    const steps = page.getByRole("navigation", { name: "Import steps" });
    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    expect(await steps.getByRole("button", { name: "Import Data" }).isDisabled()).toBe(true);
    expect(await steps.getByRole("button", { name: "Users" }).isDisabled()).toBe(true);
    await shots(page, "jira-configure");

    // Each field says what it needs when left empty.
    for (const label of ["Jira cloud host name", "Project key", "Email", "API token", "Import into project"]) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
    }
    await visible(page.getByText("Please enter your cloud host name."));
    await visible(page.getByText("Please enter your project key."));
    await visible(page.getByText("Please enter email address."));
    await visible(page.getByText("Please enter your personal access token."));
    await visible(page.getByText("Please select a project."));
    await shots(page, "jira-messages");

    // A host nobody answers on: the details are complete, but the project cannot be read.
    await page.getByLabel("Jira cloud host name").fill("127.0.0.1:9");
    await page.getByLabel("Project key").fill("NOPE");
    await page.getByLabel("Email").fill("ada@example.test");
    await page.getByLabel("API token").fill("not-a-token");
    await page.getByLabel("Import into project").selectOption({ label: "Landing Zone" });
    await expect.poll(() => next.isDisabled()).toBe(false);
    // Two steps ahead stays closed even with the form complete.
    expect(await steps.getByRole("button", { name: "Users" }).isDisabled()).toBe(true);
    expect(await steps.getByRole("button", { name: "Import Data" }).isDisabled()).toBe(false);
    await steps.getByRole("button", { name: "Import Data" }).click();
    await visible(page.getByText("Something went wrong. Please go back and check your Jira project details."));
    expect(await next.isDisabled()).toBe(true);
    expect(await steps.getByRole("button", { name: "Users" }).isDisabled()).toBe(true);
    expect(await steps.getByRole("button", { name: "Confirm" }).isDisabled()).toBe(true);
    await shots(page, "jira-info-error");

    // Back on the first step the typed details are still there.
    await steps.getByRole("button", { name: "Configure" }).click();
    expect(await page.getByLabel("Project key").inputValue()).toBe("NOPE");
    await page.getByRole("link", { name: "Cancel import & go back" }).click();
    await visible(page.getByRole("heading", { name: "Previous Imports" }));
  });
});

describe("Jira import", () => {
  test("four steps against the fake Jira, epics as modules, then the import runs to completion", async () => {
    const { page } = tab;
    const host = inject("fakeJiraHost");
    const key = `UI${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const email = `jira-${key.toLowerCase()}@example.test`;
    const apiToken = `jira-token-${randomUUID()}`;
    const response = await fetch(`http://${host}/_fake/projects`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key, email, api_token: apiToken, epics: 2, stories: 9, subtasks: 3, users: 2, labels: 3, comments: 1 }),
    });
    if (!response.ok) throw new Error(`the fake Jira answered ${response.status}: ${await response.text()}`);
    const summary = (await response.json()) as { issues: number; epics: number; users: { displayName: string }[] };

    // Every request the wizard makes, to see where the token travels.
    const requests: { method: string; url: string; body: string | null }[] = [];
    const record = (request: import("playwright-core").Request) => requests.push({ method: request.method(), url: request.url(), body: request.postData() });
    page.on("request", record);

    await open(page, `${landingPath()}?provider=jira`);
    await page.getByLabel("Jira cloud host name").fill(host);
    await page.getByLabel("Project key").fill(key);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("API token").fill(apiToken);
    await page.getByLabel("Import into project").selectOption({ label: "Landing Zone" });
    const next = page.getByRole("button", { name: "Next" });
    await next.click();

    // What the project holds; epics become modules only when asked.
    const data = page.getByRole("region", { name: "Import Data" });
    await expect.poll(() => data.getByText(String(summary.issues), { exact: true }).count()).toBe(1);
    const epics = page.getByRole("switch", { name: "Import epics as modules" });
    expect(await epics.getAttribute("aria-checked")).toBe("false");
    await epics.click();
    expect(await epics.getAttribute("aria-checked")).toBe("true");
    await shots(page, "jira-import-data");
    await next.click();

    // Users: nobody is imported until chosen; an invited person needs an email.
    const person = summary.users[0].displayName;
    expect(await page.getByLabel(`How to import ${person}`).inputValue()).toBe("false");
    expect(await page.getByRole("switch", { name: "Invite users" }).getAttribute("aria-checked")).toBe("true");
    expect(await next.isDisabled()).toBe(false);
    await page.getByLabel(`How to import ${person}`).selectOption({ label: "Invite by email" });
    await visible(page.getByText("This field is required"));
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(`Email to invite ${person}`).fill(`invited-${key.toLowerCase()}@example.test`);
    expect(await next.isDisabled()).toBe(false);
    await shots(page, "jira-users");
    await next.click();

    await visible(page.getByText("Imported as modules"));
    await shots(page, "jira-confirm");
    await page.getByRole("button", { name: "Confirm & Import" }).click();
    await visible(page.getByRole("heading", { name: "Previous Imports" }));
    const row = page.getByRole("listitem", { name: `Jira import of ${key} on ${host}` });
    await visible(row);
    await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 60_000 }).toBe("completed");
    // The epics became modules, so the issues are the rest.
    const issues = summary.issues - summary.epics;
    await expect.poll(() => row.getByTestId("import-progress").textContent()).toMatch(new RegExp(`^${issues} of ${issues} issues`));

    // The token went in POST bodies (the project check, the start), never in a URL, in any encoding.
    page.off("request", record);
    const tokenForms = [apiToken, encodeURIComponent(apiToken), Buffer.from(apiToken).toString("base64"), Buffer.from(apiToken).toString("base64url")];
    for (const request of requests) for (const form of tokenForms) expect(decodeURIComponent(request.url), request.url).not.toContain(form);
    const carrying = requests.filter((request) => request.body?.includes(apiToken));
    expect(carrying.map((request) => [request.method, new URL(request.url).pathname])).toEqual([
      ["POST", `/api/workspaces/${slug}/importers/jira/`],
      ["POST", `/api/workspaces/${slug}/projects/importers/jira/`],
    ]);
  }, 120_000);
});

/** A 1x1 PNG for the pictures the tests serve. */
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Seeds a repository in the fake GitHub (its control API, over HTTP). */
async function seedRepository(spec: Record<string, unknown>) {
  const response = await fetch(`${inject("fakeGithubUrl")}/_fake/repos`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(spec),
  });
  if (response.status !== 201) throw new Error(`the fake GitHub answered ${response.status}: ${await response.text()}`);
}

describe("GitHub wizard", () => {
  test("five steps against the fake GitHub, then the import runs to completion on the landing page", async () => {
    const { page } = tab;
    const owner = `ui-${Date.now().toString(36)}`;
    const token = `ghp_${randomUUID().replaceAll("-", "")}`;
    // 31 repositories: the listing's second page holds the one to import.
    await seedRepository({ owner, name: "zz-moving-day", token, login: owner, issues: 60, closed_ratio: 0.33, comments_per_issue: 1, labels: 3, collaborators: 2 });
    await seedRepository({ owner, name: "empty-shelf", token, login: owner, issues: 0 });
    for (let index = 0; index < 29; index++) {
      await seedRepository({ owner, name: `filler-${String(index).padStart(2, "0")}`, token, login: owner, issues: 0 });
    }

    // The collaborators' avatars are GitHub's pictures: served here by a stand-in.
    await page.route("https://avatars.githubusercontent.com/**", (route) => route.fulfill({ contentType: "image/png", body: PNG_1X1 }));
    await open(page, landingPath());
    await page.getByRole("link", { name: "Import from GitHub" }).click();
    await visible(page.getByRole("heading", { name: "Import from GitHub" }));
    const next = page.getByRole("button", { name: "Next" });

    // Configure: nothing saved yet, so Next waits for a token.
    await visible(page.getByLabel("Personal access token"));
    expect(await next.isDisabled()).toBe(true);
    await shots(page, "github-configure");
    tab.allowErrorsInThisTest(/status of 400/);
    await page.getByLabel("Personal access token").fill("ghp_not_a_real_token");
    await page.getByRole("button", { name: "Connect" }).click();
    await expect.poll(() => page.getByLabel("Personal access token").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Personal access token").fill(token);
    await page.getByRole("button", { name: "Connect" }).click();
    await visible(page.getByText(`The importer reads as ${owner}.`));
    await shots(page, "github-connected");
    await next.click();

    // Import Data: the repository comes from the second page of the listing.
    const repository = page.getByLabel("Repository");
    await visible(page.getByText("30 of 31 repositories loaded"));
    expect(await repository.locator("option", { hasText: `${owner}/zz-moving-day` }).count()).toBe(0);
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Load more" }).click();
    await visible(page.getByText("31 of 31 repositories loaded"));
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    await repository.selectOption({ label: `${owner}/zz-moving-day` });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Landing Zone" });
    expect(await next.isDisabled()).toBe(false);
    await shots(page, "github-import-data");

    // An empty repository cannot go further.
    await repository.selectOption({ label: `${owner}/empty-shelf` });
    await next.click();
    await visible(page.getByText("We didn't find any issue in this repository."));
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Back" }).click();
    await repository.selectOption({ label: `${owner}/zz-moving-day` });
    await next.click();

    // Issues: what the repository holds.
    const issues = page.getByRole("region", { name: "Issues" });
    await visible(issues.getByText("Collaborators"));
    await expect.poll(() => issues.getByText("60", { exact: true }).count()).toBe(1);
    await visible(issues.getByRole("list", { name: "Collaborators" }).getByText(owner, { exact: true }));
    await shots(page, "github-issues");
    await next.click();

    // Users: every collaborator starts as "map" and needs a member (or another mode).
    const me = owner;
    const dev = `${owner}-dev-1`;
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(`Member for ${me}`, { exact: true }).selectOption({ index: 1 });
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(`How to import ${dev}`).selectOption({ label: "Invite by email" });
    await visible(page.getByText("This field is required"));
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(`Email to invite ${dev}`).fill(`${dev}@example.test`);
    expect(await next.isDisabled()).toBe(false);
    // Changing the mode clears the email.
    await page.getByLabel(`How to import ${dev}`).selectOption({ label: "Map to a member" });
    await page.getByLabel(`How to import ${dev}`).selectOption({ label: "Invite by email" });
    expect(await page.getByLabel(`Email to invite ${dev}`).inputValue()).toBe("");
    await page.getByLabel(`How to import ${dev}`).selectOption({ label: "Do not import" });
    expect(await next.isDisabled()).toBe(false);
    await shots(page, "github-users");
    await next.click();

    // Confirm: the import starts and the landing page follows it to the end.
    await visible(page.getByText(`${owner}/zz-moving-day`));
    await shots(page, "github-confirm");
    await page.getByRole("button", { name: "Confirm & Import" }).click();
    await visible(page.getByRole("heading", { name: "Previous Imports" }));
    expect(new URL(page.url()).search).toBe("");
    const row = page.getByRole("listitem", { name: `GitHub import of ${owner}/zz-moving-day` });
    await visible(row);
    await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 60_000 }).toBe("completed");
    await visible(row.getByText(/^60 of 60 issues/));
    await page.unroute("https://avatars.githubusercontent.com/**");
    await shots(page, "landing-github-done");
  }, 120_000);
});

describe("CSV round trip", () => {
  test("a project exported as CSV comes back through the CSV wizard into an empty project with as many issues", async () => {
    const { page } = tab;
    const source = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Export Source", identifier: "EXPS" });
    const target = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Round Trip", identifier: "RTRP" });
    const base = `/api/workspaces/${slug}/projects/${source.id}`;
    const label = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Backend", color: "#2563eb" });
    const parent = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Move the tracker", priority: "high", labels_list: [label.id] });
    for (let index = 1; index <= 10; index++) {
      await owner.post(`${base}/issues/`, { name: `Carry item ${index}, with a comma`, priority: index % 2 ? "low" : "medium", parent: index <= 3 ? parent.id : undefined });
    }
    const issueCount = async (projectId: string) =>
      (await owner.call<unknown[]>("GET", `/api/workspaces/${slug}/projects/${projectId}/issues/`)).length;
    expect(await issueCount(source.id)).toBe(11);
    expect(await issueCount(target.id)).toBe(0);

    // Export: choose the project, wait for the file.
    await open(page, landingPath());
    await page.getByRole("button", { name: "Export as CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as CSV" });
    await dialog.getByLabel("Project", { exact: true }).selectOption({ label: "Export Source" });
    await shots(page, "export-dialog");
    await dialog.getByRole("button", { name: "Export" }).click();
    const exported = page.getByRole("list", { name: "Exported files" }).getByTestId("export-row").filter({ hasText: "Export Source" });
    await visible(exported);
    const download = exported.getByRole("link", { name: /Download/ });
    await visible(download, 30_000);
    await visible(exported.getByText(/11 issues/));
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    const path = await file.path();

    // Import: the same file into the empty project.
    await page.getByRole("link", { name: "Import from CSV" }).click();
    await visible(page.getByRole("heading", { name: "Import from a CSV file" }));
    const next = page.getByRole("button", { name: "Next" });
    expect(await next.isDisabled()).toBe(true);
    await shots(page, "csv-choose-file");
    await page.getByLabel("CSV file").setInputFiles({ name: "export-source.csv", mimeType: "text/csv", buffer: await readFile(path) });
    await visible(page.getByText("export-source.csv: 11 rows"));
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel("Project", { exact: true }).selectOption({ label: "Round Trip" });
    await next.click();

    // The columns map themselves from the export's headers; the preview shows the rows as they come in.
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Title");
    expect(await page.getByLabel("Parent (title or id)").inputValue()).toBe("Parent");
    const preview = page.getByRole("region", { name: "Import preview" });
    await visible(preview.getByRole("cell", { name: "Move the tracker" }));
    await visible(preview.getByRole("cell", { name: "Backend" }));
    // Without a title column nothing can be imported.
    await page.getByLabel("Title", { exact: true }).selectOption({ label: "Not imported" });
    await visible(page.getByText("Choose the column that holds the issue titles"));
    expect(await page.getByRole("button", { name: "Confirm & Import" }).isDisabled()).toBe(true);
    await page.getByLabel("Title", { exact: true }).selectOption({ label: "Title" });
    await shots(page, "csv-map-columns");
    await page.getByRole("button", { name: "Confirm & Import" }).click();

    await visible(page.getByRole("heading", { name: "Previous Imports" }));
    const row = page.getByRole("listitem", { name: "CSV import of export-source.csv" });
    await visible(row);
    await expect.poll(() => row.locator("[data-status]").textContent(), { timeout: 60_000 }).toBe("completed");
    await visible(row.getByText(/^11 of 11 issues/));
    expect(await issueCount(target.id)).toBe(11);
  }, 120_000);
});
