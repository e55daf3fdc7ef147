// Starts the stack once for every browser test file: fresh D1 state under .e2e/, migrations
// applied, the Worker served as production serves it (scripts/lib/local-server.mjs) on a free
// port; tests read the URL with `inject("baseUrl")`.
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "../../scripts/lib/chromium.mjs";
import { applyLocalMigrations } from "../../scripts/lib/dev-server.mjs";
import { startLocalServer } from "../../scripts/lib/local-server.mjs";
import { fakeServiceVars, startFakeServices } from "../fakes";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
    /** Where the running server keeps its local D1 (for rows the API refuses to write). */
    persistDir: string;
    /** host:port of the fake Jira (type it as the cloud host name); the fake GitHub is GITHUB_API_URL. */
    fakeJiraHost: string;
    fakeGithubUrl: string;
    /** The fake Slack (its authorise page, Web API and /_fake controls). */
    fakeSlackUrl: string;
    fakeUnsplashUrl: string;
    fakeWebhookReceiverUrl: string;
    /** Where the local SMTP server lists the mails it received (tests/fakes/mail). */
    fakeMailboxUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) {
    throw new Error("build/ is missing: run `npx remix vite:build` first (`node scripts/e2e.mjs` does it for you)");
  }
  const chromiumPath = ensureChromium();
  const persistDir = path.join(ROOT, ".e2e", `state-${Date.now().toString(36)}-${process.pid}`);
  mkdirSync(persistDir, { recursive: true });
  await applyLocalMigrations({ persistDir });
  const fakes = await startFakeServices();
  const server = await startLocalServer({
    persistDir,
    // Every test signs people up from 127.0.0.1, one client address: lift its hourly sign-up limit.
    vars: { APP_ENV: "test", SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000000", API_RATE_LIMIT_PER_USER: "1000000", API_RATE_LIMIT_PER_TOKEN: "1000000", ...fakeServiceVars(fakes) },
    log: process.env.E2E_SERVER_LOG ? (line) => console.log(`[server] ${line}`) : undefined,
  });
  project.provide("baseUrl", server.url);
  project.provide("chromiumPath", chromiumPath);
  project.provide("persistDir", persistDir);
  project.provide("fakeJiraHost", fakes.jiraHost);
  project.provide("fakeGithubUrl", fakes.githubUrl);
  project.provide("fakeSlackUrl", fakes.slackUrl);
  project.provide("fakeUnsplashUrl", fakes.unsplashUrl);
  project.provide("fakeWebhookReceiverUrl", fakes.webhookReceiverUrl);
  project.provide("fakeMailboxUrl", fakes.mailboxUrl);
  return async () => {
    await server.stop();
    await fakes.close();
    if (!process.env.E2E_KEEP_STATE) rmSync(persistDir, { recursive: true, force: true });
  };
}
