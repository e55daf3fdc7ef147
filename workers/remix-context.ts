// The load context every Remix loader and action receives: the same domain context the REST API
// uses, so routes call domain functions directly (never the API over HTTP).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { type Authenticated, authenticate, isSameOriginWrite } from "./auth/sessions";
import { BOOKMARK_COOKIE, bookmarkFrom, openDb } from "./db";
import type { DomainContext } from "./domain/context";
import { AccessPrefetch, accessScopeOf } from "./domain/access";
import { PostCommit } from "./domain/post-commit";
import { getConfig } from "./env";

export interface RemixContext {
  env: Env;
  executionCtx: ExecutionContext;
  domain: DomainContext;
  /** The signed-in user, looked up once per request on first use. */
  auth(): Promise<Authenticated | null>;
  /** Whether a cookie-authenticated write came from our own origin. */
  sameOrigin: boolean;
  bookmark(): string | null;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends RemixContext {}
}

export function createLoadContext(request: Request, env: Env, executionCtx: ExecutionContext): AppLoadContext {
  const requestDb = openDb(env.DB, bookmarkFrom(request));
  // A page's loaders run side by side and each checks access: reading is what GET does, so every
  // check of the page's scope may use the row read with the session.
  const access = new AccessPrefetch(accessScopeOf(new URL(request.url).pathname, true), request.method === "GET");
  const domain: DomainContext = { db: requestDb.db, env, config: getConfig(env), effects: new PostCommit(), access };
  let auth: Promise<Authenticated | null> | null = null;
  return {
    env,
    executionCtx,
    domain,
    auth: () => (auth ??= authenticate(requestDb.db, request, access)),
    sameOrigin: isSameOriginWrite(request),
    bookmark: requestDb.bookmark,
  };
}

/** After a page or action: publish what committed, and hand the D1 bookmark back as a cookie. */
export async function finishRemixResponse(context: AppLoadContext, response: Response): Promise<Response> {
  if (context.domain.effects.pending > 0) {
    if (response.status < 400) await context.domain.effects.flush(context.env);
    else context.domain.effects.discard();
  }
  const bookmark = context.bookmark();
  if (!bookmark) return response;
  const withCookie = new Response(response.body, response);
  withCookie.headers.append(
    "Set-Cookie",
    `${BOOKMARK_COOKIE}=${encodeURIComponent(bookmark)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300`,
  );
  return withCookie;
}
