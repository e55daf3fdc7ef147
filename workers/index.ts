// The Worker entry: /api/* goes to Hono, everything else to Remix; the same module consumes the
// JOBS queue, runs the watchdog cron and exports the ProjectBoard Durable Object.
//
// Startup: a part of the Worker is evaluated at its first use, not when the isolate starts. An API
// request never needs the Remix server build (React, the route modules, the UI libraries), a page
// never needs the Hono routes, and a cold isolate woken for either pays only for its own part.
// wrangler bundles the dynamic imports into the same script; esbuild wraps what they reach in
// functions that run on the first `import()`.
import type { ServerBuild } from "@remix-run/cloudflare";
import type { JobMessage } from "./jobs";
import { getConfig } from "./env";
import { withSecurityHeaders } from "./lib/security-headers";
import { createLoadContext, finishRemixResponse } from "./remix-context";

export { ProjectBoard } from "../durable-objects/project-board";

/** Runs `load` once, at the first call, and answers the same promise after. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

const api = onFirstUse(async () => (await import("./api/app")).createApi());
const remix = onFirstUse(async () => {
  // The Remix server build (`remix vite:build`), aliased in wrangler.toml and vitest.config.ts so
  // typechecking does not depend on build output.
  const [{ createRequestHandler }, build] = await Promise.all([import("@remix-run/cloudflare"), import("virtual:remix-server-build")]);
  return createRequestHandler(build as unknown as ServerBuild);
});
const jobs = onFirstUse(() => import("./jobs"));

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    const config = getConfig(env);
    if (pathname === "/api" || pathname.startsWith("/api/")) return withSecurityHeaders(await (await api()).fetch(request, env, ctx), config);
    const startedAt = performance.now();
    const handleRemixRequest = await remix();
    const loadContext = createLoadContext(request, env, ctx);
    const response = await handleRemixRequest(request, loadContext);
    // Data requests and error pages render no shell: whatever waited for one may start now.
    loadContext.markShellSent();
    const page = { nonce: loadContext.cspNonce, url: new URL(request.url) };
    return withSecurityHeaders(await finishRemixResponse(loadContext, response, startedAt), config, page);
  },
  async queue(batch, env) {
    await (await jobs()).consumeJobs(batch, env);
  },
  // The watchdog, every minute: resumes idle imports and exports, fails the stalled ones.
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(jobs().then(({ superviseJobs }) => superviseJobs(env)));
  },
} satisfies ExportedHandler<Env, JobMessage>;
