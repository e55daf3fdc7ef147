// Reads whose SQL is built once per isolate. drizzle builds a statement's SQL text from its query
// builder each time it runs, and for the wide joins every request makes (who is calling, their
// access, the shell's lists) that building costs more than sending the statement. A prepared read
// is built on first use with placeholders for its values, against a drizzle instance that lives as
// long as the isolate; each run binds the values on the calling request's own D1 client (its
// session, read batching and counting), so it behaves exactly as the same query built afresh.
//
// drizzle's prepared query binds its statement synchronously inside `all()` (before its first
// await), so the request's client only needs to be current during that call; a bind with no
// current client means drizzle changed, and fails loudly rather than reading on another session.
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "../db";
import { type NamedResults, type Statement, type StatementRecord, flatten, rebuild } from "./batch";

type Client = Db["$client"];

let current: Client | null = null;

function currentClient(): Client {
  if (!current) throw new Error("a prepared read was bound outside its run (did drizzle stop binding synchronously?)");
  return current;
}

/** A D1 binding whose statements bind on the client of the read being run. */
const routingClient = {
  prepare: (sql: string) => ({
    bind: (...values: unknown[]) => currentClient().prepare(sql).bind(...values),
  }),
  batch: () => Promise.reject(new Error("prepared reads run one at a time")),
};

const isolateDb = drizzle(routingClient as unknown as D1Database) as unknown as Db;

// biome-ignore lint/suspicious/noExplicitAny: drizzle's prepared query type carries its result type in its config.
type AnyPrepared = SQLitePreparedQuery<any>;
type ResultOf<P> = P extends { all(values?: Record<string, unknown>): Promise<infer R> } ? R : never;

/**
 * Starts `start` with `db`'s client current, so every statement it binds (synchronously, inside
 * drizzle's `all()`) binds on that request's client; answers what `start` answers.
 */
function boundTo<T>(db: Db, start: () => T): T {
  current = db.$client;
  try {
    return start();
  } finally {
    current = null;
  }
}

/**
 * A read built once (`build` receives the isolate's drizzle instance and answers `.prepare()` of a
 * query whose values are `sql.placeholder(name)`); the function it returns runs it on `db` with
 * `values`, answering what `.all()` of the same query would.
 */
export function preparedRead<P extends AnyPrepared>(build: (db: Db) => P): (db: Db, values: Record<string, unknown>) => Promise<ResultOf<P>> {
  let prepared: P | null = null;
  return (db, values) => {
    prepared ??= build(isolateDb);
    const read = prepared;
    return boundTo(db, () => read.all(values) as Promise<ResultOf<P>>);
  };
}

/**
 * Named reads built once (`build` answers the same shape `runNamedBatch` takes, its values
 * `sql.placeholder(name)`); the function it returns starts them all on `db` with `values`, so they
 * reach D1 together (workers/lib/d1-read-batching.ts), and answers each one's rows under its name.
 */
export function preparedBatch<const S extends object>(build: (db: Db) => S & StatementRecord): (db: Db, values: Record<string, unknown>) => Promise<NamedResults<S>> {
  let shape: (S & StatementRecord) | null = null;
  let prepared: AnyPrepared[] = [];
  return async (db, values) => {
    if (!shape) {
      shape = build(isolateDb);
      const statements: Statement[] = [];
      flatten(shape, statements);
      prepared = statements.map((statement) => (statement as unknown as { prepare(): AnyPrepared }).prepare());
    }
    const results = await Promise.all(boundTo(db, () => prepared.map((read) => read.all(values))));
    let index = 0;
    return rebuild(shape, () => results[index++]) as NamedResults<S>;
  };
}
