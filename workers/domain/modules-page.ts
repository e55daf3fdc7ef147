// The modules page and the module sidebar as read models: one access check, then the module rows
// (counts, members and links in one batch) beside the project's lookups (cached in the isolate),
// which name the people the lead and members pickers offer; the sidebar adds the burndown.
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { readBurndown } from "./issue-groups/burndown-read";
import { filterLookupsOf } from "./issue-views-page";
import { loadProjectLookups } from "./issue-views";
import { getModuleWithAccess, listModulesWithAccess } from "./modules";
import { LIST_PAGES } from "./schemas/list-pages";
import type { ModuleSidebarData, ModulesPageData } from "./schemas/modules-page-responses";

/** The project's modules, favourites first, with the project's members. */
export async function modulesPageOf(ctx: ActorContext, slug: string, projectId: string): Promise<ModulesPageData> {
  const access = await projectAccess(ctx, slug, projectId);
  // The page shows the first capped page of modules, as the plain API list does.
  const modules = listModulesWithAccess(ctx, access, { size: LIST_PAGES.plainListCap }).then((page) => page.rows);
  // A rejection is the page's to show (the stream's error element), never an unhandled one.
  modules.catch(() => {});
  const lookups = await loadProjectLookups(ctx.db, access.project, access.workspace);
  const role = access.membership.role;
  return {
    project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
    role,
    canEdit: role >= ROLE.member,
    modules,
    members: filterLookupsOf(lookups).members,
  };
}

/** One module as its sidebar shows it: the module, the project's members and its burndown. */
export async function moduleSidebarOf(ctx: ActorContext, slug: string, projectId: string, moduleId: string): Promise<ModuleSidebarData> {
  const access = await projectAccess(ctx, slug, projectId);
  const [module, lookups] = await Promise.all([
    getModuleWithAccess(ctx, access, moduleId),
    loadProjectLookups(ctx.db, access.project, access.workspace),
  ]);
  // Null unless the module has started and its target is not before its start.
  const burndown = await readBurndown(ctx, "module", { id: module.id, start: module.start_date, end: module.target_date });
  return {
    module,
    canEdit: access.membership.role >= ROLE.member,
    members: filterLookupsOf(lookups).members,
    burndown,
  };
}
