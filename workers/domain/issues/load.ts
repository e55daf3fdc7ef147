// What every issue operation starts from: the issue itself and the project's lookups.
import { and, eq } from "drizzle-orm";
import { issues, type Issue } from "../../../drizzle/schema";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { NotFound } from "../errors";
import { loadProjectLookups } from "../issue-views";

export const ISSUE_NOT_FOUND = "Issue not found.";

export const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The project's states, labels and members (and the named parents), to check and shape issues with. */
export const lookupsFor = (ctx: ActorContext, access: ProjectAccess, parentIds: Iterable<string> = []) =>
  loadProjectLookups(ctx.db, access.project, access.workspace, parentIds);

/** Reads the issue by id, in this project only (a statement, to run alone or in a batch). */
export const issueQuery = (ctx: ActorContext, projectId: string, issueId: string) =>
  ctx.db
    .select()
    .from(issues)
    .where(and(eq(issues.id, issueId), eq(issues.project_id, projectId)))
    .limit(1);

/** The issue from `issueQuery`'s rows; 404 when it is not there (or in another project). */
export function foundIssue(rows: readonly Issue[]): Issue {
  const [issue] = rows;
  if (!issue) throw new NotFound(ISSUE_NOT_FOUND);
  return issue;
}

/** The issue of this project; 404 when it is not there (or in another project). */
export async function loadIssue(ctx: ActorContext, projectId: string, issueId: string): Promise<Issue> {
  return foundIssue(await issueQuery(ctx, projectId, issueId));
}
