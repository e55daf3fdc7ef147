// An insert that runs only while a condition holds, checked by the statement itself. D1 runs one
// statement atomically, so a rule that reads other rows (no overlapping dates, a free name) is
// decided inside the write: two writes at once cannot both see the way clear.
import { type Column, SQL, getTableColumns, is, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../db";

/** The value drizzle's own insert gives a column left out: its default, its default function, or null. */
function defaultOf(column: Column): unknown {
  if (column.default !== undefined) return column.default;
  if (column.defaultFn) return column.defaultFn();
  if (column.onUpdateFn) return column.onUpdateFn();
  return null;
}

/**
 * `INSERT INTO table (every column) SELECT <values> WHERE <guard>`: one row, written only when
 * `guard` holds as the statement runs. Chain `.returning()`: no row back means the guard refused.
 */
export function insertWhere<T extends SQLiteTable>(db: Db, table: T, values: T["$inferInsert"], guard: SQL) {
  const given = values as Record<string, unknown>;
  const columns = Object.entries(getTableColumns(table) as Record<string, Column>).filter(
    ([, column]) => column.generated === undefined || column.generated.type === "byDefault",
  );
  const row = columns.map(([key, column]) => {
    const value = given[key] !== undefined ? given[key] : defaultOf(column);
    return is(value, SQL) ? value : sql.param(value, column);
  });
  return db.insert(table).select(sql`SELECT ${sql.join(row, sql`, `)} WHERE ${guard}`);
}
