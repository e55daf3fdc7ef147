// `npm run bench`: builds if needed, loads a fresh local database with projects of 1,000 and
// 10,000 issues, serves the real Worker with `wrangler dev`, measures, and writes
// bench/results.md. Figures are medians and tails measured on this machine; see the file.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyLocalMigrations, startWranglerDev } from "../scripts/lib/dev-server.mjs";
import { ROOT, bin, capture, run, wranglerEnv } from "../scripts/lib/run.mjs";
import { BENCH_EMAIL, BENCH_PASSWORD, buildBenchSql } from "./lib/dataset.mjs";
import { issuesApiMarkdown, runIssuesApiSuite } from "./suites/issues-api.mjs";
import { issueViewsPageMarkdown, runIssueViewsPageSuite } from "./suites/issue-views-page.mjs";

const log = (message) => console.log(`[bench] ${message}`);
const TMP = path.join(ROOT, "bench", ".tmp");
const PERSIST = path.join(TMP, "state");

async function main() {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")) || process.argv.includes("--build")) {
    log("building");
    if ((await run(bin("remix"), ["vite:build"])) !== 0) throw new Error("build failed");
  }
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  log("applying migrations to a fresh database");
  await applyLocalMigrations({ persistDir: PERSIST });

  const sizes = [1000, 10000];
  log(`generating ${sizes.join(" + ")} issues`);
  const dataset = buildBenchSql({ sizes });
  const sqlFile = path.join(TMP, "dataset.sql");
  writeFileSync(sqlFile, dataset.sql);
  const loaded = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", sqlFile], {
    env: wranglerEnv({ CI: "true" }),
  });
  if (loaded.code !== 0) throw new Error(`loading the dataset failed:\n${loaded.stdout}\n${loaded.stderr}`);

  log("starting wrangler dev");
  const server = await startWranglerDev({ persistDir: PERSIST, vars: { APP_ENV: "development" }, production: true });
  try {
    const signIn = await fetch(`${server.url}/api/auth/sign-in/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];

    const issueRows = await runIssuesApiSuite({
      url: server.url,
      cookie,
      workspaceSlug: dataset.workspaceSlug,
      projects: dataset.projects,
      log,
    });

    const viewsPage = await runIssueViewsPageSuite({
      url: server.url,
      cookie,
      workspaceSlug: dataset.workspaceSlug,
      projects: dataset.projects,
      log,
    });

    const header = [
      "# Benchmark results",
      "",
      `Written by \`npm run bench\` on ${new Date().toISOString()}.`,
      `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
      "Server: `wrangler dev` (workerd) with local D1, the same Worker that is deployed.",
      "",
    ].join("\n");
    const body = [issuesApiMarkdown(issueRows), issueViewsPageMarkdown(viewsPage)].join("\n\n");
    const file = path.join(ROOT, "bench", "results.md");
    writeFileSync(file, `${header}\n${body}\n`);
    console.log(`\n${body}\n`);
    log(`written to ${path.relative(ROOT, file)}`);
  } catch (error) {
    console.error(`[bench] wrangler dev output (tail):\n${server.output().split("\n").slice(-30).join("\n")}`);
    throw error;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
