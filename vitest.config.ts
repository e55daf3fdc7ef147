// API, domain and sync tests run inside workerd with the real D1, R2, Durable Object and Queue
// bindings from wrangler.toml; nothing of Cloudflare is mocked. Browser tests live in tests/e2e
// and run through scripts/e2e.mjs instead.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { fakeServiceVars, startFakeServices } from "./tests/fakes";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // The fake GitHub and Jira servers run in this (Node) process for the whole run.
  const fakes = await startFakeServices();
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            APP_ENV: "test",
            PASSWORD_HASH_ITERATIONS: "1000",
            // Suites send hundreds of requests as one user within a minute; the rate-limit tests
            // call the Worker with their own, small limits (tests/api/api-rate-limits.test.ts).
            API_RATE_LIMIT_PER_USER: "1000000",
            API_RATE_LIMIT_PER_TOKEN: "1000000",
            TEST_MIGRATIONS: migrations,
            // The fuzz tests' seed: fixed, so a run repeats the cases a green run passed; set
            // FUZZ_SEED=random (or a number) to explore other cases.
            FUZZ_SEED: process.env.FUZZ_SEED ?? "20261126",
            ...fakeServiceVars(fakes),
          },
          // wrangler.toml's EMAIL, and one limited to one recipient (how the binding refuses an address);
          // these options replace wrangler.toml's list.
          email: { send_email: [{ name: "EMAIL" }, { name: "EMAIL_RESTRICTED", allowed_destination_addresses: ["allowed@example.test"] }] },
        },
      }),
    ],
    resolve: {
      alias: {
        "virtual:remix-server-build": fileURLToPath(new URL("./build/server/index.js", import.meta.url)),
        // The app's own "~/" imports, for unit tests of browser modules.
        "~": fileURLToPath(new URL("./app", import.meta.url)),
      },
    },
    test: {
      // The Worker's one line per request and per queue job (ADR 030) would bury a failing test's own output;
      // tests/api/request-log.test.ts reads the lines through a spy.
      onConsoleLog: (log: string) => (log.startsWith('{"msg":"request"') || log.startsWith('{"msg":"job"') ? false : undefined),
      // Two workers on the two-core machine: each test file starts its own workerd (~8 s), and
      // two starts overlap well with the other file's requests.
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
      projects: [
        {
          extends: true as const,
          test: {
            name: "workerd",
            include: ["tests/**/*.test.ts"],
            // tests/tooling runs in Node (it spawns the linter), with the browser tests.
            exclude: ["tests/e2e/**", "tests/tooling/**", "tests/unit/**", "node_modules/**"],
            // Each file gets a runtime, and so storage, of its own, its D1 migrated before it runs;
            // the pool's wrappers get one Proxy each instead of one per object they make.
            setupFiles: ["./tests/setup/one-wrapper-proxy.ts", "./tests/setup/apply-migrations.ts"],
          },
        },
        {
          // Unit tests call functions and touch no binding: they share one runtime per worker
          // instead of starting one each (27 files: 66 s alone, 19 s shared). They get no
          // migrated D1, so one that reached for storage would fail rather than share it.
          extends: true as const,
          test: { name: "unit", include: ["tests/unit/**/*.test.ts"], isolate: false },
        },
      ],
    },
  };
});
