// Hands the issue page's commands to the command palette (Change state, Change priority, Assign
// to, Delete issue, Copy issue URL) while the page is shown. The writes go through the page's own
// action intents, from here, so they finish even after the palette has closed.
import { useMemo, useRef, useState } from "react";
import { type PaletteIssue, usePaletteIssue } from "../command-palette/command-center";
import { DeleteIssueDialog, useCopyIssueLink } from "./issue-actions";
import { useIssueAction, useIssuePage } from "./page-context";

export function PaletteIssueBridge() {
  const { data, identifier, canEdit } = useIssuePage();
  const action = useIssueAction();
  const copyLink = useCopyIssueLink();
  // The latest copy, read when the command runs (the issue's commands stay the same object).
  const copy = useRef(copyLink);
  copy.current = copyLink;
  const [deleting, setDeleting] = useState(false);
  const { submit } = action;
  const issue = data.issue;
  const value = useMemo<PaletteIssue>(
    () => ({
      id: issue.id,
      name: issue.name,
      sequence_id: issue.sequence_id,
      identifier,
      state: issue.state,
      priority: issue.priority ?? "none",
      assignees: issue.assignees,
      states: data.states,
      members: data.members,
      viewerId: data.viewer.id,
      canEdit,
      update: (patch) => submit({ intent: "update", patch }),
      requestDelete: () => setDeleting(true),
      copyUrl: () => void copy.current("Copied to clipboard"),
    }),
    [issue.id, issue.name, issue.sequence_id, issue.state, issue.priority, issue.assignees, identifier, data.states, data.members, data.viewer.id, canEdit, submit],
  );
  usePaletteIssue(value);
  return canEdit ? <DeleteIssueDialog open={deleting} onOpenChange={setDeleting} /> : null;
}
