// The local full stack for scripts and browser tests: apply D1 migrations to a persist directory
// and run `wrangler dev` on it (D1, R2, the ProjectBoard DO and the JOBS queue, all in workerd).
// Both expect `remix vite:build` to have run (wrangler serves build/client and bundles build/server).
//
//   import { applyLocalMigrations, startWranglerDev } from "./lib/dev-server.mjs";
//   await applyLocalMigrations({ persistDir: ".e2e/state" });
//   const server = await startWranglerDev({ port: 8790, persistDir: ".e2e/state", vars: { APP_ENV: "test" } });
//   ... fetch(server.url) ...
//   await server.stop();
import { spawn } from "node:child_process";
import net from "node:net";
import { ROOT, WRANGLER_ENV, bin, capture } from "./run.mjs";

export const HOST = "127.0.0.1";

/**
 * `wrangler d1 migrations apply DB --local --persist-to <persistDir>`. Resolves when done;
 * rejects with wrangler's output when it fails. A fresh directory gets a fresh database.
 */
/** @param {{ persistDir: string, cwd?: string }} options @returns {Promise<string>} */
export async function applyLocalMigrations({ persistDir, cwd = ROOT }) {
  if (!persistDir) throw new Error("applyLocalMigrations: persistDir is required");
  const result = await capture(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    cwd,
    // CI=true answers wrangler's "apply N migrations?" prompt.
    env: { ...process.env, ...WRANGLER_ENV, CI: "true" },
  });
  if (result.code !== 0) {
    throw new Error(`applying D1 migrations failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** A TCP port nobody listens on right now (the OS picks it). @returns {Promise<number>} */
export function freePort(host = HOST) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `wrangler dev --ip 127.0.0.1 --port <port> --persist-to <persistDir>` (offline and quiet:
 * no metrics, no error reports, no request.cf lookup), waits until http://127.0.0.1:<port>/
 * answers, and returns `{ url, port, stop(), output() }`. `vars` become `--var KEY:VALUE`
 * (they override wrangler.toml's [vars]). `stop()` ends wrangler's whole process group.
 * Options: port (default: a free one), persistDir (required), vars, configs (wrangler configs
 * for a multi-worker session, the first one answering on the port), cwd, timeoutMs, log (a
 * function that receives each output line; default: kept in memory for `output()`), production
 * (bundle as `wrangler deploy` does: wrangler dev otherwise sets NODE_ENV=development, which
 * puts React in its slow development build; benchmarks measure what is deployed).
 */
/**
 * @param {{ port?: number, persistDir: string, vars?: Record<string, string>, configs?: string[], cwd?: string,
 *   timeoutMs?: number, log?: (line: string) => void, production?: boolean }} options
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void>, output: () => string,
 *   process: import("node:child_process").ChildProcess }>}
 */
export async function startWranglerDev({ port, persistDir, vars = {}, configs = [], cwd = ROOT, timeoutMs = 90_000, log, production = false }) {
  if (!persistDir) throw new Error("startWranglerDev: persistDir is required");
  const listenPort = port ?? (await freePort());
  const args = ["dev", "--ip", HOST, "--port", String(listenPort), "--persist-to", persistDir];
  // Several workers in one session: the first config answers on the port (bench/board-driver).
  for (const config of configs) args.push("-c", config);
  for (const [key, value] of Object.entries(vars)) args.push("--var", `${key}:${value}`);

  const child = spawn(bin("wrangler"), args, {
    cwd,
    env: { ...process.env, ...WRANGLER_ENV, ...(production ? { NODE_ENV: "production" } : {}) },
    // No stdin: wrangler's interactive hotkeys stay off.
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stop() also ends workerd and esbuild children.
    detached: true,
  });
  const lines = [];
  const collect = (chunk) => {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      if (log) log(line);
      lines.push(line);
      if (lines.length > 500) lines.shift();
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  const url = `http://${HOST}:${listenPort}`;
  let stopped = false;
  async function stop() {
    if (stopped) return;
    stopped = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the group is gone already
      }
    };
    kill("SIGTERM");
    const timeout = new Promise((resolve) => setTimeout(() => resolve("timeout"), 5000));
    if ((await Promise.race([exited, timeout])) === "timeout") {
      kill("SIGKILL");
      await exited;
    }
  }

  const deadline = Date.now() + timeoutMs;
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited before answering (${child.exitCode ?? child.signalCode}):\n${lines.join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/`, { redirect: "manual", signal: AbortSignal.timeout(3000) });
      await response.body?.cancel();
      if (response.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer on ${url} within ${timeoutMs} ms:\n${lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  return { url, port: listenPort, stop, output: () => lines.join("\n"), process: child };
}
