// The load context every Remix loader and action receives: the same domain context the REST API
// uses, so routes call domain functions directly (never the API over HTTP).
import { timeZoneOf } from "./lib/time-zone";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Authenticated, authenticate, isSameOriginWrite } from "./auth/sessions";
import { BOOKMARK_COOKIE, bookmarkFrom, openDb } from "./db";
import { realPorts } from "./adapters";
import type { DomainContext } from "./domain/context";
import { AccessPrefetch, accessScopeOf } from "./domain/access";
import { PostCommit } from "./domain/post-commit";
import { getConfig } from "./env";
import { requestLogOf } from "./lib/request-log";
import { newCspNonce } from "./lib/security-headers";
import { serverTiming, timed } from "./lib/server-timing";

export interface RemixContext {
  env: Env;
  executionCtx: ExecutionContext;
  domain: DomainContext;
  /** The signed-in user, looked up once per request on first use. */
  auth(): Promise<Authenticated | null>;
  /** Whether a cookie-authenticated write came from our own origin. */
  sameOrigin: boolean;
  bookmark(): string | null;
  /**
   * Resolves once the page's first bytes are on their way (the document's shell is rendered, or
   * the response is returned). Work the first paint does not need, such as reading and rendering
   * the rows of a large board, waits for it: D1 answers one query at a time and React renders a
   * settled boundary before it yields, so started earlier that work holds back the first byte.
   */
  shellSent: Promise<void>;
  markShellSent(): void;
  /**
   * This response's script nonce: the document's inline scripts carry it and the page policy sent
   * with the same response names it, so no other inline script runs.
   */
  cspNonce: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RemixContext {}
}

export function createLoadContext(request: Request, env: Env, executionCtx: ExecutionContext): AppLoadContext {
  const requestDb = openDb(env.DB, bookmarkFrom(request), undefined, requestLogOf(request)?.d1);
  // A page's loaders run side by side and each checks access: reading is what GET does, so every
  // check of the page's scope may use the row read with the session.
  const prefetchedAccess = new AccessPrefetch(accessScopeOf(new URL(request.url).pathname, true), request.method === "GET");
  const config = getConfig(env);
  const domain: DomainContext = {
    db: requestDb.db,
    env,
    config,
    effects: new PostCommit(),
    ports: realPorts(env, config),
    prefetchedAccess,
    timeZone: timeZoneOf(request),
  };
  let auth: Promise<Authenticated | null> | null = null;
  let markShellSent = () => {};
  const shellSent = new Promise<void>((resolve) => {
    // A macrotask later: the response in hand is handed to the runtime first, which sends it.
    markShellSent = () => setTimeout(resolve, 0);
  });
  return {
    env,
    executionCtx,
    domain,
    auth: () => (auth ??= authenticate(requestDb.db, domain.config, request, prefetchedAccess).then((found) => afterShell(found, executionCtx, shellSent))),
    sameOrigin: isSameOriginWrite(request),
    bookmark: requestDb.bookmark,
    shellSent,
    markShellSent,
    cspNonce: newCspNonce(),
  };
}

/** A stale session's last-seen time is written once the page is on its way, never in its way. */
function afterShell(found: Authenticated | null, executionCtx: ExecutionContext, shellSent: Promise<void>) {
  const touch = found?.touch;
  if (touch) executionCtx.waitUntil(shellSent.then(touch));
  return found;
}

/**
 * After a page or action: publish what committed, hand the D1 bookmark back as a cookie, and say
 * how long the Worker took (Server-Timing).
 */
export async function finishRemixResponse(context: AppLoadContext, response: Response, startedAt: number): Promise<Response> {
  let boardMs: number | undefined;
  if (context.domain.effects.pending > 0) {
    if (response.status < 400) boardMs = await timed(() => context.domain.effects.flush(context.domain.ports.jobs));
    else context.domain.effects.discard();
  }
  // A copy: a response from a fetch or a redirect helper may have immutable headers.
  const finished = new Response(response.body, response);
  finished.headers.set("Server-Timing", serverTiming(startedAt, boardMs));
  const bookmark = context.bookmark();
  if (bookmark) {
    finished.headers.append(
      "Set-Cookie",
      `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300`,
    );
  }
  return finished;
}
