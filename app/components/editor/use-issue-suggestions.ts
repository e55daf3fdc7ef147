// The issues an open "#" or "DEMO-" list offers, from the workspace search the command palette
// uses (the browser's one issue search): narrowed to the editor's project when it has one, five at
// most, asked for a short pause after the last keystroke and never shown for older text.
import { useEffect, useState } from "react";
import { workspaceSearchPath } from "~/lib/paths";
import type { SearchAnswer } from "~/lib/search-contract";
import { issueReferencePath } from "../../../workers/domain/schemas/rich-text-policy";
import type { SuggestMatch } from "./plugins";
import { type IssueSearchScope, SUGGESTION_LIMIT, type SuggestionItem } from "./prose";

/** How long typing pauses before the issues are asked for. */
const ISSUE_SEARCH_PAUSE_MS = 150;

/**
 * What to search for an open match, or null when it offers no issues: the key typed ("DEMO-" or
 * "DEMO-12"); after "#" the project's newest issues (nothing typed yet), an issue number or the
 * words typed. Without a project, "#" and words search the workspace's projects.
 */
export function issueSearchText(match: Pick<SuggestMatch, "char" | "query"> | null, scope: IssueSearchScope | undefined): string | null {
  if (!match || !scope || match.char === "@") return null;
  if (match.char === "key") return scope.identifier ? `${scope.identifier}-${match.query}` : null;
  if (match.query === "") return scope.identifier ? `${scope.identifier}-` : null;
  return match.query;
}

/** The issues offered for `match`, as suggestion items linking to each issue's page. */
export function useIssueSuggestions(match: SuggestMatch | null, scope: IssueSearchScope | undefined): SuggestionItem[] {
  const search = issueSearchText(match, scope);
  const [answer, setAnswer] = useState<{ search: string; items: SuggestionItem[] } | null>(null);
  const slug = scope?.workspaceSlug;
  const projectId = scope?.projectId;

  useEffect(() => {
    if (search === null || !slug) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        // The palette's search, narrowed to the project and the list's length.
        const narrowed = new URLSearchParams({ per_page: String(SUGGESTION_LIMIT), ...(projectId ? { project_id: projectId } : {}) });
        const response = await fetch(`${workspaceSearchPath(slug, search)}&${narrowed}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!response.ok) return;
        const body = (await response.json()) as SearchAnswer;
        const items = body.results.issue.map((issue) => {
          const key = `${issue.project__identifier}-${issue.sequence_id}`;
          return { id: issue.id, label: key, detail: issue.name, kind: "issue" as const, href: issueReferencePath(issue.workspace__slug, key) };
        });
        setAnswer({ search, items });
      } catch {
        // Aborted by newer text, or offline: the list keeps offering what it has.
      }
    }, ISSUE_SEARCH_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, slug, projectId]);

  return search !== null && answer?.search === search ? answer.items : [];
}
