// D1 runs a batch as one transaction: either every statement commits or none does. drizzle types
// batch() for a non-empty tuple; this accepts the arrays domain code builds.
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db";

export async function runBatch(db: Db, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
