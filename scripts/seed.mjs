#!/usr/bin/env node
// `npm run seed`: writes the demo workspace into the local D1 once. Safe to run again: when the
// demo user already exists it only prints the credentials.
//
//   node scripts/seed.mjs [--persist-to <dir>] [--skip-migrations]
//
// --persist-to seeds another local state directory (the default is wrangler's .wrangler/state).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_MEMBER, DEMO_USER, DEMO_WORKSPACE, rowCounts, seedRows, seedSql } from "./lib/seed-data.mjs";
import { bin, capture, option, run, wranglerEnv } from "./lib/run.mjs";

function localArgs(persistTo) {
  return persistTo ? ["--local", "--persist-to", persistTo] : ["--local"];
}

/** Runs one SQL command against the local D1 and returns its result rows. */
export async function queryLocal(sql, { persistTo } = {}) {
  const result = await capture(bin("wrangler"), ["d1", "execute", "DB", ...localArgs(persistTo), "--json", "--command", sql], {
    env: wranglerEnv(),
  });
  if (result.code !== 0) {
    throw new Error(`wrangler d1 execute failed (${result.code}):\n${result.stdout}${result.stderr}`);
  }
  // --json prints an array with one entry per statement: [{ results, success, meta }].
  const start = result.stdout.indexOf("[");
  const parsed = JSON.parse(result.stdout.slice(start));
  return parsed.flatMap((entry) => entry.results ?? []);
}

/** table -> column names of the local database, to seed exactly the columns it has. */
async function localColumns(tables, { persistTo }) {
  const rows = await queryLocal(
    tables.map((table) => `SELECT '${table}' AS tbl, name AS col FROM pragma_table_info('${table}')`).join("; "),
    { persistTo },
  );
  const columns = {};
  for (const { tbl, col } of rows) {
    columns[tbl] ??= [];
    columns[tbl].push(col);
  }
  return columns;
}

export async function applyMigrations({ persistTo } = {}) {
  // stdin ignored and CI set: wrangler skips its confirmation prompt.
  return run(bin("wrangler"), ["d1", "migrations", "apply", "DB", ...localArgs(persistTo)], {
    env: wranglerEnv({ CI: "true" }),
  });
}

export function printCredentials() {
  console.log(`  workspace: ${DEMO_WORKSPACE.name} (/${DEMO_WORKSPACE.slug})`);
  console.log(`  sign in:   ${DEMO_USER.email} / ${DEMO_USER.password}   (owner)`);
  console.log(`             ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}   (member)`);
}

/** Seeds when the demo user is missing. Returns { seeded, counts }. */
export async function seed({ persistTo, now = new Date() } = {}) {
  const existing = await queryLocal(`SELECT id FROM users WHERE email = '${DEMO_USER.email}'`, { persistTo });
  if (existing.length > 0) {
    console.log("demo data already present; not seeding again");
    return { seeded: false };
  }
  const rows = seedRows({ now });
  const dir = mkdtempSync(path.join(tmpdir(), "edge-tracker-seed-"));
  const file = path.join(dir, "seed.sql");
  try {
    const { sql, skipped } = seedSql(rows, { now, columns: await localColumns(Object.keys(rows.tables), { persistTo }) });
    if (skipped.length > 0) {
      console.warn(
        `warning: the local database lacks ${skipped.join(", ")} (migrations edited after they were applied?);\n` +
          "         seeding without them. Delete .wrangler/state to rebuild the local database.",
      );
    }
    writeFileSync(file, sql);
    // Captured: wrangler echoes one JSON result per statement, which is only worth showing on failure.
    const result = await capture(bin("wrangler"), ["d1", "execute", "DB", ...localArgs(persistTo), "--yes", "--file", file], {
      env: wranglerEnv(),
    });
    if (result.code !== 0) {
      throw new Error(`wrangler d1 execute --file failed (${result.code}):\n${result.stdout}${result.stderr}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Check what landed against what was generated.
  const expected = rowCounts(rows);
  const checked = ["users", "workspaces", "projects", "states", "labels", "issues", "issue_assignees", "issue_labels"];
  const [counts] = await queryLocal(
    `SELECT ${checked.map((table) => `(SELECT count(*) FROM "${table}") AS "${table}"`).join(", ")}`,
    { persistTo },
  );
  const [sequence] = await queryLocal(
    `SELECT s.last_sequence_id AS last, (SELECT max(sequence_id) FROM issues i WHERE i.project_id = s.project_id) AS max_id
       FROM issue_sequences s JOIN projects p ON p.id = s.project_id JOIN workspaces w ON w.id = p.workspace_id
      WHERE w.slug = '${DEMO_WORKSPACE.slug}'`,
    { persistTo },
  );
  const short = checked.filter((table) => counts[table] < expected[table]);
  if (short.length > 0 || sequence?.last !== expected.issues || sequence?.max_id !== expected.issues) {
    throw new Error(`seed check failed: counts ${JSON.stringify(counts)}, sequence ${JSON.stringify(sequence)}`);
  }
  console.log(
    `seeded: ${expected.users} users, 1 workspace, 1 project, ${expected.states} states, ${expected.labels} labels, ` +
      `${expected.issues} issues (DEMO-1..DEMO-${expected.issues}), ${expected.cycles} cycles, ${expected.modules} modules, ` +
      `${expected.pages} pages, ${expected.issue_views} saved views`,
  );
  return { seeded: true, counts };
}

async function main() {
  const argv = process.argv.slice(2);
  const persistTo = option(argv, "persist-to");
  if (!argv.includes("--skip-migrations")) {
    const code = await applyMigrations({ persistTo });
    if (code !== 0) {
      console.error("applying migrations failed");
      process.exit(code);
    }
  }
  await seed({ persistTo });
  console.log("demo credentials:");
  printCredentials();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error.message ?? error);
    process.exit(1);
  });
}
