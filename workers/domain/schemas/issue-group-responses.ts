// The shapes of cycles, modules and their burndowns as the domain answers them, declared for the
// browser (types only). The server's shapers `satisfies` these, so the two cannot drift.
import type { CycleStatus } from "../cycle-status";

export type { CycleStatus };
import type { MemberDetail } from "./responses";

/** Issue counts per state group and estimate sums of a cycle or a module. */
export interface IssueGroupStats {
  total_issues: number;
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  /** Sums of the numeric values of the project's estimate points; null without an estimate. */
  total_estimate_points: number | null;
  completed_estimate_points: number | null;
}

export interface CycleResponse extends IssueGroupStats {
  id: string;
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  status: CycleStatus;
  project: string;
  workspace: string;
  owned_by: string | null;
  owned_by_detail: MemberDetail | null;
  /** The assignees of the cycle's issues. */
  assignees: MemberDetail[];
  is_favorite: boolean;
  sort_order: number;
  view_props: unknown;
  created_at: string;
  updated_at: string;
}

export interface ModuleLinkResponse {
  id: string;
  title: string;
  url: string;
  metadata: unknown;
  module: string;
  project: string;
  workspace: string;
  created_by: string | null;
  created_by_detail: MemberDetail | null;
  created_at: string;
}

export interface ModuleResponse extends IssueGroupStats {
  id: string;
  name: string;
  description: string;
  status: string;
  start_date: string | null;
  target_date: string | null;
  lead: string | null;
  lead_detail: MemberDetail | null;
  members: string[];
  members_detail: MemberDetail[];
  link_module: ModuleLinkResponse[];
  is_favorite: boolean;
  sort_order: number;
  view_props: unknown;
  project: string;
  workspace: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A cycle's or module's burndown: one entry per day of its span (see issue-groups/burndown.ts). */
export interface Burndown {
  /** Every day of the span, YYYY-MM-DD, first to last. */
  days: string[];
  /** The straight line from the scope on the first day down to 0 on the last. */
  ideal: number[];
  /** Open issues at the end of each day; null for days after today. */
  current: (number | null)[];
  /** Open issues at the end of today (or of the last day, once the span has ended). */
  pending: number;
  /** Issues in the scope now. */
  scope: number;
}

/** Completed versus total issues of a cycle or module for one assignee (id null: nobody assigned). */
export interface AssigneeBreakdown {
  id: string | null;
  display_name: string;
  avatar: string;
  completed: number;
  total: number;
}

/** Completed versus total issues of a cycle or module for one label (id null: no label). */
export interface LabelBreakdown {
  id: string | null;
  name: string;
  color: string;
  completed: number;
  total: number;
}

/** A cycle's or module's progress per assignee and per label (issue-groups/breakdown.ts). */
export interface IssueGroupBreakdown {
  assignees: AssigneeBreakdown[];
  labels: LabelBreakdown[];
}

/** An urgent or high priority issue of the active cycle, as its dashboard lists it. */
export interface HighPriorityIssue {
  id: string;
  name: string;
  sequence_id: number;
  priority: "urgent" | "high";
  state: { name: string; color: string; group: string } | null;
  target_date: string | null;
}

/** What the active cycle's dashboard shows beside the cycle itself. */
export interface ActiveCycleDashboard {
  cycle: CycleResponse;
  breakdown: IssueGroupBreakdown;
  highPriority: HighPriorityIssue[];
  /** Null until the dates allow a chart. */
  burndown: Burndown | null;
}

/** The cycle list tabs: every cycle, or those of one status. */
export type CycleTab = "all" | CycleStatus;

/** The cycle list page: one tab's cycles and, on the current tab, the active cycle's dashboard. */
export interface CyclesPageData {
  project: { id: string; identifier: string; name: string };
  canEdit: boolean;
  /** The caller's today (YYYY-MM-DD in their time zone), which statuses and days left count from. */
  today: string;
  tab: CycleTab;
  cycles: CycleResponse[];
  active: ActiveCycleDashboard | null;
}

/** A cycle's side panel: the cycle, its burndown (null until it can be charted) and what the viewer may do. */
export interface CyclePanelData {
  cycle: CycleResponse;
  burndown: Burndown | null;
  /** Members and owners edit; guests and viewers read. A completed cycle is read-only for everyone. */
  canEdit: boolean;
}

/** A cycle the unfinished issues of a completed one can be transferred to. */
export interface TransferTarget {
  id: string;
  name: string;
  status: CycleStatus;
  start_date: string | null;
  end_date: string | null;
}
