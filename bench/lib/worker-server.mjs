// Serves the Worker for the latency suites through wrangler's programmatic API, as `wrangler dev`
// does but without the devtools inspector: the CLI always attaches one, and with it attached every
// D1 call and promise costs more (a project's states answered in 11 ms with it, 6 ms without, on
// this machine). Same bundle (production React), same bindings and local state as `wrangler dev`.
import { unstable_startWorker } from "wrangler";
import { HOST, freePort } from "../../scripts/lib/dev-server.mjs";
import { ROOT, WRANGLER_ENV } from "../../scripts/lib/run.mjs";
import path from "node:path";

/** @param {{ persistDir: string, vars?: Record<string, string> }} options */
export async function startWorkerWithoutInspector({ persistDir, vars = {} }) {
  Object.assign(process.env, WRANGLER_ENV, { NODE_ENV: "production" });
  const port = await freePort();
  const bindings = Object.fromEntries(Object.entries(vars).map(([key, value]) => [key, { type: "plain_text", value }]));
  const worker = await unstable_startWorker({
    config: path.join(ROOT, "wrangler.toml"),
    bindings,
    dev: { inspector: false, server: { hostname: HOST, port }, persist: persistDir, watch: false, liveReload: false, logLevel: "warn" },
  });
  await worker.ready;
  return { url: `http://${HOST}:${port}`, stop: () => worker.dispose(), output: () => "(see the bench's own output)" };
}
