// How far each person and each label of a cycle or module has got: completed versus total issues
// per assignee and per label, with one entry for the issues nobody is assigned to (and one for
// the unlabelled ones). Both are grouped queries driven from the group's issues through
// issues_cycle_idx / issues_module_idx, read together in one D1 batch.
import { asc, eq, sql } from "drizzle-orm";
import { issueAssignees, issueLabels, issues, labels, states, users } from "../../../drizzle/schema";
import { runNamedBatch } from "../../lib/batch";
import type { ActorContext } from "../context";
import type { IssueGroupBreakdown } from "../schemas/issue-group-responses";
import { type IssueGroupScope, groupColumn } from "./membership";

const completedCount = sql<number>`coalesce(sum(case when ${states.group} = 'completed' then 1 else 0 end), 0)`.as("completed_count");
const totalCount = sql<number>`count(*)`.as("total_count");

/**
 * Completed versus total issues per assignee and per label of one cycle or module. The caller has
 * checked the actor may read the project. An issue with two assignees counts for both; the entry
 * with a null id holds the issues with no assignee (no label). People and labels come in name
 * order, the null entry last.
 */
export async function issueGroupBreakdown(ctx: ActorContext, scope: IssueGroupScope, id: string): Promise<IssueGroupBreakdown> {
  const column = groupColumn(scope);
  const read = await runNamedBatch(ctx.db, {
    assignees: ctx.db
      .select({
        id: issueAssignees.assignee_id,
        display_name: users.display_name,
        avatar: users.avatar,
        completed: completedCount,
        total: totalCount,
      })
      .from(issues)
      .leftJoin(issueAssignees, eq(issueAssignees.issue_id, issues.id))
      .leftJoin(users, eq(users.id, issueAssignees.assignee_id))
      .leftJoin(states, eq(states.id, issues.state_id))
      .where(eq(column, id))
      .groupBy(issueAssignees.assignee_id)
      .orderBy(sql`${issueAssignees.assignee_id} IS NULL`, asc(users.display_name)),
    labels: ctx.db
      .select({
        id: issueLabels.label_id,
        name: labels.name,
        color: labels.color,
        completed: completedCount,
        total: totalCount,
      })
      .from(issues)
      .leftJoin(issueLabels, eq(issueLabels.issue_id, issues.id))
      .leftJoin(labels, eq(labels.id, issueLabels.label_id))
      .leftJoin(states, eq(states.id, issues.state_id))
      .where(eq(column, id))
      .groupBy(issueLabels.label_id)
      .orderBy(sql`${issueLabels.label_id} IS NULL`, asc(labels.name)),
  });
  return {
    assignees: read.assignees.map((row) => ({
      id: row.id,
      display_name: row.display_name ?? "",
      avatar: row.avatar ?? "",
      completed: Number(row.completed),
      total: Number(row.total),
    })),
    labels: read.labels.map((row) => ({
      id: row.id,
      name: row.name ?? "",
      color: row.color ?? "",
      completed: Number(row.completed),
      total: Number(row.total),
    })),
  };
}
