// The Worker entry: /api/* goes to Hono, everything else to Remix; the same module consumes the
// JOBS queue, runs the watchdog cron and exports the ProjectBoard Durable Object.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server build (`remix vite:build`), aliased in wrangler.toml and vitest.config.ts so
// typechecking does not depend on build output; wrangler bundles it into this Worker.
import * as build from "virtual:remix-server-build";
import { createApi } from "./api/app";
import { consumeJobs, type JobMessage, superviseJobs } from "./jobs";
import { createLoadContext, finishRemixResponse } from "./remix-context";

export { ProjectBoard } from "../durable-objects/project-board";

const api = createApi();
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    const startedAt = performance.now();
    const loadContext = createLoadContext(request, env, ctx);
    const response = await handleRemixRequest(request, loadContext);
    // Data requests and error pages render no shell: whatever waited for one may start now.
    loadContext.markShellSent();
    return finishRemixResponse(loadContext, response, startedAt);
  },
  async queue(batch, env) {
    await consumeJobs(batch, env);
  },
  // The watchdog, every minute: resumes idle imports and exports, fails the stalled ones.
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(superviseJobs(env));
  },
} satisfies ExportedHandler<Env, JobMessage>;
