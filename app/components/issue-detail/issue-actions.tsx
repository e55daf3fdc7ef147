// What the issue sidebar and the command palette both do to the issue: copy its URL and delete
// it after the confirmation.
import { ConfirmDialog } from "../dialog";
import { useCopy } from "~/hooks/use-copy";
import { issueKeyUrl } from "~/lib/paths";
import { issueKey } from "./format";
import { useIssueAction, useIssuePage } from "./page-context";

/**
 * Copies the issue's link by its key (".../browse/DEMO-52", the address people read and pass
 * on) and says so: the "Copy link" button, Ctrl/Cmd+Alt+C and the palette (whose
 * toasts are titled "Copied to clipboard").
 */
export function useCopyIssueLink() {
  const { slug, identifier, data } = useIssuePage();
  const copy = useCopy();
  return (title: string) =>
    copy(issueKeyUrl(window.location.origin, slug, issueKey(identifier, data.issue.sequence_id)), { title, message: "Issue link copied to clipboard." });
}

/** "Delete Issue": the question before the issue and everything on it is removed. */
export function DeleteIssueDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { data, identifier } = useIssuePage();
  const action = useIssueAction();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Issue"
      description={
        <>
          Are you sure you want to delete issue{" "}
          <span className="font-medium text-neutral-900">{issueKey(identifier, data.issue.sequence_id)}</span>? All of the data related to
          the issue will be permanently removed. This action cannot be undone.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={action.pending}
      onConfirm={() => action.submit({ intent: "delete-issue" })}
    />
  );
}
