// Server-side calls for the workspace pages: the shell, workspace creation and invitations.
import { LIST_PAGES } from "../../workers/domain/schemas/list-pages";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readCookie } from "../../workers/auth/sessions";
import type { ActorContext } from "../../workers/domain/context";
import { serviceFeatures } from "../../workers/domain/features";
import { acceptInvitations, myInvitations } from "../../workers/domain/invitations";
import { listProjects } from "../../workers/domain/projects";
import { createWorkspace, getWorkspace, listMyWorkspaces } from "../../workers/domain/workspaces";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import { SIDEBAR_COOKIE } from "./sidebar";

export { acceptInvitations, createWorkspace, myInvitations };

/** Everything the workspace shell shows: the workspace, its projects, the switcher and the user. */
export async function loadWorkspaceShell(request: Request, context: AppLoadContext, slug: string) {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const workspace = await getWorkspace(ctx, slug);
    const [projects, workspaces] = await Promise.all([listProjects(ctx, slug, { size: LIST_PAGES.plainListCap }), listMyWorkspaces(ctx)]);
    return {
      workspace,
      projects: projects.rows,
      workspaces: workspaces.map(({ id, name, slug, logo }) => ({ id, name, slug, logo })),
      user: userSummary(ctx),
      sidebarCollapsed: readCookie(request, SIDEBAR_COOKIE) === "1",
      features: serviceFeatures(ctx.env, ctx.config),
    };
  });
}

export function userSummary(ctx: ActorContext) {
  const { id, email, first_name, last_name, display_name, avatar } = ctx.actor;
  return { id, email, avatar, name: [first_name, last_name].filter(Boolean).join(" ") || display_name || email };
}
