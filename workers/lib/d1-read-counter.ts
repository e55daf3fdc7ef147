// Counts D1 rows read per request, for the benchmark (`npm run bench`) and tests that assert a
// query is answered from an index. Only active outside production when the request asks for it
// with the `x-debug-d1-rows` header. drizzle reads selects through raw(), which carries no meta,
// so a counted raw() first runs the same bound statement through all() to read meta.rows_read:
// the figure is exact, at the price of running each select twice on instrumented requests.

export interface StatementStats {
  /** The first table named after FROM / INTO / UPDATE, to find a statement in the list. */
  table: string;
  sql: string;
  rows_read: number;
  rows_returned: number;
}

export const DEBUG_ROWS_HEADER = "x-debug-d1-rows";
export const ROWS_READ_HEADER = "x-d1-rows-read";
export const STATEMENTS_HEADER = "x-d1-statements";

type Bound = D1PreparedStatement & { __counted?: { inner: D1PreparedStatement; sql: string } };

export function countingSession(session: D1DatabaseSession, stats: StatementStats[]): D1DatabaseSession {
  const record = (sql: string, meta: { rows_read?: number } | undefined, returned: number) => {
    const table = sql.match(/\b(?:from|into|update)\s+"?(\w+)"?/i)?.[1] ?? "";
    stats.push({ table, sql: sql.slice(0, 120), rows_read: meta?.rows_read ?? 0, rows_returned: returned });
  };
  const wrapBound = (inner: D1PreparedStatement, sql: string): Bound => {
    const wrapper: Partial<Bound> = {
      __counted: { inner, sql },
      bind: (...values: unknown[]) => wrapBound(inner.bind(...values), sql),
      async all<T>() {
        const result = await inner.all<T>();
        record(sql, result.meta, result.results.length);
        return result;
      },
      async run<T>() {
        const result = await inner.run<T>();
        record(sql, result.meta, result.results?.length ?? 0);
        return result;
      },
      async first<T>(column?: string) {
        const result = await inner.all<Record<string, unknown>>();
        record(sql, result.meta, Math.min(1, result.results.length));
        return (column === undefined ? inner.first<T>() : inner.first<T>(column)) as Promise<T | null>;
      },
      async raw(options?: { columnNames?: boolean }) {
        const result = await inner.all();
        record(sql, result.meta, result.results.length);
        return inner.raw(options as { columnNames: true });
      },
    } as Partial<Bound>;
    return wrapper as Bound;
  };
  return {
    prepare: (sql: string) => wrapBound(session.prepare(sql), sql),
    async batch<T>(statements: D1PreparedStatement[]) {
      const inner = statements.map((s) => (s as Bound).__counted?.inner ?? s);
      const results = await session.batch<T>(inner);
      results.forEach((result, i) => {
        record((statements[i] as Bound).__counted?.sql ?? "batch", result.meta, result.results?.length ?? 0);
      });
      return results;
    },
    getBookmark: () => session.getBookmark(),
  } as D1DatabaseSession;
}
