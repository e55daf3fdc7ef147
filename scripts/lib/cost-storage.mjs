// Storage and write-rate inputs of `npm run cost` and docs/SCALE.md: the bytes a created issue, a
// comment and an update add to the D1 database (page_count x page_size, free pages off, before
// and after a batch of writes through the API), the rows each batch added, and how many creates
// per second the database takes from concurrent writers.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { commentBody } from "./cost-measure.mjs";
import { bin, capture, wranglerEnv } from "./run.mjs";

/** Writes per batch: enough that a page more or less does not move the figure. */
export const STORAGE_BATCH = 200;
/** Concurrent writers of the create batch (the rate is measured over the batch). */
const WRITERS = 8;
const COUNTED_TABLES = ["issues", "issue_comments", "issue_activities", "issue_subscribers", "notifications"];

/** Runs SQL on the local database beside the running server (SQLite allows the second reader). */
async function query(persistDir, sql) {
  const answer = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql], {
    env: wranglerEnv({ CI: "true" }),
  });
  if (answer.code !== 0) throw new Error(`reading the database failed:\n${answer.stdout}\n${answer.stderr}`);
  return JSON.parse(answer.stdout).flatMap((result) => result.results);
}

/**
 * The database's pages in use, read from its files: local D1 is SQLite in WAL mode and refuses
 * PRAGMA statements, so the page count is the last commit's in the write-ahead log (the main
 * file's header when the log holds none), and the free pages are page 1's count as of that
 * commit. Format: https://www.sqlite.org/fileformat2.html (the file header, the WAL format).
 */
export function usedBytesOf(main, wal) {
  let pageSize = main.length >= 100 ? main.readUInt16BE(16) : 0;
  if (pageSize === 1) pageSize = 65536;
  let pageCount = main.length >= 100 ? main.readUInt32BE(28) : 0;
  let freePages = main.length >= 100 ? main.readUInt32BE(36) : 0;
  if (wal && wal.length >= 32) {
    const walPageSize = wal.readUInt32BE(8);
    const salts = [wal.readUInt32BE(16), wal.readUInt32BE(20)];
    let pageOne = null;
    let pendingPageOne = null;
    for (let at = 32; at + 24 + walPageSize <= wal.length; at += 24 + walPageSize) {
      if (wal.readUInt32BE(at + 8) !== salts[0] || wal.readUInt32BE(at + 12) !== salts[1]) break;
      const page = wal.readUInt32BE(at);
      if (page === 1) pendingPageOne = wal.subarray(at + 24, at + 24 + walPageSize);
      const sizeAfterCommit = wal.readUInt32BE(at + 4);
      if (sizeAfterCommit > 0) {
        pageCount = sizeAfterCommit;
        pageSize = walPageSize;
        if (pendingPageOne) pageOne = pendingPageOne;
      }
    }
    if (pageOne) freePages = pageOne.readUInt32BE(36);
  }
  return { bytes: (pageCount - freePages) * pageSize, pageSize };
}

/**
 * The local database's file (Miniflare keeps D1 as one SQLite file per database, under the
 * persist folder both the app's server and a D1 host apart are given).
 */
function databaseFile(persistDir) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return path.join(dir, files[0]);
}

/** The database's used bytes (pages in use x page size) and the counted tables' rows. */
export async function databaseSize(persistDir) {
  const file = databaseFile(persistDir);
  const { bytes, pageSize } = usedBytesOf(readFileSync(file), existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : null);
  const counts = COUNTED_TABLES.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(", ");
  const [rows] = await query(persistDir, `SELECT ${counts}`);
  return { bytes, pageSize, rows };
}

const rowsAdded = (before, after) => Object.fromEntries(COUNTED_TABLES.map((table) => [table, after.rows[table] - before.rows[table]]));

/** Runs `write(i)` for i < n from `writers` concurrent writers; answers the seconds it took. */
async function concurrently(n, writers, write) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < n) await write(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/**
 * Three batches through the API (creates from 8 writers, comments, state changes) with the
 * database measured around each; `wait()` lets the server's background work settle first.
 */
export async function measureStorage({ api, base, persistDir, states, wait, log }) {
  const batches = {};
  const created = [];
  const batch = async (name, run) => {
    log(`measuring storage: ${STORAGE_BATCH} × ${name}`);
    await wait();
    const before = await databaseSize(persistDir);
    const seconds = await run();
    await wait();
    const after = await databaseSize(persistDir);
    batches[name] = { bytesEach: (after.bytes - before.bytes) / STORAGE_BATCH, rows: rowsAdded(before, after), seconds, pageSize: after.pageSize, dbBytes: after.bytes };
  };
  const text = "A sentence or two of description, as most issues carry: what is wrong, where, and what done looks like.";
  await batch("create", () =>
    concurrently(STORAGE_BATCH, WRITERS, async (i) => {
      created.push(await api("POST", `${base}/issues/`, { name: `Storage issue ${i}`, description_html: `<p>${text}</p>` }));
    }),
  );
  // The file measured must be the one the server writes to: its issues grew by the batch.
  if (batches.create.rows.issues !== STORAGE_BATCH) throw new Error(`the database measured gained ${batches.create.rows.issues} issues, not the ${STORAGE_BATCH} created`);
  await batch("comment", () =>
    concurrently(STORAGE_BATCH, 1, (i) => api("POST", `${base}/issues/${created[i].id}/comments/`, commentBody(`A comment of a few words on issue ${i}, as people write them.`))),
  );
  await batch("update", () => concurrently(STORAGE_BATCH, 1, (i) => api("PATCH", `${base}/issues/${created[i].id}/`, { state: states[(i + 1) % states.length].id })));
  return { batches, createsPerSecond: STORAGE_BATCH / batches.create.seconds, writers: WRITERS };
}
