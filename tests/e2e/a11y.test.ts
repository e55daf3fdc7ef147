// Every screen, in the light and in the dark theme, passes axe's WCAG 2 A and AA rules (colour
// contrast included). The screens are a list: a new page joins by adding an entry to SCREENS.
// Signed-in screens use the user's stored theme; signed-out ones follow the device
// (prefers-color-scheme), as the app does for people who are not signed in.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ApiUser, PASSWORD, type TestPage, launchBrowser, login, newPage, to, visible, waitForHydration } from "./fixtures";
import { expectNoAxeViolations } from "./axe";

interface World {
  slug: string;
  projectId: string;
  issueId: string;
  cycleId: string;
  moduleId: string;
  viewId: string;
  pageId: string;
}

interface Screen {
  name: string;
  /** Whether the screen needs the signed-in user (otherwise it is scanned signed out). */
  signedIn: boolean;
  /** Goes to the screen and waits until what it shows is on the page. */
  open(page: Page, world: World): Promise<void>;
}

async function go(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const LAYOUT_KEYS: Record<string, string> = {
  "List layout": "list",
  "Kanban layout": "kanban",
  "Calendar layout": "calendar",
  "Gantt chart layout": "gantt_chart",
  "Spreadsheet layout": "spreadsheet",
};

/** Opens the issues page in a layout stored beforehand (as the user's display preference). */
async function issuesLayout(page: Page, world: World, layout: string, ready: (page: Page) => Promise<unknown>) {
  await owner.post(`/api/workspaces/${world.slug}/projects/${world.projectId}/project-views/`, {
    view_props: { issueView: LAYOUT_KEYS[layout], groupByProperty: null, orderBy: "-created_at", showEmptyGroups: true, filters: {} },
  });
  await go(page, to.projectIssues(world.slug, world.projectId));
  await expect.poll(() => page.getByRole("button", { name: layout }).getAttribute("aria-pressed")).toBe("true");
  await ready(page);
}

/** A CSV import with one unreadable row, into a project of its own (once for both themes). */
let imported: Promise<unknown> | null = null;
function importOnce(world: World) {
  imported ??= (async () => {
    const project = await owner.post<{ id: string }>(`/api/workspaces/${world.slug}/projects/`, { name: "Imported Board", identifier: "IMP" });
    const csv = "Title,Due date\nFirst imported issue,2026-01-05\nSecond imported issue,not a date\n";
    await owner.post(`/api/workspaces/${world.slug}/projects/importers/csv/`, {
      project_id: project.id,
      file_name: "contrast.csv",
      csv,
      mapping: { title: "Title", due_date: "Due date" },
    });
  })();
  return imported;
}

const issuePage = (world: World) => `${to.projectIssues(world.slug, world.projectId)}/${world.issueId}`;

const SCREENS: Screen[] = [
  {
    name: "sign-in",
    signedIn: false,
    open: async (page) => {
      await go(page, to.signIn());
      await visible(page.getByRole("heading", { name: "Sign in to Edge Tracker" }));
    },
  },
  {
    name: "sign-up",
    signedIn: false,
    open: async (page) => {
      await go(page, to.signUp());
      await visible(page.getByLabel("First name"));
    },
  },
  {
    name: "workspace home (projects list)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, to.workspace(world.slug));
      await visible(page.getByRole("heading", { name: "Projects" }));
      await visible(page.getByText("Contrast Board").first());
    },
  },
  {
    name: "workspace menu",
    signedIn: true,
    open: async (page, world) => {
      await go(page, to.workspace(world.slug));
      await page.getByRole("button", { name: /Switch workspace/ }).click();
      await visible(page.getByRole("menuitem", { name: "Appearance" }));
    },
  },
  {
    name: "create project dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, to.workspace(world.slug));
      await page.getByRole("button", { name: "Add Project" }).click();
      await visible(page.getByRole("dialog"));
    },
  },
  {
    name: "issues: list",
    signedIn: true,
    open: (page, world) => issuesLayout(page, world, "List layout", (p) => visible(p.getByText("Audit the login flow").first())),
  },
  {
    name: "issues: kanban",
    signedIn: true,
    open: (page, world) => issuesLayout(page, world, "Kanban layout", (p) => visible(p.getByText("Audit the login flow").first())),
  },
  {
    name: "issues: calendar",
    signedIn: true,
    open: (page, world) => issuesLayout(page, world, "Calendar layout", (p) => visible(p.getByText("Ship the release notes").first())),
  },
  {
    name: "issues: gantt",
    signedIn: true,
    open: (page, world) =>
      issuesLayout(page, world, "Gantt chart layout", (p) => visible(p.getByRole("region", { name: "Gantt chart" }).getByText("Audit the login flow"))),
  },
  {
    name: "issues: spreadsheet",
    signedIn: true,
    open: (page, world) =>
      issuesLayout(page, world, "Spreadsheet layout", (p) => visible(p.getByRole("grid", { name: "Issues" }).getByText("Audit the login flow"))),
  },
  {
    name: "issue modal",
    signedIn: true,
    open: async (page, world) => {
      await issuesLayout(page, world, "List layout", (p) => visible(p.getByText("Audit the login flow").first()));
      await page.keyboard.press("c");
      await visible(page.getByRole("dialog", { name: "Create Issue" }));
    },
  },
  {
    name: "command palette",
    signedIn: true,
    open: async (page, world) => {
      await issuesLayout(page, world, "List layout", (p) => visible(p.getByText("Audit the login flow").first()));
      await page.keyboard.press("Control+k");
      await visible(page.getByRole("option", { name: "Create new issue" }));
    },
  },
  {
    name: "command palette: search results",
    signedIn: true,
    open: async (page, world) => {
      await go(page, to.workspace(world.slug));
      await page.keyboard.press("Control+k");
      await page.getByPlaceholder("Type a command or search...").fill("the");
      await visible(page.getByRole("option", { name: /Audit the login flow/ }));
    },
  },
  {
    name: "command palette on the issue page",
    signedIn: true,
    open: async (page, world) => {
      await go(page, issuePage(world));
      await visible(page.getByText("Looks right to me.").first());
      await page.keyboard.press("Control+k");
      await visible(page.getByRole("option", { name: "Change state..." }));
    },
  },
  {
    name: "keyboard shortcuts dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, to.workspace(world.slug));
      await page.keyboard.press("h");
      await visible(page.getByRole("dialog", { name: "Keyboard Shortcuts" }).getByText("Copy the issue URL"));
    },
  },
  {
    name: "issue page",
    signedIn: true,
    open: async (page, world) => {
      await go(page, issuePage(world));
      await visible(page.getByText("Looks right to me.").first());
    },
  },
  {
    name: "issue page with a toast",
    signedIn: true,
    open: async (page, world) => {
      await go(page, issuePage(world));
      await page.getByRole("button", { name: "Copy issue link" }).click();
      await visible(page.getByRole("button", { name: "Dismiss notification" }));
    },
  },
  {
    name: "cycle issues",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles/${world.cycleId}`);
      await visible(page.getByText("Audit the login flow").first());
    },
  },
  {
    name: "module issues",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/modules/${world.moduleId}`);
      await visible(page.getByText("Ship the release notes").first());
      // The module's sidebar, with its progress and links.
      await visible(page.getByRole("complementary", { name: "Module details" }).getByRole("heading", { name: "Links" }));
    },
  },
  {
    name: "modules list",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/modules`);
      await visible(page.getByRole("link", { name: "Billing" }));
    },
  },
  {
    name: "modules timeline",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/modules`);
      await page.getByRole("button", { name: "Timeline", exact: true }).click();
      await visible(page.getByRole("region", { name: "Modules timeline" }).getByRole("link", { name: "Billing" }));
    },
  },
  {
    name: "module dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/modules`);
      // The cards (the timeline's screen left the list on Timeline, a remembered choice).
      await page.getByRole("button", { name: "Cards", exact: true }).click();
      await page.getByRole("button", { name: "Billing actions" }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await visible(page.getByRole("dialog", { name: "Update Module" }).getByLabel("Title"));
    },
  },
  {
    name: "saved view",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/views/${world.viewId}`);
      await visible(page.getByText("Audit the login flow").first());
    },
  },
  {
    name: "saved views list",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/views`);
      await visible(page.getByRole("link", { name: "High only" }));
    },
  },
  {
    name: "saved view dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/views`);
      await page.getByRole("button", { name: "High only actions" }).click();
      await page.getByRole("menuitem", { name: "Edit view" }).click();
      await visible(page.getByRole("dialog", { name: "Update View" }).getByRole("button", { name: "Remove High filter" }));
    },
  },
  {
    name: "page not found",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/no-such-page`);
      await visible(page.getByText("Page not found", { exact: true }));
    },
  },
  {
    name: "create workspace",
    signedIn: true,
    open: async (page) => {
      await go(page, to.createWorkspace());
      await visible(page.getByRole("heading", { name: "Create your workspace" }));
    },
  },
  {
    name: "pending invitations",
    signedIn: true,
    open: async (page) => {
      await go(page, to.invitations());
      await visible(page.getByRole("heading", { name: "Pending invitations" }));
    },
  },
  {
    name: "labels settings",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings/labels`);
      await visible(page.getByText("Regression").first());
    },
  },
  {
    name: "profile",
    signedIn: true,
    open: async (page) => {
      await go(page, "/profile");
      await visible(page.getByRole("heading", { name: "Profile settings" }));
    },
  },
  {
    name: "workspace settings: general",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings`);
      await visible(page.getByRole("button", { name: "Delete workspace" }));
    },
  },
  {
    name: "workspace settings: members",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/members`);
      await visible(page.getByRole("button", { name: "Invite", exact: true }));
    },
  },
  {
    name: "workspace settings: billing",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/billing`);
      await visible(page.getByRole("heading", { name: "Billing and Plans" }));
    },
  },
  {
    name: "appearance",
    signedIn: true,
    open: async (page) => {
      await go(page, "/profile/appearance");
      await visible(page.getByRole("heading", { name: "Appearance" }));
    },
  },
  {
    name: "project settings: states",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings/states`);
      await visible(page.getByRole("region", { name: "Cancelled states" }));
    },
  },
  {
    name: "project settings: estimates",
    signedIn: true,
    open: async (page, world) => {
      // An estimate the project uses, so its card and "In use" badge are scanned too.
      const base = `/api/workspaces/${world.slug}/projects/${world.projectId}`;
      const estimates = await owner.call<{ id: string }[]>("GET", `${base}/estimates/`);
      if (estimates.length === 0) {
        const estimate = await owner.post<{ id: string }>(`${base}/estimates/`, {
          estimate: { name: "Fibonacci" },
          estimate_points: ["1", "2", "3", "5", "8"].map((value, key) => ({ key, value })),
        });
        await owner.call("PATCH", `${base}/`, { estimate: estimate.id });
      }
      await go(page, `${to.project(world.slug, world.projectId)}/settings/estimates`);
      await visible(page.getByText("In use"));
    },
  },
  {
    name: "project settings: general",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings`);
      await visible(page.getByRole("button", { name: "Delete project" }));
    },
  },
  {
    name: "project settings: general, cover picker open",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings`);
      await page.getByRole("button", { name: "Change cover" }).click();
      await visible(page.getByRole("button", { name: "Aurora cover" }));
    },
  },
  {
    name: "project settings: general, emoji picker open",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings`);
      await page.getByRole("main").getByRole("button", { name: "Choose project emoji or icon" }).click();
      await visible(page.getByRole("dialog", { name: "Emoji and icon" }).getByRole("region", { name: "Smileys & Emotion" }));
    },
  },
  {
    name: "project settings: general, icon picker open",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings`);
      await page.getByRole("main").getByRole("button", { name: "Choose project emoji or icon" }).click();
      const picker = page.getByRole("dialog", { name: "Emoji and icon" });
      await picker.getByRole("tab", { name: "Icon" }).click();
      await visible(picker.getByRole("button", { name: "rocket launch icon" }));
    },
  },
  {
    name: "issues: gantt full screen",
    signedIn: true,
    open: async (page, world) => {
      await issuesLayout(page, world, "Gantt chart layout", (p) => visible(p.getByRole("region", { name: "Gantt chart" }).getByText("Audit the login flow")));
      await page.getByRole("button", { name: "Full screen" }).click();
      await visible(page.getByRole("button", { name: "Exit full screen" }));
    },
  },
  {
    name: "project settings: members",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings/members`);
      await visible(page.getByRole("region", { name: "Project members" }));
    },
  },
  {
    name: "project settings: integrations",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/settings/integrations`);
      await visible(page.getByRole("heading", { name: "Slack" }));
    },
  },
  {
    name: "cycles list (list)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles`);
      await page.getByRole("button", { name: "List layout" }).click();
      await visible(page.getByRole("list", { name: "Cycles" }).getByRole("link", { name: "Sprint 1", exact: true }));
    },
  },
  {
    name: "cycles list (board)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles`);
      await page.getByRole("button", { name: "Board layout" }).click();
      await visible(page.getByRole("button", { name: "Board layout", pressed: true }));
      await visible(page.getByRole("list", { name: "Cycles" }).getByRole("link", { name: "Sprint 1", exact: true }));
    },
  },
  {
    name: "cycles list (gantt)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles`);
      await page.getByRole("button", { name: "Gantt layout" }).click();
      await visible(page.getByRole("region", { name: "Cycles timeline" }).getByRole("link", { name: "Sprint 2" }));
    },
  },
  {
    name: "active cycle dashboard",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles?tab=current`);
      await visible(page.getByRole("region", { name: "High Priority Issues" }).getByRole("link", { name: "Fix the flaky deploy" }));
    },
  },
  {
    name: "cycle dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/cycles`);
      await page.getByRole("button", { name: "Create Cycle" }).click();
      await visible(page.getByRole("dialog", { name: "Create Cycle" }).getByLabel("Start date"));
    },
  },
  {
    name: "pages list (grid)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/pages`);
      await page.getByRole("button", { name: "Grid view" }).click();
      await visible(page.getByRole("list", { name: "First blocks of Release plan" }));
    },
  },
  {
    name: "pages list (detailed)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/pages?tab=recent`);
      await page.getByRole("button", { name: "Detailed view" }).click();
      // The page was made when the run began: "Yesterday" once the run has crossed midnight.
      await visible(page.getByRole("heading", { name: /^(Today|Yesterday)$/ }));
      await visible(page.getByRole("list", { name: "First blocks of Release plan" }));
    },
  },
  {
    name: "page detail",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/pages/${world.pageId}`);
      await visible(page.getByText("Synced"));
      await visible(page.getByTestId("linked-issue-state"));
    },
  },
  {
    name: "page detail (editing a block)",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `${to.project(world.slug, world.projectId)}/pages/${world.pageId}`);
      await page.getByRole("heading", { name: "Freeze the branch" }).click();
      await visible(page.getByRole("textbox", { name: "Block description" }));
    },
  },
  {
    name: "workspace settings: import-export with previous imports",
    signedIn: true,
    open: async (page, world) => {
      await importOnce(world);
      await go(page, `/${world.slug}/settings/import-export`);
      await visible(page.getByRole("listitem", { name: "CSV import of contrast.csv" }).getByText("1 row was not imported"));
    },
  },
  {
    name: "import-export: Jira wizard with its messages",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/import-export?provider=jira`);
      await visible(page.getByLabel("Jira cloud host name"));
      await page.getByLabel("Project key").focus();
      await page.getByLabel("Project key").blur();
      await visible(page.getByText("Please enter your project key."));
    },
  },
  {
    name: "import-export: GitHub wizard",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/import-export?provider=github`);
      await visible(page.getByLabel("Personal access token"));
    },
  },
  {
    name: "import-export: CSV wizard",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/import-export?provider=csv`);
      await visible(page.getByLabel("CSV file"));
    },
  },
  {
    name: "import-export: export dialog",
    signedIn: true,
    open: async (page, world) => {
      await go(page, `/${world.slug}/settings/import-export`);
      await page.getByRole("button", { name: "Export as JSON" }).click();
      await visible(page.getByRole("dialog", { name: "Export as JSON" }).getByLabel("Project", { exact: true }));
    },
  },
];

let browser: Browser;
let owner: ApiUser;
let world: World;
let signedIn: TestPage;
let signedOut: TestPage;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await ApiUser.signUp();
  const slug = `a11y-${Date.now().toString(36)}`;
  await owner.post("/api/workspaces/", { name: "Contrast Works", slug });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: "Contrast Board", identifier: "CON" });
  const base = `/api/workspaces/${slug}/projects/${project.id}`;
  const me = await owner.call<{ id: string }>("GET", "/api/users/me/");
  const states = await owner.call<{ id: string; name: string }[]>("GET", `${base}/states/`);
  const stateId = (name: string) => states.find((state) => state.name === name)?.id;
  const bug = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Regression", color: "#dc2626" });
  const docs = await owner.post<{ id: string }>(`${base}/issue-labels/`, { name: "Docs", color: "#22c55e" });
  const today = new Date().toISOString().slice(0, 10);
  const issue = await owner.post<{ id: string }>(`${base}/issues/`, {
    name: "Audit the login flow",
    state: stateId("In Progress"),
    priority: "high",
    labels_list: [bug.id],
    assignees_list: [me.id],
    start_date: today,
    target_date: today,
  });
  // The calendar hides weekends by default, so the issue it looks for falls on a weekday of this month.
  const releaseNotes = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Ship the release notes", state: stateId("Todo"), priority: "low", labels_list: [docs.id], target_date: weekdayOfThisMonth() });
  await owner.post(`${base}/issues/`, { name: "Retire the old importer", state: stateId("Done"), priority: "none" });
  await owner.post(`${base}/issues/`, { name: "Check the sub-issue", parent: issue.id });
  await owner.post(`${base}/issues/${issue.id}/comments/`, { comment_html: "<p>Looks right to me.</p>", comment_json: { type: "doc" } });
  const cycle = await owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint 1" });
  await owner.post(`${base}/cycles/${cycle.id}/cycle-issues/`, { issues: [issue.id] });
  // The current cycle, for the active cycle's dashboard.
  // From yesterday to tomorrow, so it is still the current cycle if the run crosses midnight.
  const dayOff = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const running = await owner.post<{ id: string }>(`${base}/cycles/`, { name: "Sprint 2", start_date: dayOff(-1), end_date: dayOff(1) });
  const flaky = await owner.post<{ id: string }>(`${base}/issues/`, { name: "Fix the flaky deploy", priority: "urgent", assignees_list: [me.id], labels_list: [bug.id] });
  await owner.post(`${base}/cycles/${running.id}/cycle-issues/`, { issues: [flaky.id] });
  const module = await owner.post<{ id: string }>(`${base}/modules/`, { name: "Billing" });
  await owner.post(`${base}/modules/${module.id}/module-issues/`, { issues: [releaseNotes.id] });
  const view = await owner.post<{ id: string }>(`${base}/views/`, { name: "High only", query_data: { priority: ["high"] } });
  const notes = await owner.post<{ id: string }>(`${base}/pages/`, { name: "Release plan" });
  const blocks = [];
  for (const name of ["Freeze the branch", "Write the changelog", "Tag the release"]) {
    blocks.push(await owner.post<{ id: string }>(`${base}/pages/${notes.id}/page-blocks/`, { name, description_html: `<p>${name}, then tell the team.</p>` }));
  }
  await owner.post(`${base}/page-blocks/${blocks[1].id}/issues/`, {});
  world = { slug, projectId: project.id, issueId: issue.id, cycleId: cycle.id, moduleId: module.id, viewId: view.id, pageId: notes.id };

  signedIn = await newPage(browser, { width: 1440, height: 900 });
  await signedIn.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await login(signedIn.page, { email: owner.email, password: PASSWORD });
  signedOut = await newPage(browser, { width: 1440, height: 900 });
});

afterAll(async () => {
  await browser?.close();
});

describe.each(["light", "dark"] as const)("%s theme", (theme) => {
  beforeAll(async () => {
    await owner.call("PATCH", "/api/users/me/", { theme: { theme } });
    await signedOut.page.emulateMedia({ colorScheme: theme });
  });

  test.each(SCREENS.map((screen) => [screen.name, screen] as const))("%s has no WCAG A/AA violation", async (_, screen) => {
    const tab = screen.signedIn ? signedIn : signedOut;
    await screen.open(tab.page, world);
    // The pass checks the theme it names: the page really is drawn in it.
    const scheme = await tab.page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
    expect(scheme).toBe(theme);
    await expectNoAxeViolations(tab.page, `${screen.name} (${theme})`);
  });
});

/** A Monday-to-Friday date in the current UTC month (the 15th, or the Friday before it). */
function weekdayOfThisMonth(): string {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 15));
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}
