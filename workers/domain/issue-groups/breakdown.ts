// How far each person and each label of a cycle or module has got: completed versus total issues
// per assignee and per label, with one entry for the issues nobody is assigned to (and one for
// the unlabelled ones). Both are grouped queries driven from the group's issues through
// issues_cycle_idx / issues_module_idx, read together in one D1 batch.
import { asc, eq, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { issueAssignees, issueLabels, issues, labels, states, users } from "../../../drizzle/schema";
import { runNamedBatch } from "../../lib/batch";
import type { ActorContext } from "../context";
import type { IssueGroupBreakdown } from "../schemas/issue-group-responses";
import { type IssueGroupScope, groupColumn } from "./membership";

const completedCount = sql<number>`coalesce(sum(case when ${states.group} = 'completed' then 1 else 0 end), 0)`.as("completed_count");
/** Aggregates come back from SQL untyped; the response carries plain numbers. */
const countsOf = (row: { completed: number; total: number }) => ({ completed: Number(row.completed), total: Number(row.total) });
const totalCount = sql<number>`count(*)`.as("total_count");

/**
 * Completed versus total issues per assignee and per label of one cycle or module. The caller has
 * checked the actor may read the project. An issue with two assignees counts for both; the entry
 * with a null id holds the issues with no assignee (no label). People and labels come in name
 * order, the null entry last.
 */
export async function issueGroupBreakdown(ctx: ActorContext, scope: IssueGroupScope, id: string): Promise<IssueGroupBreakdown> {
  const inGroup = eq(groupColumn(scope), id);
  // Counts per value of a many-to-many link of the group's issues; the row with a null key holds
  // the issues that have none, and comes after the named ones.
  const countsBy = <Key extends SQLiteColumn, Shown extends Record<string, SQLiteColumn>>(
    link: { table: SQLiteTable; issue: SQLiteColumn; key: Key },
    entity: { table: SQLiteTable; id: SQLiteColumn; name: SQLiteColumn },
    shown: Shown,
  ) =>
    ctx.db
      .select({ id: link.key, ...shown, completed: completedCount, total: totalCount })
      .from(issues)
      .leftJoin(link.table, eq(link.issue, issues.id))
      .leftJoin(entity.table, eq(entity.id, link.key))
      .leftJoin(states, eq(states.id, issues.state_id))
      .where(inGroup)
      .groupBy(link.key)
      .orderBy(sql`${link.key} IS NULL`, asc(entity.name));
  const read = await runNamedBatch(ctx.db, {
    assignees: countsBy(
      { table: issueAssignees, issue: issueAssignees.issue_id, key: issueAssignees.assignee_id },
      { table: users, id: users.id, name: users.display_name },
      { display_name: users.display_name, avatar: users.avatar },
    ),
    labels: countsBy(
      { table: issueLabels, issue: issueLabels.issue_id, key: issueLabels.label_id },
      { table: labels, id: labels.id, name: labels.name },
      { name: labels.name, color: labels.color },
    ),
  });
  return {
    assignees: read.assignees.map((row) => ({
      id: row.id,
      display_name: row.display_name ?? "",
      avatar: row.avatar ?? "",
      ...countsOf(row),
    })),
    labels: read.labels.map((row) => ({
      id: row.id,
      name: row.name ?? "",
      color: row.color ?? "",
      ...countsOf(row),
    })),
  };
}
