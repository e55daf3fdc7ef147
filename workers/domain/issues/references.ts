// Checking the ids an issue write names: states, assignees and labels against the project's
// lookups the write already read; the parent, related issues, cycle and module read here.
import { and, eq, sql } from "drizzle-orm";
import { cycles, issues, modules, type Issue } from "../../../drizzle/schema";
import { type NamedResults, inList, runNamedBatch } from "../../lib/batch";
import type { ProjectAccess } from "../access";
import type { ActorContext } from "../context";
import { cycleStatus, todayFor } from "../cycle-status";
import { Conflict, Invalid } from "../errors";
import type { ProjectLookups } from "../issue-views";
import type { IssueWrite } from "../schemas/issues";
import { unique } from "./load";
import { RELATION_FIELDS } from "./relations";
import type { StateRef } from "./write-statements";

export const COMPLETED_CYCLE = "Completed cycles cannot receive issues.";

export interface References {
  state?: StateRef;
  parent?: Pick<Issue, "id" | "name" | "sequence_id"> | null;
  labelNames: Map<string, string>;
  memberNames: Map<string, string>;
  relatedNames: Map<string, string>;
  cycle?: typeof cycles.$inferSelect | null;
  module?: typeof modules.$inferSelect | null;
}

/**
 * The reads that check the parent, related issues, cycle and module a write names (none for what
 * it does not name), as named statements: a write runs them in one batch with its other reads.
 */
export function referenceReads(ctx: ActorContext, projectId: string, data: IssueWrite) {
  const related = unique(RELATION_FIELDS.flatMap((field) => data[field] ?? []));
  return {
    parent: data.parent
      ? ctx.db
          .select({ id: issues.id, name: issues.name, sequence_id: issues.sequence_id })
          .from(issues)
          .where(and(eq(issues.id, data.parent), eq(issues.project_id, projectId)))
          .limit(1)
      : undefined,
    related: related.length
      ? ctx.db
          .select({ id: issues.id, sequence_id: issues.sequence_id })
          .from(issues)
          .where(and(eq(issues.project_id, projectId), inList(issues.id, related)))
      : undefined,
    cycle: data.cycle ? ctx.db.select().from(cycles).where(and(eq(cycles.id, data.cycle), eq(cycles.project_id, projectId))).limit(1) : undefined,
    module: data.module
      ? ctx.db.select().from(modules).where(and(eq(modules.id, data.module), eq(modules.project_id, projectId))).limit(1)
      : undefined,
  };
}

export type ReferenceRows = NamedResults<ReturnType<typeof referenceReads>>;

/**
 * Checks every id the write names belongs to this project; answers 400 per field otherwise, and
 * 409 for a completed cycle. A new issue (`issueId` null) without a state gets the default one.
 * `rows` are `referenceReads`' results when the caller ran them in its own batch; read here otherwise.
 */
export async function resolveReferences(
  ctx: ActorContext,
  access: ProjectAccess,
  data: IssueWrite,
  issueId: string | null,
  lookups: ProjectLookups,
  rows?: ReferenceRows,
): Promise<References> {
  const projectId = access.project.id;
  const identifier = access.project.identifier;
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] ??= [message];
  };
  const assignees = unique(data.assignees_list ?? []);
  const labelIds = unique(data.labels_list ?? []);
  const related = unique(RELATION_FIELDS.flatMap((field) => data[field] ?? []));

  const stateId = data.state ?? (issueId === null ? lookups.defaultStateId : null);
  const state = stateId ? lookups.states.get(stateId) : undefined;
  const memberRows = assignees.flatMap((id) => {
    const member = lookups.members.get(id);
    return member ? [{ id, name: member.display_name || member.email }] : [];
  });
  const labelRows = labelIds.flatMap((id) => {
    const label = lookups.labels.get(id);
    return label ? [{ id, name: label.name }] : [];
  });
  const read = rows ?? (await runNamedBatch(ctx.db, referenceReads(ctx, projectId, data)));
  const parentRow = read.parent ?? [];
  const relatedRows = read.related ?? [];
  const cycleRow = read.cycle ?? [];
  const moduleRow = read.module ?? [];

  if (data.state && !state) fail("state", "State not found in this project.");
  if (data.parent) {
    if (data.parent === issueId) fail("parent", "An issue cannot be its own parent.");
    else if (!parentRow[0]) fail("parent", "Parent issue not found in this project.");
    else if (issueId && (await isAncestor(ctx, issueId, data.parent))) {
      fail("parent", "An issue cannot have one of its sub-issues as its parent.");
    }
  }
  if (memberRows.length !== assignees.length) fail("assignees_list", "Every assignee must be a member of the project.");
  if (labelRows.length !== labelIds.length) fail("labels_list", "Label not found in this project.");
  if (relatedRows.length !== related.length) {
    const found = new Set(relatedRows.map((row) => row.id));
    const field = RELATION_FIELDS.find((name) => (data[name] ?? []).some((id) => !found.has(id))) ?? "blocks_list";
    fail(field, "Issue not found in this project.");
  }
  for (const field of RELATION_FIELDS) {
    if (issueId && data[field]?.includes(issueId)) fail(field, "An issue cannot block itself.");
  }
  if (data.cycle && !cycleRow[0]) fail("cycle", "Cycle not found in this project.");
  if (data.module && !moduleRow[0]) fail("module", "Module not found in this project.");
  if (Object.keys(errors).length) throw new Invalid(errors);
  if (cycleRow[0] && cycleStatus(cycleRow[0], todayFor(ctx)) === "completed") throw new Conflict(COMPLETED_CYCLE);

  return {
    state,
    parent: data.parent === undefined ? undefined : (parentRow[0] ?? null),
    memberNames: new Map(memberRows.map((m) => [m.id, m.name])),
    labelNames: new Map(labelRows.map((l) => [l.id, l.name])),
    relatedNames: new Map(relatedRows.map((r) => [r.id, `${identifier}-${r.sequence_id}`])),
    cycle: data.cycle === undefined ? undefined : (cycleRow[0] ?? null),
    module: data.module === undefined ? undefined : (moduleRow[0] ?? null),
  };
}

/** Whether `candidateParent` is below `issueId` (so making it the parent would close a loop). */
export async function isAncestor(ctx: ActorContext, issueId: string, candidateParent: string): Promise<boolean> {
  // Walk up from the proposed parent; meeting the issue means the parent is one of its descendants.
  const rows = await ctx.db.all<{ found: number }>(sql`
    WITH RECURSIVE chain(id, depth) AS (
      SELECT parent_id, 1 FROM issues WHERE id = ${candidateParent}
      UNION ALL
      SELECT i.parent_id, c.depth + 1 FROM issues i JOIN chain c ON i.id = c.id WHERE c.id IS NOT NULL AND c.depth < 1000
    )
    SELECT 1 AS found FROM chain WHERE id = ${issueId} LIMIT 1`);
  return rows.length > 0;
}
