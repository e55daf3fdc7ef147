// One keyset page of any REST list: the request's `per_page` (the plain-list cap when absent) and
// `cursor`, the list's order as key columns ending in the row id, and a read that applies the
// "after the cursor" condition and a LIMIT of one row more than the page (that row only says
// whether more follow). No list reads all its rows to slice them.
import { type AnyColumn, type SQL, and, asc, desc, or, sql } from "drizzle-orm";
import { z } from "zod";
import { Invalid } from "./errors";
import { parseInput } from "../lib/validation";
import { LIST_PAGES } from "./schemas/list-pages";

/** How big a page is and where it starts. */
export interface PageRequest {
  size: number;
  cursor?: string;
}

/** The rows of one page and the cursor after its last row (null on the last page). */
export interface ListPage<Row> {
  rows: Row[];
  next_cursor: string | null;
}

/** One column of a list's order: its SQL, direction, and how to read its value off a row. */
export interface OrderKey<Row> {
  by: AnyColumn | SQL;
  dir: "asc" | "desc";
  of: (row: Row) => string | number;
}

/** The page size and cursor a caller may send, with the same messages as the issue list's. */
export const PageParams = z.object({
  per_page: z.coerce
    .number({ error: "per_page must be a number" })
    .int("per_page must be a whole number")
    .min(1, "per_page must be at least 1")
    .max(LIST_PAGES.maxPerPage, `per_page must be at most ${LIST_PAGES.maxPerPage}`)
    .optional(),
  cursor: z.string().max(500).optional(),
});

/** The page a request asks for: `per_page` rows (the plain-list cap when absent) after `cursor`. */
export function pageRequestOf(query: Record<string, string | undefined>): PageRequest {
  const { per_page, cursor } = parseInput(PageParams, { per_page: query.per_page || undefined, cursor: query.cursor || undefined });
  return { size: per_page ?? LIST_PAGES.plainListCap, cursor };
}

type CursorValue = (string | number)[];

const encode = (values: CursorValue) => btoa(JSON.stringify(values)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");

function decode(cursor: string, length: number): CursorValue {
  try {
    const values = JSON.parse(atob(cursor.replaceAll("-", "+").replaceAll("_", "/")));
    // Only the shape the order wrote: as many strings or finite numbers as it has keys.
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => typeof v === "string" || (typeof v === "number" && Number.isFinite(v)))
    ) {
      return values;
    }
  } catch {
    // fall through
  }
  throw new Invalid("Invalid cursor.");
}

/** The ORDER BY of a keyset order. */
export const orderOf = <Row>(keys: readonly OrderKey<Row>[]) => keys.map((key) => (key.dir === "asc" ? asc(key.by) : desc(key.by)));

/** Rows strictly after the cursor in the order: first key past it, or equal and the next past it… */
function after<Row>(keys: readonly OrderKey<Row>[], values: CursorValue): SQL | undefined {
  const branches = keys.map((key, i) =>
    and(
      ...keys.slice(0, i).map((earlier, j) => sql`(${earlier.by}) = ${values[j]}`),
      key.dir === "asc" ? sql`(${key.by}) > ${values[i]}` : sql`(${key.by}) < ${values[i]}`,
    ),
  );
  return or(...branches);
}

/**
 * Reads one page: `read` gets the condition for "after the cursor" (undefined on the first page),
 * the ORDER BY and the LIMIT to apply. The order's last key must be unique (the row id).
 */
export async function readPage<Row>(
  page: PageRequest,
  keys: readonly OrderKey<Row>[],
  read: (afterCursor: SQL | undefined, orderBy: SQL[], limit: number) => Promise<Row[]>,
): Promise<ListPage<Row>> {
  const afterCursor = page.cursor ? after(keys, decode(page.cursor, keys.length)) : undefined;
  const rows = await read(afterCursor, orderOf(keys), page.size + 1);
  const shown = rows.slice(0, page.size);
  const last = shown[shown.length - 1];
  return { rows: shown, next_cursor: rows.length > page.size && last ? encode(keys.map((key) => key.of(last))) : null };
}

/** A page's rows reshaped, keeping its cursor. */
export const mapPage = <Row, Out>(page: ListPage<Row>, shape: (rows: Row[]) => Out[]): ListPage<Out> => ({
  rows: shape(page.rows),
  next_cursor: page.next_cursor,
});
