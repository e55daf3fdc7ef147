// Authorisation: the first lines of every domain operation call one of these. Roles are numbers
// (20 owner, 15 member, 10 viewer, 5 guest) at workspace and project level.
import { and, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { projectMembers, projects, type Role, users, workspaceMembers, workspaces } from "../../drizzle/schema";
import type { Db } from "../db";
import { preparedRead } from "../lib/prepared-reads";
import type { ActorContext } from "./context";
import { Forbidden, NotFound } from "./errors";

import { ROLE } from "./schemas/constants";

export { ROLE };
export { ROLES } from "./schemas/constants";

export const WORKSPACE_NOT_FOUND = "Workspace not found.";
export const PROJECT_NOT_FOUND = "Project not found.";
export const NOT_WORKSPACE_MEMBER = "You are not a member of this workspace.";
export const NOT_PROJECT_MEMBER = "You are not a member of this project.";

/**
 * The actor, the workspace named by the `slug` placeholder (null when there is none), the project
 * `projectId` in it (null when absent or in another workspace; "" names none) and the actor's
 * memberships of both, in one statement. `actor` is the placeholder of a user id, or a subquery
 * naming the caller by their session (workers/auth/sessions.ts), in which case no row means no such
 * session; `sessionLastSeen` then reads when that session was last seen (NULL otherwise). Built once
 * per isolate by its callers (`preparedRead`): it is the widest statement of every request.
 */
export function accessSelect(db: Db, actor: SQLWrapper, sessionLastSeen?: SQL<string | null>) {
  return db
    .select({
      user: users,
      sessionLastSeenAt: sessionLastSeen ?? sql<string | null>`NULL`,
      workspace: workspaces,
      workspaceMembership: workspaceMembers,
      project: projects,
      membership: projectMembers,
    })
    .from(users)
    .leftJoin(workspaces, eq(workspaces.slug, sql.placeholder("slug")))
    .leftJoin(workspaceMembers, and(eq(workspaceMembers.workspace_id, workspaces.id), eq(workspaceMembers.member_id, users.id)))
    .leftJoin(projects, and(eq(projects.workspace_id, workspaces.id), eq(projects.id, sql.placeholder("projectId"))))
    .leftJoin(projectMembers, and(eq(projectMembers.project_id, projects.id), eq(projectMembers.member_id, users.id)))
    .where(eq(users.id, actor))
    .limit(1);
}

const accessOfUser = preparedRead((db) => accessSelect(db, sql.placeholder("actorId")).prepare());

/** The access row of user `actorId` to workspace `slug` and, when given, its project `projectId`. */
async function readAccess(db: Db, actorId: string, slug: string, projectId: string | null): Promise<AccessRow | undefined> {
  const [row] = await accessOfUser(db, { actorId, slug, projectId: projectId ?? "" });
  return row;
}

export type AccessRow = Awaited<ReturnType<ReturnType<typeof accessSelect>["all"]>>[number];

/** The workspace and project a request's path names: what its first access check will ask about. */
export interface AccessScope {
  slug: string;
  projectId?: string;
}

/**
 * The access row of the request's scope, read by the same statement that finds the caller's
 * session (workers/auth/sessions.ts) so that a request pays one round trip for "who are you and
 * what may you see" instead of two. The row is what `projectAccess` would have read a few milliseconds
 * later. A read-only request may use it for every check of its scope; a write request uses it
 * once, so a check made after the request changed memberships reads them again.
 */
export class AccessPrefetch {
  private snapshot: { userId: string; row: AccessRow } | null = null;

  constructor(
    readonly scope: AccessScope | null,
    private readonly reusable: boolean,
  ) {}

  store(row: AccessRow) {
    this.snapshot = { userId: row.user.id, row };
  }

  /** The prefetched row when it answers this check, else null. */
  take(userId: string, slug: string, projectId?: string): AccessRow | null {
    const { snapshot, scope } = this;
    if (!snapshot || !scope || snapshot.userId !== userId || scope.slug !== slug) return null;
    if (projectId !== undefined && scope.projectId !== projectId) return null;
    if (!this.reusable) this.snapshot = null;
    return snapshot.row;
  }
}

const API_SCOPE = /^\/api\/workspaces\/([^/]+)(?:\/projects\/([^/]+))?/;
const PAGE_SCOPE = /^\/([^/.]+)(?:\/projects\/([^/.]+))?/;

/** What `/api/workspaces/{slug}[/projects/{id}]...` or a page under `/{slug}[/projects/{id}]` names. */
export function accessScopeOf(pathname: string, page: boolean): AccessScope | null {
  const match = (page ? PAGE_SCOPE : API_SCOPE).exec(pathname);
  if (!match) return null;
  const [, slug, projectId] = match;
  try {
    return { slug: decodeURIComponent(slug), projectId: projectId === undefined ? undefined : decodeURIComponent(projectId) };
  } catch {
    return null;
  }
}

export async function workspaceAccess(ctx: ActorContext, slug: string, minRole: Role = ROLE.guest) {
  const row = ctx.prefetchedAccess?.take(ctx.actor.id, slug) ?? (await readAccess(ctx.db, ctx.actor.id, slug, null));
  if (!row?.workspace) throw new NotFound(WORKSPACE_NOT_FOUND);
  if (!row.workspaceMembership) throw new Forbidden(NOT_WORKSPACE_MEMBER);
  if (row.workspaceMembership.role < minRole) throw new Forbidden();
  return { workspace: row.workspace, membership: row.workspaceMembership };
}

export type WorkspaceAccess = Awaited<ReturnType<typeof workspaceAccess>>;

/**
 * Loads a project of the workspace named by `slug` with the actor's memberships in one query.
 * Another workspace's project id answers 404, never 403, so ids do not leak across workspaces.
 */
export async function projectAccess(ctx: ActorContext, slug: string, projectId: string, minRole: Role = ROLE.guest) {
  const row = ctx.prefetchedAccess?.take(ctx.actor.id, slug, projectId) ?? (await readAccess(ctx.db, ctx.actor.id, slug, projectId));
  if (!row?.workspace) throw new NotFound(WORKSPACE_NOT_FOUND);
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
