// The issue views' data model on the page: the loader's slim issues with optimistic patches laid
// over them, filtered, ordered and grouped the way the server would, so a change of order,
// grouping or a narrowing filter shows before the server answers.
import type { IssueViewsData, ViewIssue } from "~/lib/issue-views-contract";
import { ALL_GROUP, NONE_GROUP } from "../../../workers/domain/schemas/issue-windows";
import {
  type GroupBy,
  type IssueFilterValues,
  type OrderBy,
  PRIORITIES,
  PRIORITY_LABELS,
  type Priority,
  type StateGroup,
} from "~/lib/issue-display";

export type { IssueViewsData, ViewIssue };
export type StateOption = IssueViewsData["states"][number];
export type LabelOption = IssueViewsData["labels"][number];
export type MemberOption = IssueViewsData["members"][number];

/** Fields a view can change on an issue (a subset of the PATCH body). */
export interface IssuePatch {
  state?: string | null;
  priority?: Priority;
  sort_order?: number;
  start_date?: string | null;
  target_date?: string | null;
  assignees_list?: string[];
  labels_list?: string[];
  estimate_point?: number | null;
  cycle?: string | null;
  module?: string | null;
}

export function applyPatch(issue: ViewIssue, patch: IssuePatch, now: string): ViewIssue {
  const next: ViewIssue = { ...issue, updated_at: now };
  if (patch.state !== undefined) next.state = patch.state;
  if (patch.priority !== undefined) next.priority = patch.priority;
  if (patch.sort_order !== undefined) next.sort_order = patch.sort_order;
  if (patch.start_date !== undefined) next.start_date = patch.start_date;
  if (patch.target_date !== undefined) next.target_date = patch.target_date;
  if (patch.assignees_list !== undefined) next.assignees = patch.assignees_list;
  if (patch.labels_list !== undefined) next.labels = patch.labels_list;
  if (patch.estimate_point !== undefined) next.estimate_point = patch.estimate_point;
  if (patch.cycle !== undefined) next.cycle = patch.cycle;
  if (patch.module !== undefined) next.module = patch.module;
  return next;
}

export interface Lookups {
  states: Map<string, StateOption>;
  labels: Map<string, LabelOption>;
  members: Map<string, MemberOption>;
}

export function lookupsOf(data: Pick<IssueViewsData, "states" | "labels" | "members">): Lookups {
  return {
    states: new Map(data.states.map((state) => [state.id, state])),
    labels: new Map(data.labels.map((label) => [label.id, label])),
    members: new Map(data.members.map((member) => [member.id, member])),
  };
}

// ---------------------------------------------------------------- filtering (as the server does)

export function filterIssues(issues: ViewIssue[], filters: IssueFilterValues, lookups: Lookups): ViewIssue[] {
  const groups =
    filters.type === "active"
      ? new Set<string>(["started", "unstarted"])
      : filters.type === "backlog"
        ? new Set<string>(["backlog"])
        : null;
  const states = filters.state?.length ? new Set(filters.state) : null;
  const priorities = filters.priority?.length ? new Set(filters.priority) : null;
  const creators = filters.created_by?.length ? new Set(filters.created_by) : null;
  const assignees = [...(filters.assignees ?? []), ...(filters.issue__assignees__id ?? [])];
  const labels = [...(filters.labels ?? []), ...(filters.issue__labels__id ?? [])];
  if (!groups && !states && !priorities && !creators && assignees.length === 0 && labels.length === 0) return issues;
  return issues.filter((issue) => {
    if (groups) {
      const group = issue.state ? lookups.states.get(issue.state)?.group : undefined;
      if (!group || !groups.has(group)) return false;
    }
    if (states && !(issue.state && states.has(issue.state))) return false;
    if (priorities && !priorities.has(issue.priority)) return false;
    if (creators && !(issue.created_by && creators.has(issue.created_by))) return false;
    if (assignees.length && !issue.assignees.some((id) => assignees.includes(id))) return false;
    if (labels.length && !issue.labels.some((id) => labels.includes(id))) return false;
    return true;
  });
}

// ---------------------------------------------------------------- ordering (as in workers/domain/issues/list-query.ts)

const priorityRank = (priority: string) => {
  const rank = PRIORITIES.indexOf(priority as Priority);
  return rank === -1 ? PRIORITIES.length : rank;
};
const byId = (a: ViewIssue, b: ViewIssue) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list order as a comparison of two issues (ties broken by id, as the server does). */
export function compareIssues(orderBy: OrderBy): (a: ViewIssue, b: ViewIssue) => number {
  switch (orderBy) {
    case "-created_at":
      return (a, b) => byText(b.created_at, a.created_at) || byId(b, a);
    case "-updated_at":
      return (a, b) => byText(b.updated_at, a.updated_at) || byId(b, a);
    case "priority":
      return (a, b) => priorityRank(a.priority) - priorityRank(b.priority) || a.sort_order - b.sort_order || byId(a, b);
    default:
      return (a, b) => a.sort_order - b.sort_order || byId(a, b);
  }
}

export function sortIssues(issues: ViewIssue[], orderBy: OrderBy): ViewIssue[] {
  return [...issues].sort(compareIssues(orderBy));
}

// ---------------------------------------------------------------- grouping

export type GroupHeader =
  | { type: "state"; state: StateOption | null }
  | { type: "priority"; priority: Priority }
  | { type: "label"; label: LabelOption | null }
  | { type: "member"; member: MemberOption | null }
  | { type: "all" };

export interface IssueGroup {
  key: string;
  name: string;
  header: GroupHeader;
  /** The group's issues the page holds and shows, in order. */
  issues: ViewIssue[];
  /** Every issue of the group, held or not. */
  count: number;
  /** Whether issues of the group follow the last one shown (read when the reader reaches it). */
  more: boolean;
}

export { NONE_GROUP };

/**
 * Groups keyed as the API keys them (state id, priority, label id, creator id; "None" for none).
 * State, priority, labels and creators are pre-seeded so empty groups exist to show or hide; a
 * plain list is one group of all issues. Issues with several labels appear under each.
 */
export function groupIssues(issues: ViewIssue[], groupBy: GroupBy | null, lookups: Lookups): IssueGroup[] {
  if (!groupBy) return [{ key: ALL_GROUP, name: "All issues", header: { type: "all" }, issues, count: issues.length, more: false }];
  const groups = new Map<string, IssueGroup>();
  const fresh = (key: string, name: string, header: GroupHeader): IssueGroup => ({ key, name, header, issues: [], count: 0, more: false });
  const seed = (key: string, name: string, header: GroupHeader) => groups.set(key, fresh(key, name, header));
  const add = (key: string, issue: ViewIssue, make: () => IssueGroup) => {
    let group = groups.get(key);
    if (!group) {
      group = make();
      groups.set(key, group);
    }
    group.issues.push(issue);
  };
  switch (groupBy) {
    case "state":
      for (const state of lookups.states.values()) seed(state.id, state.name, { type: "state", state });
      for (const issue of issues) {
        add(issue.state ?? NONE_GROUP, issue, () => fresh(NONE_GROUP, "No state", { type: "state", state: null }));
      }
      break;
    case "priority":
      for (const priority of PRIORITIES) seed(priority, PRIORITY_LABELS[priority], { type: "priority", priority });
      for (const issue of issues) {
        const priority = (PRIORITIES.includes(issue.priority as Priority) ? issue.priority : "none") as Priority;
        add(priority, issue, () => fresh(priority, priority, { type: "priority", priority }));
      }
      break;
    case "labels":
      for (const label of lookups.labels.values()) seed(label.id, label.name, { type: "label", label });
      seed(NONE_GROUP, "No labels", { type: "label", label: null });
      for (const issue of issues) {
        const keys = issue.labels.filter((id) => lookups.labels.has(id));
        if (keys.length === 0) add(NONE_GROUP, issue, () => groups.get(NONE_GROUP) as IssueGroup);
        for (const key of keys) add(key, issue, () => groups.get(key) as IssueGroup);
      }
      break;
    case "created_by":
      for (const member of lookups.members.values()) seed(member.id, member.name, { type: "member", member });
      for (const issue of issues) {
        const key = issue.created_by && lookups.members.has(issue.created_by) ? issue.created_by : NONE_GROUP;
        add(key, issue, () => fresh(NONE_GROUP, "Unknown", { type: "member", member: null }));
      }
      break;
  }
  for (const group of groups.values()) group.count = group.issues.length;
  return [...groups.values()];
}

/**
 * The groups as far as the held windows know them: a group the page does not wholly hold shows
 * its issues up to the last one read from the server (an issue a live change moved in past it is
 * shown once its page is read), with the server's count and `more`. `frontiers` are the last issue
 * read of each group, in the windows' own grouping and order.
 */
export function windowedGroups(
  groups: IssueGroup[],
  windows: { groups: ReadonlyMap<string, { count: number; next_cursor: string | null }> },
  frontiers: ReadonlyMap<string, ViewIssue>,
  orderBy: OrderBy,
): IssueGroup[] {
  const compare = compareIssues(orderBy);
  return groups.map((group) => {
    const server = windows.groups.get(group.key);
    if (!server || server.next_cursor === null) return group;
    const last = frontiers.get(group.key);
    const issues = last ? group.issues.filter((issue) => compare(issue, last) <= 0) : [];
    return { ...group, issues, count: server.count, more: true };
  });
}

/** The last issue of each group among `issues`, grouped and ordered as given. */
export function groupFrontiers(issues: ViewIssue[], groupBy: GroupBy | null, orderBy: OrderBy, lookups: Lookups): Map<string, ViewIssue> {
  const frontiers = new Map<string, ViewIssue>();
  for (const group of groupIssues(sortIssues(issues, orderBy), groupBy, lookups)) {
    const last = group.issues[group.issues.length - 1];
    if (last) frontiers.set(group.key, last);
  }
  return frontiers;
}

/** The patch a drop into another group means (grouped by state or priority only). */
export function groupChangePatch(groupBy: GroupBy | null, groupKey: string): IssuePatch | null {
  if (groupBy === "state") return { state: groupKey === NONE_GROUP ? null : groupKey };
  if (groupBy === "priority") return { priority: groupKey as Priority };
  return null;
}

/** A new issue sent and not yet answered has no number: 0 marks it (use-pending-rows.ts). */
export const isPendingIssue = (issue: Pick<ViewIssue, "sequence_id">) => issue.sequence_id === 0;

/** The issue's key; a pending issue shows "…" until its number arrives. */
export function issueKey(identifier: string, issue: Pick<ViewIssue, "sequence_id">) {
  return `${identifier}-${isPendingIssue(issue) ? "…" : issue.sequence_id}`;
}

export function stateGroupOf(issue: ViewIssue, lookups: Lookups): StateGroup | null {
  return (issue.state ? (lookups.states.get(issue.state)?.group as StateGroup | undefined) : undefined) ?? null;
}
