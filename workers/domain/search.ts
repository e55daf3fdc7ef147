// Workspace search behind the command palette: one request answers
// every group (workspace, project, issue, cycle, module, issue_view, page) with at most
// SEARCH_LIMIT results each. Names match case-insensitively anywhere (LIKE with % and _ escaped);
// issues also match by number, "DEMO-12" or "12". Only projects the caller is a member of are
// searched, and a private page (access 1) only by its creator. The seven queries go to D1 in one
// batch; each is bounded by LIMIT and starts from the caller's memberships (indexed), never a
// loop per project.
import { type SQL, and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  cycles,
  issueViews,
  issues,
  modules,
  pages,
  projectMembers,
  projects,
  workspaceMembers,
  workspaces,
} from "../../drizzle/schema";
import { workspaceAccess } from "./access";
import type { ActorContext } from "./context";

export const SEARCH_LIMIT = 10;
/** Longer input is cut: nobody names a thing with more than a title's worth of characters. */
const MAX_QUERY_LENGTH = 255;

export interface SearchParams {
  search?: string;
  project_id?: string;
}

type ProjectItem = { id: string; name: string; project_id: string; project__identifier: string; workspace__slug: string };

export interface SearchResults {
  workspace: { id: string; name: string; slug: string }[];
  project: { id: string; name: string; identifier: string; workspace__slug: string }[];
  issue: (ProjectItem & { sequence_id: number })[];
  cycle: ProjectItem[];
  module: ProjectItem[];
  issue_view: ProjectItem[];
  page: ProjectItem[];
}

const emptyResults = (): SearchResults => ({
  workspace: [],
  project: [],
  issue: [],
  cycle: [],
  module: [],
  issue_view: [],
  page: [],
});

/** Escapes LIKE wildcards so "50%" and "a_b" match literally. */
export function likePattern(query: string) {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** "DEMO-12" / "demo-12" -> {identifier: "DEMO", sequence: 12}; "12" or "#12" -> {sequence: 12}. */
export function parseIssueNumber(query: string): { identifier?: string; sequence: number } | null {
  const keyed = query.match(/^([a-z]{1,12})-(\d{1,9})$/i);
  if (keyed) return { identifier: keyed[1].toUpperCase(), sequence: Number(keyed[2]) };
  const bare = query.match(/^#?(\d{1,9})$/);
  return bare ? { sequence: Number(bare[1]) } : null;
}

export async function searchWorkspace(ctx: ActorContext, slug: string, params: SearchParams): Promise<{ results: SearchResults }> {
  const { workspace } = await workspaceAccess(ctx, slug);
  const query = (params.search ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  if (query === "") return { results: emptyResults() };

  const pattern = likePattern(query);
  const nameLike = (column: SQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
  const db = ctx.db;
  // The caller's projects in this workspace: project_members_member_idx (member_id, workspace_id).
  const myProjects = db
    .select({ id: projectMembers.project_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.member_id, ctx.actor.id), eq(projectMembers.workspace_id, workspace.id)));
  const projectId = params.project_id?.trim() || undefined;
  const inScope = (column: SQLiteColumn): SQL =>
    and(inArray(column, myProjects), projectId ? eq(column, projectId) : undefined) as SQL;

  const number = parseIssueNumber(query);
  const numberMatch = number
    ? number.identifier
      ? and(eq(issues.sequence_id, number.sequence), eq(projects.identifier, number.identifier))
      : eq(issues.sequence_id, number.sequence)
    : undefined;

  const projectItem = <T extends { id: SQLiteColumn; name: SQLiteColumn; project_id: SQLiteColumn }>(table: T) => ({
    id: sql<string>`${table.id}`,
    name: sql<string>`${table.name}`,
    project_id: sql<string>`${table.project_id}`,
    project__identifier: projects.identifier,
  });

  const [workspaceRows, projectRows, issueRows, cycleRows, moduleRows, viewRows, pageRows] = await db.batch([
    db
      .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspace_id))
      .where(and(eq(workspaceMembers.member_id, ctx.actor.id), nameLike(workspaces.name)))
      .orderBy(workspaces.name)
      .limit(SEARCH_LIMIT),
    db
      .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.project_id))
      .where(
        and(
          eq(projectMembers.member_id, ctx.actor.id),
          eq(projectMembers.workspace_id, workspace.id),
          or(nameLike(projects.name), nameLike(projects.identifier)),
        ),
      )
      .orderBy(projects.name)
      .limit(SEARCH_LIMIT),
    db
      .select({ ...projectItem(issues), sequence_id: issues.sequence_id })
      .from(issues)
      .innerJoin(projects, eq(projects.id, issues.project_id))
      .where(and(inScope(issues.project_id), or(nameLike(issues.name), numberMatch)))
      // A number match ("DEMO-12") is what the caller typed for: it comes first.
      .orderBy(...(numberMatch ? [sql`CASE WHEN ${numberMatch} THEN 0 ELSE 1 END`] : []), desc(issues.updated_at))
      .limit(SEARCH_LIMIT),
    db
      .select(projectItem(cycles))
      .from(cycles)
      .innerJoin(projects, eq(projects.id, cycles.project_id))
      .where(and(inScope(cycles.project_id), nameLike(cycles.name)))
      .orderBy(desc(cycles.updated_at))
      .limit(SEARCH_LIMIT),
    db
      .select(projectItem(modules))
      .from(modules)
      .innerJoin(projects, eq(projects.id, modules.project_id))
      .where(and(inScope(modules.project_id), nameLike(modules.name)))
      .orderBy(desc(modules.updated_at))
      .limit(SEARCH_LIMIT),
    db
      .select(projectItem(issueViews))
      .from(issueViews)
      .innerJoin(projects, eq(projects.id, issueViews.project_id))
      .where(and(inScope(issueViews.project_id), nameLike(issueViews.name)))
      .orderBy(desc(issueViews.updated_at))
      .limit(SEARCH_LIMIT),
    db
      .select(projectItem(pages))
      .from(pages)
      .innerJoin(projects, eq(projects.id, pages.project_id))
      .where(
        and(
          inScope(pages.project_id),
          nameLike(pages.name),
          or(eq(pages.access, 0), eq(pages.created_by, ctx.actor.id)),
        ),
      )
      .orderBy(desc(pages.updated_at))
      .limit(SEARCH_LIMIT),
  ]);

  const inWorkspace = <T>(rows: T[]) => rows.map((row) => ({ ...row, workspace__slug: workspace.slug }));
  return {
    results: {
      workspace: workspaceRows,
      project: inWorkspace(projectRows),
      issue: inWorkspace(issueRows),
      cycle: inWorkspace(cycleRows),
      module: inWorkspace(moduleRows),
      issue_view: inWorkspace(viewRows),
      page: inWorkspace(pageRows),
    },
  };
}
