// The local runtime without the app: an empty Worker served the way the app is, and what it costs
// per request. The CPU figures of the screens suite and of `npm run cost` take that per-request
// share (the floor) off, because on the edge the front line does that work outside the Worker.
import { readFileSync } from "node:fs";
import path from "node:path";
import { startLocalServer } from "../../scripts/lib/local-server.mjs";
import { ROOT } from "../../scripts/lib/run.mjs";
import { countAgain, cpuPerRequest, leaveOutOfCpu, workerdPids } from "./cpu.mjs";

/**
 * The Worker that measures the local runtime without the app: the same bindings (the Durable
 * Object classes wrangler.toml names) and a handler that answers at once. Its cold start is what
 * workerd and Miniflare's own services (D1, R2, queues, assets) cost here, which the edge does not
 * run in the Worker's isolate.
 */
export function emptyWorker() {
  const config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const classes = [...new Set([...config.matchAll(/^class_name = "(\w+)"$/gm)].map((match) => match[1]))];
  return [
    'import { DurableObject } from "cloudflare:workers";',
    ...classes.map((name) => `export class ${name} extends DurableObject {}`),
    'export default { fetch() { return new Response("ok"); }, queue() {}, scheduled() {} };',
  ].join("\n");
}

/**
 * Starts the empty Worker through the server `npm start` runs, its state kept under `persistDir`.
 * `uncalled`: a module's text (the app's bundle) served beside it that nothing imports, so workerd
 * compiles it and runs none of it: the difference to the empty Worker is what compiling costs.
 */
export function startEmptyWorker({ persistDir, uncalled }) {
  const extraModules = uncalled === undefined ? [] : [{ name: "uncalled.js", contents: uncalled }];
  return startLocalServer({ persistDir, vars: { APP_ENV: "development" }, script: emptyWorker(), extraModules });
}

/**
 * The CPU per request of what the local server runs around any Worker: `path` with `headers`
 * answered by an empty Worker (`startEmpty()`: miniflare's entry and asset router workers, HTTP
 * over loopback; the edge's front line does this outside the Worker), `warmup` requests first,
 * then `count` metered one at a time. The workerd processes running before it are left out of the
 * meter while it runs.
 */
export async function measureFloor(startEmpty, path, headers, { warmup = 20, count = 40 } = {}) {
  const running = workerdPids();
  leaveOutOfCpu(running);
  const server = await startEmpty();
  try {
    const read = async () => (await fetch(`${server.url}${path}`, { headers })).arrayBuffer();
    for (let i = 0; i < warmup; i++) await read();
    return await cpuPerRequest(count, async () => {
      for (let i = 0; i < count; i++) await read();
    });
  } finally {
    await server.stop();
    countAgain(running);
  }
}
