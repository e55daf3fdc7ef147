// What the command palette's search exchanges with the browser: the answer's shape (the same as
// the REST search's), the groups in the order the palette shows them, and where a result leads.
// Client-safe: the resource route's loader is annotated with these types.
import { cycleIssuesPath, issuePath, moduleIssuesPath, pagePath, projectIssuesPath, viewIssuesPath, workspacePath } from "./paths";

import type { SearchResults } from "../../workers/domain/schemas/responses";

export type { SearchResults };

export type SearchGroup = keyof SearchResults;

export interface SearchAnswer {
  /** The text the results are for (an answer to older text is not shown). */
  search: string;
  results: SearchResults;
}

/** The groups in the order they are shown, with their headings. */
export const SEARCH_GROUPS: readonly { key: SearchGroup; heading: string }[] = [
  { key: "workspace", heading: "Workspaces" },
  { key: "project", heading: "Projects" },
  { key: "issue", heading: "Issues" },
  { key: "cycle", heading: "Cycles" },
  { key: "module", heading: "Modules" },
  { key: "issue_view", heading: "Views" },
  { key: "page", heading: "Pages" },
];

/** How long the palette waits after the last keystroke before it searches. */
export const SEARCH_DEBOUNCE_MS = 500;

export type SearchItem = SearchResults[SearchGroup][number];

/** Where picking a result goes. */
export function searchResultPath(group: SearchGroup, item: SearchItem): string {
  if (group === "workspace") return workspacePath((item as SearchResults["workspace"][number]).slug);
  const slug = (item as { workspace__slug: string }).workspace__slug;
  if (group === "project") return projectIssuesPath(slug, item.id);
  const projectId = (item as SearchResults["cycle"][number]).project_id;
  switch (group) {
    case "issue":
      return issuePath(slug, projectId, item.id);
    case "cycle":
      return cycleIssuesPath(slug, projectId, item.id);
    case "module":
      return moduleIssuesPath(slug, projectId, item.id);
    case "issue_view":
      return viewIssuesPath(slug, projectId, item.id);
    case "page":
      return pagePath(slug, projectId, item.id);
  }
}

/** The text a result shows: issues lead with their key ("DEMO-12"), projects with their identifier. */
export function searchResultLabel(group: SearchGroup, item: SearchItem): { key?: string; name: string } {
  if (group === "issue") {
    const issue = item as SearchResults["issue"][number];
    return { key: `${issue.project__identifier}-${issue.sequence_id}`, name: issue.name };
  }
  if (group === "project") return { key: (item as SearchResults["project"][number]).identifier, name: item.name };
  return { name: item.name };
}
