// Server-side read of the import-export page: the workspace's imports and exports, the projects an
// import may write into and the members people may be mapped to. Everything the page and its wizards write
// (deleting an import, starting one, exporting) goes to the REST API from the browser.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE } from "../../workers/domain/access";
import { listImporters } from "../../workers/domain/importers";
import { listProjectExports } from "../../workers/domain/project-exports";
import { listProjects } from "../../workers/domain/projects";
import { workspaceSettingsAccess } from "../../workers/domain/workspace-settings";
import { listWorkspaceMembers } from "../../workers/domain/workspaces";
import { requireActor } from "./auth.server";
import { loadOrThrow } from "./errors.server";
import type { ImportExportData } from "./import-export-contract";

/** The landing page and the wizards' pickers; guests and viewers get only `authorized: false`. */
export async function loadImportExport(request: Request, context: AppLoadContext, slug: string): Promise<ImportExportData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const access = await workspaceSettingsAccess(ctx, slug);
    if (!access.authorized) return { authorized: false };
    const [importers, exports, projects, members] = await Promise.all([
      listImporters(ctx, slug),
      listProjectExports(ctx, slug),
      listProjects(ctx, slug),
      listWorkspaceMembers(ctx, slug),
    ]);
    return {
      authorized: true,
      importers,
      exports,
      // An import writes issues, so only projects the person may write to are offered.
      projects: projects
        .filter((project) => (project.member_role ?? 0) >= ROLE.member)
        .map(({ id, name, identifier }) => ({ id, name, identifier })),
      members: members.map(({ member }) => ({ id: member.id, email: member.email, display_name: member.display_name })),
    };
  });
}
