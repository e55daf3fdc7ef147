// `npm run bench`: builds if needed, loads a fresh local database with projects of 1,000 and
// 10,000 issues, serves the real Worker with `wrangler dev`, measures, and writes
// bench/results.md. Figures are medians and tails measured on this machine; see the file.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyLocalMigrations, startWranglerDev } from "../scripts/lib/dev-server.mjs";
import { ROOT, bin, capture, option, run, wranglerEnv } from "../scripts/lib/run.mjs";
import { BENCH_EMAIL, BENCH_PASSWORD, buildBenchSql } from "./lib/dataset.mjs";
import { startFakes } from "./lib/fakes.mjs";
import { benchGithub } from "./lib/github-repo.mjs";
import { startWorkerWithoutInspector } from "./lib/worker-server.mjs";
import { boardFanoutMarkdown, runBoardFanoutSuite } from "./suites/board-fanout.mjs";
import { cyclesPageMarkdown, runCyclesPageSuite } from "./suites/cycles-page.mjs";
import { githubWebhooksMarkdown, githubWebhooksSetup, runGithubWebhooksSuite } from "./suites/github-webhooks.mjs";
import { importersMarkdown, runImportersSuite } from "./suites/importers.mjs";
import { issuesApiMarkdown, runIssuesApiSuite } from "./suites/issues-api.mjs";
import { issueViewsPageMarkdown, runIssueViewsPageSuite } from "./suites/issue-views-page.mjs";
import { measureSearchStatements, runSearchSuite, searchMarkdown } from "./suites/search.mjs";
import { runSettingsPagesSuite, settingsPagesMarkdown } from "./suites/settings-pages.mjs";

const log = (message) => console.log(`[bench] ${message}`);
const TMP = path.join(ROOT, "bench", ".tmp");
const PERSIST = path.join(TMP, "state");
/**
 * `--suite issues-api`, `--suite issue-views-page`, `--suite settings-pages`, `--suite cycles-page`, `--suite search`,
 * `--suite importers`, `--suite github-webhooks` or `--suite board-fanout` runs one suite (and
 * loads only what it needs).
 */
const SUITE = option(process.argv, "suite");
const runs = (suite) => SUITE === undefined || SUITE === suite;

async function main() {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js")) || process.argv.includes("--build")) {
    log("building");
    if ((await run(bin("remix"), ["vite:build"])) !== 0) throw new Error("build failed");
  }
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  log("applying migrations to a fresh database");
  await applyLocalMigrations({ persistDir: PERSIST });

  const sizes = runs("issues-api") || runs("search") || runs("importers") ? [1000, 10000] : [1000];
  log(`generating ${sizes.join(" + ")} issues`);
  const dataset = buildBenchSql({ sizes });
  const sqlFile = path.join(TMP, "dataset.sql");
  writeFileSync(sqlFile, dataset.sql);
  const loaded = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", sqlFile], {
    env: wranglerEnv({ CI: "true" }),
  });
  if (loaded.code !== 0) throw new Error(`loading the dataset failed:\n${loaded.stdout}\n${loaded.stderr}`);

  const signIn = async (url) => {
    const response = await fetch(`${url}/api/auth/sign-in/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return (response.headers.get("set-cookie") ?? "").split(";")[0];
  };
  const sections = [];
  const withServer = async (options, work) => {
    // Latency suites: no devtools inspector (bench/lib/worker-server.mjs). The fan-out suite runs
    // two Workers in one session, which only the CLI does.
    let server;
    if (options.configs) {
      log(`starting wrangler dev (${options.configs.join(" + ")})`);
      // production: bundled as `wrangler deploy` bundles it (React's production build).
      server = await startWranglerDev({ persistDir: PERSIST, production: true, ...options });
    } else {
      log("starting the Worker (wrangler, no inspector)");
      server = await startWorkerWithoutInspector({ persistDir: PERSIST, vars: options.vars });
    }
    try {
      await work(server.url, await signIn(server.url));
    } catch (error) {
      console.error(`[bench] wrangler dev output (tail):\n${server.output().split("\n").slice(-30).join("\n")}`);
      throw error;
    } finally {
      await server.stop();
    }
  };

  if (runs("issue-views-page")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const page = await runIssueViewsPageSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: dataset.projects, log });
      sections.push(issueViewsPageMarkdown(page));
    });
  }
  if (runs("settings-pages")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const rows = await runSettingsPagesSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: dataset.projects, log });
      sections.push(settingsPagesMarkdown(rows));
    });
  }
  if (runs("cycles-page")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const result = await runCyclesPageSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: dataset.projects, log });
      sections.push(cyclesPageMarkdown(result));
    });
  }
  if (runs("search")) {
    // The search driver answers on the port, times the issue statement on the app's database and
    // forwards everything else to the app (bench/search-driver/worker.mjs).
    let rows;
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      rows = await runSearchSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, log });
    });
    const configs = ["bench/search-driver/wrangler.toml", "wrangler.toml"];
    await withServer({ configs }, async (url, cookie) => {
      await measureSearchStatements({ url, cookie, workspaceSlug: dataset.workspaceSlug, rows });
    });
    sections.push(searchMarkdown(rows));
  }
  if (runs("importers")) {
    // The import job reads the fake GitHub of tests/fakes, as the tests do.
    const { fakes, vars } = await startFakes(TMP);
    try {
      await withServer({ vars: { APP_ENV: "development", ...vars } }, async (url, cookie) => {
        const github = await benchGithub({ url, cookie, workspaceSlug: dataset.workspaceSlug, githubUrl: fakes.githubUrl });
        const result = await runImportersSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: dataset.projects, log, github });
        sections.push(importersMarkdown(result));
      });
    } finally {
      await fakes.close();
    }
  }
  // Last of the latency suites: it creates about a thousand issues in each project, which the
  // suites before it would otherwise count as the project's size.
  if (runs("issues-api")) {
    await withServer({ vars: { APP_ENV: "development" } }, async (url, cookie) => {
      const issueRows = await runIssuesApiSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, projects: dataset.projects, log });
      sections.push(issuesApiMarkdown(issueRows));
    });
  }
  if (runs("github-webhooks")) {
    // Webhooks signed like GitHub's for a project synced to a repository of the fake GitHub; the
    // sync's rows go into the database before the Worker starts (bench/suites/github-webhooks.mjs).
    const { fakes, vars } = await startFakes(TMP);
    try {
      const setup = await githubWebhooksSetup({
        githubUrl: fakes.githubUrl,
        appSlug: vars.GITHUB_APP_SLUG,
        workspaceSlug: dataset.workspaceSlug,
        ownerEmail: BENCH_EMAIL,
      });
      const setupFile = path.join(TMP, "github-sync.sql");
      writeFileSync(setupFile, setup.sql);
      const synced = await capture(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", PERSIST, "--file", setupFile], {
        env: wranglerEnv({ CI: "true" }),
      });
      if (synced.code !== 0) throw new Error(`syncing the bench project failed:\n${synced.stdout}\n${synced.stderr}`);
      await withServer({ vars: { APP_ENV: "development", ...vars } }, async (url, cookie) => {
        const result = await runGithubWebhooksSuite({
          url,
          cookie,
          workspaceSlug: dataset.workspaceSlug,
          setup,
          secret: vars.GITHUB_WEBHOOK_SECRET,
          tmpDir: TMP,
          log,
        });
        sections.push(githubWebhooksMarkdown(result));
      });
    } finally {
      await fakes.close();
    }
  }
  if (runs("board-fanout")) {
    // The bench driver Worker answers on the port and forwards everything but its own route to
    // the app, whose vars come from wrangler.toml (bench/board-driver/worker.mjs says why).
    const configs = ["bench/board-driver/wrangler.toml", "wrangler.toml"];
    await withServer({ configs }, async (url, cookie) => {
      const project = dataset.projects.find((p) => p.size === 1000);
      const fanout = await runBoardFanoutSuite({ url, cookie, workspaceSlug: dataset.workspaceSlug, project, log });
      sections.push(boardFanoutMarkdown(fanout));
    });
  }

  const header = [
    "# Benchmark results",
    "",
    `Written by \`npm run bench\` on ${new Date().toISOString()}.`,
    `Machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    "Server: the deployed Worker's bundle in workerd with local D1, R2, Durable Objects and Queues, served by wrangler (`unstable_startWorker` without the devtools inspector for the latency suites, `wrangler dev` for fan-out).",
    "",
  ].join("\n");
  const body = sections.join("\n\n");
  // A one-suite run must not overwrite the committed results of the others.
  const file = SUITE ? path.join(TMP, "results.md") : path.join(ROOT, "bench", "results.md");
  writeFileSync(file, `${header}\n${body}\n`);
  console.log(`\n${body}\n`);
  log(`written to ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
