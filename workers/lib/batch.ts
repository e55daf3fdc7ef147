// D1 runs a batch as one transaction: either every statement commits or none does. drizzle types
// batch() for a non-empty tuple; these accept the arrays and records domain code builds.
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteSelectBase } from "drizzle-orm/sqlite-core";
import type { Db } from "../db";

export type Statement = BatchItem<"sqlite">;

export async function runBatch(db: Db, statements: Statement[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [Statement, ...Statement[]]);
}

/**
 * The statements of one batch, each under a name: a statement, a list of them, a record of named
 * ones, or undefined for one left out. They run in the order written (names are never numbers, so
 * a record keeps the order its keys were written in).
 */
export type NamedStatements = Statement | undefined | readonly NamedStatements[] | StatementRecord;
export interface StatementRecord {
  readonly [name: string]: NamedStatements;
}

/** The results of `NamedStatements`, in the same shape: each statement's rows under its name. */
export type NamedResults<S> = S extends Statement
  ? S["_"]["result"]
  : S extends undefined
    ? undefined
    : { -readonly [K in keyof S]: NamedResults<S[K]> };

const isRecord = (part: object): part is StatementRecord =>
  Object.getPrototypeOf(part) === Object.prototype;

export function flatten(part: NamedStatements, into: Statement[]) {
  if (part === undefined) return;
  if (Array.isArray(part)) for (const item of part) flatten(item, into);
  else if (isRecord(part)) for (const name in part) flatten(part[name], into);
  else into.push(part as Statement);
}

export function rebuild(part: NamedStatements, next: () => unknown): unknown {
  if (part === undefined) return undefined;
  if (Array.isArray(part)) return part.map((item) => rebuild(item, next));
  if (isRecord(part)) {
    const out: Record<string, unknown> = {};
    for (const name in part) out[name] = rebuild(part[name], next);
    return out;
  }
  return next();
}

const isSelect = (statement: Statement) => statement instanceof SQLiteSelectBase;

/**
 * Runs named statements as one batch (one transaction, one round trip) and answers each one's
 * result under its name, so no caller counts positions:
 * `const { created, version } = await runNamedBatch(db, { sequence, created, activity, version })`.
 * Reads alone are started side by side instead: the request's read batching sends them in one
 * call all the same, together with any other reads started beside them (workers/lib/d1-read-batching.ts).
 */
export async function runNamedBatch<const S extends object>(
  db: Db,
  statements: S & StatementRecord,
): Promise<NamedResults<S>> {
  const flat: Statement[] = [];
  flatten(statements, flat);
  const results = flat.every(isSelect) ? await Promise.all(flat) : await runBatch(db, flat);
  let index = 0;
  return rebuild(statements, () => results[index++]) as NamedResults<S>;
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
 * `column IN (ids)` with the whole list bound as one JSON parameter: D1 binds at most 100
 * parameters per statement, and a filter may name up to 500 ids.
 */
export const inList = (column: AnyColumn, values: readonly string[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;

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

/** A random UUID (version 4 layout) made by SQLite, for rows inserted from a JSON list. */
export const sqlUuid = sql.raw(
  "lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-a' || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))",
);

/**
 * A raw SQL statement that can run inside `db.batch`. drizzle's `db.run(sql)` cannot when the SQL
 * has parameters (its batch binds a prepared statement a raw query never makes), so this gives it
 * one. Used for set-based writes drizzle's builders cannot say (INSERT ... SELECT FROM json_each).
 */
export function rawStatement(db: Db, query: SQL): Statement {
  const raw = db.run(query) as unknown as { getQuery(): { sql: string }; stmt?: D1PreparedStatement };
  raw.stmt = db.$client.prepare(raw.getQuery().sql);
  return raw as unknown as Statement;
}
