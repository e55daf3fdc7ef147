// The inbox as two people use it: the owner assigns and mentions the member; the member sees the
// count in the sidebar, opens the inbox, moves with J/K, archives with E, and opens the issue. And
// live: a mention typed by one person reaches the other's open tabs within a second.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { expectNoAxeViolations } from "./axe";
import { PASSWORD, type TestPage, launchBrowser, login, newPage, projectWithMember, screenshotsInThemes, to, visible, waitForHydration, waitForPath } from "./fixtures";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The issue's title in the pane once the issue has arrived (an editable field for members). */
const paneTitle = (page: Page, key: string) => page.getByRole("region", { name: `Issue ${key}` }).getByRole("textbox", { name: "Issue title" });
const showsTitle = async (page: Page, key: string, title: string) => {
  await visible(paneTitle(page, key));
  await expect.poll(() => paneTitle(page, key).inputValue()).toBe(title);
};

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

    // Opening the mention shows its issue beside the list and marks it read: the count drops.
    await list.getByRole("listitem", { name: /on RKT-2$/ }).getByRole("link", { name: /Paint the fins/ }).click();
    await showsTitle(page, "RKT-2", "Paint the fins");
    expect(new URL(page.url()).pathname).toBe(`/${slug}/notifications`);
    expect((await page.getByRole("link", { name: "Open issue page" }).getAttribute("href")) ?? "").toBe(`/${slug}/projects/${projectId}/issues/${discussed.id}`);
    await expect.poll(async () => (await member.call<{ unread: number }>("GET", `/api/workspaces/${slug}/notifications/unread-count/`)).unread).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("on a wide screen Enter opens the issue beside the list, where it can be changed; J shows the next, Escape closes; a narrow one goes to the page", async () => {
    const { owner, member, slug, projectId, base } = await projectWithMember({ slugPrefix: "pane", workspace: "Pane Co", project: "Lunar", identifier: "LUN", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    const craters = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Map the craters", assignees_list: [me.id] });
    const probe = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Land the probe", assignees_list: [me.id] });
    await owner.post(`${base}/issues/${probe.id}/comments/`, {
      comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Mind the dust." }] }] },
      comment_html: "<p>Mind the dust.</p>",
    });
    const unread = async () => (await member.call<{ unread: number }>("GET", `/api/workspaces/${slug}/notifications/unread-count/`)).unread;

    const { page, errors, context } = await newPage(browser, { width: 1440, height: 900 });
    await login(page, { email: me.email, password: PASSWORD }, { next: `/${slug}/notifications` });
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Notifications" });
    await visible(list.getByRole("listitem", { name: /assigned you, commented: “Mind the dust\.” on LUN-2$/ }));
    const heading = page.getByRole("heading", { name: "Inbox", level: 1 });
    await heading.click();
    await page.keyboard.press("Enter");

    // The issue shows beside the list: title, properties, comments; the list stays.
    const pane = page.getByRole("region", { name: "Issue LUN-2" });
    await showsTitle(page, "LUN-2", "Land the probe");
    const properties = pane.getByRole("complementary", { name: "Issue properties" });
    await visible(properties.getByRole("button", { name: "State" }));
    await visible(pane.getByRole("article", { name: /^Comment by / }).getByText("Mind the dust."));
    await visible(list.getByRole("listitem", { name: /on LUN-1$/ }));
    expect(new URL(page.url()).pathname).toBe(`/${slug}/notifications`);
    const [listBox, paneBox] = [await list.boundingBox(), await pane.boundingBox()];
    expect(listBox && paneBox).toBeTruthy();
    if (listBox && paneBox) {
      expect(paneBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);
      expect(paneBox.width).toBeGreaterThan(600);
      expect(paneBox.x + paneBox.width).toBeLessThanOrEqual(1440);
      expect(paneBox.y + paneBox.height).toBeLessThanOrEqual(900);
    }
    // Opening read it.
    await expect.poll(unread).toBe(1);
    await screenshotsInThemes(page, "inbox-pane", (theme) => expectNoAxeViolations(page, `inbox pane, ${theme}`));

    // The priority set in the pane's properties is saved, its menu next to its button.
    const priority = properties.getByRole("button", { name: "Priority" });
    await priority.click();
    const urgent = page.getByRole("option", { name: "Urgent" });
    await visible(urgent);
    const [menuBox, triggerBox] = [await page.getByRole("listbox").boundingBox(), await priority.boundingBox()];
    expect(menuBox && triggerBox).toBeTruthy();
    if (menuBox && triggerBox) {
      expect(Math.abs(menuBox.y - (triggerBox.y + triggerBox.height))).toBeLessThan(200);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(1440);
      expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(900);
    }
    await urgent.click();
    await visible(priority.getByText("Urgent"));
    await expect.poll(async () => (await owner.call<{ priority: string }>("GET", `${base}/issues/${probe.id}/`)).priority).toBe("urgent");

    // So is a comment written there.
    await pane.getByRole("textbox", { name: "Add comment" }).click();
    await page.keyboard.type("Dust is fine.");
    await pane.getByRole("button", { name: "Comment", exact: true }).click();
    await visible(pane.getByRole("article", { name: /^Comment by / }).getByText("Dust is fine."));
    const comments = () => owner.call<{ comment_html: string }[]>("GET", `${base}/issues/${probe.id}/comments/`);
    await expect.poll(async () => (await comments()).some((comment) => comment.comment_html.includes("Dust is fine."))).toBe(true);

    // J moves to the next notification and the pane shows its issue (read, too).
    await heading.click();
    await page.keyboard.press("j");
    await showsTitle(page, "LUN-1", "Map the craters");
    await expect.poll(() => list.locator('[aria-current="true"]').getAttribute("aria-label")).toMatch(/on LUN-1$/);
    await expect.poll(unread).toBe(0);

    // The address keeps it across a reload; Escape closes it.
    await page.reload();
    await waitForHydration(page);
    await showsTitle(page, "LUN-1", "Map the craters");
    await heading.click();
    // The keys line names Escape only while there is a pane to close.
    await visible(page.getByText(/Enter to open · Esc to close ·/));
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("region", { name: /^Issue LUN-/ }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("open")).toBeNull();
    await visible(page.getByText(/Enter to open · E to archive ·/));

    // On a narrow screen Enter goes to the issue's page.
    await page.setViewportSize({ width: 700, height: 900 });
    await heading.click();
    await page.keyboard.press("Enter");
    await waitForPath(page, `/${slug}/projects/${projectId}/issues/${craters.id}`);
    await expect.poll(() => page.getByRole("textbox", { name: "Issue title" }).inputValue()).toBe("Map the craters");
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

  test("Unsubscribe from a notification's menu stops the issue's news", async () => {
    const { owner, member, slug, base } = await projectWithMember({ slugPrefix: "unfollow", workspace: "Unfollow Co", project: "Drum", identifier: "DRM", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Tune the drum", assignees_list: [me.id] });
    const inbox = () => member.call<{ id: string; issue: { id: string }; changes: { kind: string }[] }[]>("GET", `/api/workspaces/${slug}/notifications/`);

    const { page, errors, context } = await newPage(browser, { width: 700, height: 900 });
    await login(page, { email: me.email, password: PASSWORD }, { next: `/${slug}/notifications` });
    await waitForHydration(page);
    const row = page.getByRole("list", { name: "Notifications" }).getByRole("listitem", { name: /assigned you on DRM-1$/ });
    const trigger = row.getByRole("button", { name: "More for DRM-1" });
    await trigger.click();
    const item = page.getByRole("menuitem", { name: "Unsubscribe from DRM-1" });
    await visible(item);
    // The menu opens at its button, inside the window.
    const [itemBox, triggerBox] = [await item.boundingBox(), await trigger.boundingBox()];
    expect(itemBox && triggerBox).toBeTruthy();
    if (itemBox && triggerBox) {
      expect(Math.abs(itemBox.y - (triggerBox.y + triggerBox.height))).toBeLessThan(60);
      expect(itemBox.x).toBeGreaterThanOrEqual(0);
      expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(700);
    }
    await item.click();
    await visible(page.getByText("You will hear no more about DRM-1."));
    const followers = await member.call<{ subscribed: boolean }>("GET", `${base}/issues/${issue.id}/subscribers/`);
    expect(followers.subscribed).toBe(false);

    // A change the person would have heard of as a follower now reaches nobody.
    const before = (await inbox()).find((n) => n.issue.id === issue.id);
    await owner.call("PATCH", `${base}/issues/${issue.id}/`, { state: (await owner.call<{ id: string; group: string }[]>("GET", `${base}/states/`)).find((s) => s.group === "started")?.id });
    expect((await inbox()).find((n) => n.issue.id === issue.id)?.changes).toEqual(before?.changes);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the Project filter narrows the inbox to one project and back", async () => {
    const { owner, member, slug, base } = await projectWithMember({ slugPrefix: "inbox-filter", workspace: "Filter Co", project: "Harp", identifier: "HRP", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    const second = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Lute", identifier: "LUT" });
    const secondBase = `/api/workspaces/${slug}/projects/${second.id}`;
    await owner.post(`${secondBase}/members/add/`, { members: [{ member_id: me.id, role: 15 }] });
    await owner.post(`${base}/issues/`, { name: "String the harp", assignees_list: [me.id] });
    await owner.post(`${secondBase}/issues/`, { name: "Tune the lute", assignees_list: [me.id] });

    const { page, errors, context } = await newPage(browser, { width: 1440, height: 900 });
    await login(page, { email: me.email, password: PASSWORD }, { next: `/${slug}/notifications` });
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Notifications" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    await page.getByRole("combobox", { name: "Project", exact: true }).selectOption({ label: "Lute" });
    await waitForPath(page, `/${slug}/notifications?project=${second.id}`);
    await expect.poll(() => list.getByRole("listitem").count()).toBe(1);
    await visible(list.getByRole("listitem", { name: /on LUT-1$/ }));
    await page.getByRole("combobox", { name: "Project", exact: true }).selectOption({ label: "All projects" });
    await expect.poll(() => list.getByRole("listitem").count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("Snooze until a picked date hides the notification until 9:00 that day", async () => {
    const { owner, member, slug, base } = await projectWithMember({ slugPrefix: "snooze", workspace: "Snooze Co", project: "Bell", identifier: "BEL", role: 15 });
    const me = await member.call<{ id: string; email: string }>("GET", "/api/users/me/");
    await owner.post(`${base}/issues/`, { name: "Ring the bell", assignees_list: [me.id] });

    const { page, errors, context } = await newPage(browser, { width: 1440, height: 900 });
    await login(page, { email: me.email, password: PASSWORD }, { next: `/${slug}/notifications` });
    await waitForHydration(page);
    const list = page.getByRole("list", { name: "Notifications" });
    const row = list.getByRole("listitem", { name: /assigned you on BEL-1$/ });
    await row.getByRole("button", { name: "Snooze BEL-1" }).click();
    await page.getByRole("menuitem", { name: "Until a date…" }).click();
    // Ten days on, in the browser's own calendar; the server keeps the instant of 9:00 that day.
    const day = await page.evaluate(() => {
      const date = new Date();
      date.setDate(date.getDate() + 10);
      return { text: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`, nine: new Date(date.getFullYear(), date.getMonth(), date.getDate(), 9).toISOString() };
    });
    await row.getByLabel("Snooze BEL-1 until").fill(day.text);
    await row.getByRole("button", { name: "Snooze", exact: true }).click();
    await expect.poll(() => list.getByRole("listitem").count()).toBe(0);
    // The row leaves at once; the server has the snooze when the write lands.
    const snoozedUntil = async () =>
      (await member.call<{ snoozed_until: string }[]>("GET", `/api/workspaces/${slug}/notifications/?show=snoozed`)).map((n) => n.snoozed_until);
    await expect.poll(snoozedUntil).toEqual([day.nine]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("a mention typed in a comment reaches the other person's two tabs within a second, and reading it in one clears the other", async () => {
    const { owner, member, slug, projectId, base } = await projectWithMember({ slugPrefix: "live-inbox", workspace: "Live Inbox", project: "Comet", identifier: "CMT", role: 15 });
    await member.call("PATCH", "/api/users/me/", { first_name: "Bea" });
    const issue = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Chart the tail" });

    const tabs: TestPage[] = [];
    const open = async (email: string, path: string) => {
      const tab = await newPage(browser);
      tabs.push(tab);
      await login(tab.page, { email, password: PASSWORD }, { next: path });
      await waitForHydration(tab.page);
      return tab;
    };
    const inboxPath = `/${slug}/notifications`;
    const bea = await open(member.email, inboxPath);
    const beaElsewhere = await open(member.email, `/${slug}/projects/${projectId}/issues`);
    const writer = await open(owner.email, `/${slug}/projects/${projectId}/issues/${issue.id}`);
    const inboxLink = (tab: TestPage, name: RegExp) => tab.page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name });
    await visible(bea.page.getByText(/^You're all caught up\./));

    // The owner types @, picks Bea from the list with the keyboard, and sends the comment.
    const composer = writer.page.getByRole("textbox", { name: "Add comment" });
    await composer.click();
    await writer.page.keyboard.type("Can you look? @Be");
    const suggestions = writer.page.getByRole("listbox", { name: "Mention a member" });
    await visible(suggestions.getByRole("option", { name: /Bea/ }));
    const [menuBox, composerBox] = [await suggestions.boundingBox(), await composer.boundingBox()];
    const viewport = writer.page.viewportSize();
    expect(menuBox && composerBox && viewport).toBeTruthy();
    if (menuBox && composerBox && viewport) {
      // The list opens at the caret, inside the window.
      expect(menuBox.y).toBeGreaterThanOrEqual(composerBox.y - menuBox.height - 8);
      expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(viewport.height);
      expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(viewport.width);
    }
    await writer.page.keyboard.press("Enter");
    await visible(composer.locator('[data-type="mention"]', { hasText: "@Bea" }));
    const answered = writer.page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes(`/issues/${issue.id}`));
    await writer.page.getByRole("button", { name: "Comment", exact: true }).click();
    await answered;

    // Within a second, without a reload: the row in Bea's inbox, the count in both her tabs.
    const row = bea.page.getByRole("list", { name: "Notifications" }).getByRole("listitem", { name: /mentioned you.* on CMT-1$/ });
    await visible(row, 1000);
    await visible(inboxLink(bea, /^Inbox\s*1 unread$/), 1000);
    await visible(inboxLink(beaElsewhere, /^Inbox\s*1 unread$/), 1000);

    // She opens it: the issue shows beside her inbox, and her other tab's count goes.
    await row.getByRole("link", { name: /Chart the tail/ }).click();
    await showsTitle(bea.page, "CMT-1", "Chart the tail");
    await visible(inboxLink(beaElsewhere, /^Inbox$/), 1000);
    for (const tab of tabs) {
      expect(tab.errors).toEqual([]);
      await tab.context.close();
    }
  });
});
