// Modules: groupings of issues with a status, dates, a lead, members and links. Any status may
// follow any other; the start date may not come after the target date. Issues move in and out
// exactly as with cycles (one module per issue): the shared code is in issue-groups/.
import { type OrderKey, type PageRequest, readPage } from "./list-page";
import type { ModuleLinkResponse, ModuleResponse } from "./schemas/issue-group-responses";
import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { moduleLinks, moduleMembers, modules, userFavorites, users } from "../../drizzle/schema";
import { chunks, inList, runBatch, runNamedBatch } from "../lib/batch";
import { pick } from "../lib/pick";
import { parseInput } from "../lib/validation";
import { ROLE, type ProjectAccess, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid, NotFound } from "./errors";
import { emitEntityEvent, moduleEventData } from "./entity-events";
import { announceRenamedFavorite, removeFavorite, saveFavorite } from "./favorites";
import { favoriteOf, projectMemberIds, publishGroupViews } from "./issue-groups/group-rows";
import { listGroupIssues } from "./issue-groups/issue-lists";
import { type IssueGroup, addIssuesToGroup, deleteGroup, removeIssueFromGroup } from "./issue-groups/membership";
import { type IssueStats, emptyStats, issueStatsQuery, statsByOwner } from "./issue-groups/stats";
import {
  CreateModuleInput,
  CreateModuleLinkInput,
  FavoriteModuleInput,
  MODULE_LINK_URL_TAKEN,
  ModuleDatesInput,
  ModuleIssuesInput,
  PatchModuleInput,
  PutModuleInput,
} from "./schemas/modules";
import { type MemberDetail, type MemberRow, linkFieldsOf, memberColumns, memberDetailOf, membersByOwner } from "./serializers";

export const MODULE_NOT_FOUND = "Module not found.";
export const MODULE_LINK_NOT_FOUND = "Link not found.";
export const LEAD_NOT_MEMBER = "The lead must be a member of the project.";
export const MEMBERS_NOT_MEMBERS = "Every member must be a member of the project.";

type Module = typeof modules.$inferSelect;
type ModuleLink = typeof moduleLinks.$inferSelect;
type ModuleRow = { module: Module; lead: MemberRow | null; favoriteId: string | null };

const unique = (ids: readonly string[]) => [...new Set(ids)];

export function moduleLinkOf(link: ModuleLink, creator: MemberDetail | null = null) {
  return {
    ...linkFieldsOf(link),
    module: link.module_id,
    created_by_detail: creator,
  } satisfies ModuleLinkResponse;
}

export function moduleOf(row: ModuleRow, stats: IssueStats, members: MemberDetail[], links: ReturnType<typeof moduleLinkOf>[]) {
  const { module } = row;
  return {
    ...pick(module, ["id", "name", "description", "status", "start_date", "target_date"]),
    lead: module.lead_id,
    lead_detail: row.lead ? memberDetailOf(row.lead) : null,
    members: members.map((member) => member.id),
    members_detail: members,
    link_module: links,
    is_favorite: row.favoriteId !== null,
    sort_order: module.sort_order,
    view_props: module.view_props ?? {},
    project: module.project_id,
    workspace: module.workspace_id,
    ...stats,
    created_by: module.created_by,
    created_at: module.created_at,
    updated_at: module.updated_at,
  } satisfies ModuleResponse;
}

export type ModuleView = ReturnType<typeof moduleOf>;

const moduleRows = (ctx: ActorContext) =>
  ctx.db
    .select({ module: modules, lead: memberColumns, favoriteId: userFavorites.id })
    .from(modules)
    .leftJoin(users, eq(users.id, modules.lead_id))
    .leftJoin(userFavorites, favoriteOf(ctx, "module", modules.id))
    .$dynamic();

async function loadModuleRow(ctx: ActorContext, projectId: string, moduleId: string): Promise<ModuleRow> {
  const [row] = await moduleRows(ctx)
    .where(and(eq(modules.id, moduleId), eq(modules.project_id, projectId)))
    .limit(1);
  if (!row) throw new NotFound(MODULE_NOT_FOUND);
  return row;
}

/** Counts (one grouped query for all of them), members and links of every row in one D1 round trip. */
async function moduleViews(ctx: ActorContext, access: ProjectAccess, rows: ModuleRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.module.id);
  const estimateId = access.project.estimate_id;
  // Explicit, distinct column names: D1 answers batched rows keyed by column name.
  const read = await runNamedBatch(ctx.db, {
    stats: issueStatsQuery(ctx, "module", ids, estimateId),
    // Each module's member ids, and each member once (one object in every list it is in).
    memberIds: ctx.db
      .select({
        owner: sql<string>`${moduleMembers.module_id}`.as("owner"),
        people: sql<string>`json_group_array(${moduleMembers.member_id})`.as("people"),
      })
      .from(moduleMembers)
      .where(inList(moduleMembers.module_id, ids))
      .groupBy(moduleMembers.module_id),
    members: ctx.db
      .select(memberColumns)
      .from(users)
      .where(sql`${users.id} IN (SELECT ${moduleMembers.member_id} FROM ${moduleMembers} WHERE ${inList(moduleMembers.module_id, ids)})`)
      .orderBy(asc(users.email)),
    links: ctx.db.select().from(moduleLinks).where(inList(moduleLinks.module_id, ids)).orderBy(asc(moduleLinks.created_at), asc(moduleLinks.id)),
    linkCreators: ctx.db
      .select(memberColumns)
      .from(users)
      .where(sql`${users.id} IN (SELECT ${moduleLinks.created_by} FROM ${moduleLinks} WHERE ${inList(moduleLinks.module_id, ids)})`),
  });
  const stats = statsByOwner(read.stats, ids, estimateId !== null);
  const members = membersByOwner(read.memberIds, read.members);
  const creators = new Map(read.linkCreators.map((user) => [user.id, memberDetailOf(user)]));
  const links = new Map<string, ReturnType<typeof moduleLinkOf>[]>();
  for (const link of read.links) {
    const list = links.get(link.module_id) ?? [];
    list.push(moduleLinkOf(link, link.created_by ? (creators.get(link.created_by) ?? null) : null));
    links.set(link.module_id, list);
  }
  return rows.map((row) =>
    moduleOf(
      row,
      stats.get(row.module.id) ?? emptyStats(estimateId !== null),
      members.get(row.module.id) ?? [],
      links.get(row.module.id) ?? [],
    ),
  );
}

/** Sends the modules' current rows to the project's board. */
async function publishModules(ctx: ActorContext, access: ProjectAccess, moduleIds: string[]) {
  const ids = unique(moduleIds);
  if (ids.length === 0) return [];
  const rows = await moduleRows(ctx).where(and(eq(modules.project_id, access.project.id), inList(modules.id, ids)));
  return publishGroupViews(ctx, access, "module", await moduleViews(ctx, access, rows));
}

const groupOf = (module: Module): IssueGroup => ({ scope: "module", id: module.id, name: module.name });

async function assertPeople(ctx: ActorContext, projectId: string, lead: string | null | undefined, memberIds: string[] | undefined) {
  const wanted = unique([...(lead ? [lead] : []), ...(memberIds ?? [])]);
  const found = await projectMemberIds(ctx, projectId, wanted);
  const errors: Record<string, string[]> = {};
  if (lead && !found.has(lead)) errors.lead = [LEAD_NOT_MEMBER];
  if (memberIds?.some((id) => !found.has(id))) errors.members_list = [MEMBERS_NOT_MEMBERS];
  if (Object.keys(errors).length) throw new Invalid(errors);
}

function memberInserts(ctx: ActorContext, projectId: string, moduleId: string, memberIds: string[]): BatchItem<"sqlite">[] {
  return chunks(memberIds, 15).map((part) =>
    ctx.db
      .insert(moduleMembers)
      .values(part.map((member_id) => ({ module_id: moduleId, project_id: projectId, member_id })))
      .onConflictDoNothing(),
  );
}

// ---------------------------------------------------------------- modules

/** GET modules/: favourites first, then by sort order, newest first. */
export async function listModules(ctx: ActorContext, slug: string, projectId: string, page: PageRequest) {
  return listModulesWithAccess(ctx, await projectAccess(ctx, slug, projectId), page);
}

/** The project's modules for a caller whose access is already checked (the modules page). */
export async function listModulesWithAccess(ctx: ActorContext, access: ProjectAccess, page: PageRequest) {
  const rows = await readPage(page, MODULE_ORDER, (after, orderBy, limit) =>
    moduleRows(ctx)
      .where(and(eq(modules.project_id, access.project.id), after))
      .orderBy(...orderBy)
      .limit(limit),
  );
  return { rows: await moduleViews(ctx, access, rows.rows), next_cursor: rows.next_cursor };
}

const MODULE_ORDER: OrderKey<ModuleRow>[] = [
  { by: sql`${userFavorites.id} IS NOT NULL`, dir: "desc", of: (row) => (row.favoriteId !== null ? 1 : 0) },
  { by: modules.sort_order, dir: "asc", of: (row) => row.module.sort_order },
  { by: modules.created_at, dir: "desc", of: (row) => row.module.created_at },
  { by: modules.id, dir: "asc", of: (row) => row.module.id },
];

export async function getModule(ctx: ActorContext, slug: string, projectId: string, moduleId: string) {
  return getModuleWithAccess(ctx, await projectAccess(ctx, slug, projectId), moduleId);
}

/** One module for a caller whose access is already checked (the module sidebar). */
export async function getModuleWithAccess(ctx: ActorContext, access: ProjectAccess, moduleId: string) {
  const [view] = await moduleViews(ctx, access, [await loadModuleRow(ctx, access.project.id, moduleId)]);
  return view;
}

export async function createModule(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { members_list, lead, ...data } = parseInput(CreateModuleInput, input);
  const memberIds = unique(members_list ?? []);
  await assertPeople(ctx, projectId, lead, memberIds);
  const moduleId = crypto.randomUUID();
  await runBatch(ctx.db, [
    ctx.db.insert(modules).values({
      ...data,
      id: moduleId,
      workspace_id: access.workspace.id,
      project_id: projectId,
      lead_id: lead ?? null,
      start_date: data.start_date ?? null,
      target_date: data.target_date ?? null,
      created_by: ctx.actor.id,
    }),
    ...memberInserts(ctx, projectId, moduleId, memberIds),
  ]);
  const [view] = await publishModules(ctx, access, [moduleId]);
  if (view) emitEntityEvent(ctx, access.project, "module", "created", moduleEventData(moduleFieldsOf(view), access.project, access.workspace));
  return view;
}

export async function updateModule(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  moduleId: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { members_list, lead, ...data } = parseInput(replace ? PutModuleInput : PatchModuleInput, input);
  const { module } = await loadModuleRow(ctx, projectId, moduleId);
  parseInput(ModuleDatesInput, {
    start_date: data.start_date !== undefined ? data.start_date : module.start_date,
    target_date: data.target_date !== undefined ? data.target_date : module.target_date,
  });
  const memberIds = members_list === undefined ? undefined : unique(members_list);
  await assertPeople(ctx, projectId, lead, memberIds);
  const statements: BatchItem<"sqlite">[] = [
    ctx.db
      .update(modules)
      .set({ ...data, ...(lead !== undefined ? { lead_id: lead } : {}), updated_at: new Date().toISOString() })
      .where(and(eq(modules.id, moduleId), eq(modules.project_id, projectId))),
  ];
  if (memberIds !== undefined) {
    // The sent list replaces the set.
    statements.push(
      ctx.db
        .delete(moduleMembers)
        .where(and(eq(moduleMembers.module_id, moduleId), sql`${moduleMembers.member_id} NOT IN (SELECT value FROM json_each(${JSON.stringify(memberIds)}))`)),
      ...memberInserts(ctx, projectId, moduleId, memberIds),
    );
  }
  await runBatch(ctx.db, statements);
  await announceRenamedFavorite(ctx, "module", moduleId, data.name !== undefined && data.name !== module.name);
  const [view] = await publishModules(ctx, access, [moduleId]);
  if (view) {
    const before = moduleEventData(module, access.project, access.workspace);
    emitEntityEvent(ctx, access.project, "module", "updated", moduleEventData(moduleFieldsOf(view), access.project, access.workspace), before);
  }
  return view;
}

/** The module goes; its issues stay. */
export async function deleteModule(ctx: ActorContext, slug: string, projectId: string, moduleId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { module } = await loadModuleRow(ctx, projectId, moduleId);
  await deleteGroup(ctx, access, groupOf(module), ctx.db.delete(modules).where(and(eq(modules.id, moduleId), eq(modules.project_id, projectId))));
  emitEntityEvent(ctx, access.project, "module", "deleted", moduleEventData(module, access.project, access.workspace));
}

/** The module's own fields, read back from the view a write answers with. */
const moduleFieldsOf = (view: ModuleResponse) => ({
  id: view.id,
  name: view.name,
  description: view.description,
  status: view.status as Module["status"],
  lead_id: view.lead,
  start_date: view.start_date,
  target_date: view.target_date,
  created_at: view.created_at,
  updated_at: view.updated_at,
});

// ---------------------------------------------------------------- module issues

export async function listModuleIssues(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  moduleId: string,
  params: Record<string, string | undefined>,
) {
  const access = await projectAccess(ctx, slug, projectId);
  const { module } = await loadModuleRow(ctx, projectId, moduleId);
  return await listGroupIssues(ctx, access, groupOf(module), params);
}

/** Adds issues to the module; an issue in another module moves here (one module per issue). */
export async function addModuleIssues(ctx: ActorContext, slug: string, projectId: string, moduleId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { issues: issueIds } = parseInput(ModuleIssuesInput, input);
  const { module } = await loadModuleRow(ctx, projectId, moduleId);
  return addIssuesToGroup(ctx, access, groupOf(module), issueIds, publishModules);
}

export async function removeModuleIssue(ctx: ActorContext, slug: string, projectId: string, moduleId: string, bridgeId: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const { module } = await loadModuleRow(ctx, projectId, moduleId);
  await removeIssueFromGroup(ctx, access, groupOf(module), bridgeId, publishModules);
}

// ---------------------------------------------------------------- links

export async function createModuleLink(ctx: ActorContext, slug: string, projectId: string, moduleId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const data = parseInput(CreateModuleLinkInput, input);
  await loadModuleRow(ctx, projectId, moduleId);
  // The unique index on (module, url) decides inside the insert: a URL the module has, even one
  // added a moment ago by a racing request, writes nothing and is refused.
  const [link] = await ctx.db
    .insert(moduleLinks)
    .values({
      workspace_id: access.workspace.id,
      project_id: projectId,
      module_id: moduleId,
      url: data.url,
      title: data.title,
      metadata: data.metadata as ModuleLink["metadata"],
      created_by: ctx.actor.id,
    })
    .onConflictDoNothing({ target: [moduleLinks.module_id, moduleLinks.url] })
    .returning();
  if (!link) throw Invalid.field("url", MODULE_LINK_URL_TAKEN);
  await publishModules(ctx, access, [moduleId]);
  return moduleLinkOf(link, memberDetailOf(ctx.actor));
}

/** Deletes a link of this project (and of `moduleId` when the path names the module). */
export async function deleteModuleLink(ctx: ActorContext, slug: string, projectId: string, linkId: string, moduleId?: string) {
  const access = await projectAccess(ctx, slug, projectId, ROLE.member);
  const deleted = await ctx.db
    .delete(moduleLinks)
    .where(
      and(
        eq(moduleLinks.id, linkId),
        eq(moduleLinks.project_id, projectId),
        moduleId !== undefined ? eq(moduleLinks.module_id, moduleId) : undefined,
      ),
    )
    .returning({ module_id: moduleLinks.module_id });
  if (deleted.length === 0) throw new NotFound(MODULE_LINK_NOT_FOUND);
  await publishModules(ctx, access, [deleted[0].module_id]);
}

// ---------------------------------------------------------------- favourites

export async function addFavoriteModule(ctx: ActorContext, slug: string, projectId: string, input: unknown) {
  const access = await projectAccess(ctx, slug, projectId);
  const { module: moduleId } = parseInput(FavoriteModuleInput, input);
  await loadModuleRow(ctx, projectId, moduleId);
  await saveFavorite(ctx, access, "module", moduleId);
  const row = await loadModuleRow(ctx, projectId, moduleId);
  const [view] = await moduleViews(ctx, access, [row]);
  return { id: row.favoriteId, module: moduleId, module_detail: view, project: projectId };
}

export async function removeFavoriteModule(ctx: ActorContext, slug: string, projectId: string, moduleId: string) {
  await projectAccess(ctx, slug, projectId);
  await removeFavorite(ctx, projectId, "module", moduleId);
}
