// Paths the app links to, in one place. Client-safe.
import { RESERVED_SLUGS } from "../../workers/domain/schemas/reserved-slugs";
import { safeNext } from "./safe-next";

export { safeNext };

/** Where a person asks for a password reset link. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";

/** An account page's query: the safe `next` to return to, and an address to fill in (an invitation's). */
function accountQuery(next: string | null | undefined, email: string | undefined) {
  const safe = safeNext(next);
  const query = new URLSearchParams();
  if (safe && safe !== "/") query.set("next", safe);
  if (email) query.set("email", email);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The sign-in page, optionally sending the user back to `next` afterwards. */
export function signInPath(next?: string | null, email?: string) {
  return `/${accountQuery(next, email)}`;
}

/** Sign-up, carrying any safe `next` along so the new account lands there. */
export function signUpPath(next?: string | null, email?: string) {
  return `/sign-up${accountQuery(next, email)}`;
}

/** Where a person asks for a sign-in link and code by mail. */
export function signInLinkPath(next?: string | null, email?: string) {
  return `/sign-in-link${accountQuery(next, email)}`;
}

/** Where a person types the code of a sign-in mail sent to `email`. */
export function signInCodePath(email: string, next?: string | null) {
  return `/sign-in-code${accountQuery(next, email)}`;
}

export const workspacePath = (slug: string) => `/${slug}`;
/** The person's notifications in the workspace. */
export const inboxPath = (slug: string) => `/${slug}/notifications`;
/** My work: the signed-in person's issues across their projects, on `tab` (the first tab when not said). */
export const myWorkPath = (slug: string, tab?: string) => `/${slug}/my-work${tab ? `?tab=${tab}` : ""}`;
export const projectPath = (slug: string, projectId: string) => `/${slug}/projects/${projectId}`;
export const projectIssuesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/issues`;
/** Where the issue views read more of a list source's issues (a resource route; `source` is "project" or "cycle:ID"...). */
export const issueWindowsPath = (slug: string, projectId: string, source: { kind: string; id: string | null }) =>
  `${projectPath(slug, projectId)}/issue-windows?source=${source.kind === "project" || !source.id ? "project" : `${source.kind}:${source.id}`}`;

/** First path segments that belong to the app rather than to a workspace: those no workspace may take. */
const isAppSegment = (segment: string) => segment === "" || RESERVED_SLUGS.has(segment);

export const workspaceSlugOf = (pathname: string) => pathname.split("/")[1] ?? "";

export function isWorkspacePath(pathname: string) {
  return !isAppSegment(workspaceSlugOf(pathname));
}

export const projectCyclesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/cycles`;
export const cycleIssuesPath = (slug: string, projectId: string, cycleId: string) => `${projectCyclesPath(slug, projectId)}/${cycleId}`;
/** The cycle side panel's data and writes (a resource route). */
export const cyclePanelPath = (slug: string, projectId: string, cycleId: string) => `${cycleIssuesPath(slug, projectId, cycleId)}/panel`;
export const projectModulesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/modules`;
export const moduleIssuesPath = (slug: string, projectId: string, moduleId: string) => `${projectModulesPath(slug, projectId)}/${moduleId}`;
export const projectViewsPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/views`;
export const viewIssuesPath = (slug: string, projectId: string, viewId: string) => `${projectViewsPath(slug, projectId)}/${viewId}`;

/** The profile page; `back` is the page to return to (a path in the app, checked like `next`). */
export function profilePath(back?: string | null) {
  const safe = safeNext(back);
  return safe && safe !== "/" ? `/profile?back=${encodeURIComponent(safe)}` : "/profile";
}

export const createWorkspacePath = () => "/create-workspace";
export const issuePath = (slug: string, projectId: string, issueId: string) => `${projectIssuesPath(slug, projectId)}/${issueId}`;
/** An issue by its key ("DEMO-52"): the address copied links carry. */
export const issueKeyPath = (slug: string, key: string) => `/${slug}/browse/${key}`;
/** The whole address "Copy link" puts on the clipboard for an issue: its key, under this origin. */
export const issueKeyUrl = (origin: string, slug: string, key: string) => new URL(issueKeyPath(slug, key), origin).toString();
export const projectPagesPath = (slug: string, projectId: string) => `${projectPath(slug, projectId)}/pages`;
export const pagePath = (slug: string, projectId: string, pageId: string) => `${projectPagesPath(slug, projectId)}/${pageId}`;
/** The history state of a page opened right after it was created: it opens ready to type its first block. */
export const NEW_PAGE_STATE = { newPage: true } as const;
/** Whether a page was opened right after it was created (its history state). */
export const isNewPageState = (state: unknown) => typeof state === "object" && state !== null && (state as { newPage?: unknown }).newPage === true;

/** The workspace settings sections, in the order the settings navigation and the palette list them. */
export const WORKSPACE_SETTINGS_SECTIONS = [
  { to: "", label: "General" },
  { to: "members", label: "Members" },
  { to: "billing", label: "Billing and Plans" },
  { to: "integrations", label: "Integrations" },
  { to: "webhooks", label: "Webhooks" },
  { to: "mail", label: "Mail", ownersOnly: true },
  { to: "import-export", label: "Import/Export" },
] as const;
export type WorkspaceSettingsSection = (typeof WORKSPACE_SETTINGS_SECTIONS)[number]["to"];
export const workspaceSettingsPath = (slug: string, section: WorkspaceSettingsSection = "") =>
  `${workspacePath(slug)}/settings${section ? `/${section}` : ""}`;

/** The command palette's and the editor's issue search (a resource route answering JSON). */
export const workspaceSearchPath = (slug: string, search: string) =>
  `${workspacePath(slug)}/search?${new URLSearchParams({ search })}`;

/** The Remix route id of the issue page (the screens preload it: it is the page opened most). */
export const ISSUE_PAGE_ROUTE = "routes/$workspaceSlug.projects.$projectId.issues_.$issueId";

/**
 * Whether `to` is the page at `pathname` or a page under it, as a navigation link marks itself
 * current (case and a trailing slash aside); with `end`, only the page itself.
 */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, "");
  const target = to.toLowerCase().replace(/\/+$/, "");
  return here === target || (!end && here.startsWith(target) && here.charAt(target.length) === "/");
}
