// The pass that brings every stored credential under the newest key: values written before
// sealing existed (plain text) and values sealed with an older key of the keyring are opened and
// sealed again. Writes seal on their own; this pass covers the rows nobody writes, so a plain
// value does not wait forever and a retired key can leave the keyring once a pass finds nothing.
// It also removes the tokens ended imports kept before they were removed at the end. The watchdog
// runs it once an hour; each run takes a bounded number of rows per column.
import type { AppEnv } from "../env";
import { getConfig } from "../env";
import { IMPORT_SECRET_KEYS } from "../domain/importer-row";
import { SecretUnreadable } from "./secret-box";

/** Where a credential is kept: a column, or a key inside a JSON column. */
interface SecretColumn {
  table: string;
  column: string;
  /** The key inside the JSON column; absent when the column is the value itself. */
  key?: string;
  /** Rows of the table that may hold one (ended imports keep none). */
  where?: string;
}

/** Every credential column the app reads back (workers/lib/secret-box.ts names them). */
export const SECRET_COLUMNS: readonly SecretColumn[] = [
  { table: "workspace_integrations", column: "config", key: "access_token" },
  { table: "importers", column: "metadata", key: "access_token", where: "status = 'processing'" },
  { table: "importers", column: "metadata", key: "api_token", where: "status = 'processing'" },
  { table: "slack_project_syncs", column: "access_token" },
  { table: "slack_project_syncs", column: "webhook_url" },
  { table: "webhooks", column: "secret" },
];

/** Rows per column one run reseals. */
export const RESEAL_BATCH = 50;

export interface ResealReport {
  resealed: number;
  /** Ended imports that still held a token (written before ended imports forgot theirs). */
  forgotten: number;
  /** Values no key of the keyring opens (changed, or their key retired): left as they are. */
  unreadable: number;
}

/** Opens and seals again, under the newest key, up to `limit` stale values of each credential column. */
export async function resealSecrets(env: AppEnv, limit = RESEAL_BATCH): Promise<ResealReport> {
  const { secrets } = getConfig(env);
  const prefix = `v1:${secrets.currentKeyId}:`;
  const report: ResealReport = { resealed: 0, forgotten: 0, unreadable: 0 };
  // An ended import keeps no token: rows that ended before that rule lose theirs here.
  const ended = await env.DB.prepare(
    `UPDATE importers SET metadata = json_remove(metadata, ${IMPORT_SECRET_KEYS.map((key) => `'$.${key}'`).join(", ")})
     WHERE status IN ('completed', 'failed') AND (${IMPORT_SECRET_KEYS.map((key) => `json_extract(metadata, '$.${key}') IS NOT NULL`).join(" OR ")})`,
  ).run();
  report.forgotten = ended.meta.changes ?? 0;
  for (const spec of SECRET_COLUMNS) {
    const value = spec.key ? `json_extract(${spec.column}, '$.${spec.key}')` : spec.column;
    const { results } = await env.DB.prepare(
      `SELECT id, ${value} AS value FROM ${spec.table}
       WHERE ${spec.where ? `${spec.where} AND ` : ""}typeof(${value}) = 'text' AND ${value} <> '' AND substr(${value}, 1, ?) <> ? LIMIT ?`,
    )
      .bind(prefix.length, prefix, limit)
      .all<{ id: string; value: string }>();
    const updates: D1PreparedStatement[] = [];
    for (const row of results) {
      let sealed: string;
      try {
        sealed = await secrets.seal(await secrets.open(row.value));
      } catch (error) {
        if (!(error instanceof SecretUnreadable)) throw error;
        report.unreadable += 1;
        continue;
      }
      // Only if nobody wrote the value meanwhile: a newer write is already sealed.
      const set = spec.key ? `json_set(${spec.column}, '$.${spec.key}', ?1)` : "?1";
      updates.push(env.DB.prepare(`UPDATE ${spec.table} SET ${spec.column} = ${set} WHERE id = ?2 AND ${value} = ?3`).bind(sealed, row.id, row.value));
    }
    if (updates.length > 0) {
      const answers = await env.DB.batch(updates);
      report.resealed += answers.reduce((sum, answer) => sum + (answer.meta.changes ?? 0), 0);
    }
  }
  if (report.unreadable > 0) console.warn("stored credentials no key of the keyring opens", report.unreadable);
  return report;
}
