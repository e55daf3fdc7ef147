#!/usr/bin/env node
// `node scripts/e2e.mjs [vitest args...]` (npm run test:e2e): the browser tests.
//   1. Debian's Chromium (installed through apt-get when missing; never a downloaded browser)
//   2. remix vite:build (skip with --no-build when build/ is fresh)
//   3. vitest run --config vitest.e2e.config.ts; its global setup starts wrangler dev on a free
//      port with a fresh database under .e2e/.
// `--screenshots` (npm run screenshots) also saves each screen, light and dark at 1440 and 700 px,
// under test-results/e2e/ for people to look at.
// Any other arguments go to vitest (scripts/test.mjs passes its reporter flags this way).
import { ensureChromium } from "./lib/chromium.mjs";
import { ROOT, bin, run, step, wranglerEnv } from "./lib/run.mjs";

const argv = process.argv.slice(2);
const skipBuild = argv.includes("--no-build");
const screenshots = argv.includes("--screenshots");
const vitestArgs = argv.filter((arg) => arg !== "--no-build" && arg !== "--screenshots");

function fail(message, code = 1) {
  console.error(`\n✖ ${message}`);
  process.exit(code);
}

step("chromium");
try {
  console.log(ensureChromium());
} catch (error) {
  fail(error.message);
}

if (!skipBuild) {
  step("build (remix vite:build)");
  const built = await run(bin("remix"), ["vite:build"], { cwd: ROOT });
  if (built !== 0) fail(`the build failed (exit ${built})`, built);
}

step("browser tests (vitest.e2e.config.ts)");
const code = await run(bin("vitest"), ["run", "--config", "vitest.e2e.config.ts", ...vitestArgs], {
  cwd: ROOT,
  env: { ...wranglerEnv(), ...(screenshots ? { E2E_SCREENSHOTS: "1" } : {}) },
});
process.exit(code);
