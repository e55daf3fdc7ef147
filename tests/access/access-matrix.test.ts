// The access matrix: every route the REST API serves, read from the Hono router's own table, is
// called with a valid request by everyone who could call it: nobody, a signed-in stranger, the
// owner of another workspace naming this one's ids, a workspace member outside the project, a
// guest, a viewer, a member and the owner. Each answer must be the status the route's declared
// level gives that caller; a refused answer must not carry any of the workspace's data; a refused
// write must leave every table exactly as it was.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../workers/api/app";
import { ORIGIN } from "../helpers/api";
import { callWorker } from "../helpers/fixtures";
import { API_ROUTES, type RouteAccess, expectedStatus } from "./api-routes";
import { PAGE_ROUTES } from "./page-routes";
import * as build from "virtual:remix-server-build";
import { MARKER, ROLES, type Role, WORKSPACE_MARKER, type World, buildWorld, freshSession } from "./world";

/** Routes that end the world's shared things when allowed (the other owner's own): run last, in this order. */
const LAST = ["DELETE /api/workspaces/:slug/projects/:projectId", "DELETE /api/workspaces/:slug"];

/** The routes the API serves, as `METHOD /path`, from the router itself. */
function servedApiRoutes(): string[] {
  const seen = new Set<string>();
  for (const route of createApi().routes) {
    // Middleware is registered for every method and path.
    if (route.method === "ALL") continue;
    seen.add(`${route.method} ${route.path}`);
  }
  return [...seen];
}

const JOB_TABLES = ["sessions", "webhook_deliveries", "slack_posts", "importers", "import_records", "project_exports"];

/**
 * How many imports, exports and mails started by earlier calls are still under way: the digest
 * waits for none, so that what their jobs write is not taken for a refused call's. (The world's
 * webhooks are switched off: no deliveries.)
 */
const JOBS_UNDER_WAY = `(SELECT count(*) FROM importers WHERE status IN ('queued', 'processing'))
        + (SELECT count(*) FROM project_exports WHERE status = 'processing')
        + (SELECT count(*) FROM mail_messages WHERE status = 'queued')`;

/** D1 takes at most 32 arguments to a function: the digest's lists hold fewer. */
const LIST_LIMIT = 30;

/** A JSON array of `items` (SQL expressions), as lists of lists when there are too many for one. */
function jsonList(items: string[]): string {
  if (items.length <= LIST_LIMIT) return `json_array(${items.join(", ")})`;
  const size = Math.ceil(items.length / LIST_LIMIT);
  return jsonList(Array.from({ length: Math.ceil(items.length / size) }, (_, i) => jsonList(items.slice(i * size, (i + 1) * size))));
}

/**
 * Every table's row count and content size, from D1, once no job is under way: a refused write
 * moves none of them. One statement reads them all, and the jobs' count beside them.
 */
let digestQuery: D1PreparedStatement | undefined;
async function digest(): Promise<string> {
  if (!digestQuery) {
    const tables = await env.DB.prepare(
      // Left out: sessions, which every sign-in changes; the tables the queue's
      // jobs write on their own schedule after earlier allowed writes (webhook deliveries, Slack
      // posts, imports, exports); and the shadow tables of D1 and of the search index.
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'
       AND name NOT LIKE 'search_documents_%' AND name NOT IN (${JOB_TABLES.map((name) => `'${name}'`).join(", ")})`,
    ).all<{ name: string }>();
    const columns = await env.DB.batch(tables.results.map((table) => env.DB.prepare(`SELECT name FROM pragma_table_info('${table.name}')`)));
    const perTable = tables.results.map((table, i) => {
      const names = (columns[i].results as { name: string }[]).map((column) => `coalesce(length("${column.name}"), 0)`);
      return `(SELECT '${table.name} ' || count(*) || ' ' || total(${names.join(" + ") || "0"}) FROM "${table.name}")`;
    });
    digestQuery = env.DB.prepare(`SELECT ${JOBS_UNDER_WAY} AS jobs, ${jsonList(perTable)} AS tables`);
  }
  const query = digestQuery;
  return vi.waitFor(
    async () => {
      const row = await query.first<{ jobs: number; tables: string }>();
      // A plain error: waitFor tries again until no job is under way.
      if (row?.jobs !== 0) throw new Error(`${row?.jobs} imports, exports or mails still under way`);
      return row.tables;
    },
    { timeout: 5_000, interval: 25 },
  );
}

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);

describe("the access matrix of pages", () => {
  const served = servedPages();

  it("has an entry for every route module, with an action where the module has one", () => {
    expect([...served.keys()].filter((id) => !(id in PAGE_ROUTES)), "served without an access entry").toEqual([]);
    expect(Object.keys(PAGE_ROUTES).filter((id) => !served.has(id)), "entries no route has").toEqual([]);
    const actionsWithoutEntry = [...served].filter(([id, route]) => route.action && !PAGE_ROUTES[id]?.action).map(([id]) => id);
    expect(actionsWithoutEntry, "actions without an access entry").toEqual([]);
  });

  for (const [id, route] of served) {
    it(`${id}: each caller gets what the page's level says`, async () => {
      const access = PAGE_ROUTES[id];
      expect(access, `no access entry for ${id}`).toBeDefined();
      const problems: string[] = [];
      for (const role of ROLES) {
        const ids = role === "foreigner" ? { ...world.ids, slug: world.foreign.slug, projectId: world.foreign.projectId } : world.ids;
        const url = access.url(ids);
        const namesForeignIds = /\/(issues|cycles|modules|pages|views)\/[0-9a-f-]{36}/.test(url);
        const session = async () => (role === "anonymous" ? undefined : access.endsSession ? await freshSession(world.users[role]) : world.users[role].cookie);
        const page = await callWorker("GET", url, { cookie: await session() });
        const expected = pageStatus({ level: access.level, ok: access.ok, except: access.except }, role, namesForeignIds);
        if (page.status !== expected) problems.push(`${role} GET: ${page.status}, expected ${expected}`);
        const pageLeak = access.showsEveryMail ? undefined : leakIn(String(page.body), role, page.status);
        if (pageLeak) problems.push(`${role} GET: ${pageLeak}`);

        if (!access.action) continue;
        const target = route.index ? `${url}${url.includes("?") ? "&" : "?"}index` : url;
        const before = await digest();
        const posted = await callWorker("POST", target, {
          cookie: await session(),
          rawBody: new URLSearchParams({ intent: "no-such-intent" }).toString(),
          headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "application/x-www-form-urlencoded" },
        });
        const expectedPost = pageStatus(access.action, role, namesForeignIds);
        if (posted.status !== expectedPost) problems.push(`${role} POST: ${posted.status}, expected ${expectedPost}`);
        const postLeak = leakIn(String(posted.body), role, posted.status);
        if (postLeak) problems.push(`${role} POST: ${postLeak}`);
        if ((await digest()) !== before) problems.push(`${role} POST: rows changed`);
      }
      expect(problems, `${id} (${access.level})`).toEqual([]);
    });
  }
});

describe("the access matrix", () => {
  const served = servedApiRoutes();

  it("has an entry for every route the API serves, and none for a route it does not", () => {
    expect(served.filter((route) => !(route in API_ROUTES)), "served without an access entry").toEqual([]);
    expect(Object.keys(API_ROUTES).filter((route) => !served.includes(route)), "entries no route serves").toEqual([]);
  });

  it("sanity: the owner sees the marked data, so a leak would be found", async () => {
    const answer = await callWorker("GET", `${world.base}/issues/${world.ids.issueId}/`, { cookie: world.users.owner.cookie });
    expect(JSON.stringify(answer.body)).toContain(MARKER);
  });

  it("sanity: the digest sees a row change size, so a refused write that wrote would be found", async () => {
    const before = await digest();
    await env.DB.prepare("UPDATE workspaces SET name = name || '!' WHERE slug = ?").bind(world.ids.slug).run();
    const changed = await digest();
    await env.DB.prepare("UPDATE workspaces SET name = substr(name, 1, length(name) - 1) WHERE slug = ?").bind(world.ids.slug).run();
    expect(changed).not.toBe(before);
    expect(await digest()).toBe(before);
  });

  const ordered = [...served.filter((route) => !LAST.includes(route)), ...LAST];
  for (const route of ordered) {
    it(`${route}: each caller gets what the route's level says`, async () => {
      const access = API_ROUTES[route];
      expect(access, `no access entry for ${route}`).toBeDefined();
      const [method, pattern] = route.split(" ");
      const problems: string[] = [];
      // The digest after the last caller's refused write: with no set-up between two callers,
      // nothing has run since, so it is the next caller's digest before.
      let unchanged: string | undefined;
      for (const role of ROLES) {
        const target = access.fresh ? await access.fresh(world, role) : {};
        const ids = { ...world.ids };
        for (const [param, from] of Object.entries(access.alias ?? {})) ids[param] = world.ids[from];
        Object.assign(ids, target.ids);
        const params = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);
        const pathIds = { ...ids };
        if (role === "foreigner") {
          pathIds.slug = world.foreign.slug;
          pathIds.projectId = world.foreign.projectId;
        }
        const path = pattern.replace(/:(\w+)/g, (_m, name: string) => pathIds[name] ?? `missing-${name}`) + (access.query ?? "");
        const namesForeignIds = params.some((param) => param !== "slug" && param !== "projectId");
        const expected = expectedStatus(access, role, namesForeignIds);

        const write = method !== "GET";
        const before = write ? (unchanged ?? (await digest())) : "";
        unchanged = undefined;
        const cookie = role === "anonymous" ? undefined : (target.cookie ?? world.users[role].cookie);
        const answer = await callWorker(method, path, {
          cookie,
          headers: { origin: ORIGIN, ...access.headers },
          ...(access.form ? { form: access.form() } : access.body ? { body: access.body(ids, world) } : {}),
        });
        const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
        if (answer.status !== expected) problems.push(`${role}: ${answer.status}, expected ${expected} (${text.slice(0, 160)})`);
        const leak = leakIn(text, role, answer.status);
        if (leak) problems.push(`${role}: ${leak}`);
        const refused = answer.status >= 400;
        if (write && refused) {
          const after = await digest();
          if (after !== before) problems.push(`${role}: refused with ${answer.status}, but rows changed`);
          if (!access.fresh) unchanged = after;
        }
      }
      expect(problems, `${route} (${access.level})`).toEqual([]);
    });
  }
});

/** The route modules the Remix app serves, by id, and whether each is an index route. */
function servedPages(): Map<string, { index: boolean; action: boolean }> {
  const routes = (build as unknown as { routes: Record<string, { index?: boolean; module: { action?: unknown } }> }).routes;
  return new Map(Object.entries(routes).map(([id, route]) => [id, { index: Boolean(route.index), action: Boolean(route.module.action) }]));
}

const REFUSALS = [401, 403, 404];

/** Callers with no standing in the workspace, who may see none of its names. */
const OUTSIDE: Role[] = ["anonymous", "stranger", "foreigner"];

/**
 * What an answer shows that its caller may not see: anything inside the project in a refusal, and
 * anything of the workspace at all for those outside it.
 */
function leakIn(text: string, role: Role, status: number): string | undefined {
  if (REFUSALS.includes(status) && text.includes(MARKER)) return "the refusal carries the project's data";
  if (OUTSIDE.includes(role) && (text.includes(MARKER) || text.includes(WORKSPACE_MARKER))) return "the answer carries the workspace's data";
  return undefined;
}

/** As for the API, except that a page sends nobody to sign in (302) rather than answering 401. */
function pageStatus(access: Pick<RouteAccess, "level" | "ok" | "except">, role: Role, namesForeignIds: boolean) {
  const status = expectedStatus({ ...access }, role, namesForeignIds);
  return status === 401 ? 302 : status;
}
