// Who may call each REST route: one entry per route the Hono app serves, keyed as the router lists
// it. The access matrix test fails on a served route without an entry, and on an entry no route
// serves, so a new route cannot ship without saying who may call it.
//
// `level` says who is let in:
//   public            anyone, signed in or not
//   signed-in         any signed-in user (their own things: profile, tokens, invitations)
//   workspace:N       workspace members of role N or above (20 owner, 15 member, 10 viewer, 5 guest)
//   project:N         project members of role N or above
// Everyone else is refused: 401 when not signed in, 403 when signed in without the standing, and
// the other workspace's owner, naming this workspace's ids under their own slug and project, 404.
import { env } from "cloudflare:workers";
import { sha256Hex } from "../../workers/auth/crypto";
import type { AccountLinkPurpose } from "../../workers/domain/account-links";
import { signUp } from "../helpers/api";
import { githubInstallBody, installOnGithub, startConnection } from "../helpers/connections";
import { slackGrant } from "../helpers/fake-slack";
import { addToWorkspace, callWorker, uniqueIdentifier } from "../helpers/fixtures";
import { type Ids, PASSWORD, type Role, STANDING, type World, comment, freshSession, json, upload, webhookReceiver } from "./world";

export type Level = "public" | "signed-in" | `workspace:${5 | 10 | 15 | 20}` | `project:${5 | 10 | 15 | 20}`;

export interface Target {
  /** Path parameters that differ from the world's ids, and the cookie to send instead of the role's. */
  ids?: Ids;
  cookie?: string;
}

export interface RouteAccess {
  level: Level;
  /** The status an allowed caller gets. */
  ok: number;
  /** A valid JSON body (or multipart form) for the call. */
  body?: (ids: Ids, world: World) => unknown;
  form?: () => FormData;
  query?: string;
  /**
   * Makes what the call consumes (the thing it deletes, the session it ends) anew before each
   * role's call, so every role meets the same kind of target.
   */
  fresh?: (world: World, role: Role) => Promise<Target>;
  /** Request headers beside the cookie (a WebSocket upgrade). */
  headers?: Record<string, string>;
  /** Path parameters read from another of the world's ids (`linkId` from `issueLinkId`). */
  alias?: Record<string, string>;
  /** Statuses that differ from the level's rule, by role, with the reason in a comment. */
  except?: Partial<Record<Role, number>>;
  /** Names the workspace's ids outside the path (body or query): the other owner's call is refused with this. */
  foreign?: number;
}

/** The status `role` must get from a route of `access`. */
export function expectedStatus(access: RouteAccess, role: Role, namesForeignIds: boolean): number {
  const exception = access.except?.[role];
  if (exception !== undefined) return exception;
  const [kind, minimum] = access.level.split(":") as [string, string | undefined];
  if (kind === "public") return access.ok;
  if (role === "anonymous") return 401;
  if (kind === "signed-in") return access.ok;
  if (role === "foreigner") {
    // Under their own slug and project the other owner passes the check; what they name of ours is not found.
    if (namesForeignIds) return 404;
    return access.foreign ?? access.ok;
  }
  const standing = STANDING[role][kind === "workspace" ? "workspace" : "project"];
  return standing >= Number(minimum) ? access.ok : 403;
}

const pngForm = (name = "chart.png") => () => {
  const form = new FormData();
  // The smallest PNG signature and header a type sniffer accepts.
  form.append("asset", new Blob([PNG], { type: "image/png" }), name);
  return form;
};
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

const owner = (world: World) => world.users.owner;
const project = (world: World) => `/api/workspaces/${world.ids.slug}/projects/${world.ids.projectId}`;
const workspace = (world: World) => `/api/workspaces/${world.ids.slug}`;
const newIssue = async (world: World, name = "Temporary") => (await json(owner(world), "POST", `${project(world)}/issues/`, { name })).id as string;

export const API_ROUTES: Record<string, RouteAccess> = {
  // Accounts
  // Signing up (or in) replaces the session it is sent with: each caller sends one of its own.
  "POST /api/auth/sign-up": { level: "public", ok: 201, fresh: async (world, role) => sessionOf(world, role), body: () => ({ email: `new-${crypto.randomUUID()}@example.com`, password: "correct horse battery", first_name: "New" }) },
  "POST /api/auth/sign-in": {
    level: "public",
    ok: 200,
    fresh: async (world, role) => sessionOf(world, role),
    body: (_ids, world) => ({ email: world.users.viewer.user.email, password: "correct horse battery" }),
  },
  // Asking for a reset link answers everyone alike; an address of its own keeps each call under the per-address limit.
  "POST /api/auth/password-reset": { level: "public", ok: 202, body: () => ({ email: `reset-${crypto.randomUUID()}@example.com` }) },
  // A link of a fresh account's for each caller: using one signs that account in, in place of the caller's session.
  "POST /api/auth/password-reset/confirm": {
    level: "public",
    ok: 200,
    fresh: async (world, role) => {
      freshLinkToken = await accountLinkOf((await signUp({ first_name: "Forgetful" })).user.id, "password-reset");
      return sessionOf(world, role);
    },
    body: () => ({ token: freshLinkToken, password: "a brand new passphrase" }),
  },
  // A verification link of a fresh account's for each caller; it needs no session.
  "POST /api/auth/verify-email": {
    level: "public",
    ok: 200,
    fresh: async () => {
      freshLinkToken = await accountLinkOf((await signUp({ first_name: "Newcomer" }, { unverified: true })).user.id, "verify-email");
      return {};
    },
    body: () => ({ token: freshLinkToken }),
  },
  // Asking for a sign-in mail answers everyone alike; an address of its own keeps each call under the per-address limit.
  "POST /api/auth/sign-in-link": { level: "public", ok: 202, body: () => ({ email: `link-${crypto.randomUUID()}@example.com` }) },
  // A sign-in link of a fresh account's for each caller: it signs that account in, in place of the caller's session.
  "POST /api/auth/sign-in-link/confirm": {
    level: "public",
    ok: 200,
    fresh: async (world, role) => {
      freshLinkToken = await accountLinkOf((await signUp({ first_name: "Passwordless" })).user.id, "sign-in");
      return sessionOf(world, role);
    },
    body: () => ({ token: freshLinkToken }),
  },
  // The code of a fresh account's sign-in mail for each caller.
  "POST /api/auth/sign-in-code": {
    level: "public",
    ok: 200,
    fresh: async (world, role) => {
      const { user } = await signUp({ first_name: "Typist" });
      freshCodeEmail = user.email;
      await accountLinkOf(user.id, "sign-in", { code_hash: await sha256Hex(`${user.id}:${FRESH_CODE}`) });
      return sessionOf(world, role);
    },
    body: () => ({ email: freshCodeEmail, code: FRESH_CODE }),
  },
  // A new-address link of a fresh account's for each caller; it needs no session.
  "POST /api/auth/confirm-email": {
    level: "public",
    ok: 200,
    fresh: async () => {
      freshLinkToken = await accountLinkOf((await signUp({ first_name: "Mover" })).user.id, "change-email", { new_email: `moved-${crypto.randomUUID()}@example.com` });
      return {};
    },
    body: () => ({ token: freshLinkToken }),
  },
  // Mails a link to a new address of the caller's own (checked with their password); each call names a fresh one.
  "POST /api/users/me/email": { level: "signed-in", ok: 202, body: () => ({ email: `new-${crypto.randomUUID()}@example.com`, current_password: PASSWORD }) },
  // Mails a new verification link: each caller is an account of its own whose address is not verified yet.
  "POST /api/users/me/verification": {
    level: "signed-in",
    ok: 202,
    fresh: async (_world, role) => (role === "anonymous" ? {} : { cookie: (await signUp({ first_name: "Unproven" }, { unverified: true })).cookie }),
  },
  // Signing out is allowed to anyone: without a session there is nothing to end.
  "POST /api/auth/sign-out": { level: "public", ok: 204, fresh: async (world, role) => sessionOf(world, role) },
  // Ends every session of the caller: a user of its own, so the world's users stay signed in.
  "POST /api/auth/sign-out-all": { level: "signed-in", ok: 204, fresh: async () => ({ cookie: (await signUp({ first_name: "Leaving" })).cookie }) },
  // The API's description and its reference page are public, like the shape of a public API (the
  // data stays behind the routes it describes).
  "GET /api/openapi.json": { level: "public", ok: 200 },
  "GET /api/docs": { level: "public", ok: 200 },
  "GET /api/docs/reference.css": { level: "public", ok: 200 },
  "GET /api/users/me": { level: "signed-in", ok: 200 },
  "PATCH /api/users/me": { level: "signed-in", ok: 200, body: () => ({ last_name: "Tester" }) },
  "GET /api/users/api-tokens": { level: "signed-in", ok: 200 },
  "POST /api/users/api-tokens": { level: "signed-in", ok: 201, body: () => ({ label: "Script" }) },
  // A token is its owner's alone: anyone else's delete finds nothing.
  "DELETE /api/users/api-tokens/:tokenId": {
    level: "signed-in",
    ok: 204,
    fresh: async (world) => ({ ids: { tokenId: (await json(owner(world), "POST", "/api/users/api-tokens/", { label: "Temporary" })).id } }),
    except: { stranger: 404, foreigner: 404, outsider: 404, guest: 404, viewer: 404, member: 404 },
  },
  "GET /api/users/me/sessions": { level: "signed-in", ok: 200 },
  "GET /api/users/me/notification-preferences": { level: "signed-in", ok: 200 },
  "PATCH /api/users/me/notification-preferences": { level: "signed-in", ok: 200, body: () => ({ digest_hours: 12 }) },
  // A session is its owner's alone: anyone else's delete finds nothing. The owner ends a session
  // of theirs signed in anew for each call (their own current one is refused).
  "DELETE /api/users/me/sessions/:sessionId": {
    level: "signed-in",
    ok: 204,
    fresh: async (world) => ({ ids: { sessionId: await sessionIdOf(await freshSession(owner(world))) } }),
    except: { stranger: 404, foreigner: 404, outsider: 404, guest: 404, viewer: 404, member: 404 },
  },
  // Accepting takes the invitation link's secret and the account with the invited address: the
  // world's invitation is to an address none of its users has, so everyone is refused.
  "POST /api/users/me/invitations/workspaces": {
    level: "signed-in",
    ok: 403,
    body: (ids) => ({ token: ids.invitationToken }),
  },
  "POST /api/users/file-assets": { level: "signed-in", ok: 201, form: pngForm() },
  // A user's uploads (avatars) are shown to whoever sees the user.
  "GET /api/users/file-assets/:assetId": { level: "signed-in", ok: 200, alias: { assetId: "userAssetId" } },
  "DELETE /api/users/file-assets/:assetId": {
    level: "signed-in",
    ok: 204,
    fresh: async (world) => ({ ids: { assetId: (await upload(owner(world), "/api/users/file-assets/")).id } }),
    // Only the uploader removes it.
    except: { stranger: 403, foreigner: 403, outsider: 403, guest: 403, viewer: 403, member: 403 },
  },

  // Workspaces
  "GET /api/workspaces": { level: "signed-in", ok: 200 },
  "POST /api/workspaces": { level: "signed-in", ok: 201, body: () => ({ name: "Another", slug: `another-${crypto.randomUUID().slice(0, 8)}` }) },
  "GET /api/workspaces/:slug": { level: "workspace:5", ok: 200 },
  "GET /api/workspaces/:slug/live": { level: "workspace:5", ok: 101, headers: { upgrade: "websocket" } },
  "PATCH /api/workspaces/:slug": { level: "workspace:20", ok: 200, body: () => ({ name: "Acme" }) },
  "DELETE /api/workspaces/:slug": {
    level: "workspace:20",
    ok: 204,
    fresh: async (world, role) => ({ ids: { slug: role === "owner" ? await spareWorkspace(world) : world.ids.slug } }),
  },
  "GET /api/workspaces/:slug/workspace-members/me": { level: "workspace:5", ok: 200 },
  "GET /api/workspaces/:slug/members": { level: "workspace:5", ok: 200 },
  "PATCH /api/workspaces/:slug/members/:memberId": { level: "workspace:20", ok: 200, body: () => ({ role: 10 }) },
  "DELETE /api/workspaces/:slug/members/:memberId": {
    level: "workspace:20",
    ok: 204,
    fresh: async (world) => ({ ids: { memberId: await spareWorkspaceMember(world) } }),
  },
  "POST /api/workspaces/:slug/invite": {
    level: "workspace:15",
    ok: 200,
    body: () => ({ emails: [{ email: `invitee-${crypto.randomUUID()}@example.com`, role: 5 }] }),
  },
  "GET /api/workspaces/:slug/invitations": { level: "workspace:15", ok: 200 },
  // Whoever may invite may withdraw an invitation.
  "DELETE /api/workspaces/:slug/invitations/:invitationId": {
    level: "workspace:15",
    ok: 204,
    fresh: async (world) => ({
      ids: {
        invitationId: (await json(owner(world), "POST", `${workspace(world)}/invite/`, { emails: [{ email: `gone-${crypto.randomUUID()}@example.com`, role: 5 }] }))
          .invitations[0].id,
      },
    }),
  },
  "GET /api/workspaces/:slug/search": { level: "workspace:5", ok: 200, query: "?search=launch" },
  "GET /api/workspaces/:slug/my-work": { level: "workspace:5", ok: 200, query: "?tab=assigned" },
  "POST /api/workspaces/:slug/file-assets": { level: "workspace:15", ok: 201, form: pngForm() },
  "GET /api/workspaces/:slug/file-assets/:assetId": { level: "workspace:5", ok: 200, alias: { assetId: "wsAssetId" } },
  // Removed by its uploader or a workspace owner (here the owner uploaded it).
  "DELETE /api/workspaces/:slug/file-assets/:assetId": {
    level: "workspace:20",
    ok: 204,
    fresh: async (world) => ({ ids: { assetId: (await upload(owner(world), `${workspace(world)}/file-assets/`)).id } }),
  },
  // The same, named by the file alone: the file's workspace decides.
  "DELETE /api/workspaces/file-assets/:assetId": {
    level: "workspace:20",
    ok: 204,
    fresh: async (world) => ({ ids: { assetId: (await upload(owner(world), `${workspace(world)}/file-assets/`)).id } }),
    except: { foreigner: 403 },
  },

  // Projects
  "GET /api/workspaces/:slug/projects": { level: "workspace:5", ok: 200 },
  "POST /api/workspaces/:slug/projects": {
    level: "workspace:15",
    ok: 201,
    // A new identifier each call: random letters collided often enough to fail a run.
    body: () => ({ name: "Side project", identifier: uniqueIdentifier() }),
  },
  // Joins a public project of its own, so that no caller becomes a member of the world's project.
  "POST /api/workspaces/:slug/projects/join": {
    level: "workspace:10",
    ok: 200,
    fresh: async (world) => ({ ids: { joinable: await spareProject(world) } }),
    body: (ids) => ({ project_ids: [ids.joinable] }),
    foreign: 404,
  },
  "GET /api/workspaces/:slug/projects/:projectId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId": { level: "project:20", ok: 200, body: () => ({ description: "About" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId": {
    level: "project:20",
    ok: 204,
    fresh: async (world, role) => ({ ids: { projectId: role === "owner" ? await spareProject(world) : world.ids.projectId } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/members": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/members/add": {
    level: "project:20",
    ok: 201,
    fresh: async (world) => ({ ids: { newMember: await spareWorkspaceMemberUser(world) } }),
    body: (ids) => ({ members: [{ member_id: ids.newMember, role: 10 }] }),
    foreign: 400,
  },
  "PATCH /api/workspaces/:slug/projects/:projectId/members/:memberId": {
    level: "project:20",
    ok: 200,
    alias: { memberId: "projectMemberId" },
    body: () => ({ role: 10 }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/members/:memberId": {
    level: "project:20",
    ok: 204,
    fresh: async (world) => ({ ids: { memberId: await spareProjectMember(world) } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/project-members/me": { level: "project:5", ok: 200 },
  "GET /api/workspaces/:slug/user-favorite-projects": { level: "workspace:5", ok: 200 },
  "POST /api/workspaces/:slug/user-favorite-projects": { level: "project:5", ok: 201, body: (ids) => ({ project: ids.projectId }), foreign: 404 },
  // The outsider never favourited the project: nothing of theirs to remove.
  "DELETE /api/workspaces/:slug/user-favorite-projects/:projectId": { level: "project:5", ok: 204, foreign: 404, except: { outsider: 404 } },
  "GET /api/workspaces/:slug/projects/:projectId/board": { level: "project:5", ok: 101, headers: { upgrade: "websocket" } },
  "GET /api/workspaces/:slug/projects/:projectId/project-views": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/project-views": { level: "project:5", ok: 200, body: () => ({ view_props: { issueView: "kanban" } }) },
  "PATCH /api/workspaces/:slug/projects/:projectId/project-views": { level: "project:5", ok: 200, body: () => ({ view_props: { issueView: "list" } }) },

  // States, labels, estimates, issue properties
  "GET /api/workspaces/:slug/projects/:projectId/states": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/states": {
    level: "project:15",
    ok: 201,
    body: () => ({ name: `Review ${crypto.randomUUID().slice(0, 6)}`, color: "#00aa00", group: "started" }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/states/:stateId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/states/:stateId": { level: "project:15", ok: 200, body: () => ({ color: "#123456" }) },
  "PUT /api/workspaces/:slug/projects/:projectId/states/:stateId": { level: "project:15", ok: 200, body: () => ({ name: "Todo", color: "#123456", group: "unstarted" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/states/:stateId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({
      ids: { stateId: (await json(owner(world), "POST", `${project(world)}/states/`, { name: `Gone ${crypto.randomUUID().slice(0, 6)}`, color: "#000000", group: "started" })).id },
    }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issue-labels": { level: "project:15", ok: 201, body: () => ({ name: `Label ${crypto.randomUUID().slice(0, 6)}` }) },
  "GET /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": { level: "project:15", ok: 200, body: () => ({ color: "#ff0000" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { labelId: (await json(owner(world), "POST", `${project(world)}/issue-labels/`, { name: `Gone ${crypto.randomUUID().slice(0, 6)}` })).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/estimates": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/estimates": {
    level: "project:15",
    ok: 201,
    body: () => ({ estimate: { name: `Sizes ${crypto.randomUUID().slice(0, 6)}`, type: "points" }, estimate_points: [1, 2, 3, 5, 8, 13].map((v, key) => ({ key, value: String(v) })) }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": { level: "project:15", ok: 200, body: () => ({ estimate: { description: "Story points" } }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({
      ids: {
        estimateId: (
          await json(owner(world), "POST", `${project(world)}/estimates/`, {
            estimate: { name: `Gone ${crypto.randomUUID().slice(0, 6)}`, type: "points" },
            estimate_points: [1, 2, 3, 5, 8, 13].map((v, key) => ({ key, value: String(v) })),
          })
        ).id,
      },
    }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issue-properties": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issue-properties": { level: "project:5", ok: 201, body: () => ({ properties: { key: true } }) },
  // Display properties are each user's own: another's row is not found.
  "PATCH /api/workspaces/:slug/projects/:projectId/issue-properties/:propertiesId": {
    level: "project:5",
    ok: 200,
    body: () => ({ properties: { key: true } }),
    except: { guest: 404, viewer: 404, member: 404 },
  },

  // Issues
  "GET /api/workspaces/:slug/projects/:projectId/issues": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues": { level: "project:15", ok: 201, body: (ids) => ({ name: "Filed", state: ids.stateId }), foreign: 400 },
  "POST /api/workspaces/:slug/projects/:projectId/bulk-operation-issues": {
    level: "project:15",
    ok: 200,
    fresh: async (world) => ({ ids: { edited: await newIssue(world) } }),
    body: (ids) => ({ issue_ids: [ids.edited], properties: { priority: "urgent" } }),
    foreign: 404,
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/bulk-delete-issues": {
    level: "project:15",
    ok: 200,
    fresh: async (world) => ({ ids: { doomed: await newIssue(world) } }),
    body: (ids) => ({ issue_ids: [ids.doomed] }),
    foreign: 404,
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId": { level: "project:5", ok: 200 },
  "PUT /api/workspaces/:slug/projects/:projectId/issues/:issueId": { level: "project:15", ok: 200, body: () => ({ priority: "high" }) },
  "PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId": { level: "project:15", ok: 200, body: () => ({ priority: "urgent" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { issueId: await newIssue(world) } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues": {
    level: "project:15",
    ok: 200,
    body: (ids) => ({ sub_issue_ids: [ids.childIssueId] }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/history": { level: "project:5", ok: 200 },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links": { level: "project:15", ok: 201, body: () => ({ title: "Ref", url: `https://example.com/${crypto.randomUUID()}` }) },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": { level: "project:5", ok: 200, alias: { linkId: "issueLinkId" } },
  "PUT /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": {
    level: "project:15",
    ok: 200,
    alias: { linkId: "issueLinkId" },
    body: () => ({ title: "Doc", url: "https://example.com/doc" }),
  },
  "PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": {
    level: "project:15",
    ok: 200,
    alias: { linkId: "issueLinkId" },
    body: () => ({ title: "Doc" }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { linkId: await newIssueLink(world) } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": { level: "project:5", ok: 200, alias: { linkId: "issueLinkId" } },
  "PUT /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": {
    level: "project:15",
    ok: 200,
    alias: { linkId: "issueLinkId" },
    body: () => ({ title: "Doc", url: "https://example.com/doc" }),
  },
  "PATCH /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": { level: "project:15", ok: 200, alias: { linkId: "issueLinkId" }, body: () => ({ title: "Doc" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-links/:linkId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { linkId: await newIssueLink(world) } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments": { level: "project:15", ok: 201, form: pngForm() },
  "GET /api/workspaces/:slug/projects/:projectId/issue-attachments/:attachmentId/file": { level: "project:5", ok: 200 },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { attachmentId: (await upload(owner(world), `${project(world)}/issues/${world.ids.issueId}/issue-attachments/`)).id } }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/issue-attachments/:attachmentId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { attachmentId: (await upload(owner(world), `${project(world)}/issues/${world.ids.issueId}/issue-attachments/`)).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments": { level: "project:15", ok: 201, body: () => comment("Noted") },
  // A comment is changed or removed by its author alone (here the owner).
  "PUT /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId": {
    level: "project:5",
    ok: 200,
    body: () => comment("Go"),
    except: { guest: 403, viewer: 403, member: 403 },
  },
  "PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId": {
    level: "project:5",
    ok: 200,
    body: () => comment("Go"),
    except: { guest: 403, viewer: 403, member: 403 },
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId": {
    level: "project:5",
    ok: 204,
    fresh: async (world) => ({ ids: { commentId: await newComment(world) } }),
    except: { guest: 403, viewer: 403, member: 403 },
  },
  "PUT /api/workspaces/:slug/projects/:projectId/comments/:commentId": {
    level: "project:5",
    ok: 200,
    body: () => comment("Go"),
    except: { guest: 403, viewer: 403, member: 403 },
  },
  "PATCH /api/workspaces/:slug/projects/:projectId/comments/:commentId": {
    level: "project:5",
    ok: 200,
    body: () => comment("Go"),
    except: { guest: 403, viewer: 403, member: 403 },
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/comments/:commentId": {
    level: "project:5",
    ok: 204,
    fresh: async (world) => ({ ids: { commentId: await newComment(world) } }),
    except: { guest: 403, viewer: 403, member: 403 },
  },

  // Cycles
  "GET /api/workspaces/:slug/projects/:projectId/cycles": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/cycles": { level: "project:15", ok: 201, body: () => ({ name: "Next sprint" }) },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/date-check": {
    level: "project:5",
    ok: 200,
    body: () => ({ start_date: "2031-01-01", end_date: "2031-01-14" }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { level: "project:15", ok: 200, body: () => ({ description: "Two weeks" }) },
  "PUT /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": { level: "project:15", ok: 200, body: () => ({ name: "Sprint", description: "Two weeks" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { cycleId: (await json(owner(world), "POST", `${project(world)}/cycles/`, { name: "Gone" })).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues": {
    level: "project:15",
    ok: 200,
    body: (ids) => ({ issues: [ids.childIssueId] }),
    foreign: 404,
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/:bridgeId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({
      ids: { bridgeId: (await json(owner(world), "POST", `${project(world)}/cycles/${world.ids.cycleId}/cycle-issues/`, { issues: [await newIssue(world)] }))[0].bridge_id },
    }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues": {
    level: "project:15",
    ok: 200,
    fresh: async (world) => ({ ids: { newCycle: (await json(owner(world), "POST", `${project(world)}/cycles/`, { name: "Later" })).id } }),
    body: (ids) => ({ new_cycle_id: ids.newCycle }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-cycles": { level: "project:5", ok: 201, body: (ids) => ({ cycle: ids.cycleId }), foreign: 404 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-cycles/:cycleId": { level: "project:5", ok: 204 },

  // Modules
  "GET /api/workspaces/:slug/projects/:projectId/modules": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/modules": { level: "project:15", ok: 201, body: () => ({ name: `Wing ${crypto.randomUUID().slice(0, 6)}` }) },
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { level: "project:15", ok: 200, body: () => ({ description: "The engine" }) },
  "PUT /api/workspaces/:slug/projects/:projectId/modules/:moduleId": { level: "project:15", ok: 200, body: () => ({ name: "Engine", description: "The engine" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { moduleId: (await json(owner(world), "POST", `${project(world)}/modules/`, { name: `Gone ${crypto.randomUUID().slice(0, 6)}` })).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues": {
    level: "project:15",
    ok: 200,
    body: (ids) => ({ issues: [ids.childIssueId] }),
    foreign: 404,
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues/:bridgeId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({
      ids: { bridgeId: (await json(owner(world), "POST", `${project(world)}/modules/${world.ids.moduleId}/module-issues/`, { issues: [await newIssue(world)] }))[0].bridge_id },
    }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links": {
    level: "project:15",
    ok: 201,
    body: () => ({ title: "Ref", url: `https://example.com/${crypto.randomUUID()}` }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/:linkId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { linkId: await newModuleLink(world) } }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/module-links/:linkId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { linkId: await newModuleLink(world) } }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-modules": { level: "project:5", ok: 201, body: (ids) => ({ module: ids.moduleId }), foreign: 404 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-modules/:moduleId": { level: "project:5", ok: 204 },

  // Views
  "GET /api/workspaces/:slug/projects/:projectId/views": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/views": { level: "project:15", ok: 201, body: () => ({ name: "Mine" }) },
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/views/:viewId": { level: "project:15", ok: 200, body: () => ({ description: "Urgent ones" }) },
  "PUT /api/workspaces/:slug/projects/:projectId/views/:viewId": { level: "project:15", ok: 200, body: () => ({ name: "Urgent", description: "Urgent ones" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/views/:viewId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { viewId: (await json(owner(world), "POST", `${project(world)}/views/`, { name: "Gone" })).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/views/:viewId/issues": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-views": { level: "project:5", ok: 201, body: (ids) => ({ view: ids.viewId }), foreign: 404 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-views/:viewId": { level: "project:5", ok: 204 },

  // Pages
  "GET /api/workspaces/:slug/projects/:projectId/pages": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/pages": { level: "project:15", ok: 201, body: () => ({ name: "Plan" }) },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId": { level: "project:15", ok: 200, body: () => ({ description_html: "<p>Plan</p>" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { pageId: (await json(owner(world), "POST", `${project(world)}/pages/`, { name: "Gone" })).id } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks": { level: "project:15", ok: 201, body: () => ({ name: "Step" }) },
  "GET /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": { level: "project:15", ok: 200, body: () => ({ name: "Block" }) },
  "DELETE /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { blockId: await newBlock(world) } }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/page-blocks/:blockId/issues": {
    level: "project:15",
    ok: 201,
    fresh: async (world) => ({ ids: { blockId: await newBlock(world) } }),
  },
  "GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": { level: "project:5", ok: 200 },
  "PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": {
    level: "project:15",
    ok: 200,
    body: () => ({ name: "Block" }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId": {
    level: "project:15",
    ok: 204,
    fresh: async (world) => ({ ids: { blockId: await newBlock(world) } }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/page-blocks/:blockId/issues": {
    level: "project:15",
    ok: 201,
    fresh: async (world) => ({ ids: { blockId: await newBlock(world) } }),
  },
  "POST /api/workspaces/:slug/projects/:projectId/user-favorite-pages": { level: "project:5", ok: 201, body: (ids) => ({ page: ids.pageId }), foreign: 404 },
  "DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-pages/:pageId": { level: "project:5", ok: 204 },

  // AI assistant
  "GET /api/workspaces/:slug/projects/:projectId/ai-assistant": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/ai-assistant": { level: "project:5", ok: 200, body: () => ({ prompt: "Summarise", task: "Write a title" }) },

  // Importers and exports
  // Importing is for workspace members and owners. Where `ok` is 400 or 404, the source refuses
  // what the minimal body names (a token GitHub does not know, no token saved, a repository that
  // does not exist): the caller got past the access check, which is what this table is about;
  // the importers' own tests run them to the end.
  "GET /api/workspaces/:slug/importers/github/credential": { level: "workspace:15", ok: 200, foreign: 404 },
  // Which GitHub account every member's imports act as is the owners' choice.
  "PUT /api/workspaces/:slug/importers/github/credential": { level: "workspace:20", ok: 400, body: () => ({ token: "ghp_not-a-real-token" }) },
  "DELETE /api/workspaces/:slug/importers/github/credential": { level: "workspace:20", ok: 404 },
  "GET /api/workspaces/:slug/importers/github": { level: "workspace:15", ok: 400, foreign: 404, query: "?owner=nobody&repo=nothing" },
  "POST /api/workspaces/:slug/projects/importers/github": {
    level: "workspace:15",
    ok: 400,
    body: (ids) => ({ project_id: ids.projectId, metadata: {}, data: {}, config: {} }),
    foreign: 404,
  },
  "GET /api/workspaces/:slug/importers": { level: "workspace:15", ok: 200 },
  "DELETE /api/workspaces/:slug/importers/:service/:importerId": { level: "workspace:15", ok: 204, fresh: async (world) => ({ ids: { importerId: await spareImporter(world) } }) },
  "POST /api/workspaces/:slug/importers/:service/:importerId/resume": {
    level: "workspace:15",
    ok: 200,
    fresh: async (world) => ({ ids: { importerId: await spareImporter(world, "failed") } }),
  },
  // Imports into the project it names: members of that project and up.
  "POST /api/workspaces/:slug/projects/importers/csv": {
    level: "project:15",
    ok: 201,
    body: (ids) => ({ project_id: ids.projectId, file_name: "empty.csv", csv: "Title\n", mapping: { title: "Title" } }),
    foreign: 404,
  },
  // The credentials travel in the body, never in the URL.
  "POST /api/workspaces/:slug/importers/jira": {
    level: "workspace:15",
    ok: 400,
    body: () => ({ api_token: "nope", project_key: "NOPE", email: "nobody@example.com", cloud_hostname: "nowhere.atlassian.net" }),
  },
  "POST /api/workspaces/:slug/projects/importers/jira": {
    level: "workspace:15",
    ok: 400,
    body: (ids) => ({ project_id: ids.projectId, metadata: {}, data: {}, config: {} }),
    // The empty Jira details are refused before the project is looked up.
    foreign: 400,
  },
  "POST /api/workspaces/:slug/projects/:projectId/exports": { level: "project:15", ok: 201, body: () => ({ format: "json" }) },
  "GET /api/workspaces/:slug/exports": { level: "workspace:15", ok: 200 },
  // A project's export is for those who may read the whole project: viewers and up of that project.
  "GET /api/workspaces/:slug/exports/:exportId/download": { level: "project:10", ok: 200 },

  // Integrations
  "GET /api/integrations": { level: "signed-in", ok: 200 },
  "GET /api/workspaces/:slug/workspace-integrations": { level: "workspace:15", ok: 200 },
  // Starting a round trip mints its state (a row) and answers the provider's page.
  "POST /api/workspaces/:slug/connection-states": { level: "workspace:20", ok: 201, body: () => ({ kind: "slack_install" }) },
  // The made-up state was not minted for the caller's session: refused before GitHub is asked.
  "POST /api/workspaces/:slug/workspace-integrations/github": {
    level: "workspace:20",
    ok: 400,
    body: (ids) => ({ installation_id: "999999999", code: "code-nope", state: `${ids.slug}.made-up` }),
  },
  "DELETE /api/workspaces/:slug/workspace-integrations/:integrationId/provider": {
    level: "workspace:20",
    ok: 204,
    alias: { integrationId: "githubIntegrationId" },
    // The owner removes an installation of a workspace of their own; the world keeps its own.
    fresh: async (world, role) => (role === "owner" ? await spareGithubInstallation(world) : {}),
  },
  "GET /api/workspaces/:slug/workspace-integrations/:integrationId/github-repositories": { level: "workspace:15", ok: 200, alias: { integrationId: "githubIntegrationId" } },
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": {
    level: "project:5",
    ok: 200,
    alias: { integrationId: "githubIntegrationId" },
  },
  "POST /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": {
    level: "project:20",
    ok: 400,
    alias: { integrationId: "githubIntegrationId" },
    body: () => ({ repository_id: 1, owner: "nobody", name: "nothing", url: "https://github.com/nobody/nothing" }),
  },
  // The project is not synced: the answer after the access check.
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync": {
    level: "project:20",
    ok: 404,
    alias: { integrationId: "githubIntegrationId" },
  },
  // The project has no repository sync: the id named (the Slack channel's) is not one, and an
  // allowed caller learns only that, after the access check.
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/:syncId": {
    level: "project:20",
    ok: 404,
    alias: { integrationId: "githubIntegrationId", syncId: "slackSyncId" },
  },
  "POST /api/workspaces/:slug/workspace-integrations/slack": { level: "workspace:20", ok: 400, body: (ids) => ({ code: "code-nope", state: `${ids.slug}.made-up` }) },
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync": {
    level: "project:15",
    ok: 200,
    alias: { integrationId: "slackIntegrationId" },
  },
  "POST /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync": {
    level: "project:20",
    ok: 400,
    alias: { integrationId: "slackIntegrationId" },
    body: (ids) => ({ code: "code-nope", state: `${ids.slug}.made-up` }),
  },
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync/:syncId": {
    level: "project:20",
    ok: 204,
    alias: { integrationId: "slackIntegrationId", syncId: "slackSyncId" },
    fresh: async (world, role) => (role === "owner" ? { ids: { syncId: await reconnectSlack(world) } } : {}),
  },
  // Slack's landing call: what it may do is what its state was minted for, so a state that is not
  // the caller's own (here a made-up one naming the workspace) is refused alike for everyone
  // signed in, member or not, before Slack is asked.
  "POST /api/slack-redirect": { level: "signed-in", ok: 400, body: (ids) => ({ code: "code-nope", state: `${ids.slug}.made-up` }) },
  "POST /api/webhooks/github": { level: "public", ok: 401, body: () => ({ action: "opened" }) },
  "GET /api/unsplash": { level: "signed-in", ok: 200, query: "?query=mountain" },
  "POST /api/unsplash/download": { level: "signed-in", ok: 400, body: () => ({}) },
  // The MCP server takes an API token only: every cookie, whatever its role, is refused (401) before
  // the body is read. Roles through tokens are tests/api/mcp.test.ts's.
  "POST /api/mcp": { level: "public", ok: 401, body: () => ({ jsonrpc: "2.0", id: 1, method: "tools/list" }) },
  "GET /api/mcp": { level: "public", ok: 401 },
  "DELETE /api/mcp": { level: "public", ok: 401 },

  // Webhooks
  "GET /api/workspaces/:slug/webhooks": { level: "workspace:20", ok: 200 },
  "POST /api/workspaces/:slug/webhooks": {
    level: "workspace:20",
    ok: 201,
    fresh: async () => ({ ids: { hookUrl: await webhookReceiver() } }),
    body: (ids) => ({ url: ids.hookUrl, events: ["issue"], is_active: false }),
  },
  "GET /api/workspaces/:slug/webhooks/:webhookId": { level: "workspace:20", ok: 200 },
  "PATCH /api/workspaces/:slug/webhooks/:webhookId": { level: "workspace:20", ok: 200, body: () => ({ is_active: false }) },
  "DELETE /api/workspaces/:slug/webhooks/:webhookId": {
    level: "workspace:20",
    ok: 204,
    fresh: async (world) => ({ ids: { webhookId: (await json(owner(world), "POST", `${workspace(world)}/webhooks/`, { url: await webhookReceiver(), events: ["issue"], is_active: false })).id } }),
  },
  "POST /api/workspaces/:slug/webhooks/:webhookId/rotate-secret": { level: "workspace:20", ok: 200 },
  "GET /api/workspaces/:slug/webhooks/:webhookId/deliveries": { level: "workspace:20", ok: 200 },
  // The world's webhook is switched off, so redelivering answers 409 after the access check.
  "POST /api/workspaces/:slug/webhooks/:webhookId/deliveries/:deliveryId/redeliver": { level: "workspace:20", ok: 409 },
  // Notifications: each person's own, in any workspace they belong to.
  "GET /api/workspaces/:slug/notifications": { level: "workspace:5", ok: 200 },
  "GET /api/workspaces/:slug/notifications/unread-count": { level: "workspace:5", ok: 200 },
  "POST /api/workspaces/:slug/notifications/mark-all-read": { level: "workspace:5", ok: 200, body: () => ({}) },
  // A notification of the owner's (the member assigned them an issue): anyone else's change finds nothing.
  "PATCH /api/workspaces/:slug/notifications/:notificationId": {
    level: "workspace:5",
    ok: 200,
    fresh: async (world) => ({ ids: { notificationId: await notificationOfOwner(world) } }),
    body: () => ({ read: true }),
    except: { outsider: 404, guest: 404, viewer: 404, member: 404 },
  },
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribers": { level: "project:5", ok: 200 },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscription": { level: "project:5", ok: 200 },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscription": { level: "project:5", ok: 204 },
  "GET /api/workspaces/:slug/mail": { level: "workspace:20", ok: 200 },
  "POST /api/workspaces/:slug/mail/test": { level: "workspace:20", ok: 202 },
};

/** A new notification of the world's owner: the member assigns them a new issue. */
async function notificationOfOwner(world: World) {
  const issue = await json(world.users.member, "POST", `${project(world)}/issues/`, { name: "For the owner", assignees_list: [owner(world).user.id] });
  return (await env.DB.prepare("SELECT id FROM notifications WHERE issue_id = ?").bind(issue.id).first<string>("id")) as string;
}

/** The mailed link `fresh` made for the call that follows it. */
let freshLinkToken = "";

/** The sign-in code `fresh` wrote for the account of `freshCodeEmail`. */
const FRESH_CODE = "123456";
let freshCodeEmail = "";

/** A working account link for the user, written as the mail's would be (its secret and any code hashed). */
async function accountLinkOf(userId: string, purpose: AccountLinkPurpose, details: { code_hash?: string; new_email?: string } = {}) {
  const token = `lnk_${crypto.randomUUID()}`;
  const hash = await sha256Hex(token);
  const now = new Date();
  await env.DB.prepare("INSERT INTO account_tokens (id, user_id, purpose, token_hash, code_hash, new_email, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), userId, purpose, hash, details.code_hash ?? null, details.new_email ?? null, new Date(now.getTime() + 3_600_000).toISOString(), now.toISOString())
    .run();
  return token;
}

/** A fresh session of the role's user, for calls that end the session they arrive with. */
/** The id of the session a cookie carries, as its owner's session list names it. */
async function sessionIdOf(cookie: string): Promise<string> {
  const listed = (await callWorker("GET", "/api/users/me/sessions/", { cookie })).body as { id: string; current: boolean }[];
  return listed.find((session) => session.current)!.id;
}

async function sessionOf(world: World, role: Role): Promise<Target> {
  if (role === "anonymous") return {};
  return { cookie: await freshSession(world.users[role]) };
}

async function spareWorkspace(world: World) {
  const slug = `spare-${crypto.randomUUID().slice(0, 8)}`;
  await json(owner(world), "POST", "/api/workspaces/", { name: "Spare", slug });
  return slug;
}

async function spareProject(world: World) {
  return (await json(owner(world), "POST", `${workspace(world)}/projects/`, { name: "Spare", identifier: uniqueIdentifier() })).id as string;
}

/** A new workspace member (role 10) the call may remove or add, by its membership id. */
async function spareWorkspaceMember(world: World) {
  const { membershipId } = await spareMember(world);
  return membershipId;
}

async function spareWorkspaceMemberUser(world: World) {
  const { userId } = await spareMember(world);
  return userId;
}

async function spareMember(world: World) {
  const user = await signUp({ first_name: "Spare" });
  const membershipId = await addToWorkspace(owner(world), world.ids.slug, user, 10);
  return { membershipId, userId: user.user.id };
}

async function spareProjectMember(world: World) {
  const userId = await spareWorkspaceMemberUser(world);
  const added = await json(owner(world), "POST", `${project(world)}/members/add/`, { members: [{ member_id: userId, role: 10 }] });
  return added[0].id as string;
}

async function spareImporter(world: World, status = "completed") {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  // An import through the GitHub App: it needs no stored token, so a failed one may be resumed.
  await env.DB.prepare(
    "INSERT INTO importers (id, workspace_id, project_id, service, status, metadata, config, data, initiated_by, created_at, updated_at) SELECT ?, workspace_id, id, 'github', ?, '{\"installation_id\":1}', '{}', '{}', NULL, ?, ? FROM projects WHERE id = ?",
  )
    .bind(id, status, now, now, world.ids.projectId)
    .run();
  return id;
}

async function newIssueLink(world: World) {
  return (await json(owner(world), "POST", `${project(world)}/issues/${world.ids.issueId}/issue-links/`, { title: "Gone", url: `https://example.com/${crypto.randomUUID()}` }))
    .id as string;
}

async function newModuleLink(world: World) {
  return (await json(owner(world), "POST", `${project(world)}/modules/${world.ids.moduleId}/module-links/`, { title: "Gone", url: `https://example.com/${crypto.randomUUID()}` }))
    .id as string;
}

async function newComment(world: World) {
  return (await json(owner(world), "POST", `${project(world)}/issues/${world.ids.issueId}/comments/`, comment("Gone"))).id as string;
}

async function newBlock(world: World) {
  return (await json(owner(world), "POST", `${project(world)}/pages/${world.ids.pageId}/page-blocks/`, { name: "Gone" })).id as string;
}

async function spareGithubInstallation(world: World): Promise<Target> {
  const slug = await spareWorkspace(world);
  const grant = await installOnGithub(await startConnection(owner(world), slug, { kind: "github_install" }), `acct-${crypto.randomUUID().slice(0, 8)}`);
  const installed = await json(owner(world), "POST", `/api/workspaces/${slug}/workspace-integrations/github/`, githubInstallBody(grant));
  return { ids: { slug, integrationId: installed.id } };
}

async function reconnectSlack(world: World) {
  const grant = await slackGrant(owner(world), world.ids.slug, world.ids.projectId, "C0TRACKER");
  const connected = await json(owner(world), "POST", "/api/slack-redirect/", grant);
  world.ids.slackSyncId = connected.channel.id;
  return connected.channel.id as string;
}
