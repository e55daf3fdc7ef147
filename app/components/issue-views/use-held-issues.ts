// The issues the views hold: each group's first pages from the loader, the pages read since, and
// board changes from other tabs and users patching them in place (app/lib/live-board.ts).
import { startTransition, useCallback, useState } from "react";
import { useLiveIssues } from "~/hooks/use-live-issues";
import type { ViewProps } from "~/lib/issue-display";
import { issueWindowsPath } from "~/lib/paths";
import type { IssueViewsData } from "./model";
import { useStableIssues } from "./stable-data";
import { useIssueWindows } from "./use-issue-windows";

export function useHeldIssues(data: IssueViewsData, props: ViewProps) {
  const [liveTick, setLiveTick] = useState(0);
  // A transition, as the live layer's own update: a batch can arrive while part of the page is
  // still hydrating, and an urgent update would make React drop its server HTML (error 421).
  const onLivePlaced = useCallback(() => startTransition(() => setLiveTick((tick) => tick + 1)), []);
  const windows = useIssueWindows(
    data.windows,
    data.display.filters,
    props,
    issueWindowsPath(data.workspaceSlug, data.project.id, data.source),
    liveTick,
  );
  const loaded = useStableIssues(useLiveIssues(windows.held.issues, data.source, data.boardClock, onLivePlaced));
  return { windows, loaded };
}
