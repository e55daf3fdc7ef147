// Project members as an owner manages them: a workspace member is added to the project with a
// role, their role is changed, and they are removed, each seen in the list and stored on the
// server; the integrations page shows the GitHub and Slack cards and leads to the workspace's
// integrations. The refusals (members, viewers, guests, the last owner, bad input) are the
// workerd suite's (tests/api/project-settings-members.test.ts). Both pages are photographed in
// both themes at two widths.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, pathOf, screenshot, to, uniqueSlug, visible, waitForPath } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let colleague: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("pmem");
let projectId = "";

const settingsPath = (page: "members" | "integrations") => `${to.project(slug, projectId)}/settings/${page}`;
const membersApi = () => `/api/workspaces/${slug}/projects/${projectId}/members/`;
const storedRoleOf = async (email: string) =>
  (await owner.call<{ role: number; member: { email: string } }[]>("GET", membersApi())).find((row) => row.member.email === email)?.role ?? null;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  colleague = await ApiUser.signUp();
  await colleague.call("PATCH", "/api/users/me/", { first_name: "Mira", last_name: "Lund" });
  await owner.post("/api/workspaces/", { name: "Members Co", slug });
  const invite = await owner.post<{ invitations: { token: string }[] }>(`/api/workspaces/${slug}/invite/`, { emails: [{ email: colleague.email, role: 15 }] });
  await colleague.post("/api/users/me/invitations/workspaces/", { token: invite.invitations[0].token });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Roadmap", identifier: "RDM" })).id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: settingsPath("members") });
});

afterAll(async () => {
  await browser?.close();
});

describe("members", () => {
  test("a workspace member is added with a role, becomes a viewer, and is removed", async () => {
    const { page } = tab;
    await tab.goto(settingsPath("members"));
    const list = page.getByRole("region", { name: "Project members" });
    const rows = list.getByTestId("project-member");
    await expect.poll(() => rows.count()).toBe(1);

    const form = page.getByRole("form", { name: "Add a member" });
    await form.getByLabel("Workspace member").selectOption({ label: `Mira Lund (${colleague.email})` });
    await form.getByLabel("Role").selectOption({ label: "Member" });
    await form.getByRole("button", { name: "Add member" }).click();
    await visible(page.getByText("Mira Lund was added to the project."));
    await expect.poll(() => rows.count()).toBe(2);
    await visible(list.getByText(colleague.email));
    expect(await storedRoleOf(colleague.email)).toBe(15);
    // Everyone in the workspace is in the project now.
    await visible(page.getByText("Everyone in the workspace is in this project."));

    await list.getByLabel("Role of Mira Lund").selectOption({ label: "Viewer" });
    await expect.poll(() => storedRoleOf(colleague.email)).toBe(10);
    await tab.goto(settingsPath("members"));
    await expect.poll(() => list.getByLabel("Role of Mira Lund").inputValue()).toBe("10");

    await list.getByRole("button", { name: "Remove Mira Lund" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove member" });
    await visible(confirm.getByText("Remove Mira Lund from the project?"));
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => storedRoleOf(colleague.email)).toBe(null);
    // They can be picked again.
    await visible(form.getByLabel("Workspace member"));
  });

  test("the only owner's own role cannot be changed and they cannot be removed", async () => {
    const { page } = tab;
    await tab.goto(settingsPath("members"));
    const me = page.getByRole("region", { name: "Project members" }).getByTestId("project-member").filter({ hasText: owner.email });
    await expect.poll(() => me.getByRole("combobox").isDisabled()).toBe(true);
    expect(await me.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
  });
});

describe("integrations", () => {
  test("GitHub and Slack are not connected and lead to the workspace's integrations", async () => {
    const { page } = tab;
    await tab.goto(settingsPath("integrations"));
    for (const key of ["github", "slack"]) await visible(page.getByTestId(`integration-${key}`).getByText("Not connected"));
    await page.getByTestId("integration-github").getByRole("link", { name: /Connect in workspace settings/ }).click();
    await waitForPath(page, `/${slug}/settings/integrations`);
    expect(pathOf(page)).toBe(`/${slug}/settings/integrations`);
  });
});

describe("screens", () => {
  test.each(["light", "dark"] as const)("members and integrations in the %s theme", async (theme) => {
    const { page } = tab;
    await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
    for (const width of [1440, 700]) {
      await page.setViewportSize({ width, height: 900 });
      await tab.goto(settingsPath("members"));
      await visible(page.getByRole("form", { name: "Add a member" }));
      await screenshot(page, `project-settings-members-${theme}-${width}`);
      await tab.goto(settingsPath("integrations"));
      await visible(page.getByTestId("integration-slack"));
      await screenshot(page, `project-settings-integrations-${theme}-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
