// The workerd project's files share a runtime per vitest worker (vitest.config.ts), one file after
// another. Before each file: end every Durable Object instance the files before left running (a
// runtime holding hundreds answered each request several times slower; their storage stays, under
// ids no later file makes); apply the real migrations to D1 (only the runtime's first file finds
// any to apply); then put every table back to what the migrations left (empty, or the rows they
// insert, such as the integrations list), so each file starts from the database a runtime of its
// own gave it, and never sees the rows of the file before.
import { abortAllDurableObjects, applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
  /** The rows the migrations inserted, by table: read by the runtime's first file, kept by the isolate. */
  var migratedRows: Map<string, Record<string, unknown>[]> | undefined;
}

/** The tables SQLite keeps for an FTS5 index: emptied through the index itself. */
const FTS5_SHADOWS = ["data", "idx", "content", "docsize", "config"];

/** The app's tables: plain ones, and full-text indexes (without the tables SQLite keeps for them). */
async function tablesOf(db: D1Database) {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'")
    .all<{ name: string; sql: string }>();
  const indexes = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  const shadows = new Set(indexes.flatMap((name) => FTS5_SHADOWS.map((suffix) => `${name}_${suffix}`)));
  const plain = results.map((table) => table.name).filter((name) => !indexes.includes(name) && !shadows.has(name));
  return { plain, indexes };
}

/** Every row of the tables that hold any, right after the migrations ran on an empty database. */
async function readMigratedRows(db: D1Database, tables: string[]) {
  const all = await db.batch(tables.map((name) => db.prepare(`SELECT * FROM "${name}"`)));
  return new Map(tables.map((name, i) => [name, all[i].results as Record<string, unknown>[]]).filter(([, rows]) => rows.length > 0) as [string, Record<string, unknown>[]][]);
}

/**
 * Empties every table in one batch (plain tables by DELETE, whose triggers only write to tables
 * emptied in the same batch; full-text indexes by their 'delete-all' command), puts the migrated
 * rows back, and counts what else is left, which must be nothing.
 */
async function resetTo(db: D1Database, tables: { plain: string[]; indexes: string[] }, migrated: Map<string, Record<string, unknown>[]>) {
  const restore = [...migrated].flatMap(([name, rows]) =>
    rows.map((row) => {
      const columns = Object.keys(row);
      return db.prepare(`INSERT INTO "${name}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row));
    }),
  );
  const expected = [...migrated.values()].reduce((sum, rows) => sum + rows.length, 0);
  const results = await db.batch([
    // Foreign keys are checked when the batch commits, once every table holds what it should.
    db.prepare("PRAGMA defer_foreign_keys = ON"),
    ...tables.plain.map((name) => db.prepare(`DELETE FROM "${name}"`)),
    ...tables.indexes.map((name) => db.prepare(`INSERT INTO "${name}"("${name}") VALUES ('delete-all')`)),
    ...restore,
    db.prepare(`SELECT ${tables.plain.map((name) => `(SELECT count(*) FROM "${name}")`).join(" + ")} AS n`),
  ]);
  const rows = (results[results.length - 1].results[0] as { n: number }).n;
  if (rows !== expected) throw new Error(`the test database holds ${rows} rows after its reset, not the migrations' ${expected}`);
}

await abortAllDurableObjects();
const fresh = (await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'd1_migrations'").first<{ n: number }>())?.n === 0;
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const tables = await tablesOf(env.DB);
if (fresh) globalThis.migratedRows = await readMigratedRows(env.DB, tables.plain);
else if (globalThis.migratedRows === undefined) throw new Error("the runtime's D1 was migrated, but not by this isolate's setup");
else await resetTo(env.DB, tables, globalThis.migratedRows);
