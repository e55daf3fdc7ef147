// Identity-keeping for what the views memoise on: revalidations return new objects with the same
// content, and a card re-renders only when its issue really changed.
import { useMemo, useRef } from "react";
import { type IssueViewsData, type ViewIssue, lookupsOf } from "./model";

export /** Keeps the previous object for issues whose fields did not change, so memoised cards skip work. */
function useStableIssues(issues: ViewIssue[]) {
  const previous = useRef(new Map<string, ViewIssue>());
  return useMemo(() => {
    const before = previous.current;
    const next = new Map<string, ViewIssue>();
    const list = issues.map((issue) => {
      const old = before.get(issue.id);
      const same =
        old !== undefined &&
        (Object.keys(issue) as (keyof ViewIssue)[]).every((key) => {
          const a = issue[key];
          const b = old[key];
          return a === b || (Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => v === b[i]));
        });
      const kept = same ? old : issue;
      next.set(issue.id, kept);
      return kept;
    });
    previous.current = next;
    return list;
  }, [issues]);
}

/** The lookups only change identity when their content does (revalidations return new arrays). */
export function useStableLookups(data: IssueViewsData) {
  const signature = JSON.stringify([data.states, data.labels, data.members]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on content, not identity.
  return useMemo(() => lookupsOf(data), [signature]);
}
