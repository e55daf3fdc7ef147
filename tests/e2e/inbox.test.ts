// The inbox as two people use it: the owner assigns and mentions the member; the member sees the
// count in the sidebar, opens the inbox, moves with J/K, archives with E, and opens the issue.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { PASSWORD, launchBrowser, login, newPage, projectWithMember, screenshotsInThemes, to, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const mentionOf = (id: string, label: string) => `<span data-type="mention" data-id="${id}" data-label="${label}" class="mention">@${label}</span>`;

describe("inbox", () => {
  test("a member hears of an assignment and a mention, moves with the keyboard, archives and opens", async () => {
    const { owner, member, slug, projectId, base } = await projectWithMember({ slugPrefix: "inbox", workspace: "Inbox Co", project: "Rocket", identifier: "RKT", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    await owner.post(`${base}/issues/`, { name: "Fuel the rocket", assignees_list: [me.id] });
    const discussed = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Paint the fins" });
    await owner.post(`${base}/issues/${discussed.id}/comments/`, {
      comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "hi" }] }] },
      comment_html: `<p>Colours? ${mentionOf(me.id, "Other")}</p>`,
    });

    const { page, errors, context } = await newPage(browser);
    await login(page, { email: me.email, password: PASSWORD }, { next: to.workspace(slug) });
    const inboxLink = page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: /^Inbox/ });
    await visible(inboxLink.getByText("2"));
    await inboxLink.click();
    await waitForPath(page, `/${slug}/notifications`);
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Notifications" });
    await visible(list.getByRole("listitem", { name: /^Other mentioned you, commented: “Colours\? @Other” on RKT-2$/ }));
    await visible(list.getByRole("listitem", { name: /assigned you on RKT-1$/ }));
    await screenshotsInThemes(page, "inbox", (theme) => expectNoAxeViolations(page, `inbox, ${theme}`));

    // The Mentions tab holds the mention alone.
    await page.getByRole("navigation", { name: "Inbox tabs" }).getByRole("link", { name: "Mentions" }).click();
    await waitForPath(page, `/${slug}/notifications?tab=mentions`);
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await page.getByRole("navigation", { name: "Inbox tabs" }).getByRole("link", { name: "All" }).click();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);

    // J moves to the second row (the older assignment); E archives it.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("j");
    await expect.poll(() => list.locator('[aria-current="true"]').getAttribute("aria-label")).toMatch(/on RKT-1$/);
    await page.keyboard.press("e");
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await page.getByRole("navigation", { name: "Shelves" }).getByRole("link", { name: "Archived" }).click();
    await visible(list.getByRole("listitem", { name: /on RKT-1$/ }));
    await page.getByRole("navigation", { name: "Shelves" }).getByRole("link", { name: "Inbox" }).click();

    // Opening the mention shows its issue and marks it read: the count drops.
    await list.getByRole("listitem", { name: /on RKT-2$/ }).getByRole("button", { name: /Paint the fins/ }).click();
    await waitForPath(page, `/${slug}/projects/${projectId}/issues/${discussed.id}`);
    await visible(page.getByRole("heading", { name: "Paint the fins" }).or(page.getByText("Paint the fins").first()));
    await expect.poll(async () => (await member.call<{ unread: number }>("GET", `/api/workspaces/${slug}/notifications/unread-count/`)).unread).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Subscribe on the issue page brings its changes to the inbox; Unsubscribe stops them", async () => {
    const { owner, member, slug, projectId, base } = await projectWithMember({ slugPrefix: "follow", workspace: "Follow Co", project: "Kite", identifier: "KIT", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Fly the kite" });

    const { page, errors, context } = await newPage(browser);
    await login(page, { email: me.email, password: PASSWORD }, { next: `/${slug}/projects/${projectId}/issues/${issue.id}` });
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Subscribers" });
    // The creator follows their issue.
    await visible(section.getByText("Other", { exact: true }));
    await section.getByRole("button", { name: "Subscribe" }).click();
    await visible(section.getByRole("button", { name: "Unsubscribe" }));
    await visible(section.getByText("Other, Other"));
    await screenshotsInThemes(page, "issue-subscribers");

    await owner.call("PATCH", `${base}/issues/${issue.id}/`, { priority: "urgent" });
    const inbox = () => member.call<{ id: string; issue: { id: string }; changes: { kind: string }[] }[]>("GET", `/api/workspaces/${slug}/notifications/`);
    await expect.poll(async () => (await inbox()).filter((n) => n.issue.id === issue.id).map((n) => n.changes.map((c) => c.kind))).toEqual([["priority"]]);

    await section.getByRole("button", { name: "Unsubscribe" }).click();
    await visible(section.getByRole("button", { name: "Subscribe" }));
    await member.call("PATCH", `/api/workspaces/${slug}/notifications/${(await inbox())[0].id}/`, { archived: true });
    await owner.call("PATCH", `${base}/issues/${issue.id}/`, { priority: "low" });
    expect((await inbox()).filter((n) => n.issue.id === issue.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
