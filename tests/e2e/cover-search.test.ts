// Image search for covers, as a person uses it against the fake Unsplash: in the create-project
// dialog, searching, loading more and picking a photo gives the new project that cover with its
// photographer's credit on its card; on the settings page a search without results and a spent
// rate limit say so, and a picked photo shows on the banner with its credit. The proxy's rules (key, cache, errors, refused URLs) are the workerd suite's
// (tests/api/unsplash.test.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import {
  ApiUser,
  PASSWORD,
  type TestPage,
  launchBrowser,
  login,
  newPage,
  screenshotsInThemes,
  to,
  uniqueSlug,
  visible,
  waitForPath,
} from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("covers");
let projectId: string;

const setRateLimited = (exceeded: boolean) =>
  fetch(`${inject("fakeUnsplashUrl")}/_fake/rate-limit`, { method: "POST", body: JSON.stringify({ exceeded }) });

const downloadsOf = async (photoId: string) => {
  const calls = (await (await fetch(`${inject("fakeUnsplashUrl")}/_fake/calls`)).json()) as { downloads: Record<string, number> };
  return calls.downloads[photoId] ?? 0;
};

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Cover Co", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Lighthouse", identifier: "LHS" });
  projectId = project.id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: to.workspace(slug) });
});

afterAll(async () => {
  await setRateLimited(false);
  await browser?.close();
});

describe("cover image search", () => {
  test("search, load more and pick a photo for a new project; its card shows the photo and the credit", async () => {
    const { page } = tab;
    await page.getByRole("button", { name: "Add Project" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Change cover" }).click();
    await dialog.getByRole("tab", { name: "Unsplash" }).click();
    // Without words the tab shows the latest photos.
    const grid = dialog.getByRole("list", { name: "Unsplash images" });
    await expect.poll(() => grid.getByRole("listitem").count()).toBe(20);

    await dialog.getByRole("searchbox", { name: "Search Unsplash images" }).fill("mountain");
    await visible(grid.getByRole("button", { name: "mountain landscape 1 by Mara Lindqvist" }));
    await expect.poll(() => grid.getByRole("listitem").count()).toBe(20);
    // The photos are real pictures the browser drew.
    const firstImage = grid.locator("img").first();
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await screenshotsInThemes(page, "cover-search-picker", (theme) => expectNoAxeViolations(page, `cover picker, Unsplash tab (${theme})`));

    await dialog.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => grid.getByRole("listitem").count()).toBe(40);
    await dialog.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => grid.getByRole("listitem").count()).toBe(45);
    await expect.poll(() => dialog.getByRole("button", { name: "Load more" }).count()).toBe(0);

    const before = await downloadsOf("mountain-42");
    await grid.getByRole("button", { name: "mountain landscape 42 by Tomás Ortega" }).click();
    await grid.waitFor({ state: "detached" });
    const credit = dialog.getByTestId("cover-credit");
    await visible(credit.getByRole("link", { name: "Tomás Ortega" }));
    // Picking told Unsplash the photo was used.
    await expect.poll(() => downloadsOf("mountain-42")).toBe(before + 1);

    await dialog.getByLabel("Name", { exact: true }).fill("Summit");
    await dialog.getByLabel("Identifier").fill("SUM");
    await dialog.getByRole("button", { name: "Create Project" }).click();
    await waitForPath(page, /\/projects\/[0-9a-f-]{36}\/issues/);

    await tab.goto(to.workspace(slug));
    const card = page.getByRole("article", { name: "Summit" });
    const cover = card.locator("img").first();
    await expect.poll(() => cover.getAttribute("src")).toBe(`${inject("fakeUnsplashUrl")}/_fake/images/mountain-42.png?w=1080`);
    const cardCredit = card.getByTestId("cover-credit");
    await visible(cardCredit);
    expect(await cardCredit.textContent()).toBe("Photo by Tomás Ortega on Unsplash");
    const referral = "utm_source=edge_tracker&utm_medium=referral";
    expect(await cardCredit.getByRole("link", { name: "Tomás Ortega" }).getAttribute("href")).toBe(
      `${inject("fakeUnsplashUrl")}/web/@tomasortega?${referral}`,
    );
    expect(await cardCredit.getByRole("link", { name: "Unsplash" }).getAttribute("href")).toBe(`https://unsplash.com/?${referral}`);
    await screenshotsInThemes(page, "cover-search-card", (theme) => expectNoAxeViolations(page, `project card with a credit (${theme})`));
  });

  test("a photo picked on the settings page shows on the banner with its credit", async () => {
    const { page } = tab;
    await tab.goto(`${to.project(slug, projectId)}/settings`);
    await page.getByRole("button", { name: "Change cover" }).click();
    await page.getByRole("tab", { name: "Unsplash" }).click();
    await page.getByRole("searchbox", { name: "Search Unsplash images" }).fill("nothing like this");
    await visible(page.getByText('No images found for "nothing like this". Try other words.'));
    // Unsplash's hourly limit spent: the picker says so, and trying again later works.
    await setRateLimited(true);
    await page.getByRole("searchbox", { name: "Search Unsplash images" }).fill("desert");
    await visible(page.getByRole("alert").getByText("Image search has reached its hourly limit. Please try again later."));
    await screenshotsInThemes(page, "cover-search-rate-limited");
    await setRateLimited(false);
    await page.getByRole("button", { name: "Try again" }).click();
    const grid = page.getByRole("list", { name: "Unsplash images" });
    await expect.poll(() => grid.getByRole("listitem").count()).toBe(5);
    await grid.getByRole("button", { name: "desert landscape 5 by Priya Raman" }).click();

    const credit = page.getByTestId("cover-credit");
    await visible(credit.getByRole("link", { name: "Priya Raman" }));
    await expect
      .poll(async () => (await owner.call<{ cover_image_credit: unknown }>("GET", `/api/workspaces/${slug}/projects/${projectId}/`)).cover_image_credit)
      .toEqual({ name: "Priya Raman", profile_url: `${inject("fakeUnsplashUrl")}/web/@priyaraman` });
    await screenshotsInThemes(page, "cover-search-settings");
  });
});
