// Telling the project's live board about issues after a write commits: each issue change carries
// the row as the board shows it and the project's issues_version read with it.
import { eq } from "drizzle-orm";
import { issues, projects, type Issue } from "../../../drizzle/schema";
import { inList, runNamedBatch } from "../../lib/batch";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { type ParentRows, type ProjectLookups, issueRowOf, withCurrentParents } from "../issue-views";
import { lookupsFor, unique } from "./load";

/**
 * Rows a write's batch returned, with the project's issues_version read in that batch and, when
 * the batch read them, their parents as of its commit (not read again).
 */
export type KnownRows = { rows: Issue[]; version: number; parents?: ParentRows };

/**
 * The project's issues_version, to read in the same batch (one transaction) as the issue rows a
 * write publishes: the board keeps, per issue, the change with the highest version, so publishes
 * that reach it out of commit order cannot put an older row back (ADR 005, ADR 010).
 */
export function issuesVersionQuery(ctx: ActorContext, projectId: string) {
  return ctx.db.select({ version: projects.issues_version }).from(projects).where(eq(projects.id, projectId));
}

/** The version from `issuesVersionQuery`'s rows (0 when the project is gone). */
export const versionFrom = (rows: readonly { version: number }[]) => rows[0]?.version ?? 0;

/**
 * Publishes the given issues' current rows to the project's board. `known` are rows the caller
 * already holds as committed (a write's RETURNING), which need not be read again. Answers the
 * lookups the rows were shaped with (their parents as of after the commit), for a write to shape
 * its own answer with.
 */
export async function publishIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  ids: string[],
  lookups: ProjectLookups,
  known?: KnownRows,
): Promise<ProjectLookups>;
export async function publishIssues(ctx: ActorContext, access: ProjectAccess, ids: string[]): Promise<ProjectLookups | null>;
export async function publishIssues(
  ctx: ActorContext,
  access: ProjectAccess,
  ids: string[],
  lookups?: ProjectLookups,
  known: KnownRows = { rows: [], version: 0 },
): Promise<ProjectLookups | null> {
  const wanted = unique(ids);
  if (wanted.length === 0) return lookups ?? null;
  const held = known.rows.filter((row) => wanted.includes(row.id));
  const missing = wanted.filter((id) => !held.some((row) => row.id === id));
  const read =
    missing.length > 0
      ? await runNamedBatch(ctx.db, {
          rows: ctx.db.select().from(issues).where(inList(issues.id, missing)),
          version: issuesVersionQuery(ctx, access.project.id),
        })
      : null;
  const rows = read ? [...held, ...read.rows] : held;
  const readVersion = read ? versionFrom(read.version) : 0;
  // Every row here was returned by the write or read after it; their parents are read now too.
  const resolved = await withCurrentParents(ctx.db, lookups ?? (await lookupsFor(ctx, access)), rows, known.parents);
  for (const row of rows) {
    const version = held.includes(row) ? known.version : readVersion;
    ctx.effects.publish(access.project.id, { kind: "issue", op: "upsert", id: row.id, row: issueRowOf(row, resolved), version });
  }
  return resolved;
}

/**
 * Tells whoever has the issue open that something only its page shows changed (its comments):
 * the notice carries the issue's id and the writer, no row, and only that page reads it again.
 */
export function publishIssueDetail(ctx: ActorContext, projectId: string, issueId: string) {
  ctx.effects.publish(projectId, { kind: "issue_detail", op: "changed", id: issueId, by: ctx.actor.id });
}
