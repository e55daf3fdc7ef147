// Everything the import-export page shows, after one access check, read side by side: the workspace's
// imports and exports, the projects an import may write into (the caller may write to them) and
// the members a source's people may be mapped to. Guests and viewers get only `authorized: false`.
import { and, asc, eq, gte } from "drizzle-orm";
import { projectMembers, projects, users, workspaceMembers } from "../../drizzle/schema";
import { ROLE, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { importersFrom, importersQuery } from "./importers";
import { exportsFrom, exportsQuery } from "./project-exports";
import { canOpenWorkspaceSettings } from "./workspace-settings";
import { LIST_PAGES } from "./schemas/list-pages";

export async function importExportPageOf(ctx: ActorContext, slug: string) {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  if (!canOpenWorkspaceSettings(membership.role)) return { authorized: false as const };
  // Side by side rather than in one batch: D1 answers batched rows keyed by column name, and the
  // joined reads have columns of the same name (id, name, created_at).
  const [importerRows, exportRows, targetProjects, members] = await Promise.all([
    importersQuery(ctx, workspace.id).limit(LIST_PAGES.plainListCap),
    // The page lists the last 50 exports.
    exportsQuery(ctx, workspace.id).limit(50),
    ctx.db
      .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
      .from(projects)
      .innerJoin(projectMembers, and(eq(projectMembers.project_id, projects.id), eq(projectMembers.member_id, ctx.actor.id)))
      .where(and(eq(projects.workspace_id, workspace.id), gte(projectMembers.role, ROLE.member)))
      .orderBy(asc(projects.name)),
    ctx.db
      .select({ id: users.id, email: users.email, display_name: users.display_name })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.member_id))
      .where(eq(workspaceMembers.workspace_id, workspace.id))
      .orderBy(asc(users.display_name)),
  ]);
  return {
    authorized: true as const,
    importers: importersFrom(importerRows),
    exports: exportsFrom(exportRows, slug),
    projects: targetProjects,
    members,
    can_manage_credentials: membership.role >= ROLE.owner,
  };
}
