// "My work": the signed-in person's issues in one workspace, across every project they are a
// member of, by tab (assigned to them, created by them, followed). Membership is part of the statement: an
// issue of a project they have left, or of another workspace, is never read, whatever bridge rows
// still name them. Each tab is one statement driven by an index (the member's projects from
// project_members_member_idx, then the assignee or creator index of each project), batched with
// the read of those projects, so a page costs one D1 round trip plus the projects' cached lookups.
import { type SQL, and, eq, inArray } from "drizzle-orm";
import { issueAssignees, issueSubscribers, issues, projectMembers, projects } from "../../drizzle/schema";
import type { Db } from "../db";
import { parseInput } from "../lib/validation";
import { workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import { type IssueListRecord, decodeIssueListObject, issueListColumns, issueRowOf, loadProjectLookups } from "./issue-views";
import { type OrderKey, PageParams, readPage } from "./list-page";
import { LIST_PAGES } from "./schemas/list-pages";
import { type MyWorkPage, type MyWorkProject, type MyWorkTab, MyWorkTabParams } from "./schemas/my-work";

export type { MyWorkPage };

export const MyWorkParams = PageParams.extend(MyWorkTabParams.shape);

/** The query of a My work read: the tab and a keyset page; a bad value is Invalid naming its field. */
export function parseMyWorkQuery(params: Record<string, string | undefined>) {
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ""));
  const { tab, per_page, cursor } = parseInput(MyWorkParams, present);
  return { tab, page: { size: per_page ?? LIST_PAGES.plainListCap, cursor } };
}

interface Scope {
  memberId: string;
  workspaceId: string;
}

/** The ids of the projects of the workspace the person is a member of (project_members_member_idx). */
const memberProjectIds = (db: Db, { memberId, workspaceId }: Scope) =>
  db
    .select({ id: projectMembers.project_id })
    .from(projectMembers)
    .where(and(eq(projectMembers.member_id, memberId), eq(projectMembers.workspace_id, workspaceId)));

/** A bridge table's columns naming a person, a project and an issue (assignees, subscribers). */
type Bridge = { person: typeof issueAssignees.assignee_id | typeof issueSubscribers.user_id; project: typeof issueAssignees.project_id | typeof issueSubscribers.project_id; issue: typeof issueAssignees.issue_id | typeof issueSubscribers.issue_id };

/** The issues a bridge table names for the person in their projects: the bridge's rows first, then each issue by id. */
function throughBridge(db: Db, scope: Scope, bridge: Bridge, after: SQL | undefined) {
  return db
    .select(issueListColumns)
    .from(bridge.person.table)
    .crossJoin(issues)
    .where(and(eq(bridge.person, scope.memberId), inArray(bridge.project, memberProjectIds(db, scope)), eq(issues.id, bridge.issue), eq(issues.project_id, bridge.project), after));
}

/**
 * Each tab's statement: the person's issues of that kind in their projects. A Record over the tab
 * set, so a tab added to MY_WORK_TABS does not typecheck until its read is written here.
 */
const TAB_READS: Record<MyWorkTab, (db: Db, scope: Scope, after: SQL | undefined, orderBy: SQL[], limit: number) => { toSQL(): { sql: string; params: unknown[] } }> = {
  // From the assignee bridge (issue_assignees_project_assignee_idx per project), then each issue by
  // id. A CROSS JOIN keeps that order: given the choice, SQLite walks every issue of the person's
  // projects in list order (no sort) and tests each for an assignee row.
  assigned: (db, scope, after, orderBy, limit) =>
    throughBridge(db, scope, { person: issueAssignees.assignee_id, project: issueAssignees.project_id, issue: issueAssignees.issue_id }, after)
      .orderBy(...orderBy)
      .limit(limit),
  // From the person's subscriptions (issue_subscribers_user_idx), then each issue by id.
  subscribed: (db, scope, after, orderBy, limit) =>
    throughBridge(db, scope, { person: issueSubscribers.user_id, project: issueSubscribers.project_id, issue: issueSubscribers.issue_id }, after)
      .orderBy(...orderBy)
      .limit(limit),
  // issues_project_creator_idx per project.
  created: (db, scope, after, orderBy, limit) =>
    db
      .select(issueListColumns)
      .from(issues)
      .where(and(inArray(issues.project_id, memberProjectIds(db, scope)), eq(issues.created_by, scope.memberId), after))
      .orderBy(...orderBy)
      .limit(limit),
};

/** Grouped by project first (the page shows a group per project), then the project lists' own order. */
const ORDER: readonly OrderKey<IssueListRecord>[] = [
  { by: issues.project_id, dir: "asc", of: (row) => row.project_id },
  { by: issues.sort_order, dir: "asc", of: (row) => row.sort_order },
  { by: issues.id, dir: "asc", of: (row) => row.id },
];

/** The person's projects in the workspace, by name, with what their cached lookups are checked against. */
const memberProjectsQuery = (db: Db, { memberId, workspaceId }: Scope) =>
  db
    .select({ id: projects.id, identifier: projects.identifier, name: projects.name, lookups_version: projects.lookups_version })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.project_id))
    .where(and(eq(projectMembers.member_id, memberId), eq(projectMembers.workspace_id, workspaceId)))
    .orderBy(projects.name, projects.id);

type MemberProject = MyWorkProject & { lookups_version: number };

/**
 * One page of the signed-in person's issues of `tab` in the workspace `slug`, each row shaped as
 * every issue list shapes it (its project named in `project_detail`), with the projects they belong to.
 */
export async function myWorkOf(ctx: ActorContext, slug: string, params: Record<string, string | undefined>): Promise<MyWorkPage> {
  const { workspace } = await workspaceAccess(ctx, slug);
  const { tab, page } = parseMyWorkQuery(params);
  const scope = { memberId: ctx.actor.id, workspaceId: workspace.id };
  let memberProjects: MemberProject[] = [];
  const read = await readPage(page, ORDER, async (after, orderBy, limit) => {
    const statements = [memberProjectsQuery(ctx.db, scope), TAB_READS[tab](ctx.db, scope, after, orderBy, limit)].map((query) => {
      const { sql, params: values } = query.toSQL();
      return ctx.db.$client.prepare(sql).bind(...values);
    });
    const [projectRows, issueRows] = await ctx.db.$client.batch<Record<string, unknown>>(statements);
    memberProjects = projectRows.results as unknown as MemberProject[];
    return issueRows.results.map(decodeIssueListObject);
  });
  const shaped = await shapeByProject(ctx, workspace, memberProjects, read.rows);
  return {
    tab,
    projects: memberProjects.map(({ id, identifier, name }) => ({ id, identifier, name })),
    issues: read.rows.flatMap((row) => shaped.get(row.id) ?? []),
    next_cursor: read.next_cursor,
  };
}

/** The rows as list rows, each with its own project's states, labels, members and parents. */
async function shapeByProject(
  ctx: ActorContext,
  workspace: { id: string; slug: string; name: string },
  memberProjects: MemberProject[],
  rows: IssueListRecord[],
) {
  const byProject = new Map<string, IssueListRecord[]>();
  for (const row of rows) {
    const list = byProject.get(row.project_id);
    if (list) list.push(row);
    else byProject.set(row.project_id, [row]);
  }
  const shaped = new Map<string, ReturnType<typeof issueRowOf>>();
  await Promise.all(
    memberProjects
      .filter((project) => byProject.has(project.id))
      .map(async (project) => {
        const projectRows = byProject.get(project.id) ?? [];
        const parentIds = projectRows.flatMap((row) => row.parent_id ?? []);
        const lookups = await loadProjectLookups(ctx.db, project, { id: workspace.id, slug: workspace.slug, name: workspace.name }, parentIds);
        for (const row of projectRows) shaped.set(row.id, issueRowOf(row, lookups));
      }),
  );
  return shaped;
}
