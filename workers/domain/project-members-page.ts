// The project settings' members page as one read: after the access check, the project's members
// and the workspace's members who are not in the project yet (whom an owner may add), in one
// batch. Guests and viewers, who may not open project settings, get only `authorized: false`.
import { and, asc, eq, notExists, sql } from "drizzle-orm";
import { projectMembers, users, workspaceMembers } from "../../drizzle/schema";
import { runNamedBatch } from "../lib/batch";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { memberColumns, memberDetailOf } from "./serializers";

export async function projectMembersPage(ctx: ActorContext, slug: string, projectId: string) {
  const { workspace, membership } = await projectAccess(ctx, slug, projectId);
  if (membership.role < ROLE.member) return { authorized: false as const };
  const { members, candidates } = await runNamedBatch(ctx.db, {
    members: ctx.db
      .select({ membership_id: sql<string>`${projectMembers.id}`.as("membership_id"), role: projectMembers.role, ...memberColumns })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.member_id))
      .where(eq(projectMembers.project_id, projectId))
      .orderBy(asc(users.email)),
    candidates: ctx.db
      .select({ workspace_role: workspaceMembers.role, ...memberColumns })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.member_id))
      .where(
        and(
          eq(workspaceMembers.workspace_id, workspace.id),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(projectMembers)
              .where(and(eq(projectMembers.project_id, projectId), eq(projectMembers.member_id, workspaceMembers.member_id))),
          ),
        ),
      )
      .orderBy(asc(users.email)),
  });
  return {
    authorized: true as const,
    role: membership.role,
    me: membership.id,
    members: members.map(({ membership_id, role, ...user }) => ({ id: membership_id, role, member: memberDetailOf(user) })),
    candidates: candidates.map(({ workspace_role, ...user }) => ({ workspace_role, member: memberDetailOf(user) })),
  };
}
