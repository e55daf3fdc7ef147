// Workspace settings: who may open them, the members page's read model, pending invitations
// (list and revoke) and the workspace logo. Guests and viewers may not open settings; members may
// read them and invite; only owners change the workspace, its logo and its members' roles.
import { type SQL, and, asc, eq, sql } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../drizzle/schema";
import { runNamedBatch } from "../lib/batch";
import { type OrderKey, type PageRequest, mapPage, orderOf, readPage } from "./list-page";
import { LIST_PAGES } from "./schemas/list-pages";
import { ROLE, assertCanGrant, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { assetIdInUrl, deleteWorkspaceAsset, uploadWorkspaceAsset, workspaceAssetUrl } from "./file-assets";
import { NotFound } from "./errors";
import { memberColumns, memberDetailOf } from "./serializers";
import type { AssetUpload } from "./uploads";
import { workspaceOf } from "./workspaces";

export const INVITATION_NOT_FOUND = "Invitation not found.";

/** Settings are barred to guests and viewers. */
export const canOpenWorkspaceSettings = (role: number) => role >= ROLE.member;

/** The actor's access to the workspace's settings, with the workspace they describe. */
export async function workspaceSettingsAccess(ctx: ActorContext, slug: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  return {
    authorized: canOpenWorkspaceSettings(membership.role),
    role: membership.role,
    email: ctx.actor.email,
    workspace: workspaceOf(workspace),
  };
}

function invitationOf(row: typeof workspaceInvitations.$inferSelect) {
  return { id: row.id, email: row.email, role: row.role, created_at: row.created_at };
}

/**
 * Everything the members page shows, read in one batch after the access check: the members (by
 * email) and the invitations nobody has accepted yet (newest first). Guests and viewers get only
 * `authorized: false`.
 */
export async function workspaceMembersPage(ctx: ActorContext, slug: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  if (!canOpenWorkspaceSettings(membership.role)) return { authorized: false as const };
  const { members, invitations } = await runNamedBatch(ctx.db, {
    members: ctx.db
      .select({ membership_id: sql<string>`${workspaceMembers.id}`.as("membership_id"), role: workspaceMembers.role, ...memberColumns })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.member_id))
      .where(eq(workspaceMembers.workspace_id, workspace.id))
      .orderBy(asc(users.email)),
    // The page shows as many invitations as one plain list answers.
    invitations: pendingInvitations(ctx, workspace.id).limit(LIST_PAGES.plainListCap),
  });
  return {
    authorized: true as const,
    role: membership.role,
    me: membership.id,
    members: members.map(({ membership_id, role, ...user }) => ({ id: membership_id, role, member: memberDetailOf(user) })),
    invitations: invitations.map(invitationOf),
  };
}

type InvitationRow = typeof workspaceInvitations.$inferSelect;

/** Pending invitations, newest first, then by email; the id breaks ties. */
const INVITATION_ORDER: OrderKey<InvitationRow>[] = [
  { by: workspaceInvitations.created_at, dir: "desc", of: (row) => row.created_at },
  { by: workspaceInvitations.email, dir: "asc", of: (row) => row.email },
  { by: workspaceInvitations.id, dir: "asc", of: (row) => row.id },
];

/** The workspace's invitations nobody has accepted yet (and matching `where`), in their order. */
const pendingInvitations = (ctx: ActorContext, workspaceId: string, where?: SQL) =>
  ctx.db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspace_id, workspaceId), eq(workspaceInvitations.accepted, false), where))
    .orderBy(...orderOf(INVITATION_ORDER));

/** One page of the invitations of the workspace nobody has accepted yet; for members and owners. */
export async function listWorkspaceInvitations(ctx: ActorContext, slug: string, page: PageRequest) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const rows = await readPage(page, INVITATION_ORDER, (after, _orderBy, limit) => pendingInvitations(ctx, workspace.id, after).limit(limit));
  return mapPage(rows, (shown) => shown.map(invitationOf));
}

/**
 * Withdraws a pending invitation. Whoever may invite may revoke, but not an invitation to a role
 * above their own (they could not have sent it); an accepted invitation is no longer pending.
 */
export async function revokeWorkspaceInvitation(ctx: ActorContext, slug: string, invitationId: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.member);
  const [invitation] = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.id, invitationId),
        eq(workspaceInvitations.workspace_id, workspace.id),
        eq(workspaceInvitations.accepted, false),
      ),
    )
    .limit(1);
  if (!invitation) throw new NotFound(INVITATION_NOT_FOUND);
  assertCanGrant(membership.role, invitation.role);
  await ctx.db.delete(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
}

/** Deletes the file behind a replaced logo; a file already gone is no reason to fail. */
async function dropPreviousLogo(ctx: ActorContext, slug: string, previous: string) {
  const assetId = assetIdInUrl(previous, (id) => workspaceAssetUrl(slug, id));
  if (!assetId) return;
  try {
    await deleteWorkspaceAsset(ctx, slug, assetId);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
  }
}

/**
 * Uploads a new logo (an image of at most 5 MB, stored as a workspace file asset), points the
 * workspace at it and deletes the previous logo's file. Owners only: the role is checked before a
 * byte of the upload is read, and a refused or failed upload leaves the old logo in place.
 */
export async function replaceWorkspaceLogo(ctx: ActorContext, slug: string, upload: AssetUpload) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const asset = await uploadWorkspaceAsset(ctx, slug, upload);
  let updated: typeof workspaces.$inferSelect;
  try {
    [updated] = await ctx.db.update(workspaces).set({ logo: asset.asset }).where(eq(workspaces.id, workspace.id)).returning();
  } catch (error) {
    await deleteWorkspaceAsset(ctx, slug, asset.id);
    throw error;
  }
  await dropPreviousLogo(ctx, slug, workspace.logo);
  return workspaceOf(updated, { role: ROLE.owner });
}

/** Clears the logo and deletes its file. Owners only. */
export async function removeWorkspaceLogo(ctx: ActorContext, slug: string) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  if (!workspace.logo) return workspaceOf(workspace, { role: ROLE.owner });
  const [updated] = await ctx.db.update(workspaces).set({ logo: "" }).where(eq(workspaces.id, workspace.id)).returning();
  await dropPreviousLogo(ctx, slug, workspace.logo);
  return workspaceOf(updated, { role: ROLE.owner });
}
