// What a bridge row's upsert writes when an issue that is already in a cycle (or module) is added
// to one: it moves, and if it moved to another one it joined that one now (its burndown counts it
// from today); added again where it already is, it keeps the day it joined.
import { sql } from "drizzle-orm";
import { cycleIssues, moduleIssues } from "../../../drizzle/schema";

export const cycleBridgeMove = (cycleId: string, movedBy: string | null) => ({
  cycle_id: cycleId,
  created_by: movedBy,
  created_at: sql`CASE WHEN ${cycleIssues.cycle_id} = excluded.cycle_id THEN ${cycleIssues.created_at} ELSE excluded.created_at END`,
});

export const moduleBridgeMove = (moduleId: string, movedBy: string | null) => ({
  module_id: moduleId,
  created_by: movedBy,
  created_at: sql`CASE WHEN ${moduleIssues.module_id} = excluded.module_id THEN ${moduleIssues.created_at} ELSE excluded.created_at END`,
});
