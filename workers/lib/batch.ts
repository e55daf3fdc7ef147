// D1 runs a batch as one transaction: either every statement commits or none does. drizzle types
// batch() for a non-empty tuple; this accepts the arrays domain code builds.
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db";

export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/**
 * D1 binds at most 100 parameters per statement. `inArray` over a caller-sized list is split into
 * parts small enough to leave room for the statement's other conditions.
 */
export const MAX_IN_LIST = 90;

export function chunks<T>(items: readonly T[], size = MAX_IN_LIST): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < items.length; start += size) parts.push(items.slice(start, start + size));
  return parts;
}
