// Server side of the issue views: one
// loader and one action that every page showing issues reuses with its own list source -- the
// project's issues, a cycle's, a module's or a saved view's. The loader makes one list call (plus
// one batch of the project's states, labels and members) and ships issues in a slim shape: the
// page looks states, labels and people up by id, so 1,000 issues stay a small payload.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ROLE, type ProjectAccess, projectAccess } from "../../workers/domain/access";
import type { ActorContext } from "../../workers/domain/context";
import { addCycleIssues, getCycle, listCycleIssues } from "../../workers/domain/cycles";
import { saveDisplayPreferences } from "../../workers/domain/display-preferences";
import { createIssueProperties, getIssueProperties, updateIssueProperties } from "../../workers/domain/issue-properties";
import { type IssueRow, type ProjectLookups, loadProjectLookups } from "../../workers/domain/issue-views";
import { bulkDeleteIssues, deleteIssue, issueListQueryFromFilters, listIssuesWithAccess, updateIssue } from "../../workers/domain/issues";
import { addModuleIssues, getModule, listModuleIssues } from "../../workers/domain/modules";
import { type ViewProps, withViewPropsDefaults } from "../../workers/domain/schemas/view-props";
import { createView, getView, updateView } from "../../workers/domain/views";
import type { IssueFilters } from "../../drizzle/schema";
import { assertSameOrigin, requireActor } from "./auth.server";
import { Invalid } from "../../workers/domain/errors";
import { readBoardClock } from "./board-clock.server";
import { actionError, loadOrThrow } from "./errors.server";
import {
  type IssueListSourceDetail,
  IssueViewsIntentSchema,
  type IssueViewsLoaderData,
  type ViewIssue,
} from "./issue-views-contract";

/** Where a page's issues come from: the cycle, else the module, else the saved view, else the project. */
export type IssueListSource =
  | { kind: "project" }
  | { kind: "cycle"; cycleId: string }
  | { kind: "module"; moduleId: string }
  | { kind: "view"; viewId: string };

/** Picks the source from route params in that order of precedence. */
export function issueListSourceOf(params: { cycleId?: string; moduleId?: string; viewId?: string }): IssueListSource {
  if (params.cycleId) return { kind: "cycle", cycleId: params.cycleId };
  if (params.moduleId) return { kind: "module", moduleId: params.moduleId };
  if (params.viewId) return { kind: "view", viewId: params.viewId };
  return { kind: "project" };
}

/** An issue as the views need it; states, labels and people are looked up by id on the page. */
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

type ListBody = IssueRow[] | Record<string, IssueRow[]> | { results: IssueRow[] | Record<string, IssueRow[]> };

function rowsOf(body: ListBody): IssueRow[] {
  const list = "results" in body && !Array.isArray(body) && typeof body.results === "object" ? (body.results as ListBody) : body;
  return Array.isArray(list) ? list : Object.values(list as Record<string, IssueRow[]>).flat();
}

/** The query-string form of filters + order, for the cycle and module list functions. */
function listParams(filters: IssueFilters, orderBy: ViewProps["orderBy"]) {
  const params: Record<string, string | undefined> = { order_by: orderBy };
  for (const [key, value] of Object.entries(filters)) {
    if (value === null || value === undefined) continue;
    params[key] = Array.isArray(value) ? value.join(",") : String(value);
  }
  return params;
}

type SourceDetail = IssueListSourceDetail;

/**
 * The source's detail and filters (awaited: the toolbar needs them) and its rows (not awaited:
 * the page streams them, read once `shellSent` resolves and the board's clock has been read, with
 * the project lookups the frame read). A rows promise that rejects after the detail failed is
 * already handled.
 */
async function listFor(
  rowsMayStart: Promise<unknown>,
  frameLookups: Promise<ProjectLookups>,
  ctx: ActorContext,
  access: ProjectAccess,
  slug: string,
  source: IssueListSource,
  filters: IssueFilters,
  orderBy: ViewProps["orderBy"],
): Promise<{ rows: Promise<IssueRow[]>; detail: SourceDetail; filters: IssueFilters }> {
  const projectId = access.project.id;
  const settled = (list: () => Promise<unknown>) => {
    const rows = rowsMayStart.then(list).then((body) => rowsOf(body as ListBody));
    rows.catch(() => {});
    return rows;
  };
  switch (source.kind) {
    case "cycle": {
      const rows = settled(() => listCycleIssues(ctx, slug, projectId, source.cycleId, listParams(filters, orderBy)));
      const cycle = await getCycle(ctx, slug, projectId, source.cycleId);
      return { rows, detail: { kind: "cycle", id: cycle.id, name: cycle.name, completed: cycle.status === "completed" }, filters };
    }
    case "module": {
      const rows = settled(() => listModuleIssues(ctx, slug, projectId, source.moduleId, listParams(filters, orderBy)));
      const module = await getModule(ctx, slug, projectId, source.moduleId);
      return { rows, detail: { kind: "module", id: module.id, name: module.name, completed: false }, filters };
    }
    case "view": {
      // A saved view lists through its own stored filters; only the presentation is the member's.
      const view = await getView(ctx, slug, projectId, source.viewId);
      const query = issueListQueryFromFilters(view.query_data, { order_by: orderBy });
      return {
        rows: settled(async () => listIssuesWithAccess(ctx, access, query, {}, await frameLookups)),
        detail: { kind: "view", id: view.id, name: view.name, completed: false },
        filters: view.query_data,
      };
    }
    default: {
      const query = issueListQueryFromFilters(filters, { order_by: orderBy });
      const rows = settled(async () => listIssuesWithAccess(ctx, access, query, {}, await frameLookups));
      return { rows, detail: { kind: "project", id: null, name: null, completed: false }, filters };
    }
  }
}

/** Everything an issue view page renders, read in one list call and one lookup batch. */
export async function loadIssueViews(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  source: IssueListSource = { kind: "project" },
): Promise<IssueViewsLoaderData> {
  const ctx = await requireActor(request, context);
  return loadOrThrow(request, async () => {
    const access = await projectAccess(ctx, slug, projectId);
    const stored = withViewPropsDefaults(access.membership.view_props);
    // The board clock is read beside the frame's reads and before the list's: every issue change
    // that commits after the list is read is published with a higher clock, which the page's
    // socket connects from (ADR 013).
    const boardClock = readBoardClock(context, access.project.id);
    const frameLookups = loadProjectLookups(ctx.db, access.project, access.workspace);
    const [list, lookups, properties, clock] = await Promise.all([
      listFor(Promise.all([context.shellSent, boardClock]), frameLookups, ctx, access, slug, source, stored.filters, stored.orderBy),
      frameLookups,
      getIssueProperties(ctx, slug, projectId),
      boardClock,
    ]);
    const role = access.membership.role;
    const display: ViewProps = { ...stored, filters: list.filters ?? {} };
    return {
      workspaceSlug: access.workspace.slug,
      project: { id: access.project.id, identifier: access.project.identifier, name: access.project.name },
      source: list.detail,
      /** The live board's clock when the issues were read (null: the board did not answer). */
      boardClock: clock,
      userId: ctx.actor.id,
      role,
      /** Guests, viewers and everyone on a completed cycle only read. */
      canEdit: role >= ROLE.member && !list.detail.completed,
      display,
      properties: { id: properties.id, toggles: properties.properties },
      states: [...lookups.states.values()].map(({ id, name, color, group }) => ({ id, name, color, group })),
      labels: [...lookups.labels.values()]
        .map(({ id, name, color }) => ({ id, name, color }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      members: [...lookups.members.values()]
        .map((member) => ({
          id: member.id,
          name: member.display_name || [member.first_name, member.last_name].filter(Boolean).join(" ") || member.email,
          email: member.email,
          avatar: member.avatar,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      /**
       * Streamed: the toolbar and the board's frame reach the browser first, the issues follow in
       * the same response (a project of 1,000 issues would otherwise hold back the first byte).
       */
      issues: list.rows.then((rows) => rows.map(slimIssue)),
    };
  });
}

// ---------------------------------------------------------------- the action

/** The issue views' writes: one domain call per intent, answered as `{ok, ...}`. */
export async function issueViewsAction(
  request: Request,
  context: AppLoadContext,
  slug: string,
  projectId: string,
  source: IssueListSource = { kind: "project" },
) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const parsed = IssueViewsIntentSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) {
    return actionError(new Invalid("Unknown action."), request);
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "update-issue":
        await updateIssue(ctx, slug, projectId, input.issueId, input.patch);
        return { ok: true as const, intent: input.intent };
      case "delete-issue":
        await deleteIssue(ctx, slug, projectId, input.issueId);
        return { ok: true as const, intent: input.intent };
      case "bulk-delete": {
        const { message } = await bulkDeleteIssues(ctx, slug, projectId, { issue_ids: input.issue_ids });
        return { ok: true as const, intent: input.intent, message };
      }
      case "display":
        await saveDisplayPreferences(ctx, slug, projectId, { view_props: input.view_props });
        return { ok: true as const, intent: input.intent };
      case "properties": {
        // PATCH the stored row, or POST one when none exists yet.
        const current = await getIssueProperties(ctx, slug, projectId);
        const body = { properties: input.properties, user: ctx.actor.id };
        if (current.id) await updateIssueProperties(ctx, slug, projectId, current.id, body);
        else await createIssueProperties(ctx, slug, projectId, body);
        return { ok: true as const, intent: input.intent };
      }
      case "create-view": {
        const view = await createView(ctx, slug, projectId, input.view);
        return { ok: true as const, intent: input.intent, id: view.id };
      }
      case "update-view": {
        if (source.kind !== "view") {
          return actionError(new Invalid("Not a saved view."), request);
        }
        await updateView(ctx, slug, projectId, source.viewId, { query_data: input.query_data });
        return { ok: true as const, intent: input.intent };
      }
      case "add-existing": {
        if (source.kind === "cycle") await addCycleIssues(ctx, slug, projectId, source.cycleId, { issues: input.issue_ids });
        else if (source.kind === "module") await addModuleIssues(ctx, slug, projectId, source.moduleId, { issues: input.issue_ids });
        else {
          return actionError(new Invalid("Not a cycle or module."), request);
        }
        return { ok: true as const, intent: input.intent };
      }
    }
  } catch (error) {
    return actionError(error, request, { fields: true });
  }
}
