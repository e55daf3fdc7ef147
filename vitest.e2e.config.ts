// Browser tests: Node drives Debian's Chromium (playwright-core) against the full stack served
// as production serves it (scripts/lib/local-server.mjs). The Node-side checks of the tooling (tests/tooling: the linter's import
// boundary) run here too, since they need Node rather than workerd. The global setup starts one server on a free port with
// a fresh database for the whole run; `build/` must exist (`node scripts/e2e.mjs` builds first).
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  test: {
    environment: "node",
    include: ["tests/e2e/**/*.test.ts", "tests/tooling/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    // One browser per file; files run one after another, since `npm test` runs this suite beside
    // the workerd suite (ADR 057) and two files at once on the one server only slowed each other.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // A poll waits for a state the page reaches after a server round trip; on a machine running
    // two suites at once that can take seconds (vitest's default gives up after one). Like the
    // `visible` helper, polls wait up to 15 s: a state that never comes still fails the test.
    expect: { poll: { timeout: 15_000 } },
  },
});
