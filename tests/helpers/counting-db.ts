// A D1 database that counts round trips, for tests that hold a read model to a number of them:
// each batch is one, the reads started together are one, each statement run alone is one. Domain functions run on it as a signed-in
// user (`actorOn`) with live-board publishing switched off.
import { env } from "cloudflare:workers";
import type { ActorContext } from "../../workers/domain/context";
import type { PostCommit } from "../../workers/domain/post-commit";
import { openDb } from "../../workers/db";
import { getConfig } from "../../workers/env";
import type { D1Rows } from "../../workers/lib/request-log";

export type CountingDb = ReturnType<typeof countingDb>;

export function countingDb() {
  const rows: D1Rows = { read: 0, written: 0, queries: 0, roundTrips: 0, counted: false };
  // The request's own database, counted where the request log counts it: each call to D1 (a batch,
  // the reads a request starts together, or a statement alone) is one.
  const { db } = openDb(env.DB, null, undefined, rows);
  if (!rows.counted) throw new Error("this runtime's D1 session cannot be counted");
  return {
    db,
    counter: {
      get roundTrips() {
        return rows.roundTrips;
      },
      get rowsRead() {
        return rows.read;
      },
    },
  };
}

/** A domain context for the user `userId` on the counting database. */
export async function actorOn(db: CountingDb["db"], userId: string): Promise<ActorContext> {
  const actor = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(userId).first();
  const effects = { publish: () => {} } as unknown as PostCommit;
  return { db, env, config: getConfig(env), effects, actor } as unknown as ActorContext;
}
