// Reads a request starts side by side go to D1 together. A page's loaders and a handler's
// Promise.all each start several selects at once; sent one by one, each is its own round trip to
// the database and its own request body, answer and JSON parse in the Worker. Selects started in
// the same turn of the event loop are sent as one batch instead (one round trip; D1 runs a batch
// in order, in one transaction, so the reads also see one snapshot), and each caller gets exactly
// what its own call would have answered.
//
// The batch is sent through the session's own send method, the one its statements use, asking
// for rows and columns: `batch()` answers rows as objects, which would lose a join's columns of
// the same name that drizzle reads by position. A runtime without that method is left unbatched,
// and so is anything that writes: only statements that start with SELECT wait for company.

type ResultsFormat = "ROWS_AND_COLUMNS";

interface Answer {
  success: boolean;
  error?: string;
  meta?: Record<string, unknown>;
  results?: { columns: string[]; rows: unknown[][] } | Record<string, unknown>[];
}

type Send = (endpoint: string, query: string[], params: unknown[][], format: ResultsFormat) => Promise<Answer | Answer[]>;

interface Pending {
  sql: string;
  params: unknown[];
  /** The same call made alone: how a caller is answered when its read cannot ride in a batch. */
  alone: () => Promise<unknown>;
  answer: (result: Answer) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const SELECT = /^\s*select\b/i;

/** The rows of an answer as arrays, in column order (what `raw()` answers). */
function rowsOf(answer: Answer): unknown[][] {
  const results = answer.results;
  if (!results) return [];
  if (Array.isArray(results)) return results.map((row) => Object.values(row));
  return results.rows;
}

function columnsOf(answer: Answer): string[] {
  const results = answer.results;
  if (!results) return [];
  return Array.isArray(results) ? Object.keys(results[0] ?? {}) : results.columns;
}

/** `raw()` of one answer, with the column names first when asked. */
function rawOf(answer: Answer, options?: { columnNames?: boolean }): unknown[][] {
  const rows = rowsOf(answer);
  return options?.columnNames ? [columnsOf(answer), ...rows] : rows;
}

/** `all()` of one answer: the rows as objects, with the answer's meta. */
function allOf(answer: Answer): D1Result<Record<string, unknown>> {
  const columns = columnsOf(answer);
  const results = rowsOf(answer).map((row) => Object.fromEntries(row.map((cell, i) => [columns[i], cell])));
  return { success: true, meta: (answer.meta ?? {}) as D1Result["meta"], results };
}

/**
 * `session` with its selects batched per turn of the event loop (see the file's opening comment).
 * Everything else (writes, `first()`, `batch()`, bookmarks) goes to `session` as it was.
 */
export function batchingReads(session: D1DatabaseSession): D1DatabaseSession {
  const send = (session as unknown as { _sendOrThrow?: Send })._sendOrThrow;
  if (typeof send !== "function") return session;
  let queue: Pending[] = [];

  const settle = (item: Pending, run: () => unknown) => {
    try {
      item.resolve(run());
    } catch (error) {
      item.reject(error);
    }
  };
  const alone = (item: Pending) => item.alone().then(item.resolve, item.reject);

  const flush = async () => {
    const items = queue;
    queue = [];
    if (items.length === 1) return alone(items[0]);
    let answers: Answer[] | null = null;
    try {
      const answered = await (session as unknown as { _sendOrThrow: Send })._sendOrThrow(
        "/query",
        items.map((item) => item.sql),
        items.map((item) => item.params),
        "ROWS_AND_COLUMNS",
      );
      answers = Array.isArray(answered) ? answered : [answered];
    } catch {
      answers = null;
    }
    if (!answers || answers.length !== items.length || answers.some((answer) => !answer.success)) {
      // One read failed, and in a transaction the others with it: each runs alone, so every
      // caller gets its own answer or its own error. Reads can run twice.
      for (const item of items) alone(item);
      return;
    }
    for (const [i, item] of items.entries()) settle(item, () => item.answer(answers[i]));
  };

  const enqueue = (item: Omit<Pending, "resolve" | "reject">) =>
    new Promise<unknown>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 0);
      queue.push({ ...item, resolve, reject });
    });

  /** Each wrapped statement's own, for `batch()`, which takes the session's statements. */
  const unwrapped = new WeakMap<D1PreparedStatement, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    if (!SELECT.test(sql)) return statement;
    // The values as the statement's own bind() converted them (buffers become byte arrays).
    const params = (statement as unknown as { params?: unknown[] }).params ?? [];
    const wrapped = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values), sql),
      raw: ((options?: { columnNames?: boolean }) =>
        enqueue({ sql, params, alone: () => statement.raw(options as { columnNames: true }), answer: (answer) => rawOf(answer, options) })) as D1PreparedStatement["raw"],
      all: (() => enqueue({ sql, params, alone: () => statement.all(), answer: allOf })) as D1PreparedStatement["all"],
      first: ((column?: string) => (column === undefined ? statement.first() : statement.first(column))) as D1PreparedStatement["first"],
      run: (() => statement.run()) as D1PreparedStatement["run"],
    } as D1PreparedStatement;
    unwrapped.set(wrapped, statement);
    return wrapped;
  };

  // A plain object, not one whose prototype is the session: making each request's session a
  // prototype sent V8 through its prototype set-up every request (0.36 ms of a settings page's
  // profile). The session's three methods are all that drizzle and the domain call.
  const batching: Pick<D1DatabaseSession, "prepare" | "batch" | "getBookmark"> = {
    prepare: (sql: string) => wrap(session.prepare(sql), sql),
    batch: (statements) => session.batch(statements.map((statement) => unwrapped.get(statement) ?? statement)),
    getBookmark: () => session.getBookmark(),
  };
  return batching as D1DatabaseSession;
}
