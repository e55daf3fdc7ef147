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
import { Invalid, NotFound } from "./errors";
import { type ProjectLookups, loadProjectLookups } from "./issue-views";
import { issueListQueryFromFilters } from "./issues";
import { readIssueWindows } from "./issues/held-windows";
import { readIssueGroupCounts, readIssueGroupPage } from "./issues/list-windows";
import { MODULE_NOT_FOUND } from "./modules";
import { ISSUE_PROPERTY_DEFAULTS } from "./schemas/issue-properties";
import {
  type FilterLookups,
  type IssueListSource,
  type IssueListSourceDetail,
  type IssueViewsPageData,
  memberName,
} from "./schemas/responses";
import { parseInput } from "../lib/validation";
import type { ProjectAccess } from "./access";
import { todayUtc } from "./schemas/dates";
import {
  type DueSpan,
  ISSUE_WINDOW_FIRST_SCREEN,
  ISSUE_WINDOW_NEXT_PAGE,
  type IssueWindowsAnswer,
  calendarDueSpan,
  windowGroupBy,
} from "./schemas/issue-windows";
import { type IssueWindowsRequest, IssueWindowsRequestSchema, type ViewProps, withViewPropsDefaults } from "./schemas/view-props";
import { VIEW_NOT_FOUND } from "./views";

/** Picks the source from route params in that order of precedence: cycle, module, saved view, project. */
export function issueListSourceOf(params: { cycleId?: string; moduleId?: string; viewId?: string }): IssueListSource {
  if (params.cycleId) return { kind: "cycle", cycleId: params.cycleId };
  if (params.moduleId) return { kind: "module", moduleId: params.moduleId };
  if (params.viewId) return { kind: "view", viewId: params.viewId };
  return { kind: "project" };
}

/** A list source as the issue windows route takes it: "project", "cycle:ID", "module:ID" or "view:ID". */
export function issueListSourceFromParam(value: string): IssueListSource {
  const [kind, id = ""] = value.split(":", 2);
  if (kind === "project" || value === "") return { kind: "project" };
  if (!id) throw new Invalid("source must be project, cycle:ID, module:ID or view:ID.");
  if (kind === "cycle") return issueListSourceOf({ cycleId: id });
  if (kind === "module") return issueListSourceOf({ moduleId: id });
  if (kind === "view") return issueListSourceOf({ viewId: id });
  throw new Invalid("source must be project, cycle:ID, module:ID or view:ID.");
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
  switch (source.kind) {
    case "cycle": {
      const [cycle] = read.cycle ?? [];
      if (!cycle) throw new NotFound(CYCLE_NOT_FOUND);
      detail = { kind: "cycle", id: cycle.id, name: cycle.name, completed: cycleStatus(cycle, todayFor(ctx)) === "completed" };
      break;
    }
    case "module": {
      const [module] = read.module ?? [];
      if (!module) throw new NotFound(MODULE_NOT_FOUND);
      detail = { kind: "module", id: module.id, name: module.name, completed: false };
      break;
    }
    case "view": {
      const [view] = read.view ?? [];
      if (!view) throw new NotFound(VIEW_NOT_FOUND);
      detail = { kind: "view", id: view.id, name: view.name, completed: false };
      filters = view.query_data ?? {};
      break;
    }
  }
  // The calendar opens on this month (UTC days, as it counts them) and reads the issues due in its weeks.
  const due = stored.issueView === "calendar" ? calendarDueSpan(todayUtc()) : null;
  // The access row carries the board's clock and the versions windows are held at, read in one
  // statement: windows held at those versions hold every change up to that clock, and the socket
  // replays every change after it.
  const windowsOf = async () => readIssueWindowsFor(ctx, access, source, { ...stored, filters, due }, await lookups);
  const windows = issuesAfter.then(windowsOf);
  // A rejection is the page's to show (the stream's error element), never an unhandled one.
  windows.catch(() => {});

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
    boardClock: access.project.live_clock,
    windows,
  };
}

/** The cycle or module a source lists (a saved view and the project list the whole project). */
function scopeOf(source: IssueListSource) {
  if (source.kind === "cycle") return { cycleId: source.cycleId };
  if (source.kind === "module") return { moduleId: source.moduleId };
  return {};
}

type WindowsDisplay = Pick<ViewProps, "issueView" | "groupByProperty" | "orderBy"> & {
  filters?: ViewProps["filters"] | null;
  due?: DueSpan | null;
};

function windowRequestOf(source: IssueListSource, display: WindowsDisplay, lookups: ProjectLookups) {
  const query = issueListQueryFromFilters(display.filters, { order_by: display.orderBy });
  // Due in the span, besides whatever due-date filters the view has.
  if (display.due) query.target_date = [...(query.target_date ?? []), `${display.due.from};after`, `${display.due.to};before`];
  return {
    query,
    scope: scopeOf(source),
    groupBy: windowGroupBy(display.issueView, display.groupByProperty),
    lookups,
  };
}

/** The first screen's windows for a display: a page per group, as long as the layout shows at first. */
async function readIssueWindowsFor(
  ctx: ActorContext,
  access: ProjectAccess,
  source: IssueListSource,
  display: WindowsDisplay,
  lookups: ProjectLookups,
) {
  const request = windowRequestOf(source, display, lookups);
  const windows = await readIssueWindows(ctx, access, request, ISSUE_WINDOW_FIRST_SCREEN[display.issueView]);
  return { ...windows, due: display.due ?? null };
}

/**
 * What the issue views read after their first screen, for the display they show now: the windows
 * again (the grouping, order or filters changed), one group's next page (`group`, `cursor`), or
 * only the groups' counts (`counts`: issues the page has not loaded changed).
 */
export async function issueWindowsOf(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  source: IssueListSource,
  input: IssueWindowsRequest | unknown,
): Promise<IssueWindowsAnswer> {
  const access = await projectAccess(ctx, slug, projectId);
  const wanted = parseInput(IssueWindowsRequestSchema, input);
  const lookups = await loadProjectLookups(ctx.db, access.project, access.workspace);
  const request = windowRequestOf(source, wanted, lookups);
  if (wanted.counts) return { counts: await readIssueGroupCounts(ctx, access, request) };
  if (wanted.group !== undefined) {
    return { page: await readIssueGroupPage(ctx, access, request, wanted.group, wanted.cursor ?? "", ISSUE_WINDOW_NEXT_PAGE) };
  }
  return { windows: await readIssueWindowsFor(ctx, access, source, wanted, lookups) };
}
