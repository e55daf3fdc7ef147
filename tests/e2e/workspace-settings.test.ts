// Workspace settings as people use them: an owner invites a colleague by email, the colleague
// signs up and accepts, the owner makes them a viewer and they meet the not-authorized screen on
// settings; a pending invitation is revoked; the workspace is renamed and gets a logo; the
// workspace menu switches to another workspace; the home shows the three projects updated last.
// What the server stored is read back over the API; the refusals (403) are the workerd suite's
// (tests/api/workspace-settings.test.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { VERIFY_BEFORE_ACCEPTING } from "../../workers/domain/invitations";
import {
  ApiUser,
  type TestPage,
  launchBrowser,
  login,
  newPage,
  PASSWORD,
  screenshot,
  signUpThroughUi,
  to,
  uniqueEmail,
  uniqueSlug,
  visible,
  waitForHydration,
  waitForPath,
  verifyAddressThroughOutbox,
} from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let ownerTab: TestPage;
const slug = uniqueSlug("settings");
const otherSlug = uniqueSlug("second");
const colleagueEmail = uniqueEmail("vera");

/** A 1x1 PNG, so the logo preview and the stored logo are real images. */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

interface MemberRow {
  id: string;
  role: number;
  member: { email: string };
}

const membersPath = () => `/${slug}/settings/members`;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Settings Co", slug });
  await owner.post("/api/workspaces/", { name: "Second Co", slug: otherSlug });
  ownerTab = await newPage(browser, { width: 1440, height: 900 });
  await login(ownerTab.page, { email: owner.email, password: PASSWORD }, { next: membersPath() });
});

afterAll(async () => {
  await browser?.close();
});

describe("workspace members", () => {
  test("an invited colleague joins, becomes a viewer and meets the not-authorized screen on settings", async () => {
    const { page } = ownerTab;
    await ownerTab.goto(membersPath());
    const invite = page.getByRole("form", { name: "Invite a member" });

    // The form's own validation message, before anything is sent.
    await invite.getByLabel("Email").fill("not-an-email");
    await invite.getByRole("button", { name: "Invite" }).click();
    await visible(invite.getByText("Enter a valid email address."));

    await invite.getByLabel("Email").fill(colleagueEmail);
    await invite.getByLabel("Role").selectOption({ label: "Member" });
    await invite.getByRole("button", { name: "Invite" }).click();
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await visible(pending.getByText(colleagueEmail));
    await visible(pending.getByText("Invited as Member"));
    // The link to pass on is shown once, beside the form.
    const link = await invite.getByLabel(`Invitation link for ${colleagueEmail}`).inputValue();
    expect(new URL(link).pathname).toMatch(/^\/invitations\/inv_[\w-]{43}$/);
    await screenshot(page, "workspace-settings-members-1440");

    // Signing up with the invited address alone joins nothing: the link is the proof of it.
    const colleagueTab = await newPage(browser, { width: 700, height: 900 });
    await signUpThroughUi(colleagueTab.page, { email: colleagueEmail, firstName: "Vera" });
    await waitForPath(colleagueTab.page, to.createWorkspace());
    // An address not yet proven cannot accept: the page says so; the mailed link proves it.
    await colleagueTab.goto(new URL(link).pathname);
    await visible(colleagueTab.page.getByText(VERIFY_BEFORE_ACCEPTING));
    await verifyAddressThroughOutbox(colleagueTab.page, colleagueEmail);
    await colleagueTab.goto(new URL(link).pathname);
    await colleagueTab.page.getByRole("button", { name: "Accept and join Settings Co" }).click();
    await waitForPath(colleagueTab.page, to.workspace(slug));

    // A member may open settings.
    await colleagueTab.goto(`/${slug}/settings`);
    await visible(colleagueTab.page.getByRole("heading", { name: "General" }));
    await visible(colleagueTab.page.getByText("Only workspace owners can change these settings."));

    // The owner sees them as a member and makes them a viewer.
    await ownerTab.goto(membersPath());
    await expect.poll(() => page.getByRole("region", { name: "Pending invitations" }).getByText(colleagueEmail).count()).toBe(0);
    const role = page.getByLabel("Role of Vera Tester");
    await expect.poll(() => role.inputValue()).toBe("15");
    const saved = page.waitForResponse((response) => response.url().includes("/settings/members.data") && response.request().method() === "POST");
    await role.selectOption({ label: "Viewer" });
    expect((await saved).status()).toBe(200);
    const members = await owner.call<MemberRow[]>("GET", `/api/workspaces/${slug}/members/`);
    expect(members.find((row) => row.member.email === colleagueEmail)?.role).toBe(10);

    // As a viewer, settings show the authorisation screen with their email and a way back.
    await colleagueTab.goto(`/${slug}/settings/members`);
    await visible(colleagueTab.page.getByRole("heading", { name: "Oops! You are not authorized to view this page" }));
    await visible(colleagueTab.page.getByText(colleagueEmail));
    await visible(colleagueTab.page.getByRole("button", { name: "Sign in with a different account" }));
    await expect.poll(() => colleagueTab.page.getByText(owner.email).count()).toBe(0);
    await screenshot(colleagueTab.page, "workspace-settings-not-authorized-700");
    await colleagueTab.page.getByRole("link", { name: "Go to workspace" }).click();
    await waitForPath(colleagueTab.page, to.workspace(slug));
    await colleagueTab.context.close();
  });

  test("a pending invitation can be revoked", async () => {
    const { page } = ownerTab;
    const email = uniqueEmail("never");
    await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email, role: 5 }] });
    await ownerTab.goto(membersPath());
    const pending = page.getByRole("region", { name: "Pending invitations" });
    await visible(pending.getByText(email));
    await pending.getByRole("button", { name: `Revoke invitation for ${email}` }).click();
    await expect.poll(() => page.getByText(email).count()).toBe(0);
    const left = await owner.call<{ email: string }[]>("GET", `/api/workspaces/${slug}/invitations/`);
    expect(left.map((row) => row.email)).not.toContain(email);
  });
});

describe("workspace general settings", () => {
  test("renames the workspace, with the name's validation message first, and uploads a logo", async () => {
    const { page } = ownerTab;
    await ownerTab.goto(`/${slug}/settings`);
    const name = page.getByLabel("Workspace name");
    await name.fill("");
    await page.getByRole("button", { name: "Update workspace" }).click();
    await visible(page.getByText("Name is required"));

    await name.fill("Renamed Co");
    await page.getByRole("button", { name: "Update workspace" }).click();
    // The sidebar's workspace menu follows the new name.
    await visible(page.getByRole("button", { name: "Workspace: Renamed Co. Switch workspace" }));
    const stored = await owner.call<{ name: string }>("GET", `/api/workspaces/${slug}/`);
    expect(stored.name).toBe("Renamed Co");

    // Upload & Save is offered once a file is chosen.
    await expect.poll(() => page.getByRole("button", { name: "Upload & Save" }).count()).toBe(0);
    await page.getByLabel("Choose a logo image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_1X1 });
    await page.getByRole("button", { name: "Upload & Save" }).click();
    await visible(page.getByRole("button", { name: "Change logo" }));
    const withLogo = await owner.call<{ logo: string }>("GET", `/api/workspaces/${slug}/`);
    expect(withLogo.logo).toMatch(new RegExp(`^/api/workspaces/${slug}/file-assets/`));
    await visible(page.getByRole("img", { name: "Renamed Co logo" }));
    await screenshot(page, "workspace-settings-general-1440");

    await page.setViewportSize({ width: 700, height: 900 });
    await screenshot(page, "workspace-settings-general-700");
    await ownerTab.goto(`/${slug}/settings/billing`);
    await visible(page.getByRole("heading", { name: "Billing and Plans" }));
    await screenshot(page, "workspace-settings-billing-700");
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, "workspace-settings-billing-1440");
  });

  test("delete workspace waits for the name and the phrase", async () => {
    const { page } = ownerTab;
    await ownerTab.goto(`/${slug}/settings`);
    await page.getByRole("button", { name: "Delete workspace" }).click();
    const dialog = page.getByRole("alertdialog");
    const confirm = dialog.getByRole("button", { name: "Delete Workspace" });
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("Enter the workspace name").fill("Renamed Co");
    await expect.poll(() => confirm.isDisabled()).toBe(true);
    await dialog.getByLabel("To confirm, type").fill("delete my workspace");
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByRole("alertdialog").count()).toBe(0);
  });
});

describe("workspace switcher and home", () => {
  test("the workspace menu switches to another workspace", async () => {
    const { page } = ownerTab;
    await ownerTab.goto(to.workspace(slug));
    await page.getByRole("button", { name: "Workspace: Renamed Co. Switch workspace" }).click();
    const menu = page.getByRole("menu");
    await visible(menu.getByRole("menuitem", { name: "Create workspace" }));
    await visible(menu.getByRole("menuitem", { name: "Invitations" }));
    await menu.getByRole("menuitem", { name: "Second Co" }).click();
    await waitForPath(page, to.workspace(otherSlug));
    await visible(page.getByRole("button", { name: "Workspace: Second Co. Switch workspace" }));
  });

  test("the home lists the three projects updated last", async () => {
    const { page } = ownerTab;
    const ids: string[] = [];
    for (const [index, identifier] of ["ALP", "BET", "GAM", "DEL"].entries()) {
      const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: `Project ${index + 1}`, identifier });
      ids.push(project.id);
    }
    // The first project changes last, so it leads the recent list and the third one drops out.
    await owner.call("PATCH", `/api/workspaces/${slug}/projects/${ids[0]}/`, { description: "Touched" });
    await ownerTab.goto(to.workspace(slug));
    const recent = page.getByRole("region", { name: "Recent projects" });
    const names = recent.getByRole("link");
    await expect.poll(() => names.count()).toBe(3);
    await expect.poll(() => names.nth(0).textContent()).toContain("Project 1");
    await expect.poll(() => names.nth(1).textContent()).toContain("Project 4");
    await expect.poll(() => names.nth(2).textContent()).toContain("Project 3");
    await screenshot(page, "workspace-home-recent-1440");
    await page.setViewportSize({ width: 700, height: 900 });
    await waitForHydration(page);
    await screenshot(page, "workspace-home-recent-700");
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
