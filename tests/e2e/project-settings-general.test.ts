// The project settings' General page as an owner uses it: renaming the project shows the new
// name in the header; switching Cycles off takes it out of the sidebar; an uploaded cover shows on
// the project's card in the projects list; a project is deleted through the typed confirmation.
// The refusals (403) and bad input are the workerd suite's (tests/api/project-settings-general.test.ts).
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { gradientPng } from "../helpers/png";
import { ApiUser, PASSWORD, type TestPage, baseUrl, launchBrowser, login, newPage, screenshot, to, uniqueSlug, visible, waitForPath } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("pgeneral");
let projectId: string;

const settingsPath = (id = projectId) => `${to.project(slug, id)}/settings`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "General Co", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Harbor", identifier: "HAR" });
  projectId = project.id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: settingsPath() });
});

afterAll(async () => {
  await browser?.close();
});

/** Opens the create-project dialog and uploads a cover from its picker; answers the file's URL. */
async function uploadCoverInCreateDialog(page: Page) {
  await tab.goto(to.workspace(slug));
  await page.getByRole("button", { name: "Add Project" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Change cover" }).click();
  await dialog.getByRole("tab", { name: "Upload" }).click();
  await dialog.getByLabel("Choose a cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: gradientPng("#14968c", "#f0501e") });
  await dialog.getByRole("button", { name: "Upload & Save" }).click();
  const uploaded = dialog.locator('img[src*="/file-assets/"]');
  await visible(uploaded);
  const uploadedUrl = (await uploaded.getAttribute("src")) ?? "";
  return { dialog, uploadedUrl };
}

/** The HTTP status an uploaded file is served with (404 once it is deleted). */
const assetStatus = async (url: string) => (await fetch(`${baseUrl()}${url}`, { headers: { cookie: owner.cookie } })).status;

describe("project settings: general", () => {
  test("renaming the project shows the new name in the header", async () => {
    const { page } = tab;
    await tab.goto(settingsPath());
    await visible(page.getByRole("heading", { name: "Project Settings" }));
    await visible(page.getByText("This information will be displayed to every member of the project."));

    // The schema's own message, before anything is sent.
    await page.getByLabel("Identifier").fill("har");
    await page.getByRole("button", { name: "Update project" }).click();
    await visible(page.getByText("Identifier must be uppercase text."));

    await page.getByLabel("Identifier").fill("HBR");
    await page.getByLabel("Name", { exact: true }).fill("Harbor Lights");
    await page.getByRole("button", { name: "Update project" }).click();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await visible(breadcrumb.getByText("Harbor Lights"));
    const stored = await owner.call<{ name: string; identifier: string }>("GET", `/api/workspaces/${slug}/projects/${projectId}/`);
    expect(stored).toMatchObject({ name: "Harbor Lights", identifier: "HBR" });
  });

  test("switching Cycles off takes it out of the sidebar at once", async () => {
    const { page } = tab;
    await tab.goto(settingsPath());
    const cyclesLink = page.locator(`a[href="${to.project(slug, projectId)}/cycles"]`);
    await visible(cyclesLink);
    const cycles = page.getByRole("switch", { name: "Cycles" });
    await expect(cycles.getAttribute("aria-checked")).resolves.toBe("true");
    await cycles.click();
    await cyclesLink.waitFor({ state: "detached" });
    await expect(cycles.getAttribute("aria-checked")).resolves.toBe("false");
    // Modules and the rest stay.
    await visible(page.locator(`a[href="${to.project(slug, projectId)}/modules"]`));
    const stored = await owner.call<{ cycle_view: boolean }>("GET", `/api/workspaces/${slug}/projects/${projectId}/`);
    expect(stored.cycle_view).toBe(false);
  });

  test("an uploaded cover shows on the project's card in the projects list", async () => {
    const { page } = tab;
    await tab.goto(settingsPath());
    await page.getByRole("button", { name: "Change cover" }).click();
    await visible(page.getByRole("button", { name: "Aurora cover" }));
    await page.getByRole("tab", { name: "Upload" }).click();
    const save = page.getByRole("button", { name: "Upload & Save" });
    // Nothing chosen yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);
    // A file that is not an image is refused before anything is sent.
    await page.getByLabel("Choose a cover image").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await visible(page.getByText("Invalid file type or size (max 5 MB)"));
    await page.getByLabel("Choose a cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: gradientPng("#14968c", "#f0501e") });
    await visible(page.getByRole("img", { name: "Chosen cover" }));
    await save.click();
    await visible(page.getByText("Project cover updated successfully."));
    const stored = await owner.call<{ cover_image: string }>("GET", `/api/workspaces/${slug}/projects/${projectId}/`);
    expect(stored.cover_image).toMatch(new RegExp(`^/api/workspaces/${slug}/file-assets/[0-9a-f-]{36}/$`));

    await tab.goto(to.workspace(slug));
    const card = page.getByRole("article", { name: "Harbor Lights" });
    const cover = card.locator("img").first();
    await visible(cover);
    expect(await cover.getAttribute("src")).toBe(stored.cover_image);
    // The image really loaded (the asset is served to members).
    await page.waitForFunction((src) => {
      const image = [...document.images].find((img) => img.getAttribute("src") === src);
      return Boolean(image?.complete && image.naturalWidth > 0);
    }, stored.cover_image);
    await screenshot(page, "project-settings-general-card-cover-1440");
  });

  test("a project is deleted through the typed confirmation and the projects list follows", async () => {
    const { page } = tab;
    const doomed = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Driftwood", identifier: "DRF" });
    await tab.goto(settingsPath(doomed.id));
    await page.getByRole("button", { name: "Delete project" }).click();
    const dialog = page.getByRole("alertdialog");
    const confirm = dialog.getByRole("button", { name: "Delete Project" });
    await dialog.getByLabel(/Enter the project name/).fill("Driftwood");
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/To confirm, type/).fill("delete my project");
    await confirm.click();
    await waitForPath(page, `/${slug}`);
    await visible(page.getByText("Project deleted successfully"));
    await visible(page.getByRole("article", { name: "Harbor Lights" }));
    expect(await page.getByRole("article", { name: "Driftwood" }).count()).toBe(0);
  });

  test("the create-project dialog takes a cover from the same picker; an upload it drops is deleted", async () => {
    const { page } = tab;
    // An upload first: it goes to the workspace's file assets and shows on the banner.
    const { dialog, uploadedUrl } = await uploadCoverInCreateDialog(page);
    // Then a built-in cover instead: the dropped upload's file is deleted.
    await dialog.getByRole("button", { name: "Change cover" }).click();
    await dialog.getByRole("button", { name: "Ocean cover" }).click();
    await expect.poll(() => assetStatus(uploadedUrl)).toBe(404);
    await visible(dialog.locator('img[src*="ocean"]'));
    await screenshot(page, "project-create-dialog-cover-1440");
    await dialog.getByLabel("Name", { exact: true }).fill("Lighthouse");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await waitForPath(page, /\/projects\/[^/]+\/issues/);
    const projects = await owner.call<{ name: string; cover_image: string | null }[]>("GET", `/api/workspaces/${slug}/projects/`);
    expect(projects.find((project) => project.name === "Lighthouse")?.cover_image).toMatch(/\/assets\/ocean-[\w-]+\.svg$/);
  });

  test("closing the create-project dialog deletes the cover it uploaded", async () => {
    const { page } = tab;
    const { dialog, uploadedUrl } = await uploadCoverInCreateDialog(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => assetStatus(uploadedUrl)).toBe(404);
  });

  test("a project created with an uploaded cover keeps it", async () => {
    const { page } = tab;
    await tab.goto(to.workspace(slug));
    await page.getByRole("button", { name: "Add Project" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Change cover" }).click();
    await dialog.getByRole("tab", { name: "Upload" }).click();
    await dialog.getByLabel("Choose a cover image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: gradientPng("#14968c", "#f0501e") });
    await dialog.getByRole("button", { name: "Upload & Save" }).click();
    await visible(dialog.locator('img[src*="/file-assets/"]'));
    await dialog.getByLabel("Name", { exact: true }).fill("Tidepool");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await waitForPath(page, /\/projects\/[^/]+\/issues/);
    const projects = await owner.call<{ name: string; cover_image: string | null }[]>("GET", `/api/workspaces/${slug}/projects/`);
    const cover = projects.find((project) => project.name === "Tidepool")?.cover_image ?? "";
    expect(cover).toMatch(new RegExp(`^/api/workspaces/${slug}/file-assets/[0-9a-f-]{36}/$`));
    const served = await fetch(`${baseUrl()}${cover}`, { headers: { cookie: owner.cookie } });
    expect(served.status).toBe(200);
  });

  test("screenshots: the page and the open cover picker, light and dark, 1440 and 700 px", async () => {
    const { page } = tab;
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        await page.setViewportSize({ width, height: 900 });
        await tab.goto(settingsPath());
        await visible(page.getByRole("button", { name: "Delete project" }));
        await screenshot(page, `project-settings-general-${theme}-${width}`);
        await page.getByRole("button", { name: "Change cover" }).click();
        await visible(page.getByRole("button", { name: "Aurora cover" }));
        await screenshot(page, `project-settings-cover-picker-${theme}-${width}`);
        await page.getByRole("tab", { name: "Upload" }).click();
        await page.getByLabel("Choose a cover image").setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
        await visible(page.getByText("Invalid file type or size (max 5 MB)"));
        await screenshot(page, `project-settings-cover-upload-${theme}-${width}`);
        await page.keyboard.press("Escape");
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
  });
});
