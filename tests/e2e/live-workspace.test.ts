// The live workspace shell (issue 33): the projects list and the sidebar follow what another
// member does, and the sidebar's favourites follow a star clicked in another tab, each within a
// second and without reloading the document.
// Data the test is not about (workspace, membership, the cycle) is arranged over REST.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { projectCyclesPath } from "../../app/lib/paths";
import { PASSWORD, type TestPage, launchBrowser, login, newPage, projectWithMember, to, visible, waitForHydration } from "./fixtures";

/** How soon another tab's or member's write must show. */
const LIVE_WITHIN_MS = 1_000;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A marker that a reload or a document navigation would wipe. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMarker: string }).liveMarker = "still here";
  });
}

const documentKept = (page: Page) => page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker);

async function openProjectsList(tab: TestPage, email: string, slug: string) {
  await login(tab.page, { email, password: PASSWORD }, { next: to.workspace(slug) });
  await tab.goto(`${to.workspace(slug)}/projects`);
  await visible(tab.page.getByRole("heading", { name: "Projects", level: 1 }));
  await markDocument(tab.page);
}

describe("live workspace shell", () => {
  test("a project another member creates shows on my projects list, and in my sidebar once I am added", async () => {
    const team = await projectWithMember({ slugPrefix: "livews", workspace: "Live Works", project: "First", identifier: "FST", role: 15 });
    const tab = await newPage(browser);
    await openProjectsList(tab, team.member.email, team.slug);
    const main = tab.page.getByRole("main");
    const sidebarProjects = tab.page.getByRole("navigation", { name: "Workspace" }).getByRole("region", { name: "Projects" });
    await visible(sidebarProjects.getByText("First", { exact: true }));

    const created = await team.owner.post<{ id: string }>(`/api/workspaces/${team.slug}/projects/`, { name: "Launchpad", identifier: "LNC" });
    await visible(main.getByText("Launchpad", { exact: true }), LIVE_WITHIN_MS);
    // Not a member of it yet: the sidebar lists only the projects I belong to.
    expect(await sidebarProjects.getByText("Launchpad", { exact: true }).count()).toBe(0);

    const me = await team.member.call<{ id: string }>("GET", "/api/users/me/");
    await team.owner.post(`/api/workspaces/${team.slug}/projects/${created.id}/members/add/`, { members: [{ member_id: me.id, role: 15 }] });
    await visible(sidebarProjects.getByText("Launchpad", { exact: true }), LIVE_WITHIN_MS);
    expect(await documentKept(tab.page)).toBe("still here");
    expect(tab.errors).toEqual([]);
  });

  test("a project created after my page read its lists but before its socket connected still shows", async () => {
    const team = await projectWithMember({ slugPrefix: "livegap", workspace: "Gap Works", project: "First", identifier: "GAP", role: 15 });
    const tab = await newPage(browser);
    await login(tab.page, { email: team.member.email, password: PASSWORD }, { next: to.workspace(team.slug) });
    // The workspace socket waits until the project exists, as on a slow connection.
    let connect!: () => void;
    const created = new Promise<void>((resolve) => {
      connect = resolve;
    });
    await tab.page.routeWebSocket(/\/api\/workspaces\/[^/]+\/live$/, async (socket) => {
      await created;
      socket.connectToServer();
    });
    await tab.goto(`${to.workspace(team.slug)}/projects`);
    await visible(tab.page.getByRole("heading", { name: "Projects", level: 1 }));
    await markDocument(tab.page);
    await team.owner.post(`/api/workspaces/${team.slug}/projects/`, { name: "Latecomer", identifier: "LTC" });
    connect();
    await visible(tab.page.getByRole("main").getByText("Latecomer", { exact: true }), LIVE_WITHIN_MS);
    expect(await documentKept(tab.page)).toBe("still here");
    expect(tab.errors).toEqual([]);
  });

  test("a cycle starred in one tab shows in the other tab's sidebar favourites", async () => {
    const team = await projectWithMember({ slugPrefix: "livefav", workspace: "Fav Works", project: "Sprints", identifier: "SPT", role: 15 });
    await team.owner.post(`${team.base}/cycles/`, { name: "Sprint Nine" });
    const [tabA, tabB] = [await newPage(browser), await newPage(browser)];
    await openProjectsList(tabB, team.member.email, team.slug);
    const favorites = tabB.page.getByRole("navigation", { name: "Workspace" }).getByRole("region", { name: "Favorites" });
    expect(await favorites.count()).toBe(0);

    await login(tabA.page, { email: team.member.email, password: PASSWORD }, { next: to.workspace(team.slug) });
    await tabA.page.goto(projectCyclesPath(team.slug, team.projectId));
    await waitForHydration(tabA.page);
    // The star shows at once in tab A; the second counts from when the server answered the write.
    const written = tabA.page.waitForResponse((response) => response.request().method() === "POST");
    await tabA.page.getByRole("button", { name: "Add Sprint Nine to favorites" }).click();
    await visible(tabA.page.getByRole("button", { name: "Remove Sprint Nine from favorites", pressed: true }));
    expect((await written).ok()).toBe(true);

    await visible(favorites.getByRole("link", { name: "Sprint Nine" }), LIVE_WITHIN_MS);
    expect(await documentKept(tabB.page)).toBe("still here");
    expect(tabA.errors).toEqual([]);
    expect(tabB.errors).toEqual([]);
  });
});
