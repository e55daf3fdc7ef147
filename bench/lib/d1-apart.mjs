// Local D1 in a workerd process of its own (see d1-apart-plugin.mjs). On the edge a D1 query runs
// in the database's own process: the Worker's isolate only sends it and parses the answer. Served
// locally, Miniflare runs D1 in the app's workerd, so that process's CPU counts every query's
// SQLite work too. With the database here, the app's process CPU is what the edge's would be:
// the isolate, the runtime around it and the HTTP to D1.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalServer } from "../../scripts/lib/local-server.mjs";
import { ROOT } from "../../scripts/lib/run.mjs";
import { countAgain, leaveOutOfCpu, workerdPids } from "./cpu.mjs";

const PLUGIN = fileURLToPath(new URL("./d1-apart-plugin.mjs", import.meta.url));
const HOST = "127.0.0.1";

/** The `unsafeBindings` entry that makes `name` a D1 binding served from `address`. */
export function remoteD1Binding(name, address) {
  return { name, type: "d1-remote", plugin: { package: PLUGIN, name: "d1-apart" }, options: { address } };
}

/**
 * Starts a workerd that answers D1's requests for wrangler.toml's database (persisted under `persistDir`,
 * the same v3/d1 folder the app's server uses) and resolves to its address and a stop function.
 * The CPU meters leave its process out while it runs.
 */
export async function startD1Host({ persistDir }) {
  const [{ Miniflare }, { unstable_getMiniflareWorkerOptions }] = await Promise.all([import("miniflare"), import("wrangler")]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(path.join(ROOT, "wrangler.toml"));
  const ids = Object.values(workerOptions.d1Databases ?? {}).map((database) => (typeof database === "string" ? database : database.id));
  if (ids.length !== 1) throw new Error(`d1-apart serves one database; wrangler.toml names ${ids.length}`);
  const [id] = ids;
  const before = new Set(workerdPids());
  const host = new Miniflare({
    host: HOST,
    port: 0,
    cf: false,
    d1Persist: path.join(persistDir, "v3", "d1"),
    workers: [
      {
        name: "d1-host",
        modules: true,
        compatibilityDate: "2025-01-01",
        script: "export default { fetch: (request, env) => env.D1.fetch(request) };",
        d1Databases: { HOSTED: id },
        unsafeBindings: [{ name: "D1", type: "d1-service", plugin: { package: PLUGIN, name: "d1-apart" }, options: { service: `d1:db:${id}` } }],
      },
    ],
  });
  const url = await host.ready;
  const pids = workerdPids().filter((pid) => !before.has(pid));
  leaveOutOfCpu(pids);
  return {
    address: url.host,
    async stop() {
      await host.dispose();
      countAgain(pids);
    },
  };
}

/**
 * The server `npm start` runs (scripts/lib/local-server.mjs, given `options`) with its D1 served
 * by a host started first under the same `persistDir`; `stop()` stops both.
 */
export async function startLocalServerD1Apart(options) {
  const d1Host = await startD1Host({ persistDir: options.persistDir });
  try {
    const server = await startLocalServer({ ...options, d1: { address: d1Host.address, bindingOf: remoteD1Binding } });
    return {
      ...server,
      async stop() {
        await server.stop();
        await d1Host.stop();
      },
    };
  } catch (error) {
    await d1Host.stop();
    throw error;
  }
}
