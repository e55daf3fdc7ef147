// /api/mcp: the MCP server for agents (workers/mcp, ADR 056). It takes an API token only, sent as
// X-Api-Key or as `Authorization: Bearer` (what MCP clients send; app.ts reads it as the key): a
// session cookie alone is refused, so a page another site opens cannot drive it. Stateless: each
// POST is answered alone, and the server that answers it is loaded at the first call.
import { Hono, type MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { API_KEY_HEADER, type Authenticated } from "../auth/sessions";
import { Unauthenticated } from "../domain/errors";
import { type ApiContext, type ApiEnv, actorOf, body } from "./hono-env";

export const MCP_PATH = "/api/mcp";

/** What a caller without an API token is told. */
export const MCP_TOKEN_REQUIRED = "The MCP server takes an API token (X-Api-Key or Authorization: Bearer); create one in your profile.";

/** Whether `path` is the MCP endpoint, whose one method (POST) carries reads and writes alike. */
export const isMcpPath = (path: string) => path.replace(/\/$/, "") === MCP_PATH;

/** The `Authorization: Bearer` token of a request, or null. */
export function bearerTokenOf(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1] : null;
}

/**
 * The request whose headers say who calls: on /api/mcp a Bearer token stands for the X-Api-Key
 * (looked up the same way); anywhere else, and when X-Api-Key is sent, the request itself.
 */
export function credentialsOf(request: Request, path: string): Request {
  if (!isMcpPath(path) || request.headers.has(API_KEY_HEADER)) return request;
  const token = bearerTokenOf(request);
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set(API_KEY_HEADER, token);
  return new Request(request.url, { method: "HEAD", headers });
}

function tokenCaller(c: ApiContext): Authenticated {
  const auth = c.get("auth");
  if (auth?.via !== "api-key") throw new Unauthenticated(MCP_TOKEN_REQUIRED);
  return auth;
}

export const mcpRoutes = new Hono<ApiEnv>({ strict: false });

mcpRoutes.post("/mcp", async (c) => {
  const auth = tokenCaller(c);
  const message = await body(c);
  const { answerMcp } = await import("../mcp/server");
  return answerMcp(c.req.raw, message, actorOf(c), auth);
});

// No server-sent event stream and no session to end: stateless, every answer comes with its POST.
mcpRoutes.on(["GET", "DELETE"], "/mcp", (c) => {
  tokenCaller(c);
  return c.json({ error: "Send MCP messages with POST." }, 405, { Allow: "POST" });
});

const mcpCors = cors({
  origin: "*",
  allowMethods: ["POST", "GET", "DELETE", "OPTIONS"],
  allowHeaders: ["authorization", "x-api-key", "content-type", "accept", "mcp-protocol-version", "mcp-session-id", "last-event-id"],
  exposeHeaders: ["mcp-session-id", "mcp-protocol-version", "www-authenticate", "retry-after", "x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"],
  maxAge: 600,
});

/**
 * Runs first for /api/mcp. MCP clients that live in a web page (an inspector, a browser agent)
 * call from their own origin: any origin may, since the endpoint takes a token header and never a
 * cookie, so a page gains nothing the person did not hand it. A refusal for want of a token says
 * how to authenticate (`WWW-Authenticate: Bearer`), as MCP clients expect.
 */
export const mcpDoor: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const preflight = await mcpCors(c, next);
  if (preflight) return preflight;
  if (c.res.status === 401) c.res.headers.set("WWW-Authenticate", 'Bearer realm="mcp"');
};

