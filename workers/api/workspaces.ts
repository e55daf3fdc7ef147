import { Hono } from "hono";
import { listed, pageOf } from "./list-pages";
import { inviteToWorkspace } from "../domain/invitations";
import { invitationPath } from "../domain/schemas/workspaces";
import { listWorkspaceInvitations, revokeWorkspaceInvitation } from "../domain/workspace-settings";
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listMyWorkspaces,
  listWorkspaceMembers,
  myWorkspaceMembership,
  removeWorkspaceMember,
  updateWorkspace,
  updateWorkspaceMember,
} from "../domain/workspaces";
import { type ApiEnv, actorOf, body } from "./hono-env";

export const workspaceRoutes = new Hono<ApiEnv>({ strict: false });

workspaceRoutes.get("/", async (c) => listed(c, await listMyWorkspaces(actorOf(c), pageOf(c))));
workspaceRoutes.post("/", async (c) => c.json(await createWorkspace(actorOf(c), await body(c)), 201));

workspaceRoutes.get("/:slug", async (c) => c.json(await getWorkspace(actorOf(c), c.req.param("slug"))));
workspaceRoutes.patch("/:slug", async (c) => c.json(await updateWorkspace(actorOf(c), c.req.param("slug"), await body(c))));
workspaceRoutes.delete("/:slug", async (c) => {
  await deleteWorkspace(actorOf(c), c.req.param("slug"));
  return c.body(null, 204);
});

workspaceRoutes.get("/:slug/workspace-members/me", async (c) =>
  c.json(await myWorkspaceMembership(actorOf(c), c.req.param("slug"))),
);
workspaceRoutes.get("/:slug/members", async (c) => listed(c, await listWorkspaceMembers(actorOf(c), c.req.param("slug"), pageOf(c))));
workspaceRoutes.patch("/:slug/members/:memberId", async (c) =>
  c.json(await updateWorkspaceMember(actorOf(c), c.req.param("slug"), c.req.param("memberId"), await body(c))),
);
workspaceRoutes.delete("/:slug/members/:memberId", async (c) => {
  await removeWorkspaceMember(actorOf(c), c.req.param("slug"), c.req.param("memberId"));
  return c.body(null, 204);
});

/**
 * Each invitation comes back with its link's secret (`token`) and the link itself (`url`), this
 * once: only the secret's hash is kept.
 */
workspaceRoutes.post("/:slug/invite", async (c) => {
  const sent = await inviteToWorkspace(actorOf(c), c.req.param("slug"), await body(c));
  const invitations = sent.invitations.map((invitation) => ({ ...invitation, url: new URL(invitationPath(invitation.token), c.req.url).href }));
  return c.json({ ...sent, invitations });
});
workspaceRoutes.get("/:slug/invitations", async (c) => listed(c, await listWorkspaceInvitations(actorOf(c), c.req.param("slug"), pageOf(c))));
workspaceRoutes.delete("/:slug/invitations/:invitationId", async (c) => {
  await revokeWorkspaceInvitation(actorOf(c), c.req.param("slug"), c.req.param("invitationId"));
  return c.body(null, 204);
});
