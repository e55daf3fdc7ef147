// The Worker entry: /api/* goes to Hono, everything else to Remix; the same module consumes the
// JOBS queue, runs the watchdog cron and exports the ProjectBoard, WorkspaceHub and RateLimiter Durable Objects.
//
// Startup: a part of the Worker is evaluated at its first use, not when the isolate starts. An API
// request never needs the Remix server build (React, the route modules, the UI libraries), a page
// never needs the Hono routes, and a cold isolate woken for either pays only for its own part.
// wrangler bundles the dynamic imports into the same script; esbuild wraps what they reach in
// functions that run on the first `import()`.
import type { ServerBuild } from "@remix-run/cloudflare";
import type { JobMessage } from "./jobs";
import { getConfig } from "./env";
import { dropUnreadBody } from "./lib/body-limit";
import { admitPageRequest } from "./lib/page-request";
import { describeError } from "./lib/error-status";
import { requestLogOf, startRequestLog, writeRequestLog } from "./lib/request-log";
import { withSecurityHeaders } from "./lib/security-headers";
import { createLoadContext, finishRemixResponse } from "./remix-context";

export { ProjectBoard } from "../durable-objects/project-board";
export { RateLimiter } from "../durable-objects/rate-limiter";
export { WorkspaceHub } from "../durable-objects/workspace-hub";

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
  // typechecking does not depend on build output. The build already holds React Router, whose
  // matcher names a page's route for the log line.
  const [{ createRequestHandler }, build, { matchPageRoute }] = await Promise.all([
    import("@remix-run/cloudflare"),
    import("virtual:remix-server-build"),
    import("./lib/page-route"),
  ]);
  const server = build as unknown as ServerBuild;
  return { handle: createRequestHandler(server), routeOf: matchPageRoute(server.routes) };
});
const jobs = onFirstUse(() => import("./jobs"));

/** Answers one request: the REST API under /api, a page or a page's data everywhere else. */
async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  const config = getConfig(env);
  // A production server without its keyring would keep credentials it cannot seal: it serves nothing.
  if (config.misconfigured) {
    console.error(config.misconfigured);
    return new Response(`This server is not configured: ${config.misconfigured}`, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  if (pathname === "/api" || pathname.startsWith("/api/")) return withSecurityHeaders(await (await api()).fetch(request, env, ctx), config);
  const startedAt = performance.now();
  const page = await remix();
  const log = requestLogOf(request);
  if (log) log.route = page.routeOf(pathname);
  // A write from another site is refused, and a write's body is read within its limit, before
  // any action runs.
  let admitted: Request;
  try {
    admitted = await admitPageRequest(request);
  } catch (error) {
    const refused = describeError(error);
    if (!refused) throw error;
    return withSecurityHeaders(Response.json({ error: refused.message }, { status: refused.status }), config);
  }
  const loadContext = createLoadContext(request, env, ctx);
  const response = await page.handle(admitted, loadContext);
  // Data requests and error pages render no shell: whatever waited for one may start now.
  loadContext.markShellSent();
  // The page's script policy names the nonce its inline scripts were rendered with.
  return withSecurityHeaders(await finishRemixResponse(loadContext, response, startedAt), config, { nonce: loadContext.cspNonce, url });
}

export default {
  async fetch(request, env, ctx) {
    // One log line per request, written when the response is ready (a streamed page's first byte).
    const startedAt = performance.now();
    const log = startRequestLog(request);
    let status = 500;
    try {
      const response = await answer(request, env, ctx);
      status = response.status;
      ctx.waitUntil(dropUnreadBody(request));
      return response;
    } finally {
      writeRequestLog(request, log, status, startedAt);
    }
  },
  async queue(batch, env) {
    // Thrown, so the messages are retried once the keyring is set.
    const { misconfigured } = getConfig(env);
    if (misconfigured) throw new Error(misconfigured);
    await (await jobs()).consumeJobs(batch, env);
  },
  // The watchdog, every minute: resumes idle imports and exports, fails the stalled ones.
  async scheduled(_controller, env, ctx) {
    const { misconfigured } = getConfig(env);
    if (misconfigured) throw new Error(misconfigured);
    ctx.waitUntil(jobs().then(({ superviseJobs }) => superviseJobs(env, new Date(_controller.scheduledTime))));
  },
} satisfies ExportedHandler<Env, JobMessage>;
