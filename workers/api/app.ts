// The REST API: one Hono app mounted at /api by workers/index.ts. Routers are one file per
// resource; every handler parses input, calls one domain function and shapes the response.
import { aiAssistantRoutes } from "./ai-assistant";
import { apiDocsRoutes } from "./api-docs";
import { timeZoneOf } from "../lib/time-zone";
import { Hono } from "hono";
import { CROSS_ORIGIN_REFUSED, apiKeyHashOf, authenticate, isSameOriginWrite } from "../auth/sessions";
import { assertMethodAllowed, takeApiRequest, tooManyApiRequests } from "../domain/api-limits";
import { setRateLimitHeaders } from "./rate-limit-headers";
import { BOOKMARK_HEADER, bookmarkFrom, openDb } from "../db";
import { AccessPrefetch, accessScopeOf } from "../domain/access";
import { Forbidden } from "../domain/errors";
import { DEBUG_ROWS_HEADER, ROWS_READ_HEADER, STATEMENTS_HEADER, type StatementStats } from "../lib/d1-read-counter";
import { PostCommit } from "../domain/post-commit";
import { realPorts } from "../adapters";
import { getConfig } from "../env";
import { BODY_LIMITS, EARLY_REFUSAL_BYTES, refuseDeclaredOver } from "../lib/body-limit";
import { requestLogOf } from "../lib/request-log";
import { serverTiming, timed } from "../lib/server-timing";
import { routePath } from "hono/route";
import { authRoutes } from "./auth";
import { boardRoutes, hubRoutes } from "./board";
import { errorResponse } from "./errors";
import type { ApiEnv } from "./hono-env";
import { estimatesRoutes } from "./estimates";
import { issuePropertiesRoutes } from "./issue-properties";
import { issueAttachmentsRoutes } from "./issue-attachments";
import { issueCommentsRoutes } from "./issue-comments";
import { issueLinksRoutes } from "./issue-links";
import { issuesRoutes } from "./issues";
import { cyclesRoutes } from "./cycles";
import { modulesRoutes } from "./modules";
import { searchRoutes } from "./search";
import { myWorkRoutes } from "./my-work";
import { labelsRoutes } from "./labels";
import { projectRoutes } from "./projects";
import { statesRoutes } from "./states";
import { userRoutes } from "./users";
import { workspaceRoutes } from "./workspaces";
import { viewsRoutes } from "./views";
import { pagesRoutes } from "./pages";
import { displayPreferencesRoutes } from "./display-preferences";
import { fileAssetsRoutes } from "./file-assets";
import { importerRoutes } from "./importers";
import { githubImporterRoutes } from "./github-importer";
import { jiraImporterRoutes } from "./jira-importer";
import { projectExportRoutes } from "./project-exports";
import { appIntegrationRoutes, githubRepositorySyncRoutes, workspaceIntegrationRoutes } from "./integrations";
import { slackRedirectRoutes, slackRoutes } from "./slack";
import { githubWebhookRoutes } from "./github-webhooks";
import { webhookRoutes } from "./webhooks";
import { workspaceMailRoutes } from "./workspace-mail";
import { inboxRoutes, issueSubscriptionRoutes } from "./notifications";
import { unsplashRoutes } from "./unsplash";
import { credentialsOf, isMcpPath, mcpDoor, mcpRoutes } from "./mcp";

export function createApi() {
  // strict: false accepts every path with or without its trailing slash.
  const api = new Hono<ApiEnv>({ strict: false }).basePath("/api");

  api.onError(errorResponse);
  api.notFound((c) => c.json({ error: "Not found." }, 404));

  api.use("/mcp", mcpDoor);
  // A body announced far larger than any route takes is refused before the request costs anything;
  // each route's own (smaller) limit applies as its body is read.
  api.use(async (c, next) => {
    refuseDeclaredOver(c.req.raw, EARLY_REFUSAL_BYTES);
    await next();
  });
  // Signing in or up takes a few fields: a bigger body is refused at once, not after a megabyte.
  api.use("/auth/*", async (c, next) => {
    refuseDeclaredOver(c.req.raw, BODY_LIMITS.account);
    c.set("bodyLimit", BODY_LIMITS.account);
    await next();
  });

  api.use(async (c, next) => {
    const startedAt = performance.now();
    const config = getConfig(c.env);
    const readStats = config.APP_ENV !== "production" && c.req.header(DEBUG_ROWS_HEADER) ? ([] as StatementStats[]) : undefined;
    const log = requestLogOf(c.req.raw);
    const requestDb = openDb(c.env.DB, bookmarkFrom(c.req.raw), readStats, log?.d1);
    const effects = new PostCommit();
    const prefetchedAccess = new AccessPrefetch(accessScopeOf(c.req.path, false), c.req.method === "GET");
    const ports = realPorts(c.env, config);
    c.set("domain", { db: requestDb.db, env: c.env, config, effects, ports, prefetchedAccess, timeZone: timeZoneOf(c.req.raw) });
    // A token's bucket is known from its key alone: the limiter counts the request while D1 looks
    // the token up. A session's user is known only after its lookup.
    const credentials = credentialsOf(c.req.raw, c.req.path);
    const waitUntil = (work: Promise<unknown>) => c.executionCtx.waitUntil(work);
    const apiKeyHash = await apiKeyHashOf(credentials);
    const tokenAllowance = apiKeyHash ? takeApiRequest(c.var.domain, { kind: "token", key: apiKeyHash }, waitUntil) : null;
    const auth = await authenticate(requestDb.db, config, credentials, prefetchedAccess, apiKeyHash);
    if (auth?.via === "cookie" && !isSameOriginWrite(c.req.raw)) {
      throw new Forbidden(CROSS_ORIGIN_REFUSED);
    }
    // A read token sends GET and HEAD only; the MCP endpoint takes every call, reads too, over
    // POST, and refuses a read token each tool that writes.
    if (!(c.req.method === "POST" && isMcpPath(c.req.path))) assertMethodAllowed(auth, c.req.method);
    // Awaited before the handler runs: a refused request writes nothing.
    const allowance = await (tokenAllowance ?? (auth ? takeApiRequest(c.var.domain, { kind: "user", key: auth.user.id }, waitUntil) : null));
    if (allowance && !allowance.allowed) {
      const refused = errorResponse(tooManyApiRequests(allowance), c);
      setRateLimitHeaders(refused.headers, allowance);
      return refused;
    }
    c.set("auth", auth);
    await next();
    if (allowance && c.res.status !== 101) setRateLimitHeaders(c.res.headers, allowance);
    // The pattern of the handler that answered; a path no route took keeps its own (ids replaced).
    const route = routePath(c);
    if (log && !route.endsWith("*")) log.route = route;
    // Awaited rather than left to waitUntil: when the response arrives, every open board has
    // already been told, and a failed publish is known before the caller moves on.
    let boardMs: number | undefined;
    if (c.res.status < 400 && effects.pending > 0) {
      boardMs = await timed(() => effects.flush(ports.jobs));
    } else {
      effects.discard();
    }
    const bookmark = requestDb.bookmark();
    if (bookmark && c.res.status !== 101) c.res.headers.set(BOOKMARK_HEADER, bookmark);
    if (c.res.status !== 101) c.res.headers.set("Server-Timing", serverTiming(startedAt, boardMs));
    // A stale session's last-seen time is written after the answer, never in its way.
    if (auth?.touch) c.executionCtx.waitUntil(auth.touch());
    if (readStats) {
      c.res.headers.set(ROWS_READ_HEADER, String(readStats.reduce((sum, s) => sum + s.rows_read, 0)));
      c.res.headers.set(STATEMENTS_HEADER, JSON.stringify(readStats));
    }
  });

  api.route("/auth", authRoutes);
  api.route("/users", userRoutes);
  api.route("/workspaces", workspaceRoutes);
  api.route("/workspaces", projectRoutes);
  api.route("/workspaces", boardRoutes);
  api.route("/workspaces", hubRoutes);
  api.route("/workspaces", statesRoutes);
  api.route("/workspaces", labelsRoutes);
  api.route("/workspaces", estimatesRoutes);
  api.route("/workspaces", issuePropertiesRoutes);
  api.route("/workspaces", issuesRoutes);
  api.route("/workspaces", cyclesRoutes);
  api.route("/workspaces", modulesRoutes);
  api.route("/workspaces", issueLinksRoutes);
  api.route("/workspaces", issueAttachmentsRoutes);
  api.route("/workspaces", issueCommentsRoutes);
  api.route("/workspaces", issueSubscriptionRoutes);
  api.route("/workspaces", inboxRoutes);
  api.route("/workspaces", searchRoutes);
  api.route("/workspaces", myWorkRoutes);
  api.route("/workspaces", viewsRoutes);
  api.route("/workspaces", pagesRoutes);
  api.route("/workspaces", aiAssistantRoutes);
  api.route("/workspaces", displayPreferencesRoutes);
  // Before importerRoutes: its DELETE importers/{service}/{id} would take the GitHub credential's path.
  api.route("/workspaces", githubImporterRoutes);
  api.route("/workspaces", importerRoutes);
  api.route("/workspaces", jiraImporterRoutes);
  api.route("/workspaces", projectExportRoutes);
  api.route("/integrations", appIntegrationRoutes);
  api.route("/workspaces", workspaceIntegrationRoutes);
  api.route("/workspaces", githubRepositorySyncRoutes);
  api.route("/workspaces", slackRoutes);
  api.route("/", slackRedirectRoutes);
  api.route("/workspaces", webhookRoutes);
  api.route("/workspaces", workspaceMailRoutes);
  api.route("/", fileAssetsRoutes);
  api.route("/", githubWebhookRoutes);
  api.route("/", unsplashRoutes);
  api.route("/", mcpRoutes);
  api.route("/", apiDocsRoutes);
  return api;
}
