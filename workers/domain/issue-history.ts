// GET issues/{id}/history/: the activity feed of one issue merged with its comments by time.
import { projectAccess } from "./access";
import type { ActorContext } from "./context";
import { issueHistory } from "./issue-activity";
import { loadIssue } from "./issues";

export async function issueHistoryOf(ctx: ActorContext, slug: string, projectId: string, issueId: string) {
  const { workspace } = await projectAccess(ctx, slug, projectId);
  await loadIssue(ctx, projectId, issueId);
  return issueHistory(ctx.db, issueId, workspace.slug);
}
