// New issues sent from the create modal, shown in the views before the server answers. Each has
// the id the server will keep, so once the server's row is held (by the live board or the
// loaders) it stands in the pending row's place. A pending row has no number yet: sequence id 0
// is the marker the layouts show as "…".
import { useMemo } from "react";
import { type PendingIssue, usePendingIssues } from "~/components/issue-modal/pending-issues";
import { FIRST_SORT_ORDER, SORT_STEP } from "../../../workers/domain/schemas/constants";
import type { IssueListSourceDetail } from "~/lib/issue-views-contract";
import type { ViewIssue } from "./model";

/** A pending issue as the views show it, placed after the last issue as the server places it. */
function pendingRow(issue: PendingIssue, sortOrder: number, userId: string): ViewIssue {
  const { values } = issue;
  return {
    id: issue.id,
    name: issue.name,
    sequence_id: 0,
    priority: values.priority,
    state: values.state,
    assignees: values.assignees,
    labels: values.labels,
    start_date: values.start_date || null,
    target_date: values.target_date || null,
    estimate_point: values.estimate,
    sort_order: sortOrder,
    sub_issues_count: 0,
    link_count: 0,
    attachment_count: 0,
    created_by: userId,
    created_at: issue.sentAt,
    updated_at: issue.sentAt,
    cycle: values.cycle || null,
    module: values.module || null,
    bridge_id: null,
  };
}

/** Whether a page listing `source` of project `projectId` lists the pending issue. */
function listedOn(issue: PendingIssue, projectId: string, source: IssueListSourceDetail) {
  if (issue.projectId !== projectId) return false;
  if (source.kind === "cycle") return issue.values.cycle === source.id;
  if (source.kind === "module") return issue.values.module === source.id;
  // A project list, or a saved view whose filters the page applies to every row.
  return true;
}

/** `loaded` with this project's pending new issues after it (the views sort and filter them). */
export function useWithPendingRows(loaded: ViewIssue[], projectId: string, source: IssueListSourceDetail, userId: string) {
  const { issues: pending } = usePendingIssues();
  return useMemo(() => {
    if (pending.length === 0) return loaded;
    const held = new Set(loaded.map((issue) => issue.id));
    const shown = pending.filter((issue) => !held.has(issue.id) && listedOn(issue, projectId, source));
    if (shown.length === 0) return loaded;
    const last = loaded.reduce((max, issue) => Math.max(max, issue.sort_order), FIRST_SORT_ORDER - SORT_STEP);
    return [...loaded, ...shown.map((issue, index) => pendingRow(issue, last + SORT_STEP * (index + 1), userId))];
  }, [loaded, pending, projectId, source, userId]);
}
