// Server-side calls for the workspace pages: the shell, workspace creation and invitations.
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { readCookie } from "../../workers/auth/sessions";
import type { ActorContext } from "../../workers/domain/context";
import { serviceFeatures } from "../../workers/domain/features";
import {
  INVITATION_FOR_ANOTHER_ADDRESS,
  VERIFY_BEFORE_ACCEPTING,
  acceptInvitation,
  invitationForLink,
  invitationPath,
  invitedAddressOf,
} from "../../workers/domain/invitations";
import { signUpPath } from "./paths";
import { describeError } from "../../workers/lib/error-status";
import { listProjects } from "../../workers/domain/projects";
import { listSidebarFavorites } from "../../workers/domain/sidebar-favorites";
import { createWorkspace, listMyWorkspaces, workspaceWithMembers } from "../../workers/domain/workspaces";
import { mailFailing } from "../../workers/domain/workspace-mail";
import { unreadCountIn } from "../../workers/domain/inbox";
import { ROLE } from "../../workers/domain/schemas/constants";
import { workspaceAccess } from "../../workers/domain/access";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import { SIDEBAR_COOKIE } from "./sidebar";

export { acceptInvitation, createWorkspace };
export { resendVerification } from "../../workers/domain/email-verification";
export { signInClientOf } from "../../workers/domain/sign-in-throttle";

/**
 * What the invitation link page shows the signed-in person: the invitation when they may accept
 * it, else why not (a link that no longer works, or one sent to another address).
 */
export async function loadInvitationLink(request: Request, context: AppLoadContext, token: string) {
  // Someone signed out (the invitee, from the mail) signs up, or in, with the invited address filled in.
  if (!(await context.auth())) {
    const email = await invitedAddressOf(context.domain, token);
    if (email) throw redirect(signUpPath(invitationPath(token), email));
  }
  const ctx = await requireActor(request, context);
  try {
    const invitation = await invitationForLink(ctx, { token });
    // A link opened in another account says nothing of the workspace it leads to.
    if (!invitation.acceptable) return { email: ctx.actor.email, invitation: null, problem: INVITATION_FOR_ANOTHER_ADDRESS, verificationNeeded: null };
    return {
      email: ctx.actor.email,
      invitation: { role: invitation.role, workspace: { name: invitation.workspace.name } },
      problem: null,
      // What stands between the invitee and accepting, if anything: proving their address.
      verificationNeeded: invitation.needs_verification ? VERIFY_BEFORE_ACCEPTING : null,
    };
  } catch (error) {
    const failure = describeError(error);
    if (!failure || failure.kind === "Unauthenticated") throw error;
    return { email: ctx.actor.email, invitation: null, problem: failure.message, verificationNeeded: null };
  }
}

/** Everything the workspace shell shows: the workspace, its projects and favourites, the switcher and the user. */
export async function loadWorkspaceShell(request: Request, context: AppLoadContext, slug: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const access = await workspaceAccess(ctx, slug);
    const workspaceId = access.workspace.id;
    // The hub's clock comes with the access check, read before anything the shell shows: a notice
    // published after it is replayed when the shell's socket connects (ADR 062).
    const hubClock = access.workspace.live_clock;
    const [workspace, projects, favorites, workspaces, mailFailure, unread] = await Promise.all([
      workspaceWithMembers(ctx, access),
      listProjects(ctx, slug, { size: LIST_PAGES.plainListCap }),
      listSidebarFavorites(ctx, slug),
      listMyWorkspaces(ctx, { size: LIST_PAGES.plainListCap }),
      // Owners only (they can act on it): one indexed statement; nobody else pays a query for it.
      access.membership.role === ROLE.owner ? mailFailing(ctx, workspaceId) : null,
      unreadCountIn(ctx, workspaceId),
    ]);
    return {
      workspace,
      projects: projects.rows,
      favorites,
      workspaces: workspaces.rows.map(({ id, name, slug, logo }) => ({ id, name, slug, logo })),
      user: userSummary(ctx),
      sidebarCollapsed: readCookie(request, SIDEBAR_COOKIE) === "1",
      features: serviceFeatures(ctx.env, ctx.config),
      hubClock,
      /** Mail of this workspace failed lately and none was sent since (owners only): the shell's banner. */
      mailFailure,
      /** The person's unread notifications here: the Inbox entry's count. */
      unread,
    };
  });
}

export function userSummary(ctx: ActorContext) {
  const { id, email, first_name, last_name, display_name, avatar } = ctx.actor;
  return { id, email, avatar, name: [first_name, last_name].filter(Boolean).join(" ") || display_name || email };
}
