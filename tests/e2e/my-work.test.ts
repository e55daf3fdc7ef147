// My work as a person uses it: assigned issues in two projects, opened from the sidebar, shown
// under each project's name in the list and in state-group columns on the board; the Created tab
// shows what they created, and a row opens the page. Which issues are read (membership,
// other workspaces, the query plan) is the workerd suite's (tests/api/my-work.test.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, launchBrowser, login, newPage, projectWithMember, screenshotsInThemes, visible, waitForPath } from "./fixtures";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A person who is a member of two projects, with issues assigned to them in both and one they created. */
async function personInTwoProjects() {
  const team = await projectWithMember({ slugPrefix: "mywork", workspace: "Work Co", project: "Apollo", identifier: "APL", role: 15 });
  const me = await team.member.call<{ id: string }>("GET", "/api/users/me/");
  const second = await team.owner.post<{ id: string }>(`/api/workspaces/${team.slug}/projects/`, { name: "Borealis", identifier: "BOR" });
  const secondBase = `/api/workspaces/${team.slug}/projects/${second.id}`;
  await team.owner.post(`${secondBase}/members/add/`, { members: [{ member_id: me.id, role: 15 }] });
  const statesOf = async (base: string) =>
    new Map((await team.owner.call<{ id: string; group: string }[]>("GET", `${base}/states/`)).map((state) => [state.group, state.id]));
  const [apolloStates, borealisStates] = await Promise.all([statesOf(team.base), statesOf(secondBase)]);
  await team.owner.post(`${team.base}/issues/`, { name: "Write the launch checklist", assignees_list: [me.id], priority: "high", state: apolloStates.get("started") });
  await team.owner.post(`${team.base}/issues/`, { name: "Somebody else's chore" });
  await team.owner.post(`${secondBase}/issues/`, { name: "Measure the northern lights", assignees_list: [me.id], state: borealisStates.get("completed") });
  const created = await team.member.post<{ id: string; sequence_id: number }>(`${secondBase}/issues/`, { name: "Order more telescopes" });
  return { ...team, me, secondId: second.id, created };
}

describe("My work", () => {
  test("shows my issues of both projects by project, by state group, and by what I created", async () => {
    const team = await personInTwoProjects();
    const tab = await newPage(browser, { width: 1440, height: 900 });
    const { page } = tab;
    await login(page, { email: team.member.email, password: PASSWORD }, { next: `/${team.slug}` });
    await tab.goto(`/${team.slug}`);

    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "My work" }).click();
    await waitForPath(page, `/${team.slug}/my-work`);
    const apollo = page.getByRole("region", { name: "Apollo" });
    const borealis = page.getByRole("region", { name: "Borealis" });
    await visible(apollo.getByRole("link", { name: "Write the launch checklist" }));
    await visible(borealis.getByRole("link", { name: "Measure the northern lights" }));
    await visible(apollo.getByText("APL-1", { exact: true }));
    expect(await apollo.getByRole("listitem").count()).toBe(1);
    expect(await borealis.getByRole("listitem").count()).toBe(1);
    expect(await page.getByText("Somebody else's chore").count()).toBe(0);
    expect(await page.getByRole("link", { name: "Assigned" }).getAttribute("aria-current")).toBe("page");
    await screenshotsInThemes(page, "my-work-list", (theme) => expectNoAxeViolations(page, `My work list, ${theme}`));

    await page.getByRole("button", { name: "Kanban" }).click();
    const started = page.getByRole("region", { name: "Started" });
    const completed = page.getByRole("region", { name: "Completed" });
    await visible(started.getByRole("link", { name: "Write the launch checklist" }));
    await visible(completed.getByRole("link", { name: "Measure the northern lights" }));
    await visible(page.getByRole("region", { name: "Backlog" }));
    await screenshotsInThemes(page, "my-work-kanban", (theme) => expectNoAxeViolations(page, `My work board, ${theme}`));

    await page.getByRole("button", { name: "List" }).click();
    await page.getByRole("link", { name: "Created" }).click();
    await waitForPath(page, `/${team.slug}/my-work?tab=created`);
    const created = page.getByRole("link", { name: "Order more telescopes" });
    await visible(created);
    expect(await page.getByRole("link", { name: "Write the launch checklist" }).count()).toBe(0);
    await visible(page.getByRole("region", { name: "Borealis" }).getByText(`BOR-${team.created.sequence_id}`));

    await created.click();
    await waitForPath(page, `/${team.slug}/projects/${team.secondId}/issues/${team.created.id}`);
    await visible(page.getByLabel("Issue title"));
    await expect.poll(() => page.getByLabel("Issue title").inputValue()).toBe("Order more telescopes");
  });

  test("the View menu orders my issues and hides finished work, and the choice stays after a reload", async () => {
    const team = await personInTwoProjects();
    // Made last, so "Last updated" puts it first; "Priority" puts the high one first.
    await team.owner.post(`${team.base}/issues/`, { name: "Sweep the launch pad", assignees_list: [team.me.id], priority: "low" });
    const tab = await newPage(browser, { width: 1440, height: 900 });
    const { page } = tab;
    await login(page, { email: team.member.email, password: PASSWORD }, { next: `/${team.slug}/my-work` });
    await tab.goto(`/${team.slug}/my-work`);
    const apollo = page.getByRole("region", { name: "Apollo" });
    const titles = () => apollo.getByRole("listitem").getByRole("link").allTextContents();
    await expect.poll(titles).toEqual(["Sweep the launch pad", "Write the launch checklist"]);

    const trigger = page.getByRole("button", { name: "View" });
    await trigger.click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitemradio", { name: "Priority" }));
    const [menuBox, triggerBox] = [await menu.boundingBox(), await trigger.boundingBox()];
    expect(menuBox && triggerBox).toBeTruthy();
    if (menuBox && triggerBox) {
      // The card opens under its trigger, inside the window.
      expect(menuBox.y).toBeGreaterThanOrEqual(triggerBox.y + triggerBox.height - 1);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(1440);
      expect(Math.abs(menuBox.x + menuBox.width - (triggerBox.x + triggerBox.width))).toBeLessThan(24);
    }
    await menu.getByRole("menuitemradio", { name: "Priority" }).click();
    await expect.poll(titles).toEqual(["Write the launch checklist", "Sweep the launch pad"]);
    await menu.getByRole("menuitemcheckbox", { name: "Completed and cancelled issues" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("link", { name: "Measure the northern lights" }).count()).toBe(0);
    await screenshotsInThemes(page, "my-work-view-menu");

    await page.reload();
    await expect.poll(titles).toEqual(["Write the launch checklist", "Sweep the launch pad"]);
    expect(await page.getByRole("link", { name: "Measure the northern lights" }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
  });

  test("says so when nothing is assigned to me, and when I created nothing", async () => {
    const person = await ApiUser.signUp();
    const slug = `empty-${Date.now().toString(36)}`;
    await person.post("/api/workspaces/", { name: "Quiet Co", slug });
    // A project with no issues: the sidebar's "no project yet" box is not this page's to check.
    await person.post(`/api/workspaces/${slug}/projects/`, { name: "Calm", identifier: "CLM" });
    const tab = await newPage(browser, { width: 1440, height: 900 });
    await login(tab.page, { email: person.email, password: PASSWORD }, { next: `/${slug}/my-work` });
    await tab.goto(`/${slug}/my-work`);
    await visible(tab.page.getByRole("heading", { name: "Nothing is assigned to you" }));
    await screenshotsInThemes(tab.page, "my-work-empty", (theme) => expectNoAxeViolations(tab.page, `My work empty, ${theme}`));
    await tab.page.getByRole("link", { name: "Created" }).click();
    await visible(tab.page.getByRole("heading", { name: "You have not created any issues" }));
  });
});
