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

/**
 * Awaits independent reads side by side, and fails as running them one after another would have:
 * with the first rejection in argument order, not whichever came first (a missing issue answers
 * 404 before its body's references are judged), and with no rejection left unhandled.
 */
export async function allInOrder<T extends readonly unknown[]>(promises: { [K in keyof T]: Promise<T[K]> }): Promise<T> {
  const settled = await Promise.allSettled(promises);
  for (const result of settled) if (result.status === "rejected") throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
