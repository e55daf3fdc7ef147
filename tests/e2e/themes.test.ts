// Themes as people use them: a preset applies at once and stays after a reload, a custom palette
// is checked field by field, and the server's HTML already carries the theme, so the first paint
// is never the light theme for someone who chose dark. Screenshots of the main screens in both
// themes at 1440 and 700 px land in test-results/e2e/.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, baseUrl, launchBrowser, login, newPage, screenshot, to, visible, waitForHydration } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
let slug: string;
let projectId: string;
let issueId: string;

const APPEARANCE = "/profile/appearance";

/** The class and style the server's own HTML puts on <html>, read before any script runs. */
async function serverHtmlTag(page: Page, pathname: string) {
  const response = await page.context().request.get(`${baseUrl()}${pathname}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const tag = html.match(/<html[^>]*>/)?.[0] ?? "";
  return { className: tag.match(/class="([^"]*)"/)?.[1] ?? "", style: tag.match(/style="([^"]*)"/)?.[1] ?? "" };
}

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const storedTheme = async () => (await owner.call<{ theme: Record<string, unknown> | null }>("GET", "/api/users/me/")).theme;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  slug = `themes-${Date.now().toString(36)}`;
  await owner.post("/api/workspaces/", { name: "Theme Works", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Palette Board", identifier: "PAL" });
  projectId = project.id;
  const base = `/api/workspaces/${slug}/projects/${projectId}`;
  const label = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Design", color: "#8b5cf6" });
  const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Pick the dark greys", priority: "high", labels_list: [label.id] });
  issueId = issue.id;
  await owner.post(`${base}/issues/`, { name: "Measure text contrast", priority: "medium" });
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
});

describe("themes", () => {
  test("dark applies without a reload, is kept on the user, and the server's HTML carries it", async () => {
    const page = tab.page;
    await tab.goto(APPEARANCE);
    expect(await htmlClass(page)).toBe("theme-system");
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole("radio", { name: "Dark" }).check();
    await expect.poll(() => htmlClass(page)).toBe("dark");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(250, 250, 250)");
    await expect.poll(async () => (await storedTheme())?.theme).toBe("dark");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The first byte already has it: the document the server sends, and after a reload.
    expect((await serverHtmlTag(page, to.workspace(slug))).className).toBe("dark");
    await page.reload();
    await waitForHydration(page);
    expect(await htmlClass(page)).toBe("dark");
    await expect.poll(() => page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
  });

  test("a custom colour that is not hex, or missing, shows its message and saves nothing", async () => {
    const page = tab.page;
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
    await tab.goto(APPEARANCE);
    await page.getByRole("radio", { name: "Custom theme" }).check();
    const accent = page.getByRole("textbox", { name: "Accent", exact: true });
    await visible(accent);
    // The form starts from the default palette.
    expect(await accent.inputValue()).toBe("#FE5050");
    expect(await page.getByRole("textbox", { name: "Text primary", exact: true }).inputValue()).toBe("#430000");

    await accent.fill("blue");
    await accent.blur();
    await visible(page.getByText("Accent color should be hex format"));
    const background = page.getByRole("textbox", { name: "Background", exact: true });
    await background.fill("");
    await background.blur();
    await visible(page.getByText("Background color is required"));
    await page.getByRole("button", { name: "Set theme" }).click();
    await visible(page.getByText("Accent color should be hex format"));
    expect(await accent.getAttribute("aria-invalid")).toBe("true");
    expect((await storedTheme())?.theme).toBe("light");
    expect(await htmlClass(page)).toBe("");

    // The server refuses the same input by itself (a request that skips the browser's check).
    const refused = await page.context().request.post(`${baseUrl()}${APPEARANCE}`, {
      headers: { origin: baseUrl() },
      form: { intent: "custom", accent: "#12345", bgBase: "#FFF7F7", bgSurface1: "#FFE0E0", bgSurface2: "#FFF7F7", border: "#FFC9C9", sidebar: "#FFFFFF", textBase: "#430000", textSecondary: "#323232" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Accent color should be hex format");
    expect(await storedTheme()).toEqual({ theme: "light" });
  });

  test("a custom palette applies at once and is kept after a reload, in the server's first HTML too", async () => {
    const page = tab.page;
    await tab.goto(APPEARANCE);
    await page.getByRole("radio", { name: "Custom theme" }).check();
    const accent = page.getByRole("textbox", { name: "Accent", exact: true });
    await accent.fill("#0F766E");
    await page.getByRole("textbox", { name: "Background", exact: true }).fill("#F0FDFA");
    await page.getByRole("button", { name: "Set theme" }).click();
    await expect.poll(() => htmlClass(page)).toBe("theme-custom");
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--theme-accent"))).toBe("#0F766E");
    await expect.poll(async () => (await storedTheme())?.theme).toBe("custom");
    expect(await storedTheme()).toMatchObject({
      theme: "custom",
      accent: "#0F766E",
      bgBase: "#F0FDFA",
      darkPalette: false,
      palette: "#0F766E,#F0FDFA,#FFE0E0,#FFF7F7,#FFC9C9,#FFFFFF,#430000,#323232",
    });

    const first = await serverHtmlTag(page, to.projectIssues(slug, projectId));
    expect(first.className).toBe("theme-custom");
    expect(first.style).toContain("--theme-accent:#0F766E");
    await page.reload();
    await waitForHydration(page);
    expect(await htmlClass(page)).toBe("theme-custom");
    // The page background is the user's, computed from the stylesheet's variables.
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("main")?.parentElement ?? document.body).backgroundColor)).toBe(
      "rgb(240, 253, 250)",
    );
    await screenshot(page, "themes-appearance-custom-1440");

    // Back to a preset keeps the custom colours for next time.
    await page.getByRole("radio", { name: "Light" }).check();
    await expect.poll(async () => (await storedTheme())?.theme).toBe("light");
    expect(await storedTheme()).toMatchObject({ accent: "#0F766E" });
  });

  test("screenshots of the main screens in light and dark at 1440 and 700 px", async () => {
    const page = tab.page;
    const screens: [string, string][] = [
      ["home", to.workspace(slug)],
      ["issues", to.projectIssues(slug, projectId)],
      ["issue", `${to.projectIssues(slug, projectId)}/${issueId}`],
      ["appearance", APPEARANCE],
    ];
    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, path] of screens) {
          await tab.goto(path);
          expect(await htmlClass(page)).toBe(theme === "dark" ? "dark" : "");
          await screenshot(page, `themes-${name}-${theme}-${width}`);
        }
      }
    }
  });
});
