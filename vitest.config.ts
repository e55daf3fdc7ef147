// API, domain and sync tests run inside workerd with the real D1, R2, Durable Object and Queue
// bindings from wrangler.toml; nothing of Cloudflare is mocked. Browser tests live in tests/e2e
// and run through scripts/e2e.mjs instead.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { fakeServiceVars, startFakeServices } from "./tests/fakes";
import { OWN_RUNTIME_FILES } from "./tests/setup/own-runtime-files";

/** Files of neither workerd project: tests/tooling runs in Node (it spawns the linter), with the browser tests. */
const NOT_WORKERD = ["tests/e2e/**", "tests/tooling/**", "tests/unit/**", "node_modules/**"];

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
      // Two workers on the two-core machine: starting a workerd (~5 s) overlaps well with the other
      // worker's requests.
      maxWorkers: 2,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
      projects: [
        {
          // The files that send the most requests (tests/setup/own-runtime-files.ts): a runtime
          // each, started for the file and ended with it.
          extends: true as const,
          test: { name: "workerd", include: OWN_RUNTIME_FILES, setupFiles: ["./tests/setup/apply-migrations.ts"] },
        },
        {
          // Every other workerd file: one runtime per worker for all the files it runs, one after
          // another (ADR 059), where a runtime each cost ~7 s of a loaded machine per file (start and
          // migrations). Before each file the setup ends the Durable Object instances left running
          // and puts D1 back to what the migrations left, so every file starts from the database a
          // runtime of its own gave it; R2 and Durable Object storage stay, under ids no other file
          // makes. Run both projects with `--project "workerd*"`.
          extends: true as const,
          test: {
            name: "workerd-shared",
            include: ["tests/**/*.test.ts"],
            exclude: [...NOT_WORKERD, ...OWN_RUNTIME_FILES],
            setupFiles: ["./tests/setup/apply-migrations.ts"],
            isolate: false,
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
