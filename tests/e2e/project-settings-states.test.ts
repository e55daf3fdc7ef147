// Project settings as an owner uses them: a state is added to a group, made the default, moved
// up its group, and offers no deletion while it is the default (nor as the last of its group),
// saying why; an estimate with its points is created and picked for the project, and an issue's
// estimate is then set from the issue page's picker, which offers those points, and kept after a
// reload; the issues list offers them too.
// What the server stored is read back over the API; the refusals of viewers and bad input are
// the workerd suites' (tests/api/project-settings-{states,estimates}.test.ts). The pages are
// also photographed in both themes at two widths.
import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  ApiUser,
  PASSWORD,
  type TestPage,
  expectBesideTrigger,
  launchBrowser,
  login,
  newPage,
  screenshot,
  to,
  uniqueSlug,
  visible,
  waitForHydration,
} from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("pset");
let projectId = "";

interface StateRow {
  id: string;
  name: string;
  group: string;
  default: boolean;
  sequence: number;
}

const settingsPath = (page: "states" | "estimates") => `${to.project(slug, projectId)}/settings/${page}`;
const api = () => `/api/workspaces/${slug}/projects/${projectId}`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Settings Co", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Roadmap", identifier: "RDM" });
  projectId = project.id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: settingsPath("states") });
});

afterAll(async () => {
  await browser?.close();
});

describe("states", () => {
  test("a new state is made the default, moved up its group, and offers no deletion while it is the default", async () => {
    const { page } = tab;
    await tab.goto(settingsPath("states"));
    const started = page.getByRole("region", { name: "Started states", exact: true });
    await visible(started.getByText("In Progress"));

    // The group's "+" opens the inline form in that group.
    await started.getByRole("button", { name: "Add Started state" }).click();
    const form = page.getByRole("form", { name: "New Started state" });
    await form.getByLabel("Name").fill("In Review");
    await form.getByLabel("Description").fill("Waiting for a second pair of eyes");
    // The colour swatch opens its palette next to it; a colour picked there is the state's.
    const swatch = form.getByRole("button", { name: "State colour" });
    await swatch.click();
    const palette = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Use colour #FF6B00" }) });
    await visible(palette);
    await expectBesideTrigger(page, swatch, palette);
    await palette.getByRole("button", { name: "Use colour #FF6B00" }).click();
    await expect.poll(() => palette.isVisible()).toBe(false);
    await form.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("State created successfully."));
    await visible(started.getByText("Waiting for a second pair of eyes"));
    const created = (await owner.call<(StateRow & { color: string })[]>("GET", `${api()}/states/`)).find((state) => state.name === "In Review");
    expect(created?.color.toUpperCase()).toBe("#FF6B00");
    const rows = started.getByTestId("state-row");
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.last().textContent()).toContain("In Review");

    // Default: the badge moves to the new state, and only one state is the default.
    await started.getByRole("button", { name: "Set In Review as default" }).click();
    await visible(rows.last().getByText("Default", { exact: true }));
    const states = await owner.call<StateRow[]>("GET", `${api()}/states/`);
    expect(states.filter((state) => state.default).map((state) => state.name)).toEqual(["In Review"]);
    await expect.poll(() => page.getByRole("region", { name: "Backlog states" }).getByText("Default", { exact: true }).count()).toBe(0);

    // Up: In Review becomes the first of its group, a step below In Progress.
    await started.getByRole("button", { name: "Move In Review up" }).click();
    await expect.poll(() => rows.first().textContent()).toContain("In Review");
    const moved = await owner.call<StateRow[]>("GET", `${api()}/states/`);
    const inProgress = moved.find((state) => state.name === "In Progress")!;
    expect(moved.find((state) => state.name === "In Review")!.sequence).toBe(inProgress.sequence - 15000);
    await screenshot(page, "project-settings-states-after-move");

    // The default state offers no deletion, and says why where the pointer is.
    const deleteDefault = started.getByRole("button", { name: "Delete state In Review" });
    await expectDeleteRefused(deleteDefault, "The default state cannot be deleted.");
    await deleteDefault.click({ force: true });
    await expect.poll(() => page.getByRole("alertdialog", { name: "Delete state" }).count()).toBe(0);
    // So does the last state of a group.
    const backlog = page.getByRole("region", { name: "Backlog states", exact: true });
    const deleteLast = backlog.getByRole("button", { name: /^Delete state / });
    await expectDeleteRefused(deleteLast, "The last state of a group cannot be deleted.");
    await deleteLast.hover();
    await screenshot(page, "project-settings-states-delete-refused");
    const after = await owner.call<StateRow[]>("GET", `${api()}/states/`);
    expect(after.some((state) => state.name === "In Review")).toBe(true);
  });
});

/** The Delete button is unavailable, and pointing at it shows the reason right below it, on screen. */
async function expectDeleteRefused(button: Locator, reason: string) {
  expect(await button.getAttribute("aria-disabled")).toBe("true");
  await button.hover();
  const tooltip = tab.page.getByRole("tooltip").filter({ hasText: reason });
  await visible(tooltip);
  // Screen readers announce the reason with the button.
  const describedBy = await button.getAttribute("aria-describedby");
  expect(await tab.page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
  const [trigger, tip] = await Promise.all([button.boundingBox(), tooltip.boundingBox()]);
  const viewport = tab.page.viewportSize()!;
  expect(tip!.y).toBeGreaterThanOrEqual(trigger!.y + trigger!.height - 1);
  expect(tip!.y - (trigger!.y + trigger!.height)).toBeLessThan(12);
  expect(tip!.x).toBeGreaterThanOrEqual(0);
  expect(tip!.x + tip!.width).toBeLessThanOrEqual(viewport.width);
  await tab.page.mouse.move(0, 0);
}

describe("estimates", () => {
  test("an estimate with points is picked for the project and an issue's estimate is set from its points", async () => {
    const { page } = tab;
    await tab.goto(settingsPath("estimates"));
    await page.getByRole("button", { name: "Create estimate" }).click();
    const dialog = page.getByRole("dialog", { name: "Create estimate" });
    await dialog.getByLabel("Name").fill("T-shirt");
    await dialog.getByRole("textbox", { name: "Point 1" }).fill("S");
    await dialog.getByRole("textbox", { name: "Point 2" }).fill("M");
    await dialog.getByRole("textbox", { name: "Point 3" }).fill("L");
    await dialog.getByRole("button", { name: "Add point" }).click();
    await dialog.getByRole("textbox", { name: "Point 4" }).fill("XL");
    await dialog.getByRole("button", { name: "Create estimate" }).click();
    const card = page.getByTestId("estimate-card").filter({ hasText: "T-shirt" });
    await visible(card.getByRole("list", { name: "Points of T-shirt" }).getByText("XL"));

    // Picking it turns estimates on for the project.
    await page.getByLabel("Estimate used by this project").selectOption({ label: "T-shirt" });
    await visible(card.getByText("In use"));
    const project = await owner.call<{ estimate: string | null }>("GET", `${api()}/`);
    expect(project.estimate).not.toBeNull();

    // The issue page's estimate picker offers the estimate's points.
    const issue = await owner.post<{ id: string }>(`${api()}/issues/`, { name: "Size me" });
    await tab.goto(`${to.projectIssues(slug, projectId)}/${issue.id}`);
    await page.getByRole("button", { name: "Estimate", exact: true }).click();
    await page.getByRole("option", { name: "XL" }).click();
    await visible(page.getByRole("button", { name: "Estimate", exact: true }).getByText("XL"));
    await expect.poll(async () => (await owner.call<{ estimate_point: number | null }>("GET", `${api()}/issues/${issue.id}/`)).estimate_point).toBe(3);
    await page.reload();
    await waitForHydration(page);
    await visible(page.getByRole("button", { name: "Estimate", exact: true }).getByText("XL"));

    // The issues list's estimate button shows the point's value, and its menu offers the points.
    await owner.post(`${api()}/issue-properties/`, { properties: { estimate: true } });
    await tab.goto(to.projectIssues(slug, projectId));
    await page.getByRole("button", { name: "Estimate: XL" }).click();
    await page.getByRole("menuitemradio", { name: "M" }).click();
    await visible(page.getByRole("button", { name: "Estimate: M" }));
    await expect.poll(async () => (await owner.call<{ estimate_point: number | null }>("GET", `${api()}/issues/${issue.id}/`)).estimate_point).toBe(1);
  });
});

describe("screens", () => {
  test.each(["light", "dark"] as const)("the pages and the create-state dialog in the %s theme", async (theme) => {
    const { page } = tab;
    await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
    for (const width of [1440, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await tab.goto(settingsPath("states"));
      await visible(page.getByRole("region", { name: "Cancelled states" }));
      await screenshot(page, `project-settings-states-${theme}-${width}`);
      await page.getByRole("button", { name: "Create state" }).click();
      await visible(page.getByRole("dialog", { name: "Create state" }));
      await screenshot(page, `project-settings-create-state-${theme}-${width}`);
      await page.keyboard.press("Escape");
      // The inline form with its message (checked before anything is sent).
      await page.getByRole("button", { name: "Add Backlog state" }).click();
      const inline = page.getByRole("form", { name: "New Backlog state" });
      await inline.getByRole("button", { name: "Create" }).click();
      await visible(inline.getByText("Name is required"));
      await screenshot(page, `project-settings-states-inline-${theme}-${width}`);
      await tab.goto(settingsPath("estimates"));
      await visible(page.getByLabel("Estimate used by this project"));
      await screenshot(page, `project-settings-estimates-${theme}-${width}`);
      await page.getByRole("button", { name: "Create estimate" }).click();
      const dialog = page.getByRole("dialog", { name: "Create estimate" });
      await dialog.getByRole("button", { name: "Create estimate" }).click();
      await visible(dialog.getByText("Value is required"));
      await screenshot(page, `project-settings-estimate-dialog-${theme}-${width}`);
      await page.keyboard.press("Escape");
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
