// One structured log line per request: which route answered, how, how long the Worker took and how
// many D1 rows the request read and wrote. The line names the route by its pattern (a path no
// route matched, by the path with ids replaced), and holds nothing else the caller sent: no query
// string, header, cookie or body, so no token or password can reach the logs through it.
//
// D1 rows are counted from the meta D1 already returns with every answer, so counting costs no
// extra query. The public API drops that meta for `raw()` and `first()`, which is how drizzle
// reads every select; the request's session is therefore observed one level lower, where every
// statement's answer (meta included) passes. Where a runtime does not offer that level, the line
// says `d1_counted: false` and carries no row figures rather than wrong ones.

/** The D1 work of one request, summed over every statement it ran. */
export interface D1Rows {
  read: number;
  written: number;
  queries: number;
  /** Calls to D1: a batch of statements is one. */
  roundTrips: number;
  /** Whether the session could be observed (see the file's opening comment). */
  counted: boolean;
}

/** What a request's log line collects while the request runs. */
export interface RequestLogEntry {
  /** The route pattern that answered, when the router can tell it (Hono's for the API, Remix's for pages). */
  route?: string;
  d1: D1Rows;
}

const entries = new WeakMap<Request, RequestLogEntry>();

/** Starts collecting the log line of `request`; code deeper in the request finds it with `requestLogOf`. */
export function startRequestLog(request: Request): RequestLogEntry {
  const entry: RequestLogEntry = { d1: { read: 0, written: 0, queries: 0, roundTrips: 0, counted: false } };
  entries.set(request, entry);
  return entry;
}

/** The log entry `request` collects into, if the Worker's entry started one. */
export function requestLogOf(request: Request): RequestLogEntry | undefined {
  return entries.get(request);
}

interface D1Meta {
  rows_read?: number;
  rows_written?: number;
}

type Observed = D1DatabaseSession & {
  _sendOrThrow?: (...args: unknown[]) => Promise<{ meta?: D1Meta } | { meta?: D1Meta }[]>;
};

/**
 * Adds the rows every statement of `session` reads and writes to `rows`. The session's send
 * method carries each answer with its meta on the way to `raw()`, `all()`, `run()`, `first()`
 * and `batch()`; it is wrapped on this one session object, never on a shared prototype.
 */
export function countD1Rows(session: D1DatabaseSession, rows: D1Rows): void {
  const observed = session as Observed;
  const send = observed._sendOrThrow;
  if (typeof send !== "function") return;
  const counting = async function (this: unknown, ...args: unknown[]) {
    const answer = await send.apply(this, args);
    rows.roundTrips++;
    for (const result of Array.isArray(answer) ? answer : [answer]) {
      rows.read += result?.meta?.rows_read ?? 0;
      rows.written += result?.meta?.rows_written ?? 0;
      rows.queries++;
    }
    return answer;
  };
  try {
    observed._sendOrThrow = counting;
  } catch {
    // A session that cannot be observed is left as it is: the request must not fail for its log.
  }
  rows.counted = observed._sendOrThrow === counting;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^\d+$/;
/** A long run of letters and digits: a token, a hash or an opaque id in a path. */
const OPAQUE = /^[A-Za-z0-9_-]{24,}$/;

/**
 * `pathname` with what names one record put as placeholders: ids (`:id`), numbers (`:n`) and
 * opaque strings (`:key`), so that one page's requests share one route and no token in a path
 * reaches the logs. Used for the pages, whose router does not tell the pattern.
 */
export function routeOfPath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (UUID.test(segment) ? ":id" : NUMBER.test(segment) ? ":n" : OPAQUE.test(segment) ? ":key" : segment))
    .join("/");
}

/** A route of the Remix build's manifest, as far as matching needs it. */
export interface PageRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

interface PageRouteNode extends PageRoute {
  children: PageRouteNode[];
}

/** The router's own matcher (`matchRoutes` of React Router, which Remix matches pages with). */
export type MatchRoutes = (routes: PageRouteNode[], pathname: string) => { route: PageRouteNode }[] | null;

/** Single fetch asks for a page's data at its path plus `.data` (the root's at `/_root.data`). */
const DATA_SUFFIX = ".data";

/**
 * A function answering the route pattern of a page path (`/:workspaceSlug/projects/:projectId/issues`),
 * matched as Remix matches it; a data request's pattern ends in `.data`. Undefined when no route
 * matches, and the caller falls back to `routeOfPath`.
 */
export function pageRouteMatcher(manifest: Record<string, PageRoute>, matchRoutes: MatchRoutes): (pathname: string) => string | undefined {
  const nodes = new Map<string, PageRouteNode>();
  for (const route of Object.values(manifest)) nodes.set(route.id, { ...route, children: [] });
  const roots: PageRouteNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // Matching walks and ranks every route (about 3 ms of CPU for a page), so each path's shape is
  // matched once: ids, numbers and tokens answer to dynamic segments only, never to a static one,
  // so every path of one shape matches the same route. Bounded, since workspace slugs vary.
  const patterns = new Map<string, string | undefined>();
  return (pathname) => {
    const data = pathname.endsWith(DATA_SUFFIX);
    const path = routeOfPath(!data ? pathname : pathname === `/_root${DATA_SUFFIX}` ? "/" : pathname.slice(0, -DATA_SUFFIX.length));
    if (!patterns.has(path)) {
      if (patterns.size >= MATCHED_SHAPES_KEPT) patterns.clear();
      patterns.set(path, patternOf(matchRoutes(roots, path)));
    }
    const pattern = patterns.get(path);
    return pattern === undefined ? undefined : data ? `${pattern}${DATA_SUFFIX}` : pattern;
  };
}

/** How many path shapes the page matcher remembers before it starts again. */
const MATCHED_SHAPES_KEPT = 1000;

function patternOf(matches: { route: PageRouteNode }[] | null): string | undefined {
  if (!matches || matches.length === 0) return undefined;
  return `/${matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/")}`.replace(/\/+/g, "/");
}

export interface RequestLogLine {
  msg: "request";
  method: string;
  route: string;
  status: number;
  worker_ms: number;
  d1_rows_read: number | null;
  d1_rows_written: number | null;
  d1_queries: number | null;
  d1_round_trips: number | null;
  d1_counted: boolean;
}

/** The line for a finished request: only the method, the route, the status and counts. */
export function requestLogLine(request: Request, entry: RequestLogEntry, status: number, startedAt: number): RequestLogLine {
  const { d1 } = entry;
  return {
    msg: "request",
    method: request.method,
    route: entry.route ?? routeOfPath(new URL(request.url).pathname),
    status,
    worker_ms: Math.round((performance.now() - startedAt) * 10) / 10,
    ...d1Fields(d1),
    d1_counted: d1.counted,
  };
}

/** The D1 figures of a request's or a job's line; null each when its sessions could not be counted. */
function d1Fields(rows: D1Rows) {
  return {
    d1_rows_read: rows.counted ? rows.read : null,
    d1_rows_written: rows.counted ? rows.written : null,
    d1_queries: rows.counted ? rows.queries : null,
    d1_round_trips: rows.counted ? rows.roundTrips : null,
  };
}

/** Writes the request's line to the Worker's log (Workers Logs and `wrangler tail` keep it as JSON). */
export function writeRequestLog(request: Request, entry: RequestLogEntry, status: number, startedAt: number): void {
  console.log(JSON.stringify(requestLogLine(request, entry, status, startedAt)));
}

/**
 * `database` with every session it opens counted into `rows`: how a queue job, which opens its
 * own sessions (`openDb(env.DB, …)`), gets the same figures as a request. Statements sent on the
 * binding itself, outside a session, are not counted.
 */
export function countingDatabase(database: D1Database, rows: D1Rows): D1Database {
  return new Proxy(database, {
    get(target, property) {
      if (property === "withSession") {
        return (constraint?: string) => {
          const session = target.withSession(constraint as D1SessionConstraint);
          countD1Rows(session, rows);
          return session;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export interface JobLogLine {
  msg: "job";
  type: string;
  ok: boolean;
  worker_ms: number;
  d1_rows_read: number | null;
  d1_rows_written: number | null;
  d1_queries: number | null;
  d1_round_trips: number | null;
}

/** The line for one queue message the consumer ran: its job type, whether it settled, its counts. */
export function jobLogLine(type: string, ok: boolean, rows: D1Rows, startedAt: number): JobLogLine {
  return {
    msg: "job",
    type,
    ok,
    worker_ms: Math.round((performance.now() - startedAt) * 10) / 10,
    ...d1Fields(rows),
  };
}
