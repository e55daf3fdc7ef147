// Opening an issue from the views: the row is held for the issue page, which shows it while the
// rest is read, and the page's code is loaded while the views are idle.
import { useCallback } from "react";
import { usePreloadedRoute } from "~/hooks/use-preloaded-route";
import { holdIssueForOpening } from "~/lib/held-issue";
import { ISSUE_PAGE_ROUTE } from "~/lib/paths";
import type { Lookups, ViewIssue } from "./model";

export function useIssueOpening(issues: ViewIssue[], lookups: Lookups, identifier: string, issuePath: (issueId: string) => string) {
  const onOpen = useCallback(
    (issue: ViewIssue) => {
      const state = issue.state ? lookups.states.get(issue.state) : undefined;
      holdIssueForOpening({ id: issue.id, name: issue.name, sequence_id: issue.sequence_id, identifier, state: state ?? null });
    },
    [lookups, identifier],
  );
  const firstIssueId = issues[0]?.id ?? null;
  /** Render it: the hidden link through which the issue page's route is found. */
  const preload = usePreloadedRoute(ISSUE_PAGE_ROUTE, firstIssueId ? issuePath(firstIssueId) : null);
  return { onOpen, preload };
}
