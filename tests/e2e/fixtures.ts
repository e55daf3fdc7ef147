// Fixtures for browser tests: the browser, pages that record console
// errors (hydration mismatches show up there) and Content-Security-Policy violations, typed paths, and sign-up / sign-in helpers that go
// through the UI. The API is used only to arrange what a test is not about (other users' data).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type Locator, type Page, type Request, chromium } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { CHROMIUM_ARGS } from "../../scripts/lib/chromium.mjs";
import { WRANGLER_ENV, bin, capture } from "../../scripts/lib/run.mjs";
import { issueKeyPath, projectIssuesPath, projectPath, signInPath, workspacePath } from "../../app/lib/paths";

export const baseUrl = () => inject("baseUrl");

/** Typed navigation targets: the same path builders the app links with. */
export const to = {
  signIn: (next?: string) => signInPath(next),
  signUp: () => "/sign-up",
  createWorkspace: () => "/create-workspace",
  invitations: () => "/invitations",
  workspace: (slug: string) => workspacePath(slug),
  project: (slug: string, projectId: string) => projectPath(slug, projectId),
  projectIssues: (slug: string, projectId: string) => projectIssuesPath(slug, projectId),
  issueKey: (slug: string, key: string) => issueKeyPath(slug, key),
};

export const PASSWORD = "correct horse battery staple";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
export const uniqueEmail = (name = "user") => `${name}-${unique()}@example.test`;
export const uniqueSlug = (name = "ws") => `${name}-${unique()}`;

export async function launchBrowser(): Promise<Browser> {
  // playwright's launch gives every browser a fresh temporary user-data-dir.
  return chromium.launch({ executablePath: inject("chromiumPath"), args: CHROMIUM_ARGS, headless: true });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions seen so far (hydration errors land here). */
  errors: string[];
  /**
   * What the page policy refused in this page or a popup it opened, as the browser reported it
   * (directive, what was blocked, where). Any entry fails the test: unlike console errors, no
   * violation can be allowed, since the app must run under its own policy. The one test that
   * provokes a violation on purpose removes the entries it checked.
   */
  violations: string[];
  /** Errors this page is expected to log from now on (a 5xx or exception the test provokes). */
  allowErrors(...patterns: RegExp[]): void;
  /** Like `allowErrors`, for the running test only: a known, open bug the test would otherwise trip on. */
  allowErrorsInThisTest(...patterns: RegExp[]): void;
  goto(pathname: string): Promise<void>;
}

/**
 * Console errors that are not the app misbehaving: Chromium logs every 4xx response ("Failed to
 * load resource"), and the shells answer 401/403/404 on purpose; tests assert those statuses by
 * what the page shows. A live socket's handshake refused with 401 is the same answer: a page that
 * signs out while its socket is still connecting is refused, rightly, and Chromium logs it. The
 * router logs a fetcher read it aborted because a newer read of the same fetcher replaced it
 * (after an action it reads every fetcher again): an abort loses nothing, the newer read answers.
 * 5xx responses, exceptions and hydration errors are still collected.
 */
const IGNORED_ERRORS = [
  /favicon\.ico/,
  /Failed to load resource: the server responded with a status of 4\d\d/,
  /^WebSocket connection to '[^']+' failed: HTTP Authentication failed; no valid credentials available /,
  /^AbortError: signal is aborted without reason\b/,
];

/** The name of the function pages call to report a policy violation to the test. */
const VIOLATION_BINDING = "__reportCspViolation";

/**
 * Runs in every document before its own scripts: each `securitypolicyviolation` event (the
 * browser fires one for every script, style, image, connection or form the page policy refuses)
 * is reported to the test through the binding, which the policy cannot block.
 */
function reportCspViolations(binding: string) {
  document.addEventListener(
    "securitypolicyviolation",
    (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : "";
      const sample = event.sample ? ` ("${event.sample}")` : "";
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report(`${event.effectiveDirective} refused ${event.blockedURI || "an inline resource"}${where}${sample}`);
    },
    true,
  );
}

/** Every page opened in this test file, with how many of its errors were checked already. */
const opened: { tab: TestPage; allowed: RegExp[]; allowedNow: RegExp[]; checked: number; inFlight: Map<Request, number> }[] = [];

/** The requests a page still waits for, oldest first, with how long each has been waiting. */
function describeInFlight(inFlight: Map<Request, number>) {
  const now = Date.now();
  return [...inFlight].map(([request, since]) => `  ${request.method()} ${request.url()} (${now - since} ms)`);
}

/**
 * A test fails when one of its pages logged a console error or threw an exception it did not
 * declare with `allowErrors` (hydration mismatches, failed requests, React errors): every test
 * file that opens pages gets this check after each test.
 */
afterEach((context) => {
  // A failed test says what its pages were still loading: a navigation that timed out names the
  // request that held it up.
  if (context.task.result?.state === "fail") {
    for (const entry of opened) {
      const waiting = describeInFlight(entry.inFlight);
      if (waiting.length > 0) console.error(`requests in flight on ${entry.tab.page.url()}:\n${waiting.join("\n")}`);
    }
  }
  const unexpected: string[] = [];
  const violations: string[] = [];
  for (const entry of opened) {
    const fresh = entry.tab.errors.slice(entry.checked);
    entry.checked = entry.tab.errors.length;
    const allowed = [...entry.allowed, ...entry.allowedNow.splice(0)];
    unexpected.push(...fresh.filter((text) => !allowed.some((pattern) => pattern.test(text))));
    violations.push(...entry.tab.violations.splice(0));
  }
  if (violations.length > 0) {
    throw new Error(`the Content-Security-Policy refused ${violations.length} thing(s):\n${violations.join("\n")}`);
  }
  if (unexpected.length > 0) {
    throw new Error(`the browser logged ${unexpected.length} unexpected error(s):\n${unexpected.join("\n")}`);
  }
});

export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; allowErrors?: RegExp[]; server?: string; userAgent?: string } = {},
): Promise<TestPage> {
  const server = options.server ?? baseUrl();
  const context = await browser.newContext({
    baseURL: server,
    viewport: { width: options.width ?? 1360, height: options.height ?? 860 },
    // A browser of another kind, as the server reads it (the session list names devices by it).
    userAgent: options.userAgent,
  });
  const violations: string[] = [];
  await context.exposeBinding(VIOLATION_BINDING, ({ page: from }, text: string) => {
    violations.push(`${text} (on ${from.url()})`);
  });
  await context.addInitScript(reportCspViolations, VIOLATION_BINDING);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(30_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = `${message.text()} ${message.location().url ?? ""}`;
    if (!IGNORED_ERRORS.some((pattern) => pattern.test(text))) errors.push(text);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  const inFlight = new Map<Request, number>();
  page.on("request", (request) => inFlight.set(request, Date.now()));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  const allowed = [...(options.allowErrors ?? [])];
  const allowedNow: RegExp[] = [];
  const tab: TestPage = {
    page,
    context,
    errors,
    violations,
    allowErrors: (...patterns) => allowed.push(...patterns),
    allowErrorsInThisTest: (...patterns) => allowedNow.push(...patterns),
    async goto(pathname) {
      await page.goto(pathname);
      await waitForHydration(page);
    },
  };
  opened.push({ tab, allowed, allowedNow, checked: 0, inFlight });
  return tab;
}

/** Waits until the document has hydrated (the root layout marks it) and so answers input. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

/**
 * Holds the page's requests matching `pattern` (a lazy chunk, say) until `release()`:
 * `requested` settles at the first one. `stop()` lets them all through and ends the hold.
 */
export async function holdRequests(page: Page, pattern: RegExp) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markRequested = () => {};
  const requested = new Promise<void>((resolve) => {
    markRequested = resolve;
  });
  const handling = new Set<Promise<void>>();
  await page.route(pattern, (route) => {
    markRequested();
    const handled = held.then(() => route.continue());
    handling.add(handled);
    return handled;
  });
  return {
    requested,
    release: () => release(),
    async stop() {
      release();
      // The requests held go on before the hold ends (ended first, a held one is handled twice).
      await Promise.all(handling);
      await page.unroute(pattern);
    },
  };
}

export async function visible(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

export function pathOf(page: Page) {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export async function waitForPath(page: Page, expected: string | RegExp) {
  await page.waitForURL((url) => {
    const current = url.pathname + url.search;
    return typeof expected === "string" ? current === expected : expected.test(current);
  });
  await waitForHydration(page);
}

/**
 * What "Copy link" put on the clipboard is the issue's key address (`{origin}/{slug}/browse/DEMO-52`),
 * and opening it in another tab of the same browser lands on the issue's page.
 */
export async function expectCopiedIssueLink(page: Page, issue: { slug: string; key: string; pagePath: string }) {
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseUrl()}${to.issueKey(issue.slug, issue.key)}`);
  const opened = await page.context().newPage();
  try {
    await opened.goto(copied);
    await waitForPath(opened, issue.pagePath);
  } finally {
    await opened.close();
  }
}

export interface Account {
  email: string;
  password: string;
  firstName: string;
}

/** Signs up through /sign-up; a new account lands on workspace creation (or its invitations). */
export async function signUpThroughUi(page: Page, account: Partial<Account> = {}): Promise<Account> {
  const filled: Account = {
    email: account.email ?? uniqueEmail(),
    password: account.password ?? PASSWORD,
    firstName: account.firstName ?? "Ada",
  };
  await page.goto(to.signUp());
  await waitForHydration(page);
  await page.getByLabel("First name").fill(filled.firstName);
  await page.getByLabel("Last name").fill("Tester");
  await page.getByLabel("Email").fill(filled.email);
  await page.getByLabel("Password").fill(filled.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname !== "/sign-up");
  await waitForHydration(page);
  return filled;
}

/** Signs in through the form on the current page, or on "/" (optionally with `next`). */
export async function login(page: Page, account: Pick<Account, "email" | "password">, options: { next?: string; navigate?: boolean } = {}) {
  if (options.navigate !== false) {
    await page.goto(to.signIn(options.next));
    await waitForHydration(page);
  }
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname !== "/");
  await waitForHydration(page);
}

export async function createWorkspaceThroughUi(page: Page, name: string, slug = uniqueSlug()) {
  if (new URL(page.url()).pathname !== to.createWorkspace()) {
    await page.goto(to.createWorkspace());
    await waitForHydration(page);
  }
  await page.getByLabel("Workspace name").fill(name);
  await page.getByLabel("Workspace URL").fill(slug);
  await page.getByRole("button", { name: "Create workspace" }).click();
  await waitForPath(page, to.workspace(slug));
  return slug;
}

export const VERIFY_SUBJECT = "Verify your email address for Edge Tracker";

/**
 * The text of the newest mail to `to` whose subject is (or matches) `subject`, read from the local
 * SMTP server once the queue has sent it.
 */
export async function mailedText(to: string, subject: string | RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`${inject("fakeMailboxUrl")}/messages?to=${encodeURIComponent(to)}`);
    const mails = ((await response.json()) as { subject: string; text: string }[]).filter((mail) =>
      typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject),
    );
    if (mails.length > 0) return mails[mails.length - 1].text;
    if (Date.now() > deadline) throw new Error(`no "${subject}" mail reached ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The secret of the newest link mailed to `to` about `subject` (a link to `/{path}/{secret}`). */
export async function mailedLinkToken(to: string, subject: string, path: string): Promise<string> {
  const text = await mailedText(to, subject);
  const token = new RegExp(`/${path}/([\\w-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`the "${subject}" mail to ${to} has no /${path}/ link`);
  return token;
}

/** Verifies the page's account the way a person does: the newest such mail in the outbox, its link, the button. */
export async function verifyAddressThroughOutbox(page: Page, email: string) {
  await page.goto("/dev/outbox");
  await waitForHydration(page);
  await page.getByRole("listitem", { name: `${VERIFY_SUBJECT} to ${email}` }).first().getByRole("link", { name: /\/verify-email\// }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/verify-email/"));
  await waitForHydration(page);
  await page.getByRole("button", { name: "Verify my address" }).click();
  await visible(page.getByRole("status").getByText(`${email} is verified.`));
}

/** A signed-in API session for arranging data the test is not about. */
export class ApiUser {
  constructor(
    readonly email: string,
    readonly cookie: string,
    /** The server this session belongs to (a test may start a second one). */
    readonly server = baseUrl(),
  ) {}

  /** A new account, its address verified with the link the sign-up mailed it. */
  static async signUp(email = uniqueEmail("other"), server = baseUrl()) {
    const response = await fetch(`${server}/api/auth/sign-up/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server },
      body: JSON.stringify({ email, password: PASSWORD, first_name: "Other" }),
    });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("session="));
    if (!cookie) throw new Error("sign-up set no session cookie");
    const user = new ApiUser(email, cookie.split(";")[0], server);
    // Only a server whose mail reaches the local SMTP server (the suite's) can be verified this way.
    if (server === baseUrl()) await user.call("POST", "/api/auth/verify-email/", { token: await mailedLinkToken(email, VERIFY_SUBJECT, "verify-email") });
    return user;
  }

  async call<T = Record<string, unknown>>(method: string, pathname: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server}${pathname}`, {
      method,
      headers: { cookie: this.cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  post<T = Record<string, unknown>>(pathname: string, body: unknown) {
    return this.call<T>("POST", pathname, body);
  }
}

/**
 * A workspace and project made over the API by a new owner, with a second new user who joined
 * the workspace and the project at `role`.
 */
export async function projectWithMember(options: { slugPrefix: string; workspace: string; project: string; identifier: string; role: number }) {
  const owner = await ApiUser.signUp();
  const member = await ApiUser.signUp();
  const slug = uniqueSlug(options.slugPrefix);
  await owner.post("/api/workspaces/", { name: options.workspace, slug });
  const invite = await owner.post<{ invitations: { token: string }[] }>(`/api/workspaces/${slug}/invite/`, {
    emails: [{ email: member.email, role: options.role }],
  });
  await member.post("/api/users/me/invitations/workspaces/", { token: invite.invitations[0].token });
  const project = await owner.post<{ id: string }>(`/api/workspaces/${slug}/projects/`, { name: options.project, identifier: options.identifier });
  const base = `/api/workspaces/${slug}/projects/${project.id}`;
  const memberMe = await member.call<{ id: string }>("GET", "/api/users/me/");
  await owner.post(`${base}/members/add/`, { members: [{ member_id: memberMe.id, role: options.role }] });
  return { owner, member, slug, projectId: project.id, base };
}

/**
 * A tab signed in as `user` on the project's issues, shown with `viewProps` (stored first as the
 * user's display preference, as the View popover would).
 */
export async function openIssuesAs(browser: Browser, user: ApiUser, slug: string, projectId: string, viewProps: Record<string, unknown>) {
  const tab = await newPage(browser);
  await user.post(`/api/workspaces/${slug}/projects/${projectId}/project-views/`, { view_props: viewProps });
  await login(tab.page, { email: user.email, password: PASSWORD }, { next: to.projectIssues(slug, projectId) });
  await tab.goto(to.projectIssues(slug, projectId));
  return tab;
}

/**
 * Runs SQL on the running server's local D1, for rows the API refuses to write by design (a cycle
 * that has already ended) and for thousands of rows at once, as an importer writes them (a board
 * of 5,000 issues). Everything else is arranged through the API.
 */
export async function runSql(sql: string) {
  // The running server writes the same database file: while it holds the write lock, SQLite
  // answers "database is locked" at once, and the statement is simply run again.
  for (let attempt = 1; ; attempt++) {
    const result = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", inject("persistDir"), "--command", sql], {
      env: { ...process.env, ...WRANGLER_ENV, CI: "true" },
    });
    if (result.code === 0) return;
    const locked = `${result.stdout}${result.stderr}`.includes("SQLITE_BUSY");
    if (!locked || attempt >= SQL_ATTEMPTS) throw new Error(`SQL failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** How many times a statement refused with "database is locked" is tried. */
const SQL_ATTEMPTS = 5;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "..", "..", "test-results", "e2e");

/**
 * Whether this run saves screenshots (`npm run screenshots`). They are for people to look at, not
 * checks: `npm test` walks the same screens and asserts the same things without writing pictures,
 * which costs a fifth of the browser suite's time.
 */
const SAVE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/** Saves a screenshot (the full page unless told the viewport) under test-results/e2e/ when this run keeps screenshots. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * Screenshots of the screen as it is, at 1440 and 700 px in the light and the dark theme, named
 * `{prefix}-{theme}-{width}`. The theme is switched the way the server draws it (the `dark` class
 * on <html>), so a dialog or wizard keeps its state; `eachTheme` runs once per theme (an axe check,
 * say). The page ends at 1440 px in the light theme.
 */
export async function screenshotsInThemes(page: Page, prefix: string, eachTheme?: (theme: "light" | "dark") => Promise<void>) {
  // Colours that fade (transition-colors) would be caught halfway through the switch.
  const still = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle("dark", dark), theme === "dark");
    for (const width of SAVE_SCREENSHOTS ? [1440, 700] : []) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `${prefix}-${theme}-${width}`);
    }
    await eachTheme?.(theme);
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await still.evaluate((element) => (element as Element).remove());
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * Drags with real pointer moves, as a person does: sortablejs (in fallback mode) starts a drag
 * only after the pointer travels a few pixels and finds the drop target under the pointer.
 * `grab` is where on the source to press (offset from its top-left); `at` where on the target
 * to let go ("top" drops before the target's first item, "bottom" after its last).
 */
export async function dragByMouse(
  page: Page,
  source: Locator,
  target: Locator,
  options: { grab?: { x: number; y: number }; at?: "top" | "center" | "bottom" } = {},
) {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag source or target is not on screen");
  const startX = from.x + (options.grab?.x ?? Math.min(12, from.width / 2));
  const startY = from.y + (options.grab?.y ?? Math.min(10, from.height / 2));
  const at = options.at ?? "center";
  const endX = to.x + to.width / 2;
  const endY = at === "top" ? to.y + 4 : at === "bottom" ? to.y + to.height - 4 : to.y + to.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  await page.mouse.move(startX + 6, startY + 6, { steps: 3 });
  await page.mouse.move(endX, endY, { steps: 20 });
  // sortablejs reacts to moves on an interval; a short pause and a last nudge settle the target.
  await page.waitForTimeout(150);
  await page.mouse.move(endX, endY + 1);
  await page.mouse.up();
}

/** The popover sits beside its trigger and wholly inside the window. */
export async function expectBesideTrigger(page: Page, trigger: Locator, popover: Locator) {
  const from = (await trigger.boundingBox())!;
  const box = (await popover.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  // Just below (or above) the trigger, overlapping it horizontally.
  const gap = Math.min(Math.abs(box.y - (from.y + from.height)), Math.abs(from.y - (box.y + box.height)));
  expect(gap).toBeLessThan(16);
  expect(box.x).toBeLessThan(from.x + from.width);
  expect(box.x + box.width).toBeGreaterThan(from.x);
}
