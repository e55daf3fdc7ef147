// Blocking relations between issues of a project. A row of issue_blockers says `issue_id` is
// blocked by `blocked_by_id`; an issue's blockers_list and blocks_list are the two directions of
// the same rows, and every rule here is written once for both.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { issueBlockers, issues } from "../../../drizzle/schema";
import { inList } from "../../lib/batch";
import type { ActorContext } from "../context";
import type { ActivityField } from "../issue-activity";
import { type BridgeBase, bridgeInserts } from "./write-statements";

/** The two list fields of an issue write that name related issues, blockers first. */
export const RELATION_FIELDS = ["blockers_list", "blocks_list"] as const;
export type RelationField = (typeof RELATION_FIELDS)[number];

type RowKey = "issue_id" | "blocked_by_id";

/**
 * The issues `issueId` blocks, from its relation rows when the caller has read them already (one
 * indexed read otherwise).
 */
export async function issuesBlockedBy(ctx: ActorContext, issueId: string, rows?: { issue_id: string; blocked_by_id: string }[]) {
  const blocking = rows ?? (await ctx.db.select({ issue_id: issueBlockers.issue_id, blocked_by_id: issueBlockers.blocked_by_id }).from(issueBlockers).where(eq(issueBlockers.blocked_by_id, issueId)));
  return blocking.filter((row) => row.blocked_by_id === issueId).map((row) => row.issue_id);
}

/**
 * Each direction seen from the issue being written: which column holds it (`own`), which holds the
 * related issue (`other`), and the activity field a change records.
 */
const DIRECTIONS: Record<RelationField, { own: RowKey; other: RowKey; activity: ActivityField }> = {
  // The issues blocking this one: rows (this issue, blocked by the other).
  blockers_list: { own: "issue_id", other: "blocked_by_id", activity: "blocking" },
  // The issues this one blocks: rows (the other issue, blocked by this one).
  blocks_list: { own: "blocked_by_id", other: "issue_id", activity: "blocks" },
};

/** A row's two ends when the issue sits in column `own` and the related issue in the other one. */
const endsOf = (own: RowKey, issueId: string, otherId: string) =>
  own === "issue_id" ? { issue_id: issueId, blocked_by_id: otherId } : { issue_id: otherId, blocked_by_id: issueId };

export const relationActivity = (field: RelationField) => DIRECTIONS[field].activity;

/** Inserts the rows relating the issue (`base.issue_id`) to `otherIds` in the field's direction. */
export function relationInserts(ctx: ActorContext, field: RelationField, base: BridgeBase, otherIds: string[]): BatchItem<"sqlite">[] {
  const { own } = DIRECTIONS[field];
  return bridgeInserts(otherIds, (part) =>
    ctx.db
      .insert(issueBlockers)
      .values(part.map((otherId) => ({ ...base, ...endsOf(own, base.issue_id, otherId) })))
      .onConflictDoNothing(),
  );
}

export type RelationRow = { issue_id: string; blocked_by_id: string; sequence_id: number };

/** The issue's relation rows in both directions, each with the related issue's sequence id. */
export function readRelations(ctx: ActorContext, issueId: string) {
  return ctx.db
    .select({ issue_id: issueBlockers.issue_id, blocked_by_id: issueBlockers.blocked_by_id, sequence_id: issues.sequence_id })
    .from(issueBlockers)
    .innerJoin(
      issues,
      sql`${issues.id} = CASE WHEN ${issueBlockers.issue_id} = ${issueId} THEN ${issueBlockers.blocked_by_id} ELSE ${issueBlockers.issue_id} END`,
    )
    .where(sql`${issueBlockers.issue_id} = ${issueId} OR ${issueBlockers.blocked_by_id} = ${issueId}`);
}

/**
 * Replaces the issue's related issues in one direction with `next`: the statements deleting the
 * rows no longer wanted and inserting the new ones, and the related ids before and after.
 */
export function relationReplace(
  ctx: ActorContext,
  field: RelationField,
  base: BridgeBase,
  current: readonly RelationRow[],
  next: string[],
) {
  const { own, other } = DIRECTIONS[field];
  const issueId = base.issue_id;
  const before = current.filter((row) => row[own] === issueId).map((row) => row[other]);
  const removed = before.filter((id) => !next.includes(id));
  const added = next.filter((id) => !before.includes(id));
  const statements: BatchItem<"sqlite">[] = [];
  if (removed.length) {
    statements.push(ctx.db.delete(issueBlockers).where(and(eq(issueBlockers[own], issueId), inList(issueBlockers[other], removed))));
  }
  statements.push(...relationInserts(ctx, field, base, added));
  return { statements, before, changed: [...removed, ...added] };
}
