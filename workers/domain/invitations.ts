// Workspace invitations: members invite by email; the invited user sees them under
// /api/users/me/invitations/ and joins with one call. No mail is sent (no mail service is part of
// the stack); the invitation waits for whoever signs in with that address.
import { and, eq, inArray } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../drizzle/schema";
import { runBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, assertCanGrant, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid } from "./errors";
import { AcceptInvitationsInput, InviteInput } from "./schemas/workspaces";
import { workspaceOf } from "./workspaces";


export async function inviteToWorkspace(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.member);
  const { emails } = parseInput(InviteInput, input);
  for (const { role } of emails) assertCanGrant(membership.role, role);

  const addresses = [...new Set(emails.map((entry) => entry.email))];
  const alreadyMembers = await ctx.db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.workspace_id, workspace.id), inArray(users.email, addresses)));
  if (alreadyMembers.length > 0) {
    throw Invalid.field("emails", `Already members of the workspace: ${alreadyMembers.map((m) => m.email).join(", ")}`);
  }

  const results = (await runBatch(
    ctx.db,
    emails.map(({ email, role }) =>
      ctx.db
        .insert(workspaceInvitations)
        .values({ workspace_id: workspace.id, email, role, invited_by: ctx.actor.id })
        .onConflictDoUpdate({
          target: [workspaceInvitations.workspace_id, workspaceInvitations.email],
          set: { role, invited_by: ctx.actor.id, accepted: false, responded_at: null },
        })
        .returning(),
    ),
  )) as (typeof workspaceInvitations.$inferSelect)[][];
  return {
    message: "Invitations sent successfully",
    invitations: results.flat().map((row) => ({ id: row.id, email: row.email, role: row.role, workspace: row.workspace_id })),
  };
}

export async function myInvitations(ctx: ActorContext) {
  const rows = await ctx.db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(and(eq(workspaceInvitations.email, ctx.actor.email), eq(workspaceInvitations.accepted, false)));
  return rows.map(({ invitation, workspace }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    created_at: invitation.created_at,
    workspace: workspaceOf(workspace),
  }));
}


/** Joins the workspaces of the given invitations; ids that are not the actor's are ignored. */
export async function acceptInvitations(ctx: ActorContext, input: unknown) {
  const { invitations } = parseInput(AcceptInvitationsInput, input);
  const rows = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        inArray(workspaceInvitations.id, invitations),
        eq(workspaceInvitations.email, ctx.actor.email),
        eq(workspaceInvitations.accepted, false),
      ),
    );
  if (rows.length === 0) throw Invalid.field("invitations", "No pending invitation matches these ids.");
  const now = new Date().toISOString();
  const statements = rows.flatMap((invitation) => [
    ctx.db
      .insert(workspaceMembers)
      .values({ workspace_id: invitation.workspace_id, member_id: ctx.actor.id, role: invitation.role })
      .onConflictDoNothing(),
    ctx.db
      .update(workspaceInvitations)
      .set({ accepted: true, responded_at: now })
      .where(eq(workspaceInvitations.id, invitation.id)),
  ]);
  await runBatch(ctx.db, statements);
  const joined = await ctx.db
    .select()
    .from(workspaces)
    .where(inArray(workspaces.id, rows.map((row) => row.workspace_id)));
  return { message: "Workspaces joined successfully", workspaces: joined.map((workspace) => workspaceOf(workspace)) };
}
