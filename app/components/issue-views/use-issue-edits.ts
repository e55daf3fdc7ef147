// The writes a person makes on issues from the views: a field changed (rolled back and logged when
// refused), one issue deleted, several deleted. Each is optimistic through the write queue, and
// the answer's issue (or its absence) is placed in the windows held.
import { useCallback } from "react";
import type { useToast } from "~/components/toast";
import type { IssuePatch, ViewIssue } from "./model";
import type { WriteIntent } from "./use-optimistic-writes";

interface HeldIssues {
  applyIssue(issue: ViewIssue): void;
  removeIssues(ids: string[]): void;
}

export function useIssueEdits(write: WriteIntent, held: HeldIssues, toast: ReturnType<typeof useToast>) {
  const { applyIssue, removeIssues } = held;

  const updateIssue = useCallback(
    (issue: ViewIssue, patch: IssuePatch) => {
      write({ intent: "update-issue", issueId: issue.id, patch: { ...patch } }, { kind: "patch", issueId: issue.id, patch, at: new Date().toISOString() }, (result) => {
        if (!result.ok) console.error("Issue could not be updated.", result.error);
        else if (result.issue) applyIssue(result.issue);
      });
    },
    [write, applyIssue],
  );

  const deleteIssue = useCallback(
    (issue: ViewIssue) => {
      write({ intent: "delete-issue", issueId: issue.id }, { kind: "delete", ids: [issue.id] }, (result) => {
        if (result.ok) {
          removeIssues([issue.id]);
          toast.show({ type: "success", title: "Success", message: "Issue deleted successfully" });
        } else console.error("Issue could not be deleted.", result.error);
      });
    },
    [write, toast, removeIssues],
  );

  const bulkDelete = useCallback(
    (ids: string[]) => {
      write({ intent: "bulk-delete", issue_ids: ids }, { kind: "delete", ids }, (result) => {
        if (result.ok) {
          removeIssues(ids);
          toast.show({ type: "success", title: "Success", message: result.message ?? "Issues deleted successfully" });
        } else console.error("Issues could not be deleted.", result.error);
      });
    },
    [write, toast, removeIssues],
  );

  return { updateIssue, deleteIssue, bulkDelete };
}
