// The fake third-party servers of tests/fakes (TypeScript), bundled for Node with esbuild (already
// a local dependency through vite) so the bench runs the same fakes as the tests.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { ROOT } from "../../scripts/lib/run.mjs";

/** Starts every fake service; answers `{ githubUrl, jiraHost, close() }` and the Worker vars. */
export async function startFakes(tmpDir) {
  const outfile = path.join(tmpDir, "fakes.mjs");
  // Packages stay imports of node_modules: bundled into an ES module, a CommonJS package's own
  // require() of a Node built-in (the mail fake's parser) cannot run.
  await build({ entryPoints: [path.join(ROOT, "tests", "fakes", "index.ts")], bundle: true, platform: "node", format: "esm", packages: "external", outfile, logLevel: "warning" });
  const module = await import(pathToFileURL(outfile).href);
  const fakes = await module.startFakeServices();
  return { fakes, vars: module.fakeServiceVars(fakes) };
}
