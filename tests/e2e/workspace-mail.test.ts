// The owner's Mail settings page, as an owner meets it: the configured transport, a test mail that
// says "Queued" and turns "Sent" once the transport took it, and, when an invitation to an address
// the mail server refuses has failed, the shell's banner with the reason, leading to the page
// where the failed row shows that reason.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TEST_MAIL_SUBJECT } from "../../workers/domain/schemas/workspace-mail";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, launchBrowser, login, newPage, screenshotsInThemes, to, uniqueEmail, uniqueSlug, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function ownerWithWorkspace(name: string) {
  const owner = await ApiUser.signUp();
  const slug = uniqueSlug("mail");
  await owner.post("/api/workspaces/", { name, slug });
  // A project, so the sidebar shows it rather than its empty state (whose small "Create Project"
  // button is below the contrast axe asks for; not this page's concern).
  await owner.post(`/api/workspaces/${slug}/projects/`, { name: "Outbound", identifier: "OUT" });
  return { owner, slug };
}

describe("workspace mail settings", () => {
  test("an owner sees the transport, sends a test mail that is queued and then sent", async () => {
    const { owner, slug } = await ownerWithWorkspace("Mail Works");
    const { page, goto } = await newPage(browser);
    await login(page, { email: owner.email, password: PASSWORD }, { next: to.workspace(slug) });
    await goto(`/${slug}/settings`);
    await page.getByRole("navigation", { name: "Workspace Settings" }).getByRole("link", { name: "Mail" }).click();
    await waitForPath(page, `/${slug}/settings/mail`);
    await waitForHydration(page);
    const transport = page.getByRole("region", { name: "Transport" });
    await visible(transport.getByText(/SMTP 127\.0\.0\.1:\d+/));
    await visible(page.getByText(/No mail from this workspace yet/));
    await screenshotsInThemes(page, "workspace-mail-empty", (theme) => expectNoAxeViolations(page, `mail settings, empty, ${theme}`));

    await page.getByRole("button", { name: "Send a test mail" }).click();
    await visible(page.getByRole("status").getByText(`Queued for ${owner.email}.`));
    const row = page.getByRole("row").filter({ hasText: TEST_MAIL_SUBJECT });
    await visible(row);
    // The row is read right after the write: the transport has not answered yet, or just has.
    expect(await row.getByText(/^(Queued|Sent)$/).textContent()).toMatch(/^(Queued|Sent)$/);
    await expect.poll(
      async () => {
        await page.reload();
        await waitForHydration(page);
        return row.getByText("Sent", { exact: true }).count();
      },
      { timeout: 15_000 },
    ).toBe(1);
    await visible(row.getByText(/^250 /));
    await screenshotsInThemes(page, "workspace-mail-sent", (theme) => expectNoAxeViolations(page, `mail settings, sent, ${theme}`));
  });

  test("a refused invitation raises the banner, whose link leads to the failed row and its reason", async () => {
    const { owner, slug } = await ownerWithWorkspace("Mail Fails");
    const refused = uniqueEmail("refuse-invitee");
    await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: refused, role: 15 }] });
    const { page, goto } = await newPage(browser);
    await login(page, { email: owner.email, password: PASSWORD }, { next: to.workspace(slug) });
    const banner = page.getByRole("alert").filter({ hasText: "Mail from this workspace is failing" });
    await expect.poll(
      async () => {
        await goto(to.workspace(slug));
        return banner.count();
      },
      { timeout: 15_000 },
    ).toBe(1);
    await visible(banner.getByText(/Mailbox does not exist/));
    await screenshotsInThemes(page, "workspace-mail-banner");
    await banner.getByRole("link", { name: "Open Mail settings" }).click();
    await waitForPath(page, `/${slug}/settings/mail`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: refused });
    await visible(row.getByText("Failed", { exact: true }));
    await visible(row.getByText(/Mailbox does not exist/));
    await visible(page.getByRole("region", { name: "Transport" }).getByText(/Last error/));
    await screenshotsInThemes(page, "workspace-mail-failed", (theme) => expectNoAxeViolations(page, `mail settings, failed, ${theme}`));
  });

  test("a member is offered no Mail page, is refused it, and sees no banner", async () => {
    const { owner, slug } = await ownerWithWorkspace("Mail Private");
    const member = await ApiUser.signUp();
    const invite = await owner.post<{ invitations: { token: string }[] }>(`/api/workspaces/${slug}/invite/`, { emails: [{ email: member.email, role: 15 }] });
    await member.post("/api/users/me/invitations/workspaces/", { token: invite.invitations[0].token });
    await owner.post(`/api/workspaces/${slug}/invite/`, { emails: [{ email: uniqueEmail("refuse-other"), role: 15 }] });
    // The owner's banner is up: the failure is recorded.
    const ownerTab = await newPage(browser);
    await login(ownerTab.page, { email: owner.email, password: PASSWORD }, { next: to.workspace(slug) });
    await expect.poll(
      async () => {
        await ownerTab.goto(to.workspace(slug));
        return ownerTab.page.getByText("Mail from this workspace is failing").count();
      },
      { timeout: 15_000 },
    ).toBe(1);

    const { page, goto } = await newPage(browser);
    await login(page, { email: member.email, password: PASSWORD }, { next: to.workspace(slug) });
    await goto(`/${slug}/settings`);
    const nav = page.getByRole("navigation", { name: "Workspace Settings" });
    await visible(nav.getByRole("link", { name: "Webhooks" }));
    expect(await nav.getByRole("link", { name: "Mail" }).count()).toBe(0);
    expect(await page.getByText("Mail from this workspace is failing").count()).toBe(0);
    await goto(`/${slug}/settings/mail`);
    await visible(page.getByText("Oops! You are not authorized to view this page"));
    await visible(page.getByText(member.email));
  });
});
