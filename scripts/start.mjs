#!/usr/bin/env node
// `npm start`: from a fresh clone to the running app at http://127.0.0.1:8787.
//   1. npm install when node_modules is missing or older than package-lock.json
//   2. remix vite:build (build/client is served as assets; build/server is bundled into the Worker)
//   3. wrangler d1 migrations apply DB --local (state in .wrangler/state)
//   4. the demo workspace, on the first run only
//   5. the Worker bundled as `wrangler deploy` bundles it, in one workerd process
//      (scripts/lib/local-server.mjs), on 127.0.0.1:8787 until Ctrl+C
// The whole stack (D1, R2, the ProjectBoard Durable Object, the JOBS queue) runs locally in workerd.
import net from "node:net";
import path from "node:path";
import { ensureDependencies } from "./lib/npm.mjs";
import { ROOT, bin, option, run, step } from "./lib/run.mjs";

const HOST = "127.0.0.1";
const argv = process.argv.slice(2);
const PORT = Number(option(argv, "port") ?? process.env.PORT ?? 8787);
const URL_BASE = `http://${HOST}:${PORT}`;
// wrangler's default local state directory, named so every step uses the same database.
const PERSIST_DIR = path.join(ROOT, ".wrangler", "state");

function fail(message, code = 1) {
  console.error(`\n✖ ${message}`);
  process.exit(code);
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.once("listening", () => server.close(() => resolve(true)));
    server.listen(port, HOST);
  });
}

/** Signs in as the demo user through the real API, so a broken seed shows up here, not in the browser. */
async function checkDemoSignIn(credentials) {
  try {
    const response = await fetch(`${URL_BASE}/api/auth/sign-in/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: URL_BASE },
      body: JSON.stringify({ email: credentials.email, password: credentials.password }),
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    return error.message;
  }
}

async function main() {
  step("dependencies");
  const installed = await ensureDependencies();
  if (installed !== 0) fail(`npm install failed (exit ${installed})`, installed);

  // Imported after the install: dev-server.mjs and seed.mjs only need Node, but keep the order obvious.
  const { applyLocalMigrations } = await import("./lib/dev-server.mjs");
  const { startLocalServer } = await import("./lib/local-server.mjs");
  const { printCredentials, seed } = await import("./seed.mjs");
  const { DEMO_USER } = await import("./lib/seed-data.mjs");

  if (!(await portIsFree(PORT))) {
    fail(`port ${PORT} on ${HOST} is in use; stop whatever runs there (another npm start?) or pass --port <n>`);
  }

  step("build (remix vite:build)");
  const built = await run(bin("remix"), ["vite:build"]);
  if (built !== 0) fail(`the build failed (exit ${built})`, built);

  step("database migrations (local D1 in .wrangler/state)");
  try {
    const output = await applyLocalMigrations({ persistDir: PERSIST_DIR });
    console.log(/No migrations to apply/i.test(output) ? "already up to date" : "applied");
  } catch (error) {
    fail(error.message);
  }

  step("demo data");
  await seed({ persistTo: PERSIST_DIR }).catch((error) => fail(`seeding failed: ${error.message}`));

  step(`the Worker on ${URL_BASE} (served as production serves it: one workerd, no dev proxy)`);
  // A Ctrl+C while it is still starting is held until the server is up, then stops it.
  let server = null;
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    if (!server) return;
    console.log("\nstopping the server...");
    await server.stop();
    process.exit(0);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, shutdown);
  try {
    server = await startLocalServer({
      port: PORT,
      persistDir: PERSIST_DIR,
      vars: { APP_ENV: "development" },
      log: (line) => console.log(line),
    });
  } catch (error) {
    fail(error.message);
  }
  if (stopping) {
    stopping = false;
    await shutdown();
  }

  const signIn = await checkDemoSignIn(DEMO_USER);
  if (signIn !== 200) console.warn(`\nwarning: signing in as ${DEMO_USER.email} answered ${signIn}`);

  console.log(`\n\x1b[1mEdge Tracker is running at ${URL_BASE}\x1b[0m`);
  printCredentials();
  console.log("Press Ctrl+C to stop.\n");
}

main().catch((error) => fail(error.stack ?? String(error)));
