// What the clock tells people, on the hourly pass: an open issue assigned to them is due tomorrow;
// a cycle holding their open work started today, or ended yesterday with it still open. Dates are
// calendar days in UTC. Each is told once per person and issue (a later pass finds it and writes
// nothing, so a missed or repeated pass does no harm), only to members of the project,
// never about a completed or cancelled issue. These notifications have no actor.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db";
import { CLOSED_STATE_GROUPS } from "./schemas/constants";
import { rawStatement, runBatch, sqlUuid } from "../lib/batch";

/** A person the pass told something, in a workspace: their open tabs are told their inbox changed. */
export interface Told {
  workspace_id: string;
  recipient_id: string;
}

/** The calendar day `offset` days from `now`, in UTC (YYYY-MM-DD). */
const dayOf = (now: Date, offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);

/**
 * One statement: a notification of `change` (a JSON object built per row) to each assignee of each
 * open issue `from` names (aliases i, a), unless they were told this already (`same`, a condition on
 * the earlier change c).
 */
function tellAssignees(db: Db, from: SQL, change: SQL, same: SQL, at: string) {
  return rawStatement(
    db,
    sql`INSERT INTO notifications (id, workspace_id, project_id, issue_id, recipient_id, actor_id, changes, mentioned, created_at, updated_at)
      SELECT ${sqlUuid}, i.workspace_id, i.project_id, i.id, a.assignee_id, NULL, json_array(${change}), 0, ${at}, ${at}
      ${from}
      JOIN issue_assignees a ON a.issue_id = i.id
      JOIN project_members pm ON pm.project_id = i.project_id AND pm.member_id = a.assignee_id
      LEFT JOIN states s ON s.id = i.state_id
      WHERE (s."group" IS NULL OR s."group" NOT IN (SELECT value FROM json_each(${JSON.stringify(CLOSED_STATE_GROUPS)})))
        AND NOT EXISTS (SELECT 1 FROM notifications n, json_each(n.changes) c
          WHERE n.recipient_id = a.assignee_id AND n.issue_id = i.id AND n.actor_id IS NULL AND ${same})
      RETURNING workspace_id, recipient_id`,
  );
}

/** Writes what the clock tells as of `now`; answers who was told, once each per workspace. */
export async function notifyTimedEvents(db: Db, now = new Date()): Promise<Told[]> {
  const at = now.toISOString();
  const cycleChange = (kind: string) => sql`json_object('kind', ${kind}, 'new_value', cy.name, 'cycle_id', cy.id)`;
  const sameCycle = (kind: string) => sql`c.value ->> 'kind' = ${kind} AND c.value ->> 'cycle_id' = cy.id`;
  const results = await runBatch(db, [
    // Through each project's (project, target date) index, not a scan of every issue.
    tellAssignees(
      db,
      sql`FROM projects p JOIN issues i ON i.project_id = p.id AND i.target_date = ${dayOf(now, 1)}`,
      sql`json_object('kind', 'due_soon', 'new_value', i.target_date)`,
      sql`c.value ->> 'kind' = 'due_soon' AND c.value ->> 'new_value' = i.target_date`,
      at,
    ),
    tellAssignees(db, sql`FROM cycles cy JOIN issues i ON i.cycle_id = cy.id AND cy.start_date = ${dayOf(now, 0)}`, cycleChange("cycle_started"), sameCycle("cycle_started"), at),
    tellAssignees(db, sql`FROM cycles cy JOIN issues i ON i.cycle_id = cy.id AND cy.end_date = ${dayOf(now, -1)}`, cycleChange("cycle_ended"), sameCycle("cycle_ended"), at),
  ]);
  const told = new Map<string, Told>();
  for (const result of results) {
    for (const row of (result as { results?: Told[] }).results ?? []) told.set(`${row.workspace_id}:${row.recipient_id}`, row);
  }
  return [...told.values()];
}
