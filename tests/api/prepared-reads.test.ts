// Reads built once per isolate (workers/lib/prepared-reads.ts) run on the calling request's own
// D1 client: each request gets its own answer, reads started together still share one round trip,
// and the statement is built only on its first run.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../workers/db";
import { preparedRead } from "../../workers/lib/prepared-reads";
import type { D1Rows } from "../../workers/lib/request-log";

const birds = sqliteTable("prepared_birds", { id: integer("id").primaryKey(), name: text("name").notNull(), flock: text("flock").notNull() });

const NAMES = ["Wren", "Kite", "Rook", "Tern", "Shrike", "Petrel"];

beforeAll(async () => {
  await env.DB.prepare("CREATE TABLE IF NOT EXISTS prepared_birds (id INTEGER PRIMARY KEY, name TEXT NOT NULL, flock TEXT NOT NULL)").run();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM prepared_birds"),
    ...NAMES.map((name, i) => env.DB.prepare("INSERT INTO prepared_birds (id, name, flock) VALUES (?, ?, ?)").bind(i + 1, name, i % 2 ? "odd" : "even")),
  ]);
});

function requestDb() {
  const rows: D1Rows = { read: 0, written: 0, queries: 0, roundTrips: 0, counted: false };
  return { ...openDb(env.DB, null, undefined, rows), rows };
}

describe("a prepared read", () => {
  it("is built once and answers each run with its own values, as the query built afresh would", async () => {
    let builds = 0;
    const byName = preparedRead((db) => {
      builds++;
      return db.select({ id: birds.id, flock: birds.flock }).from(birds).where(eq(birds.name, sql.placeholder("name"))).prepare();
    });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES, "Nobody"), async (name) => {
        const { db } = requestDb();
        const fresh = await db.select({ id: birds.id, flock: birds.flock }).from(birds).where(eq(birds.name, name));
        expect(await byName(db, { name })).toEqual(fresh);
      }),
      { numRuns: 20 },
    );
    expect(builds).toBe(1);
  });

  it("runs on the calling request's client: requests side by side each get their own rows and round trips", async () => {
    const inFlock = preparedRead((db) => db.select({ name: birds.name }).from(birds).where(eq(birds.flock, sql.placeholder("flock"))).orderBy(birds.id).prepare());
    const first = requestDb();
    const second = requestDb();
    const [odd, even, plain] = await Promise.all([
      inFlock(first.db, { flock: "odd" }),
      inFlock(second.db, { flock: "even" }),
      // A read the first request starts beside its prepared one shares its round trip.
      first.db.select({ n: sql<number>`count(*)` }).from(birds),
    ]);
    expect(odd.map((bird) => bird.name)).toEqual(["Kite", "Tern", "Petrel"]);
    expect(even.map((bird) => bird.name)).toEqual(["Wren", "Rook", "Shrike"]);
    expect(plain).toEqual([{ n: NAMES.length }]);
    expect(first.rows.roundTrips).toBe(1);
    expect(first.rows.queries).toBe(2);
    expect(second.rows.roundTrips).toBe(1);
  });
});
