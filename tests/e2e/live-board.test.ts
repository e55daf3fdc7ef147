// Live boards in the browser (issue 7): two members have the same project's kanban open in two
// browser contexts; a card one of them drags to another column moves in the other's page without
// a reload, and each sees the other in the presence indicator.
// Data the test is not about (workspace, project, membership, the issue) is arranged over REST.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, screenshot, to, uniqueEmail, uniqueSlug, visible } from "./fixtures";

let browser: Browser;
const pages: TestPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const tab of pages) await tab.context.close();
  await browser?.close();
});

interface Arranged {
  slug: string;
  projectId: string;
  issueId: string;
  states: Record<string, string>;
  owner: ApiUser;
  member: ApiUser;
}

async function arrange(): Promise<Arranged> {
  const owner = await ApiUser.signUp(uniqueEmail("owner"));
  const member = await ApiUser.signUp(uniqueEmail("member"));
  const slug = uniqueSlug("live");
  await owner.post("/api/workspaces/", { name: "Live boards", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Live board", identifier: "LIVE" });
  const invite = await owner.post<{ invitations: { token: string }[] }>(`/api/workspaces/${slug}/invite/`, { emails: [{ email: member.email, role: 15 }] });
  await member.post("/api/users/me/invitations/workspaces/", { token: invite.invitations[0].token });
  const me = await member.call<{ id: string }>("GET", "/api/users/me/");
  await owner.post(`/api/workspaces/${slug}/projects/${project.id}/members/add/`, { members: [{ member_id: me.id, role: 15 }] });
  const stateList = await owner.call<{ id: string; name: string }[]>("GET", `/api/workspaces/${slug}/projects/${project.id}/states/`);
  const states = Object.fromEntries(stateList.map((state) => [state.name, state.id]));
  const issue = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/${project.id}/issues/`, {
    name: "Drag me across",
    state: states.Todo,
  });
  return { slug, projectId: project.id, issueId: issue.id, states, owner, member };
}

async function openKanban(tab: TestPage, user: ApiUser, arranged: Arranged) {
  // The layout is arranged over REST: switching it in the page would post an action whose
  // follow-up revalidation could land after the test starts watching for loader fetches.
  await user.post(`/api/workspaces/${arranged.slug}/projects/${arranged.projectId}/project-views/`, {
    view_props: { issueView: "kanban", groupByProperty: "state" },
  });
  await login(tab.page, { email: user.email, password: PASSWORD }, { next: to.projectIssues(arranged.slug, arranged.projectId) });
  await tab.goto(to.projectIssues(arranged.slug, arranged.projectId));
  await visible(tab.page.locator(`[data-group-key="${arranged.states.Todo}"] [data-issue-id="${arranged.issueId}"]`));
}

describe("live board", () => {
  test("a card dragged in one page moves in the other without a reload; presence shows both", async () => {
    const arranged = await arrange();
    const [a, b] = [await newPage(browser), await newPage(browser)];
    pages.push(a, b);
    await openKanban(a, arranged.owner, arranged);
    await openKanban(b, arranged.member, arranged);

    // Both are on the board: each page's indicator counts two people.
    await visible(a.page.getByRole("status", { name: "2 people viewing" }));
    await visible(b.page.getByRole("status", { name: "2 people viewing" }));

    // A marker that a reload or a document navigation would wipe, and page B's loader fetches.
    await b.page.evaluate(() => {
      (window as unknown as { liveMarker: string }).liveMarker = "still here";
    });
    const loaderFetches: string[] = [];
    b.page.on("request", (request) => {
      if (request.resourceType() === "document" || /\.data(\?|$)/.test(request.url())) loaderFetches.push(request.url());
    });

    // Drag with real pointer moves: sortablejs (forceFallback) follows mousemove steps.
    const card = a.page.locator(`[data-issue-id="${arranged.issueId}"]`);
    const target = a.page.locator(`[data-group-key="${arranged.states["In Progress"]}"]`);
    const from = await card.boundingBox();
    const column = await target.boundingBox();
    if (!from || !column) throw new Error("card or column not laid out");
    // Grab the card by its bottom edge: the title is a link and the top row holds buttons.
    const grab = { x: from.x + 8, y: from.y + from.height - 6 };
    await a.page.mouse.move(grab.x, grab.y);
    // The views load sortablejs when the pointer first enters them.
    await visible(a.page.locator('[data-dnd="ready"]'));
    await a.page.mouse.down();
    await a.page.mouse.move(grab.x + 10, grab.y + 5, { steps: 5 });
    await a.page.mouse.move(column.x + column.width / 2, column.y + 40, { steps: 20 });
    await a.page.mouse.up();
    await visible(a.page.locator(`[data-group-key="${arranged.states["In Progress"]}"] [data-issue-id="${arranged.issueId}"]`));

    // Page B: the card is now in In Progress, no longer in Todo, and the page was not reloaded.
    await visible(b.page.locator(`[data-group-key="${arranged.states["In Progress"]}"] [data-issue-id="${arranged.issueId}"]`), 10_000);
    expect(await b.page.locator(`[data-group-key="${arranged.states.Todo}"] [data-issue-id="${arranged.issueId}"]`).count()).toBe(0);
    expect(await b.page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker)).toBe("still here");
    // Patched from the socket, not by re-running the page's loaders.
    expect(loaderFetches).toEqual([]);

    // And the database agrees.
    const saved = await arranged.member.call<{ state: string }>(
      "GET",
      `/api/workspaces/${arranged.slug}/projects/${arranged.projectId}/issues/${arranged.issueId}/`,
    );
    expect(saved.state).toBe(arranged.states["In Progress"]);

    // Page B leaves: A's indicator drops to one.
    await b.context.close();
    pages.splice(pages.indexOf(b), 1);
    await visible(a.page.getByRole("status", { name: "1 person viewing" }));
    await screenshot(a.page, "live-board-after-drag");
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
