// The app served locally the way production serves it: the Worker bundled as `wrangler deploy`
// bundles it (production React, the same aliases and defines), run by Miniflare in one workerd
// process with the bindings wrangler derives from wrangler.toml (D1, R2, the Durable Objects, the
// JOBS queue and its consumer, the static assets), persisted where `wrangler dev --persist-to`
// keeps them. No dev proxy, no inspector: a request costs what it costs the Worker (ADR 037).
// `build/` must exist (`remix vite:build`).
//
//   import { startLocalServer } from "./lib/local-server.mjs";
//   const server = await startLocalServer({ persistDir: ".e2e/state", vars: { APP_ENV: "test" } });
//   ... fetch(server.url) ...
//   await server.stop();
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { HOST, freePort } from "./dev-server.mjs";
import { ROOT, WRANGLER_ENV, bin, capture } from "./run.mjs";

/**
 * Bundles the Worker into a fresh directory (`wrangler deploy --dry-run --outdir`) and answers
 * the path of its one module.
 */
async function bundleWorker(cwd) {
  const parent = path.join(cwd, ".wrangler", "local-bundles");
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(path.join(parent, "bundle-"));
  const result = await capture(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd,
    env: { ...process.env, ...WRANGLER_ENV },
  });
  if (result.code !== 0) throw new Error(`bundling the Worker failed (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  return { outdir, entry: path.join(outdir, "index.js") };
}

/** Writes `script` where a bundle would go and answers the same shape as bundleWorker(). */
function scriptDir(cwd, script) {
  const parent = path.join(cwd, ".wrangler", "local-bundles");
  mkdirSync(parent, { recursive: true });
  const outdir = mkdtempSync(path.join(parent, "script-"));
  writeFileSync(path.join(outdir, "index.js"), script);
  return { outdir, entry: path.join(outdir, "index.js") };
}

/**
 * Starts the server on `port` (default: one the OS picks) and resolves once it answers.
 * Options: persistDir (required), vars (override wrangler.toml's [vars]), cwd, log (receives each
 * line the Worker prints; default: the last 500 are kept for `output()`).
 * inspectorPort: opens workerd's devtools inspector there (profiling only: it slows every call).
 * script: an ES module served in place of the app's bundle, with the same bindings (the bench's
 * empty Worker, which measures what the local runtime costs without the app).
 * extraModules: `[{ name, contents }]`, ES modules beside `script` that nothing imports (the bench
 * measures compiling the app's bundle this way: workerd compiles every module when it starts).
 * d1: `{ address, bindingOf }` serves the D1 binding from another workerd at `address` (the bench's
 * CPU figures, bench/lib/d1-apart.mjs); `bindingOf(name, address)` makes the binding.
 * @param {{ port?: number, persistDir: string, vars?: Record<string, string>, cwd?: string, log?: (line: string) => void, inspectorPort?: number, script?: string, extraModules?: { name: string, contents: string }[], d1?: { address: string, bindingOf: (name: string, address: string) => object } }} options
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void>, output: () => string }>}
 */
export async function startLocalServer({ port = 0, persistDir, vars = {}, cwd = ROOT, log, inspectorPort, script, extraModules = [], d1 }) {
  if (!persistDir) throw new Error("startLocalServer: persistDir is required");
  // Imported here, not at the top: `npm start` loads this file before it installs anything.
  const [{ Miniflare }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import("miniflare"), import("wrangler")]);
  const { outdir, entry } = script === undefined ? await bundleWorker(cwd) : scriptDir(cwd, script);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(cwd, "wrangler.toml"));
  if (d1) {
    const names = Object.keys(workerOptions.d1Databases ?? {});
    workerOptions.d1Databases = {};
    workerOptions.unsafeBindings = [...(workerOptions.unsafeBindings ?? []), ...names.map((name) => d1.bindingOf(name, d1.address))];
  }

  const lines = [];
  const collect = (stream) => {
    let rest = "";
    stream.on("data", (chunk) => {
      const text = rest + String(chunk);
      const parts = text.split("\n");
      rest = parts.pop() ?? "";
      for (const line of parts) {
        if (!line) continue;
        if (log) log(line);
        lines.push(line);
        if (lines.length > 500) lines.shift();
      }
    });
  };
  const state = (kind) => path.join(persistDir, "v3", kind);
  // Links in mails point at this server unless told otherwise, so its port is known up front.
  const listenPort = port || (await freePort());
  const publicBaseUrl = vars.PUBLIC_BASE_URL ?? `http://${HOST}:${listenPort}`;
  const server = new Miniflare({
    host: HOST,
    port: listenPort,
    // No request.cf lookup on the network: the machines are offline.
    cf: false,
    ...(inspectorPort ? { inspectorPort } : {}),
    d1Persist: state("d1"),
    r2Persist: state("r2"),
    durableObjectsPersist: state("do"),
    cachePersist: state("cache"),
    handleRuntimeStdio(stdout, stderr) {
      collect(stdout);
      collect(stderr);
    },
    workers: [
      {
        ...workerOptions,
        name: "edge-tracker",
        // The bundle is one ES module; naming it spares Miniflare from parsing its imports.
        modulesRoot: outdir,
        modules: [
          { type: "ESModule", path: entry, contents: readFileSync(entry, "utf8") },
          ...extraModules.map(({ name, contents }) => ({ type: "ESModule", path: path.join(outdir, name), contents })),
        ],
        bindings: { ...workerOptions.bindings, PUBLIC_BASE_URL: publicBaseUrl, ...vars },
      },
    ],
  });
  let url;
  try {
    url = await server.ready;
  } catch (error) {
    await server.dispose().catch(() => {});
    rmSync(outdir, { recursive: true, force: true });
    throw new Error(`the local server did not start: ${error.message}\n${lines.join("\n")}`);
  }
  let stopped = false;
  return {
    url: url.origin,
    port: Number(url.port),
    output: () => lines.join("\n"),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.dispose();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
