// A project's Slack channel as its owner switches it: the switch opens Slack's authorisation page
// (the fake Slack) in a 600x600 pop-up, the person picks a channel and allows, and once the pop-up
// has closed the card shows the channel; the project's next issue reaches that channel; switching
// off removes the channel record. The refusals and the queue's retries are the workerd suite's
// (tests/api/slack.test.ts).
//
// The pop-up lands on the app's /installations/slack page, which hands the code to
// POST /api/slack-redirect and closes itself. While the app answers that path with 404 (the page
// comes with the workspace integrations work), the test does the same in the pop-up
// (LANDING_STAND_IN); once the page is there, the page does it.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { TEST_SLACK_APP } from "../fakes";
import { SLACK_CHANNEL_SCOPES } from "../../workers/integrations/slack/authorize-url";
import { ApiUser, PASSWORD, type TestPage, baseUrl, launchBrowser, login, newPage, screenshot, to, uniqueSlug, visible } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
const slug = uniqueSlug("slack");
let projectId = "";
let integrationId = "";

const settingsPath = () => `${to.project(slug, projectId)}/settings/integrations`;
const syncApi = () => `/api/workspaces/${slug}/projects/${projectId}/workspace-integrations/${integrationId}/project-slack-sync/`;

/** What the landing page does, run in the pop-up while the app has none: hand Slack's code and state to the API, then close. */
async function LANDING_STAND_IN() {
  const params = new URLSearchParams(location.search);
  const response = await fetch("/api/slack-redirect/", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code: params.get("code"), state: params.get("state") }),
  });
  setTimeout(() => window.close(), 0);
  return response.status;
}

/** Installs Slack for the workspace as its owner would: starts the round trip, then the fake's Allow. */
async function installSlackForWorkspace() {
  const started = await owner.post<{ url: string }>(`/api/workspaces/${slug}/connection-states/`, { kind: "slack_install" });
  const allow = new URL("/oauth/v2/authorize/allow", inject("fakeSlackUrl"));
  allow.search = new URLSearchParams({
    client_id: TEST_SLACK_APP.clientId,
    scope: SLACK_CHANNEL_SCOPES.filter((scope) => scope !== "incoming-webhook").join(","),
    redirect_uri: `${baseUrl()}/installations/slack`,
    state: new URL(started.url).searchParams.get("state") ?? "",
    decision: "allow",
  }).toString();
  const answer = await fetch(allow, { redirect: "manual" });
  const back = new URL(answer.headers.get("location") ?? "");
  const installed = await owner.post<{ workspace_integration: { id: string } }>("/api/slack-redirect/", {
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
  });
  integrationId = installed.workspace_integration.id;
}

const slackMessages = async (channel: string) =>
  (await (await fetch(`${inject("fakeSlackUrl")}/_fake/messages?channel=${channel}`)).json()) as { text: string }[];

const card = (page: Page) => page.getByTestId("integration-slack");
const slackSwitch = (page: Page) => card(page).getByRole("switch", { name: "Slack" });

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Slack Co", slug });
  projectId = (await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Launch", identifier: "LCH" })).id;
  await installSlackForWorkspace();
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: settingsPath() });
});

afterAll(async () => {
  await browser?.close();
});

describe("the project's Slack card", () => {
  test("the switch authorises a channel in a 600x600 pop-up, news reaches it, and off removes it", async () => {
    const { page } = tab;
    await tab.goto(settingsPath());
    await visible(card(page).getByText("Off: no channel receives this project's news."));
    expect(await slackSwitch(page).getAttribute("aria-checked")).toBe("false");

    const [popup] = await Promise.all([page.waitForEvent("popup"), slackSwitch(page).click()]);
    await visible(popup.getByRole("button", { name: "Allow" }));
    expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 600]);
    expect(new URL(popup.url()).searchParams.get("state")).toMatch(new RegExp(`^${slug}\\.[A-Za-z0-9_-]{43}$`));
    await visible(card(page).getByText("Waiting for Slack… finish in the Slack window."));
    await popup.getByLabel("Post to").selectOption({ label: "#tracker-news" });
    const landed = popup.waitForResponse((response) => response.url().startsWith(`${baseUrl()}/installations/slack?`));
    await popup.getByRole("button", { name: "Allow" }).click();
    if ((await landed).status() === 404) expect(await popup.evaluate(LANDING_STAND_IN)).toBe(201);
    if (!popup.isClosed()) await popup.waitForEvent("close");

    // The card looks every second; once the pop-up is gone it reads the channel again.
    await visible(card(page).getByText("Posting to #tracker-news in Fake Team"));
    expect(await slackSwitch(page).getAttribute("aria-checked")).toBe("true");
    expect(await owner.call<{ channel_name: string }[]>("GET", syncApi())).toEqual([expect.objectContaining({ channel_name: "tracker-news" })]);

    const name = `Launch checklist ${Date.now().toString(36)}`;
    await owner.post(`/api/workspaces/${slug}/projects/${projectId}/issues/`, { name });
    await expect.poll(async () => (await slackMessages("C0TRACKER")).filter((m) => m.text.includes(`LCH-1 ${name}`)).length, { timeout: 20_000 }).toBe(1);

    for (const theme of ["light", "dark"] as const) {
      await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
      for (const width of [1440, 700]) {
        await page.setViewportSize({ width, height: 900 });
        await tab.goto(settingsPath());
        await visible(card(page).getByText("Posting to #tracker-news in Fake Team"));
        await screenshot(page, `project-settings-slack-${theme}-${width}`);
      }
    }
    await owner.call("PATCH", "/api/users/me/", { theme: { theme: "light" } });
    await page.setViewportSize({ width: 1440, height: 900 });
    await tab.goto(settingsPath());

    await slackSwitch(page).click();
    await visible(card(page).getByText("Off: no channel receives this project's news."));
    expect(await slackSwitch(page).getAttribute("aria-checked")).toBe("false");
    expect(await owner.call("GET", syncApi())).toEqual([]);
  });
});
