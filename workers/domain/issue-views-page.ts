// Everything an issue views page shows (the project's issues, a cycle's, a module's or a saved
// view's), read as one model: the access check, then the member's property toggles and the
// source's row in one D1 batch beside the project's lookups (cached in the isolate), and the
// issues last, as a promise the page streams. Issues ship in a slim shape: the page looks
// states, labels and people up by id, so a board of 1,000 issues stays a small payload.
import { and, eq } from "drizzle-orm";
import { cycles, issueProperties, issueViews, modules } from "../../drizzle/schema";
import { runNamedBatch } from "../lib/batch";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { cycleStatus, todayFor } from "./cycle-status";
import { CYCLE_NOT_FOUND } from "./cycles/views";
import { NotFound } from "./errors";
import { groupIssueRows } from "./issue-groups/issue-lists";
import { type IssueRow, type ProjectLookups, loadProjectLookups } from "./issue-views";
import { issueListQueryFromFilters, listIssuesWithAccess } from "./issues";
import { MODULE_NOT_FOUND } from "./modules";
import { ISSUE_PROPERTY_DEFAULTS } from "./schemas/issue-properties";
import {
  type FilterLookups,
  type IssueListSource,
  type IssueListSourceDetail,
  type IssueViewsPageData,
  type ViewIssue,
  memberName,
} from "./schemas/responses";
import { type ViewProps, withViewPropsDefaults } from "./schemas/view-props";
import { VIEW_NOT_FOUND } from "./views";

/** Picks the source from route params in that order of precedence: cycle, module, saved view, project. */
export function issueListSourceOf(params: { cycleId?: string; moduleId?: string; viewId?: string }): IssueListSource {
  if (params.cycleId) return { kind: "cycle", cycleId: params.cycleId };
  if (params.moduleId) return { kind: "module", moduleId: params.moduleId };
  if (params.viewId) return { kind: "view", viewId: params.viewId };
  return { kind: "project" };
}

/** The project's states (in sequence), labels and members (by name) as the filter pickers list them. */
export function filterLookupsOf({ states, labels, members }: Pick<ProjectLookups, "states" | "labels" | "members">): FilterLookups {
  return {
    states: [...states.values()].map(({ id, name, color, group }) => ({ id, name, color, group })),
    labels: [...labels.values()].map(({ id, name, color }) => ({ id, name, color })).sort((a, b) => a.name.localeCompare(b.name)),
    members: [...members.values()]
      .map((member) => ({ id: member.id, name: memberName(member), email: member.email, avatar: member.avatar }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** An issue as the views need it. */
function slimIssue(issue: IssueRow & { bridge_id?: string | null }): ViewIssue {
  return {
    id: issue.id,
    name: issue.name,
    sequence_id: issue.sequence_id,
    priority: issue.priority,
    state: issue.state,
    assignees: issue.assignees,
    labels: issue.labels,
    start_date: issue.start_date,
    target_date: issue.target_date,
    estimate_point: issue.estimate_point,
    sort_order: issue.sort_order,
    sub_issues_count: issue.sub_issues_count,
    link_count: issue.link_count,
    attachment_count: issue.attachment_count,
    created_by: issue.created_by,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    bridge_id: issue.bridge_id ?? null,
  };
}

/**
 * The page's data. Once access is granted `issuesMayStart` is called, and the issues are read when
 * the promise it returns settles: the Remix layer waits there for the page's frame to be sent and
 * the live board's clock to be read, so every change that commits after the issues were read
 * reaches the page through its socket.
 */
export async function issueViewsPageOf(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  source: IssueListSource,
  issuesMayStart: () => Promise<unknown> = () => Promise.resolve(),
): Promise<IssueViewsPageData> {
  const access = await projectAccess(ctx, slug, projectId);
  const issuesAfter = issuesMayStart();
  const { db } = ctx;
  const lookups = loadProjectLookups(db, access.project, access.workspace);
  const [read] = await Promise.all([
    runNamedBatch(db, {
      properties: db
        .select({ id: issueProperties.id, properties: issueProperties.properties })
        .from(issueProperties)
        .where(and(eq(issueProperties.user_id, ctx.actor.id), eq(issueProperties.project_id, projectId)))
        .limit(1),
      cycle:
        source.kind === "cycle"
          ? db
              .select({ id: cycles.id, name: cycles.name, start_date: cycles.start_date, end_date: cycles.end_date })
              .from(cycles)
              .where(and(eq(cycles.id, source.cycleId), eq(cycles.project_id, projectId)))
              .limit(1)
          : undefined,
      module:
        source.kind === "module"
          ? db
              .select({ id: modules.id, name: modules.name })
              .from(modules)
              .where(and(eq(modules.id, source.moduleId), eq(modules.project_id, projectId)))
              .limit(1)
          : undefined,
      view:
        source.kind === "view"
          ? db
              .select({ id: issueViews.id, name: issueViews.name, query_data: issueViews.query_data })
              .from(issueViews)
              .where(and(eq(issueViews.id, source.viewId), eq(issueViews.project_id, projectId)))
              .limit(1)
          : undefined,
    }),
    lookups,
  ]);

  const stored = withViewPropsDefaults(access.membership.view_props);
  // A saved view lists through its own stored filters; only the presentation is the member's.
  let filters = stored.filters ?? {};
  let detail: IssueListSourceDetail = { kind: "project", id: null, name: null, completed: false };
  let listRows: () => Promise<(IssueRow & { bridge_id?: string | null })[]>;
  const queryOf = () => issueListQueryFromFilters(filters, { order_by: stored.orderBy });
  switch (source.kind) {
    case "cycle": {
      const [cycle] = read.cycle ?? [];
      if (!cycle) throw new NotFound(CYCLE_NOT_FOUND);
      detail = { kind: "cycle", id: cycle.id, name: cycle.name, completed: cycleStatus(cycle, todayFor(ctx)) === "completed" };
      const group = { scope: "cycle" as const, id: cycle.id, name: cycle.name };
      listRows = async () => groupIssueRows(ctx, access, group, queryOf(), await lookups);
      break;
    }
    case "module": {
      const [module] = read.module ?? [];
      if (!module) throw new NotFound(MODULE_NOT_FOUND);
      detail = { kind: "module", id: module.id, name: module.name, completed: false };
      const group = { scope: "module" as const, id: module.id, name: module.name };
      listRows = async () => groupIssueRows(ctx, access, group, queryOf(), await lookups);
      break;
    }
    case "view": {
      const [view] = read.view ?? [];
      if (!view) throw new NotFound(VIEW_NOT_FOUND);
      detail = { kind: "view", id: view.id, name: view.name, completed: false };
      filters = view.query_data ?? {};
      listRows = async () => (await listIssuesWithAccess(ctx, access, queryOf(), {}, await lookups)) as IssueRow[];
      break;
    }
    default:
      listRows = async () => (await listIssuesWithAccess(ctx, access, queryOf(), {}, await lookups)) as IssueRow[];
  }
  const issues = issuesAfter.then(listRows).then((rows) => rows.map(slimIssue));
  // A rejection is the page's to show (the stream's error element), never an unhandled one.
  issues.catch(() => {});

  const lookupsRead = await lookups;
  const [properties] = read.properties;
  const role = access.membership.role;
  const display: ViewProps = { ...stored, filters };
  return {
    workspaceSlug: access.workspace.slug,
    project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
    source: detail,
    userId: ctx.actor.id,
    role,
    /** Guests, viewers and everyone on a completed cycle only read. */
    canEdit: role >= ROLE.member && !detail.completed,
    display,
    properties: {
      id: properties?.id ?? null,
      // Stored rows are completed with the defaults, so a toggle added later still has a value.
      toggles: { ...ISSUE_PROPERTY_DEFAULTS, ...properties?.properties },
    },
    ...filterLookupsOf(lookupsRead),
    issues,
  };
}
