// Workspace invitations. A member invites an address; each invitation gets a link with a random
// secret (256 bits, stored only as its SHA-256, expiring after INVITATION_TTL_DAYS), mailed to the
// address and also shown once to the inviter to pass on. Signing up or in with the address alone
// joins nothing and lists nothing. Accepting takes the link, from an account with that address
// which has proven it (the link mailed at sign-up), and consumes it in the same transaction that
// adds the member, so a link works once. Each address can be mailed a few invitations an hour.
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { users, workspaceInvitations, workspaceMembers, workspaces } from "../../drizzle/schema";
import { randomToken, sha256Hex } from "../auth/crypto";
import { runBatch, runNamedBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, assertCanGrant, workspaceAccess } from "./access";
import type { ActorContext, DomainContext } from "./context";
import { Forbidden, Invalid, NotFound } from "./errors";
import { DAY_MS } from "./schemas/dates";
import { AcceptInvitationInput, InviteInput } from "./schemas/workspaces";
import { INVITATION_NOT_FOUND } from "./workspace-settings";
import { workspaceOf } from "./workspaces";
import { queueMail } from "./mail";
import { linkMail } from "./mail-content";
import { takeMailRequest } from "./sign-up-limit";
import { personLabelOf } from "./serializers";

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_LINK_INVALID = "This invitation link is not valid: it was used, withdrawn or has expired. Ask for a new one.";
export const INVITATION_FOR_ANOTHER_ADDRESS = "This invitation was sent to another email address. Sign in with that address to accept it.";
export const VERIFY_BEFORE_ACCEPTING = "Verify your email address before accepting an invitation: open the link we mailed you, or have it sent again.";

/** The page an invitation link opens. */
export const invitationPath = (token: string) => `/invitations/${token}`;

/** The statement that queues the invitation's mail to the invited address, carrying its link. */
function invitationMail(ctx: ActorContext, workspace: { id: string; name: string }, email: string, token: string) {
  const inviter = personLabelOf(ctx.actor);
  const mail = linkMail({
    subject: `${inviter} invited you to ${workspace.name} on Edge Tracker`,
    intro: [`${inviter} (${ctx.actor.email}) invited you to join the workspace ${workspace.name} on Edge Tracker.`],
    action: { label: `Join ${workspace.name}`, url: `${ctx.config.publicBaseUrl}${invitationPath(token)}` },
    outro: [`The link works for ${INVITATION_TTL_DAYS} days, for an account with this address (${email}). Sign up with it if you have no account yet.`],
  });
  return queueMail(ctx, { kind: "invitation", to: email, workspaceId: workspace.id, ...mail });
}

/** A new link secret for an invitation, its hash as stored and when it stops working. */
async function newInvitationLink(now = Date.now()) {
  const token = randomToken("inv_");
  return { token, token_hash: await sha256Hex(token), expires_at: new Date(now + INVITATION_TTL_DAYS * DAY_MS).toISOString() };
}

/**
 * Invites addresses to the workspace at a role (never above the inviter's). Inviting an address
 * again replaces its pending invitation's role and link, so an old link stops working. Each
 * invitation is answered with its link's secret, once: only its hash is kept.
 */
export async function inviteToWorkspace(ctx: ActorContext, slug: string, input: unknown) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.member);
  const { emails } = parseInput(InviteInput, input);
  for (const { role } of emails) assertCanGrant(membership.role, role);

  const addresses = [...new Set(emails.map((entry) => entry.email))];
  const alreadyMembers = await ctx.db
    .select({ email: users.email })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.member_id))
    .where(and(eq(workspaceMembers.workspace_id, workspace.id), inArray(sql`lower(${users.email})`, addresses)));
  if (alreadyMembers.length > 0) {
    throw Invalid.field("emails", `Already members of the workspace: ${alreadyMembers.map((m) => m.email).join(", ")}`);
  }

  // No address is flooded with invitations, however many workspaces invite it.
  for (const address of addresses) await takeMailRequest(ctx, "invitation", address, { address: null });
  const links = await Promise.all(emails.map(() => newInvitationLink()));
  const results = (await runBatch(ctx.db, [
    ...emails.map(({ email, role }, i) => {
      const { token_hash, expires_at } = links[i];
      return ctx.db
        .insert(workspaceInvitations)
        .values({ workspace_id: workspace.id, email, role, invited_by: ctx.actor.id, token_hash, expires_at })
        .onConflictDoUpdate({
          target: [workspaceInvitations.workspace_id, workspaceInvitations.email],
          set: { role, invited_by: ctx.actor.id, accepted: false, responded_at: null, token_hash, expires_at },
        })
        .returning();
    }),
    ...emails.map(({ email }, i) => invitationMail(ctx, workspace, email, links[i].token)),
  ])).slice(0, emails.length) as (typeof workspaceInvitations.$inferSelect)[][];
  return {
    message: "Invitations sent successfully",
    invitations: results.flat().map((row, i) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      workspace: row.workspace_id,
      token: links[i].token,
      expires_at: row.expires_at,
    })),
  };
}

/** The pending invitation a link's secret opens, if it still works. */
async function invitationByToken(ctx: ActorContext, token: string) {
  const [row] = await ctx.db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspace_id))
    .where(and(eq(workspaceInvitations.token_hash, await sha256Hex(token)), eq(workspaceInvitations.accepted, false)))
    .limit(1);
  if (!row?.invitation.expires_at || row.invitation.expires_at <= new Date().toISOString()) throw new NotFound(INVITATION_LINK_INVALID);
  return row;
}

/**
 * The address a working invitation link was sent to, or null: whoever holds the link (the invitee,
 * signed out) may see it, so sign-up can be filled in with it.
 */
export async function invitedAddressOf(ctx: DomainContext, token: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ email: workspaceInvitations.email })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.token_hash, await sha256Hex(token)), eq(workspaceInvitations.accepted, false), gt(workspaceInvitations.expires_at, new Date().toISOString())))
    .limit(1);
  return row?.email ?? null;
}

/**
 * What an invitation link offers the signed-in person: the workspace, the role and the address it
 * was sent to, and whether they may accept it (their account has that address).
 */
export async function invitationForLink(ctx: ActorContext, input: unknown) {
  const { token } = parseInput(AcceptInvitationInput, input);
  const { invitation, workspace } = await invitationByToken(ctx, token);
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expires_at,
    workspace: workspaceOf(workspace),
    acceptable: invitation.email === ctx.actor.email.toLowerCase(),
    /** The account has the address but has not proven it yet: accepting waits for that. */
    needs_verification: ctx.actor.email_verified_at === null,
  };
}

/**
 * Joins the workspace of the invitation the link opens. Refused when the link is unknown, used,
 * withdrawn or expired (404), or when the signed-in account has another address (403). The member
 * row and the consumed link are one transaction whose statements match the link again, so of two
 * simultaneous accepts only one joins.
 */
export async function acceptInvitation(ctx: ActorContext, input: unknown) {
  const { token } = parseInput(AcceptInvitationInput, input);
  const { invitation } = await invitationByToken(ctx, token);
  const email = ctx.actor.email.toLowerCase();
  if (invitation.email !== email) throw new Forbidden(INVITATION_FOR_ANOTHER_ADDRESS);
  // The link proves the invitee holds the address only once the account has proven it too.
  if (ctx.actor.email_verified_at === null) throw new Forbidden(VERIFY_BEFORE_ACCEPTING);
  const now = new Date().toISOString();
  const open = and(
    eq(workspaceInvitations.token_hash, invitation.token_hash ?? ""),
    eq(workspaceInvitations.accepted, false),
    eq(workspaceInvitations.email, email),
    gt(workspaceInvitations.expires_at, now),
  );
  const { consumed } = await runNamedBatch(ctx.db, {
    joined: ctx.db
      .insert(workspaceMembers)
      .select(
        ctx.db
          .select({
            id: sql<string>`${crypto.randomUUID()}`.as("id"),
            workspace_id: workspaceInvitations.workspace_id,
            member_id: sql<string>`${ctx.actor.id}`.as("member_id"),
            role: workspaceInvitations.role,
            created_at: sql<string>`${now}`.as("created_at"),
            updated_at: sql<string>`${now}`.as("updated_at"),
          })
          .from(workspaceInvitations)
          .where(open),
      )
      .onConflictDoNothing(),
    consumed: ctx.db
      .update(workspaceInvitations)
      .set({ accepted: true, responded_at: now, token_hash: null })
      .where(open)
      .returning({ id: workspaceInvitations.id }),
  });
  if (consumed.length === 0) throw new NotFound(INVITATION_LINK_INVALID);
  const [workspace] = await ctx.db.select().from(workspaces).where(eq(workspaces.id, invitation.workspace_id)).limit(1);
  return { message: "Workspaces joined successfully", workspaces: [workspaceOf(workspace)] };
}

/**
 * Gives a pending invitation a new link (the old one stops working) and answers its secret, once.
 * Whoever may invite may do this, for invitations up to their own role.
 */
export async function renewInvitationLink(ctx: ActorContext, slug: string, invitationId: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug, ROLE.member);
  const link = await newInvitationLink();
  const [invitation] = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspace_id, workspace.id), eq(workspaceInvitations.accepted, false)))
    .limit(1);
  if (!invitation) throw new NotFound(INVITATION_NOT_FOUND);
  assertCanGrant(membership.role, invitation.role);
  await takeMailRequest(ctx, "invitation", invitation.email, { address: null });
  const [renewed] = await ctx.db
    .update(workspaceInvitations)
    .set({ token_hash: link.token_hash, expires_at: link.expires_at })
    .where(and(eq(workspaceInvitations.id, invitation.id), eq(workspaceInvitations.accepted, false)))
    .returning();
  if (!renewed) throw new NotFound(INVITATION_NOT_FOUND);
  await invitationMail(ctx, workspace, renewed.email, link.token);
  return { id: renewed.id, email: renewed.email, role: renewed.role, token: link.token, expires_at: renewed.expires_at };
}
