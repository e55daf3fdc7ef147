// An issue named the way people write it: its project's identifier and its number ("DEMO-52"),
// as in a copied link or a message. The key is read without regard to case; an issue the caller
// may not see answers as if it did not exist.
import { and, eq } from "drizzle-orm";
import { issues, projects } from "../../../drizzle/schema";
import { projectAccess, workspaceAccess } from "../access";
import type { ActorContext } from "../context";
import { NotFound } from "../errors";
import { ISSUE_NOT_FOUND } from "./load";

/** "DEMO-52": a project identifier (letters) and an issue number. */
const ISSUE_KEY = /^([a-z]{1,12})-(\d{1,9})$/i;

/** The identifier and number of an issue key, or null when `text` is no issue key. */
export function parseIssueKey(text: string): { identifier: string; sequence: number } | null {
  const match = ISSUE_KEY.exec(text);
  return match ? { identifier: match[1].toUpperCase(), sequence: Number(match[2]) } : null;
}

/** The project and id of the issue `key` names in the workspace, for a member who may read it. */
export async function findIssueByKey(ctx: ActorContext, slug: string, key: string): Promise<{ projectId: string; issueId: string }> {
  const parsed = parseIssueKey(key);
  if (!parsed) throw new NotFound(ISSUE_NOT_FOUND);
  const { workspace } = await workspaceAccess(ctx, slug);
  const [found] = await ctx.db
    .select({ projectId: issues.project_id, issueId: issues.id })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.project_id))
    .where(and(eq(projects.workspace_id, workspace.id), eq(projects.identifier, parsed.identifier), eq(issues.sequence_id, parsed.sequence)))
    .limit(1);
  if (!found) throw new NotFound(ISSUE_NOT_FOUND);
  try {
    await projectAccess(ctx, slug, found.projectId);
  } catch {
    // Not a member of that project: the key must not tell that the issue exists.
    throw new NotFound(ISSUE_NOT_FOUND);
  }
  return found;
}
