// Selects a request starts side by side reach D1 as one batch, and each caller gets what its
// own call would have answered: the same rows (a join's columns of the same name kept apart),
// its own error when its statement fails, and writes are never held back.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { batchingReads } from "../../workers/lib/d1-read-batching";

const TABLES = [
  "CREATE TABLE IF NOT EXISTS batch_teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS batch_people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team_id INTEGER, photo BLOB)",
];

beforeAll(async () => {
  for (const sql of TABLES) await env.DB.prepare(sql).run();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM batch_people"),
    env.DB.prepare("DELETE FROM batch_teams"),
    env.DB.prepare("INSERT INTO batch_teams (id, name) VALUES (1, 'Core'), (2, 'Web')"),
    env.DB.prepare("INSERT INTO batch_people (id, name, team_id) VALUES (1, 'Ada', 1), (2, 'Grace', 2), (3, 'Linus', 1)"),
  ]);
});

/** A session that counts its calls to D1 (each round trip), batched reads on top of it. */
function countedSession() {
  const session = env.DB.withSession("first-unconstrained");
  const calls = { count: 0 };
  const send = (session as unknown as { _sendOrThrow: (...args: unknown[]) => Promise<unknown> })._sendOrThrow;
  (session as unknown as { _sendOrThrow: unknown })._sendOrThrow = function (this: unknown, ...args: unknown[]) {
    calls.count++;
    return send.apply(this, args);
  };
  return { batching: batchingReads(session), plain: env.DB.withSession("first-unconstrained"), calls };
}

const JOIN = "SELECT batch_people.name, batch_teams.name FROM batch_people JOIN batch_teams ON batch_teams.id = batch_people.team_id WHERE batch_teams.id = ? ORDER BY batch_people.id";

describe("reads started together", () => {
  it("go to D1 in one call and answer each caller as its own call would", async () => {
    const { batching, plain, calls } = countedSession();
    const [joined, named, all, count] = await Promise.all([
      batching.prepare(JOIN).bind(1).raw(),
      batching.prepare(JOIN).bind(2).raw({ columnNames: true }),
      batching.prepare("SELECT id, name FROM batch_teams ORDER BY id").all(),
      batching.prepare("SELECT count(*) AS n FROM batch_people").raw(),
    ]);
    expect(calls.count).toBe(1);
    // The join's two "name" columns stay apart, by position.
    expect(joined).toEqual([
      ["Ada", "Core"],
      ["Linus", "Core"],
    ]);
    expect(named).toEqual(await plain.prepare(JOIN).bind(2).raw({ columnNames: true }));
    expect(all.results).toEqual((await plain.prepare("SELECT id, name FROM batch_teams ORDER BY id").all()).results);
    expect(count).toEqual([[3]]);
  });

  it("gives a failing read its own error and the others their rows", async () => {
    const { batching } = countedSession();
    const [good, bad] = await Promise.allSettled([
      batching.prepare("SELECT name FROM batch_teams WHERE id = ?").bind(2).raw(),
      batching.prepare("SELECT nope FROM batch_teams").raw(),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: [["Web"]] });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/D1_ERROR.*no such column: nope/);
  });

  it("sends a write at once, not held for a batch, and reads after it see it", async () => {
    const { batching, calls } = countedSession();
    const written = batching.prepare("INSERT INTO batch_teams (id, name) VALUES (?, ?) RETURNING name").bind(3, "Ops").raw();
    expect(calls.count).toBe(1);
    expect(await written).toEqual([["Ops"]]);
    expect(await batching.prepare("SELECT name FROM batch_teams WHERE id = 3").raw()).toEqual([["Ops"]]);
    await batching.prepare("DELETE FROM batch_teams WHERE id = 3").run();
  });

  it("binds what a statement binds alone: numbers, text, null and bytes", async () => {
    const { batching, plain } = countedSession();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), fc.uint8Array({ maxLength: 8 })), { minLength: 1, maxLength: 4 }), async (values) => {
        const sql = `SELECT ${values.map(() => "?").join(", ")}`;
        const [together, other] = await Promise.all([batching.prepare(sql).bind(...values).raw(), batching.prepare("SELECT 1").raw()]);
        expect(other).toEqual([[1]]);
        expect(together).toEqual(await plain.prepare(sql).bind(...values).raw());
      }),
      { numRuns: 40 },
    );
  });

  it("hands drizzle's batches the session's own statements", async () => {
    const { batching } = countedSession();
    const [a, b] = await batching.batch([batching.prepare("SELECT name FROM batch_teams WHERE id = 1"), batching.prepare("SELECT name FROM batch_teams WHERE id = 2")]);
    expect([a.results, b.results]).toEqual([[{ name: "Core" }], [{ name: "Web" }]]);
  });
});
