// A D1 database that counts round trips, for tests that hold a read model to a number of them:
// each batch is one, each statement run alone is one. Domain functions run on it as a signed-in
// user (`actorOn`) with live-board publishing switched off.
import { env } from "cloudflare:workers";
import type { ActorContext } from "../../workers/domain/context";
import type { PostCommit } from "../../workers/domain/post-commit";
import { openDb } from "../../workers/db";
import { getConfig } from "../../workers/env";

export type CountingDb = ReturnType<typeof countingDb>;

export function countingDb() {
  const session = env.DB.withSession("first-unconstrained");
  const counter = { roundTrips: 0 };
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.roundTrips += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    inner.set(proxy, statement);
    return proxy;
  };
  const counted = {
    prepare: (sql: string) => wrap(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      counter.roundTrips += 1;
      return session.batch(statements.map((s) => inner.get(s) ?? s));
    },
    getBookmark: () => session.getBookmark(),
  };
  const database = { withSession: () => counted } as unknown as D1Database;
  return { db: openDb(database, null).db, counter };
}

/** A domain context for the user `userId` on the counting database. */
export async function actorOn(db: CountingDb["db"], userId: string): Promise<ActorContext> {
  const actor = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(userId).first();
  const effects = { publish: () => {} } as unknown as PostCommit;
  return { db, env, config: getConfig(env), effects, actor } as unknown as ActorContext;
}
