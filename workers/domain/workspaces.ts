// Workspaces and their members.
import { type OrderKey, type PageRequest, mapPage, readPage } from "./list-page";
import { and, count, eq, sql } from "drizzle-orm";
import {
  CreateWorkspaceInput,
  SLUG_TAKEN,
  UpdateMemberInput,
  UpdateWorkspaceInput,
} from "./schemas/workspaces";
import { issues, projectMembers, projects, users, workspaceMembers, workspaces, type Workspace } from "../../drizzle/schema";
import { preparedRead } from "../lib/prepared-reads";
import { isUniqueViolation } from "../lib/d1-errors";
import { parseInput } from "../lib/validation";
import { ROLE, type WorkspaceAccess, assertCanGrant, workspaceAccess } from "./access";
import { INTEGRATION_BOT_MEMBER, LAST_WORKSPACE_OWNER } from "./schemas/constants";
import type { ActorContext } from "./context";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { memberDetailOf } from "./serializers";

export { RoleSchema, SLUG_TAKEN } from "./schemas/workspaces";


/** First path segments the app itself uses; a workspace slug cannot shadow them. */




export function workspaceOf(workspace: Workspace, extra: { role?: number; total_members?: number } = {}) {
  return {
    id: workspace.id,
    name: workspace.name,
    slug: workspace.slug,
    logo: workspace.logo,
    owner: workspace.owner_id,
    created_at: workspace.created_at,
    updated_at: workspace.updated_at,
    ...extra,
  };
}

const MY_WORKSPACE_ORDER: OrderKey<{ workspace: Workspace }>[] = [
  { by: workspaces.name, dir: "asc", of: (row) => row.workspace.name },
  { by: workspaces.id, dir: "asc", of: (row) => row.workspace.id },
];

/** One page of the workspaces the actor belongs to, by name, with their role in each. */
export async function listMyWorkspaces(ctx: ActorContext, page: PageRequest) {
  const rows = await readPage(page, MY_WORKSPACE_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
      .where(and(eq(workspaceMembers.member_id, ctx.actor.id), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map((row) => workspaceOf(row.workspace, { role: row.role })));
}

export async function createWorkspace(ctx: ActorContext, input: unknown) {
  const data = parseInput(CreateWorkspaceInput, input);
  const workspaceId = crypto.randomUUID();
  try {
    // One batch is one transaction: the owner membership exists exactly when the workspace does.
    const [inserted] = await ctx.db.batch([
      ctx.db.insert(workspaces).values({ id: workspaceId, name: data.name, slug: data.slug, owner_id: ctx.actor.id }).returning(),
      ctx.db.insert(workspaceMembers).values({ workspace_id: workspaceId, member_id: ctx.actor.id, role: ROLE.owner }),
    ]);
    return workspaceOf(inserted[0], { role: ROLE.owner });
  } catch (error) {
    if (isUniqueViolation(error, "workspaces.slug")) throw Invalid.field("slug", SLUG_TAKEN);
    throw error;
  }
}

/** How many members a workspace has: every page's shell reads it, so it is built once per isolate. */
const memberCount = preparedRead((db) =>
  db.select({ total: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspace_id, sql.placeholder("workspaceId"))).prepare(),
);

export async function getWorkspace(ctx: ActorContext, slug: string) {
  return workspaceWithMembers(ctx, await workspaceAccess(ctx, slug));
}

/** The workspace the caller's access was checked for, with its member count (one statement). */
export async function workspaceWithMembers(ctx: ActorContext, { workspace, membership }: WorkspaceAccess) {
  const [{ total }] = await memberCount(ctx.db, { workspaceId: workspace.id });
  return workspaceOf(workspace, { role: membership.role, total_members: total });
}

export async function updateWorkspace(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const data = parseInput(UpdateWorkspaceInput, input);
  if (Object.keys(data).length === 0) return workspaceOf(workspace, { role: ROLE.owner });
  const [updated] = await ctx.db.update(workspaces).set(data).where(eq(workspaces.id, workspace.id)).returning();
  return workspaceOf(updated, { role: ROLE.owner });
}

export async function deleteWorkspace(ctx: ActorContext, slug: string) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const projectIds = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.workspace_id, workspace.id));
  await ctx.db.batch([
    // issues.state_id is ON DELETE RESTRICT: the issues must go before the cascade reaches states.
    ctx.db.delete(issues).where(eq(issues.workspace_id, workspace.id)),
    ctx.db.delete(workspaces).where(eq(workspaces.id, workspace.id)),
  ]);
  for (const { id } of projectIds) ctx.effects.publish(id, { kind: "project", op: "delete", id });
}

export async function myWorkspaceMembership(ctx: ActorContext, slug: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  return {
    id: membership.id,
    role: membership.role,
    workspace: workspace.id,
    member: memberDetailOf(ctx.actor),
  };
}

function memberRowOf(row: { membership: typeof workspaceMembers.$inferSelect; user: typeof users.$inferSelect }) {
  return {
    id: row.membership.id,
    role: row.membership.role,
    workspace: row.membership.workspace_id,
    member: memberDetailOf(row.user),
    created_at: row.membership.created_at,
  };
}

const WORKSPACE_MEMBER_ORDER: OrderKey<{ membership: typeof workspaceMembers.$inferSelect; user: typeof users.$inferSelect }>[] = [
  { by: users.email, dir: "asc", of: (row) => row.user.email },
  { by: workspaceMembers.id, dir: "asc", of: (row) => row.membership.id },
];

/** One page of a workspace's members, by email. */
export async function listWorkspaceMembers(ctx: ActorContext, slug: string, page: PageRequest) {
  const { workspace } = await workspaceAccess(ctx, slug);
  const rows = await readPage(page, WORKSPACE_MEMBER_ORDER, (after, orderBy, limit) =>
    ctx.db
      .select({ membership: workspaceMembers, user: users })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.member_id))
      .where(and(eq(workspaceMembers.workspace_id, workspace.id), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return mapPage(rows, (shown) => shown.map(memberRowOf));
}



async function loadWorkspaceMember(ctx: ActorContext, workspaceId: string, membershipId: string) {
  const [row] = await ctx.db
    .select({ membership: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.id, membershipId), eq(workspaceMembers.workspace_id, workspaceId)))
    .limit(1);
  if (!row) throw new NotFound("Workspace member not found.");
  return row;
}

async function ownerCount(ctx: ActorContext, workspaceId: string) {
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspace_id, workspaceId), eq(workspaceMembers.role, ROLE.owner)));
  return total;
}

export async function updateWorkspaceMember(ctx: ActorContext, slug: string, membershipId: string, input: unknown) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.owner);
  const { role } = parseInput(UpdateMemberInput, input);
  assertCanGrant(membership.role, role);
  const target = await loadWorkspaceMember(ctx, workspace.id, membershipId);
  if (target.user.is_bot) throw new Conflict(INTEGRATION_BOT_MEMBER);
  if (target.membership.role === ROLE.owner && role !== ROLE.owner && (await ownerCount(ctx, workspace.id)) <= 1) {
    throw new Invalid(LAST_WORKSPACE_OWNER);
  }
  // One batch: the workspace role and the capped project roles change together or not at all.
  const [[updated]] = await ctx.db.batch([
    ctx.db.update(workspaceMembers).set({ role }).where(eq(workspaceMembers.id, target.membership.id)).returning(),
    // A project role never exceeds the workspace role.
    ctx.db
      .update(projectMembers)
      .set({ role })
      .where(
        and(
          eq(projectMembers.workspace_id, workspace.id),
          eq(projectMembers.member_id, target.user.id),
          sql`${projectMembers.role} > ${role}`,
        ),
      ),
  ]);
  return memberRowOf({ membership: updated, user: target.user });
}

/** Owners remove anyone; everyone may leave. The last owner can do neither to themselves. */
export async function removeWorkspaceMember(ctx: ActorContext, slug: string, membershipId: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  const target = await loadWorkspaceMember(ctx, workspace.id, membershipId);
  if (target.user.is_bot) throw new Conflict(INTEGRATION_BOT_MEMBER);
  const leaving = target.user.id === ctx.actor.id;
  if (!leaving && membership.role < ROLE.owner) throw new Forbidden();
  if (target.membership.role === ROLE.owner && (await ownerCount(ctx, workspace.id)) <= 1) {
    throw new Invalid(LAST_WORKSPACE_OWNER);
  }
  const memberProjects = await ctx.db
    .select({ projectId: projectMembers.project_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.workspace_id, workspace.id), eq(projectMembers.member_id, target.user.id)));
  await ctx.db.batch([
    ctx.db
      .delete(projectMembers)
      .where(and(eq(projectMembers.workspace_id, workspace.id), eq(projectMembers.member_id, target.user.id))),
    ctx.db.delete(workspaceMembers).where(eq(workspaceMembers.id, target.membership.id)),
  ]);
  for (const { projectId } of memberProjects) {
    ctx.effects.publish(projectId, { kind: "member", op: "delete", id: target.user.id });
    ctx.effects.revokeBoardAccess(projectId, target.user.id);
  }
  ctx.effects.revokeWorkspaceAccess(workspace.id, target.user.id);
}
