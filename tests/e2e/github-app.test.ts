// The GitHub App as a workspace owner uses it, against the fake GitHub: "Add installation" starts
// the round trip and opens GitHub's install page (with its one-time state) in a 600x600 pop-up,
// Install sends the pop-up with a code to the app's landing page, which connects the installation
// and closes itself, and the integrations page shows the
// installation without a reload. On the project's settings the GitHub card lists the
// installation's repositories a page at a time (Load more) and syncs one; removing the
// installation toasts and turns the card back. The Slack card installs through Slack's pop-up the
// same way. Screenshots at 1440 and 700 px, light and dark, land in test-results/e2e/; each screen
// passes axe's WCAG 2 A/AA rules in both themes.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, screenshotsInThemes, uniqueSlug, visible, waitForHydration } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("ghapp");
const account = `octo-e2e-${Date.now().toString(36)}`;
let projectId: string;
const repoNames: string[] = [];

async function fakeGithub(path: string, body: unknown) {
  const response = await fetch(`${inject("fakeGithubUrl")}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake GitHub ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Screenshots in both themes and widths; what a person reads passes WCAG 2 A and AA in both themes. */
const shots = (page: Page, name: string) =>
  screenshotsInThemes(page, `github-app-${name}`, (theme) => expectNoAxeViolations(page, `${name} (${theme})`));

/** Whether the element's box lies inside the viewport, where a person sees it. */
async function inViewport(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "GitHub App", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Synced", identifier: "SYN" });
  projectId = project.id;
  // 31 repositories: one more than a page of the picker.
  for (let i = 0; i < 31; i++) {
    const name = `repo-${String(i).padStart(2, "0")}`;
    repoNames.push(name);
    await fakeGithub("/_fake/repos", { owner: account, name, token: `ghp_e2e_${account}`, issues: 1 });
  }
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("the GitHub App", () => {
  test("installs through the pop-up, syncs a repository of the installation, and is removed", async () => {
    const { page, context } = tab;
    await tab.goto(`/${slug}/settings/integrations`);
    const githubCard = page.getByTestId("integration-card-github");
    await visible(githubCard.getByText("Not installed"));
    await visible(page.getByTestId("integration-card-slack").getByRole("button", { name: "Add installation" }));
    await shots(page, "integrations-empty");

    // Record how the page opens the pop-up (its size and where it points).
    await page.evaluate(() => {
      const open = window.open.bind(window);
      const calls: string[][] = [];
      (window as unknown as { openCalls: string[][] }).openCalls = calls;
      window.open = (url?: string | URL, target?: string, features?: string) => {
        calls.push([String(url), String(target), String(features)]);
        return open(url, target, features);
      };
    });
    const popupOpened = context.waitForEvent("page");
    await githubCard.getByRole("button", { name: "Add installation" }).click();
    const popup = await popupOpened;
    const [[, , features]] = await page.evaluate(() => (window as unknown as { openCalls: string[][] }).openCalls);
    expect(features).toContain("width=600");
    expect(features).toContain("height=600");

    // GitHub's page, in a 600x600 window, with the state the server minted: choose the account and install.
    await visible(popup.getByLabel("Install on"));
    const url = new URL(popup.url());
    expect(url.pathname).toBe("/apps/edge-tracker-test/installations/new");
    expect(url.searchParams.get("state")).toMatch(new RegExp(`^${slug}\\.[A-Za-z0-9_-]{43}$`));
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 600]);
    await popup.getByLabel("Install on").selectOption(account);
    const popupClosed = popup.waitForEvent("close", { timeout: 20_000 });
    await popup.getByRole("button", { name: "Install" }).click();
    await popupClosed;

    // The page noticed the pop-up closed and read its data again: no reload.
    await visible(githubCard.getByText(`Installed on ${account}`));
    await visible(githubCard.getByRole("button", { name: "Remove installation" }));
    await shots(page, "integrations-installed");

    // The project's GitHub card: pick a repository, a page at a time.
    await tab.goto(`/${slug}/projects/${projectId}/settings/integrations`);
    const projectCard = page.getByTestId("integration-github");
    await visible(projectCard.getByText("No repository synced yet."));
    await projectCard.getByRole("button", { name: "Select repository" }).click();
    const list = page.locator("#github-repositories");
    await visible(list.getByRole("button", { name: `${account}/${repoNames[0]}` }));
    expect(await list.locator("li").count()).toBe(30);
    expect(await inViewport(page, "#github-repositories")).toBe(true);
    await shots(page, "project-picker");
    await list.getByRole("button", { name: "Load more" }).click();
    await visible(list.getByRole("button", { name: `${account}/${repoNames[30]}` }));
    expect(await list.locator("li").count()).toBe(31);
    await expect(list.getByRole("button", { name: "Load more" }).count()).resolves.toBe(0);

    await list.getByRole("button", { name: `${account}/${repoNames[30]}` }).click();
    await visible(projectCard.getByTestId("synced-repository").getByText(`${account}/${repoNames[30]}`));
    await visible(page.getByText(`${account}/${repoNames[30]} is synced with the project.`));
    // It is stored: a fresh load shows it.
    await tab.goto(`/${slug}/projects/${projectId}/settings/integrations`);
    await visible(projectCard.getByTestId("synced-repository").getByText(`${account}/${repoNames[30]}`));
    await shots(page, "project-synced");

    // The app's bot is a member the owner sees but cannot change or remove: it goes with the app.
    await tab.goto(`/${slug}/settings/members`);
    const botRow = page.getByTestId("workspace-member").filter({ hasText: "GitHub" });
    await visible(botRow.getByText("Integration bot"));
    expect(await botRow.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    expect(await botRow.getByRole("combobox").count()).toBe(0);

    // Removing the installation.
    await tab.goto(`/${slug}/settings/integrations`);
    await githubCard.getByRole("button", { name: "Remove installation" }).click();
    await visible(page.getByText("Deleted successfully!"));
    await visible(page.getByText("GitHub integration deleted successfully."));
    await visible(githubCard.getByRole("button", { name: "Add installation" }));
    await tab.goto(`/${slug}/projects/${projectId}/settings/integrations`);
    await visible(projectCard.getByText("Not connected"));
  }, 120_000);

  test("the Slack card installs through Slack's pop-up and is removed", async () => {
    const { page } = tab;
    await tab.goto(`/${slug}/settings/integrations`);
    const slackCard = page.getByTestId("integration-card-slack");
    const [popup] = await Promise.all([page.waitForEvent("popup"), slackCard.getByRole("button", { name: "Add installation" }).click()]);
    await visible(popup.getByRole("button", { name: "Allow" }));
    expect(new URL(popup.url()).searchParams.get("state")).toMatch(new RegExp(`^${slug}\\.`));
    const popupClosed = popup.waitForEvent("close", { timeout: 20_000 });
    await popup.getByRole("button", { name: "Allow" }).click();
    await popupClosed;
    await visible(slackCard.getByText("Installed on Fake Team"));
    await slackCard.getByRole("button", { name: "Remove installation" }).click();
    await visible(page.getByText("Slack integration deleted successfully."));
    await visible(slackCard.getByRole("button", { name: "Add installation" }));
  }, 60_000);
});

// The landing page reports a failed connection and stays open rather than closing silently; a
// link that was not started in this browser (a forged one) connects nothing.
describe("the pop-up's landing page", () => {
  test("says why an installation could not be connected", async () => {
    const { page } = tab;
    await page.goto(`/installations/github?code=0123456789abcdef0123&installation_id=987654321&setup_action=install&state=${slug}.forged`);
    await waitForHydration(page);
    await visible(page.getByRole("heading", { name: "GitHub not connected" }));
    await visible(page.getByRole("alert").getByText(/GitHub could not be connected\. This connection was not started here/));
    await visible(page.getByRole("button", { name: "Close window" }));
    await shots(page, "landing-failed");
  });

  test("when GitHub cannot be reached it says so in our words, with what to do, and no runtime text", async () => {
    const { page } = tab;
    await tab.goto(`/${slug}/settings/integrations`);
    // The round trip this browser started, and an install on GitHub whose code exchange then fails.
    const started = await page.evaluate(async (workspace) => {
      const response = await fetch(`/api/workspaces/${workspace}/connection-states/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "github_install" }),
      });
      return (await response.json()) as { url: string };
    }, slug);
    const login = `octo-down-${Date.now().toString(36)}`;
    const installed = await fetch(new URL(new URL(started.url).pathname, inject("fakeGithubUrl")), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ account: login, user: "", state: new URL(started.url).searchParams.get("state") ?? "", return_to: inject("baseUrl") }),
      redirect: "manual",
    });
    const landing = new URL(installed.headers.get("location") ?? "");
    await fakeGithub("/_fake/oauth/faults", { login, kind: "drop" });

    await tab.goto(`${landing.pathname}${landing.search}`);
    await visible(page.getByRole("heading", { name: "GitHub not connected" }));
    const alert = page.getByRole("alert");
    await visible(alert.getByText("GitHub could not be reached (it may be down or slow to answer). Try again in a few minutes."));
    expect(await alert.textContent()).not.toMatch(/internal error|reference|network connection/i);
    await visible(page.getByText("Start again from the workspace's integrations settings."));
    await visible(page.getByRole("link", { name: "Go to integrations" }));
    await shots(page, "landing-unreachable");
  });
});
