// Outgoing webhooks as an owner uses them: open Webhooks from the workspace settings, add one
// pointed at the fake customer endpoint (tests/fakes/webhook-receiver.ts), give the endpoint the
// secret the page shows, make an issue and watch its delivery arrive in the log, verified by the
// endpoint; then redeliver it. Retries, switching off and the roles are the workerd suite's
// (tests/api/webhooks.test.ts). Screenshots at 1440 and 700 px, light and dark, land in
// test-results/e2e/.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, runSql, screenshotsInThemes, uniqueSlug, visible } from "./fixtures";

let browser: Browser;
let owner: ApiUser;
let tab: TestPage;
let projectId: string;
const slug = uniqueSlug("hooks");
const receiver = () => inject("fakeWebhookReceiverUrl");

interface Received {
  delivery_id: string;
  event: string;
  verified: boolean;
  answered: number;
  body: { id: string; data: { name: string } };
}

async function receiverCall<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${receiver()}${pathname}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake receiver ${method} ${pathname}: ${response.status}`);
  return (await response.json()) as T;
}

/** Clicks the log's Refresh until `row` shows (the delivery goes out on the queue's own time). */
async function refreshUntilVisible(log: Locator, row: Locator, tries = 20) {
  for (let attempt = 1; ; attempt++) {
    await log.getByRole("button", { name: "Refresh" }).click();
    try {
      await row.waitFor({ state: "visible", timeout: 1500 });
      return;
    } catch (error) {
      if (attempt === tries) throw error;
    }
  }
}

const shots = (page: Page, name: string) => screenshotsInThemes(page, `webhooks-${name}`);

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  await owner.post("/api/workspaces/", { name: "Hooks Co", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Hooks", identifier: "HOOK" });
  projectId = project.id;
  tab = await newPage(browser, { width: 1440, height: 900 });
  await login(tab.page, { email: owner.email, password: PASSWORD }, { next: `/${slug}/settings` });
});

afterAll(async () => {
  await browser?.close();
});

describe("outgoing webhooks", () => {
  test("an owner adds a webhook, an issue is made, and its verified delivery shows in the log", async () => {
    const { page } = tab;
    const endpoint = await receiverCall<{ id: string; url: string }>("POST", "/_fake/endpoints", {});

    await page.getByRole("navigation", { name: "Workspace Settings" }).getByRole("link", { name: "Webhooks" }).click();
    await visible(page.getByRole("heading", { name: "Webhooks" }));
    await visible(page.getByText("No webhooks yet."));

    await page.getByRole("button", { name: "Add webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook" });
    await visible(dialog);
    // The server's rule lands on the field: deliveries leave over https.
    await dialog.getByLabel("Payload URL").fill("http://hooks.example.com/tracker");
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await visible(dialog.getByText(/The URL must start with https:\/\//));
    await shots(page, "add");

    await dialog.getByLabel("Payload URL").fill(endpoint.url);
    await dialog.getByLabel(/Comments/).check();
    await dialog.getByRole("button", { name: "Add webhook" }).click();
    await visible(page.getByRole("status").getByText("Webhook added."));
    await dialog.waitFor({ state: "hidden" });

    // The secret is shown once, right away, to copy into the receiver.
    const secret = await page.getByLabel("New webhook's signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await receiverCall("PATCH", `/_fake/endpoints/${endpoint.id}`, { secret });

    const card = page.getByRole("region", { name: `Webhook ${endpoint.url}` });
    await visible(card.getByText("Active"));
    await visible(card.getByRole("list", { name: "Events" }).getByText("Issues"));
    await visible(card.getByRole("list", { name: "Events" }).getByText("Comments"));
    await visible(card.getByText("No deliveries yet."));

    await owner.post(`/api/workspaces/${slug}/projects/${projectId}/issues/`, { name: "Hello from the tracker" });
    const row = card.getByRole("list", { name: "Deliveries" }).getByRole("listitem").filter({ hasText: "issue.created" });
    await refreshUntilVisible(card, row.filter({ hasText: "Delivered" }));
    await visible(row.getByText("200", { exact: true }));
    await visible(row.getByText("1 attempt"));

    const received = await receiverCall<Received[]>("GET", `/_fake/endpoints/${endpoint.id}/deliveries`);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ event: "issue.created", verified: true, answered: 200 });
    expect(received[0].body.data.name).toBe("Hello from the tracker");
    await shots(page, "log");
    // Readable and labelled in both themes (WCAG 2 AA), toasts gone.
    await page.getByRole("button", { name: "Done" }).click();
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
      await expectNoAxeViolations(page, `webhooks page (${dark ? "dark" : "light"})`);
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));

    // Redeliver: the same event again, as a new delivery that the endpoint verifies too.
    await row.first().getByRole("button", { name: /^Redeliver/ }).click();
    await visible(page.getByRole("status").getByText("Redelivery queued."));
    const rows = card.getByRole("list", { name: "Deliveries" }).getByRole("listitem");
    await refreshUntilVisible(card, rows.nth(1).filter({ hasText: "Delivered" }));
    await visible(rows.nth(0).filter({ hasText: "Delivered" }));
    const again = await receiverCall<Received[]>("GET", `/_fake/endpoints/${endpoint.id}/deliveries`);
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ verified: true, answered: 200 });
    expect(again[1].body.id).toBe(again[0].body.id);
    expect(again[1].delivery_id).not.toBe(again[0].delivery_id);

    // The secret stays hidden on the card until asked for.
    const secretField = card.getByRole("textbox", { name: "Signing secret", exact: true });
    expect(await secretField.inputValue()).not.toContain(secret.slice(6));
    await card.getByRole("button", { name: "Show" }).click();
    expect(await secretField.inputValue()).toBe(secret);
  });

  test("a webhook switched off after repeated failures says why, and an owner switches it back on", async () => {
    const { page } = tab;
    const endpoint = await receiverCall<{ id: string; url: string }>("POST", "/_fake/endpoints", {});
    const hook = await owner.post<{ id: string }>(`/api/workspaces/${slug}/webhooks/`, { url: endpoint.url, events: ["project"] });
    // What the delivery job does after its 20th failure in a row (tests/api/webhooks.test.ts walks it).
    const reason = "Switched off after 20 failed deliveries in a row (last: HTTP 500).";
    await runSql(`UPDATE webhooks SET is_active = 0, consecutive_failures = 20, disabled_reason = '${reason}' WHERE id = '${hook.id}'`);
    await tab.goto(`/${slug}/settings/webhooks`);
    const card = page.getByRole("region", { name: `Webhook ${endpoint.url}` });
    await visible(card.getByText("Switched off", { exact: true }));
    await visible(card.getByRole("note").getByText(reason, { exact: false }));
    await expect(card.getByRole("button", { name: /^Redeliver/ }).count()).resolves.toBe(0);
    await shots(page, "switched-off");

    await card.getByRole("button", { name: "Switch on" }).click();
    await visible(page.getByRole("status").getByText("Webhook switched on."));
    await visible(card.getByText("Active", { exact: true }));
    await card.getByRole("note").waitFor({ state: "detached" });
  });

  test("a save refused for the whole webhook is told once, in the server's words", async () => {
    const { page } = tab;
    const endpoint = await receiverCall<{ id: string; url: string }>("POST", "/_fake/endpoints", {});
    const hook = await owner.post<{ id: string }>(`/api/workspaces/${slug}/webhooks/`, { url: endpoint.url, events: ["issue"] });
    await tab.goto(`/${slug}/settings/webhooks`);
    await page.getByRole("button", { name: `Edit webhook ${endpoint.url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit webhook" });
    await visible(dialog);
    // Deleted elsewhere while the dialog is open: the refusal names no field, so no form error.
    await owner.call("DELETE", `/api/workspaces/${slug}/webhooks/${hook.id}/`);
    await dialog.getByLabel(/Comments/).check();
    await dialog.getByRole("button", { name: "Save changes" }).click();
    // The open dialog hides the page from the accessibility tree, so the toast is found by its role attribute.
    await visible(page.locator('[role="alert"]', { hasText: "Webhook not found." }));
    await expect(dialog.getByText("Webhook not found.").count()).resolves.toBe(0);
  });
});
