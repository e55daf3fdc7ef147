// Opening an issue from the views: the row is held for the issue page, which shows it while the
// rest is read, and the page's code is loaded while the views are idle.
import { useCallback } from "react";
import { usePreloadedRoute } from "~/hooks/use-preloaded-route";
import { holdIssueForOpening } from "~/lib/held-issue";
import { ISSUE_PAGE_ROUTE } from "~/lib/paths";
import { type Lookups, type ViewIssue, issueKey } from "./model";

export function useIssueOpening(issues: ViewIssue[], lookups: Lookups, identifier: string, issuePath: (issueId: string) => string) {
  const onOpen = useCallback(
    (issue: ViewIssue) => {
      const state = issue.state ? lookups.states.get(issue.state) : undefined;
      holdIssueForOpening({ id: issue.id, key: issueKey(identifier, issue), name: issue.name, state: state ?? null }, issuePath(issue.id));
    },
    [lookups, identifier, issuePath],
  );
  const firstIssueId = issues[0]?.id ?? null;
  /** Render it: the hidden link through which the issue page's route is found. */
  const preload = usePreloadedRoute(ISSUE_PAGE_ROUTE, firstIssueId ? issuePath(firstIssueId) : null);
  return { onOpen, preload };
}
