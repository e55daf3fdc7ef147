// Authorisation: the first lines of every domain operation call one of these. Roles are numbers
// (20 owner, 15 member, 10 viewer, 5 guest) at workspace and project level (design.md section 4).
import { and, eq } from "drizzle-orm";
import { projectMembers, projects, workspaceMembers, workspaces, type Role } from "../../drizzle/schema";
import type { ActorContext } from "./context";
import { Forbidden, NotFound } from "./errors";

export const ROLE = { owner: 20, member: 15, viewer: 10, guest: 5 } as const satisfies Record<string, Role>;
export { ROLES } from "./schemas/workspaces";

export const WORKSPACE_NOT_FOUND = "Workspace not found.";
export const PROJECT_NOT_FOUND = "Project not found.";
export const NOT_WORKSPACE_MEMBER = "You are not a member of this workspace.";
export const NOT_PROJECT_MEMBER = "You are not a member of this project.";

export async function workspaceAccess(ctx: ActorContext, slug: string, minRole: Role = ROLE.guest) {
  const [row] = await ctx.db
    .select({ workspace: workspaces, membership: workspaceMembers })
    .from(workspaces)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspace_id, workspaces.id), eq(workspaceMembers.member_id, ctx.actor.id)),
    )
    .where(eq(workspaces.slug, slug))
    .limit(1);
  if (!row) throw new NotFound(WORKSPACE_NOT_FOUND);
  if (!row.membership) throw new Forbidden(NOT_WORKSPACE_MEMBER);
  if (row.membership.role < minRole) throw new Forbidden();
  return { workspace: row.workspace, membership: row.membership };
}

export type WorkspaceAccess = Awaited<ReturnType<typeof workspaceAccess>>;

/**
 * Loads a project of the workspace named by `slug` with the actor's memberships in one query.
 * Another workspace's project id answers 404, never 403, so ids do not leak across workspaces.
 */
export async function projectAccess(ctx: ActorContext, slug: string, projectId: string, minRole: Role = ROLE.guest) {
  const [row] = await ctx.db
    .select({
      workspace: workspaces,
      workspaceMembership: workspaceMembers,
      project: projects,
      membership: projectMembers,
    })
    .from(workspaces)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspace_id, workspaces.id), eq(workspaceMembers.member_id, ctx.actor.id)),
    )
    .leftJoin(projects, and(eq(projects.workspace_id, workspaces.id), eq(projects.id, projectId)))
    .leftJoin(
      projectMembers,
      and(eq(projectMembers.project_id, projects.id), eq(projectMembers.member_id, ctx.actor.id)),
    )
    .where(eq(workspaces.slug, slug))
    .limit(1);
  if (!row) throw new NotFound(WORKSPACE_NOT_FOUND);
  if (!row.workspaceMembership) throw new Forbidden(NOT_WORKSPACE_MEMBER);
  if (!row.project) throw new NotFound(PROJECT_NOT_FOUND);
  if (!row.membership) throw new Forbidden(NOT_PROJECT_MEMBER);
  if (row.membership.role < minRole) throw new Forbidden();
  return {
    workspace: row.workspace,
    workspaceMembership: row.workspaceMembership,
    project: row.project,
    membership: row.membership,
  };
}

export type ProjectAccess = Awaited<ReturnType<typeof projectAccess>>;

/** Nobody may hand out a role above their own. */
export function assertCanGrant(actorRole: number, role: number) {
  if (role > actorRole) throw new Forbidden("You cannot grant a role higher than your own.");
}
