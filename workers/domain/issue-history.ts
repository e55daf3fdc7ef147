// GET issues/{id}/history/: the activity feed of one issue merged with its comments by time.
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import type { PageRequest } from "./list-page";
import { issueHistory } from "./issue-activity";
import { loadIssue } from "./issues";

/** One page of an issue's activities and comments, merged oldest first. */
export async function issueHistoryOf(ctx: ActorContext, slug: string, projectId: string, issueId: string, page: PageRequest) {
  const { workspace } = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  return issueHistory(ctx.db, issueId, workspace.slug, page);
}
