// Who may open each page and post to its action: one entry per route module the Remix app serves,
// keyed by its route id. The access matrix fails on a route without an entry, and on an entry no
// route has. `level` reads as in api-routes.ts; a page refuses with a redirect to sign-in (302)
// for nobody, and with its error page (403, or 404 for what is not there) for the others.
import type { Level } from "./api-routes";
import type { Ids, Role } from "./world";

export interface PageAccess {
  /** The page ends the session it is opened with: each caller opens it with one of its own. */
  endsSession?: boolean;
  /** The URL that reaches the route (its layout routes run with it). */
  url: (ids: Ids) => string;
  level: Level;
  /** The status an allowed caller gets for the page. */
  ok: number;
  /** Statuses that differ from the level's rule, by role, with the reason in a comment. */
  except?: Partial<Record<Role, number>>;
  /**
   * The route's action, posted as the browser posts it with an intent it does not know, so that
   * nothing may be written: the status an allowed caller gets. Pages read their intent before the
   * access check, so every signed-in caller learns that the intent is unknown (400) and nothing
   * else; what each intent may do is checked by the domain call it makes, the same the REST
   * routes make, whose access the API table covers.
   */
  action?: { level: Level; ok: number; except?: Partial<Record<Role, number>> };
  /**
   * The development outbox shows every mail the local server wrote, workspace names included, to
   * whoever runs it: that is what it is for, and it answers 404 in production
   * (tests/api/dev-outbox.test.ts).
   */
  showsEveryMail?: true;
}

/**
 * Workspace and project settings answer guests and viewers with the page's own "You are not authorized to view
 * this page" (200) and none of the settings' data; the action refuses them.
 */
export const SETTINGS_NOT_AUTHORIZED: Partial<Record<Role, number>> = { guest: 200, viewer: 200 };

const ws = (ids: Ids) => `/${ids.slug}`;
const project = (ids: Ids) => `/${ids.slug}/projects/${ids.projectId}`;

export const PAGE_ROUTES: Record<string, PageAccess> = {
  // The root loader runs under every page; here under one that is not there.
  root: { url: () => "/no-such-page/here", level: "public", ok: 404 },
  // Sign-in and sign-up are for those signed out; the signed-in are sent home.
  "routes/_index": { url: () => "/", level: "public", ok: 302, except: { anonymous: 200 }, action: { level: "public", ok: 302, except: { anonymous: 400 } } },
  "routes/sign-up": { url: () => "/sign-up", level: "public", ok: 302, except: { anonymous: 200 }, action: { level: "public", ok: 302, except: { anonymous: 400 } } },
  // Asking for a reset link and using one are for those signed out too; the form without its field is a 400.
  "routes/forgot-password": { url: () => "/forgot-password", level: "public", ok: 302, except: { anonymous: 200 }, action: { level: "public", ok: 302, except: { anonymous: 400 } } },
  "routes/reset-password.$token": {
    url: () => "/reset-password/pwr_unknown",
    level: "public",
    ok: 302,
    except: { anonymous: 200 },
    action: { level: "public", ok: 302, except: { anonymous: 400 } },
  },
  // A verification link's page opens for anyone; its button with a link that is not valid is a 400.
  "routes/verify-email.$token": { url: () => "/verify-email/vfy_unknown", level: "public", ok: 200, action: { level: "public", ok: 400 } },
  // An unsubscribe link's page opens for anyone; its button with a link that is not valid finds nothing.
  "routes/unsubscribe.$token": { url: () => "/unsubscribe/nobody.unknown", level: "public", ok: 200, action: { level: "public", ok: 404 } },
  // So does a new-address link's page.
  "routes/confirm-email.$token": { url: () => "/confirm-email/eml_unknown", level: "public", ok: 200, action: { level: "public", ok: 400 } },
  // Signing in by mail is for those signed out: asking sends the signed-in home, the form without its field is a 400.
  "routes/sign-in-link": { url: () => "/sign-in-link", level: "public", ok: 302, except: { anonymous: 200 }, action: { level: "public", ok: 302, except: { anonymous: 400 } } },
  "routes/sign-in-code": { url: () => "/sign-in-code", level: "public", ok: 302, except: { anonymous: 200 }, action: { level: "public", ok: 302, except: { anonymous: 400 } } },
  "routes/sign-in-link_.$token": {
    url: () => "/sign-in-link/sgn_unknown",
    level: "public",
    ok: 302,
    except: { anonymous: 200 },
    action: { level: "public", ok: 302, except: { anonymous: 400 } },
  },
  // The development outbox is open on a local server (these tests run as one) and absent in production.
  "routes/dev.outbox": { url: () => "/dev/outbox", level: "public", ok: 200, showsEveryMail: true },
  "routes/sign-out": { url: () => "/sign-out", level: "public", ok: 302, action: { level: "public", ok: 302 }, endsSession: true },
  "routes/$": { url: () => "/no-such-page/here", level: "public", ok: 404 },
  "routes/profile": { url: () => "/profile", level: "signed-in", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/profile_.appearance": { url: () => "/profile/appearance", level: "signed-in", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/create-workspace": { url: () => "/create-workspace", level: "signed-in", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/invitations": { url: () => "/invitations", level: "signed-in", ok: 200 },
  // An invitation link: the page says why this caller cannot accept (not their address); so does the action.
  "routes/invitations_.$token": {
    url: (ids) => `/invitations/${ids.invitationToken}`,
    level: "signed-in",
    ok: 200,
    action: { level: "signed-in", ok: 403 },
  },
  "routes/installations.$provider": { url: () => "/installations/github", level: "signed-in", ok: 200 },

  "routes/$workspaceSlug": { url: ws, level: "workspace:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug._index": { url: ws, level: "workspace:5", ok: 200 },
  // An issue by its key sends those who may read it on to its page; to anyone else the key names
  // nothing (404), so it cannot be used to learn which issues a project has.
  "routes/$workspaceSlug.browse.$issueKey": {
    url: (ids) => `${ws(ids)}/browse/${ids.issueKey}`,
    level: "project:5",
    ok: 302,
    except: { outsider: 404, foreigner: 404 },
  },
  "routes/$workspaceSlug.search": { url: (ids) => `${ws(ids)}/search?q=launch`, level: "workspace:5", ok: 200 },
  // Each person's own inbox; its action's form post is no intent it knows (a 400).
  "routes/$workspaceSlug.notifications": { url: (ids) => `${ws(ids)}/notifications`, level: "workspace:5", ok: 200, action: { level: "workspace:5", ok: 400 } },
  "routes/$workspaceSlug.my-work": { url: (ids) => `${ws(ids)}/my-work?tab=created`, level: "workspace:5", ok: 200 },
  // Sends everyone on to the workspace's page, which makes the check.
  "routes/$workspaceSlug.projects._index": { url: (ids) => `${ws(ids)}/projects`, level: "signed-in", ok: 302 },
  "routes/$workspaceSlug.settings": { url: (ids) => `${ws(ids)}/settings`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
  "routes/$workspaceSlug.settings._index": { url: (ids) => `${ws(ids)}/settings`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.settings.members": {
    url: (ids) => `${ws(ids)}/settings/members`,
    level: "workspace:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.settings.billing": { url: (ids) => `${ws(ids)}/settings/billing`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
  "routes/$workspaceSlug.settings.webhooks": { url: (ids) => `${ws(ids)}/settings/webhooks`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
  // Owners only: everyone else meets the 403 of the domain's owner check (the page shows the
  // settings' "not authorized" screen).
  "routes/$workspaceSlug.settings.mail": { url: (ids) => `${ws(ids)}/settings/mail`, level: "workspace:20", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.settings.integrations": { url: (ids) => `${ws(ids)}/settings/integrations`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
  "routes/$workspaceSlug.settings.import-export": { url: (ids) => `${ws(ids)}/settings/import-export`, level: "workspace:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },

  "routes/$workspaceSlug.projects.$projectId": { url: (ids) => `${project(ids)}/issues`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  // Sends everyone on to the project's issues, which make the check.
  "routes/$workspaceSlug.projects.$projectId._index": { url: project, level: "signed-in", ok: 302 },
  // The project's own "not found" screen, inside its layout.
  "routes/$workspaceSlug.projects.$projectId.$": { url: (ids) => `${project(ids)}/no-such-tab`, level: "project:5", ok: 200 },
  "routes/$workspaceSlug.projects.$projectId.issues": { url: (ids) => `${project(ids)}/issues`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.projects.$projectId.issue-windows": {
    url: (ids) => `${project(ids)}/issue-windows?source=project&windows=${encodeURIComponent(JSON.stringify({ issueView: "kanban", groupByProperty: "state", orderBy: "sort_order" }))}`,
    level: "project:5",
    ok: 200,
  },
  "routes/$workspaceSlug.projects.$projectId.issues_.$issueId": {
    url: (ids) => `${project(ids)}/issues/${ids.issueId}`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.cycles._index": { url: (ids) => `${project(ids)}/cycles`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.projects.$projectId.cycles.$cycleId": {
    url: (ids) => `${project(ids)}/cycles/${ids.cycleId}`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.cycles.$cycleId_.panel": {
    url: (ids) => `${project(ids)}/cycles/${ids.cycleId}/panel`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.modules._index": { url: (ids) => `${project(ids)}/modules`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.projects.$projectId.modules.$moduleId": {
    url: (ids) => `${project(ids)}/modules/${ids.moduleId}`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.pages._index": { url: (ids) => `${project(ids)}/pages`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.projects.$projectId.pages.$pageId": {
    url: (ids) => `${project(ids)}/pages/${ids.pageId}`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.views._index": { url: (ids) => `${project(ids)}/views`, level: "project:5", ok: 200, action: { level: "signed-in", ok: 400 } },
  "routes/$workspaceSlug.projects.$projectId.views.$viewId": {
    url: (ids) => `${project(ids)}/views/${ids.viewId}`,
    level: "project:5",
    ok: 200,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings": { url: (ids) => `${project(ids)}/settings`, level: "project:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
  "routes/$workspaceSlug.projects.$projectId.settings._index": {
    url: (ids) => `${project(ids)}/settings`,
    level: "project:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings.members": {
    url: (ids) => `${project(ids)}/settings/members`,
    level: "project:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings.states": {
    url: (ids) => `${project(ids)}/settings/states`,
    level: "project:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings.labels": {
    url: (ids) => `${project(ids)}/settings/labels`,
    level: "project:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings.estimates": {
    url: (ids) => `${project(ids)}/settings/estimates`,
    level: "project:15",
    ok: 200, except: SETTINGS_NOT_AUTHORIZED,
    action: { level: "signed-in", ok: 400 },
  },
  "routes/$workspaceSlug.projects.$projectId.settings.integrations": { url: (ids) => `${project(ids)}/settings/integrations`, level: "project:15", ok: 200, except: SETTINGS_NOT_AUTHORIZED },
};
