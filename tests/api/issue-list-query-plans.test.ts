// Every filter and order of the issue list, and the group counts, answered by an index: the test
// runs the real list code (listIssuesWithAccess, issueStatsQuery, issueGroupBreakdown) on a D1
// session that records each statement it sends, then asks D1 for the EXPLAIN QUERY PLAN of each
// recorded statement with the same bound values. A plan that SCANs issues (every issue of every
// project, with or without an index) fails. Plans are checked twice: on the fresh database (no
// statistics: what a new deployment runs) and after ANALYZE of a project of 3,000 issues (what the
// planner does once it knows the sizes).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActorContext } from "../../workers/domain/context";
import { projectAccess } from "../../workers/domain/access";
import { issueGroupBreakdown } from "../../workers/domain/issue-groups/breakdown";
import { issueStatsQuery } from "../../workers/domain/issue-groups/stats";
import { issueWindowsOf } from "../../workers/domain/issue-views-page";
import { type IssueListQuery, listIssuesWithAccess, parseIssueListQuery } from "../../workers/domain/issues";
import { nextCursorOf } from "../../workers/domain/issues/list-query";
import { VIEW_GROUP_BY, VIEW_ORDER_BY } from "../../workers/domain/schemas/view-props";
import { openDb } from "../../workers/db";
import { getConfig } from "../../workers/env";
import type { PostCommit } from "../../workers/domain/post-commit";
import type { Client } from "../helpers/api";
import { insertCycle, insertModule, newIssue, newLabel, patchIssue, workspaceIdOf } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

interface Recorded {
  sql: string;
  params: unknown[];
}

/** A D1 session that records every statement run on it (alone or in a batch) with its values. */
function recordingDb() {
  const session = env.DB.withSession("first-unconstrained");
  const seen: Recorded[] = [];
  const inner = new WeakMap<object, { statement: D1PreparedStatement } & Recorded>();
  const wrap = (statement: D1PreparedStatement, sql: string, params: unknown[]): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === "bind") return (...args: unknown[]) => wrap(target.bind(...args), sql, args);
        const value = Reflect.get(target, key);
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            seen.push({ sql, params });
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    inner.set(proxy, { statement, sql, params });
    return proxy;
  };
  const recorded = {
    prepare: (sql: string) => wrap(session.prepare(sql), sql, []),
    batch: (statements: D1PreparedStatement[]) => {
      const plain = statements.map((s) => {
        const known = inner.get(s);
        if (!known) throw new Error("a batch statement was not prepared on the recording session");
        seen.push({ sql: known.sql, params: known.params });
        return known.statement;
      });
      return session.batch(plain);
    },
    getBookmark: () => session.getBookmark(),
  };
  const database = { withSession: () => recorded } as unknown as D1Database;
  return { db: openDb(database, null).db, seen };
}

let p: ProjectFixture;
let member: Client;
let actorRow: Record<string, unknown>;
let labelA: string;
let cycleId: string;
let moduleId: string;

async function contextOn(db: ReturnType<typeof recordingDb>["db"]): Promise<ActorContext> {
  const effects = { publish: () => {} } as unknown as PostCommit;
  return { db, env, config: getConfig(env), effects, actor: actorRow } as unknown as ActorContext;
}

/** The plan lines of each recorded statement that names the issues table. */
async function plansOf(recorded: Recorded[]) {
  const plans: { sql: string; lines: string[] }[] = [];
  for (const { sql, params } of recorded) {
    if (!/"issues"/.test(sql)) continue;
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    plans.push({ sql, lines: plan.results.map((row) => row.detail) });
  }
  return plans;
}

/** Set to print every plan checked (to see which index answers what). */
const DUMP_PLANS = false;

/** A plan line that visits every issue: SCAN of the table, through an index or not. */
const fullScanOfIssues = (line: string) => /^SCAN (issues|"issues")\b/.test(line);

/** Runs `read` on a recording session and returns the plans of the issue statements it sent. */
async function plansWhile(read: (ctx: ActorContext) => Promise<unknown>) {
  const recording = recordingDb();
  await read(await contextOn(recording.db));
  const plans = await plansOf(recording.seen);
  expect(plans.length, "the read sent no statement on issues").toBeGreaterThan(0);
  return plans;
}

function expectNoFullScan(what: string, plans: { sql: string; lines: string[] }[]) {
  if (DUMP_PLANS) for (const plan of plans) console.log(`PLAN ${what} :: ${plan.lines.join(" | ")}`);
  for (const plan of plans) {
    const scans = plan.lines.filter(fullScanOfIssues);
    expect(scans, `${what}\n${plan.sql}\n${plan.lines.join("\n")}`).toEqual([]);
  }
}

/**
 * The plans of one list read. A whole list is held in the isolate (ADR 010); unless `held` is
 * asked for, the project's lookups version is bumped first so the list is read from D1 in full.
 */
async function listPlans(params: Record<string, string>, scope: { cycleId?: string; moduleId?: string } = {}, held = false) {
  if (!held) await env.DB.prepare("UPDATE projects SET lookups_version = lookups_version + 1 WHERE id = ?").bind(p.projectId).run();
  return plansWhile(async (ctx) => {
    const access = await projectAccess(ctx, p.slug, p.projectId);
    return listIssuesWithAccess(ctx, access, parseIssueListQuery(params), scope);
  });
}

/** A cursor as the list hands one out after an issue with these values. */
function cursorFor(query: IssueListQuery) {
  return nextCursorOf(query, {
    id: "00000000-0000-0000-0000-000000000000",
    sort_order: 70_000,
    created_at: "2030-01-01T00:00:00.000Z",
    updated_at: "2030-01-01T00:00:00.000Z",
    priority: "medium",
  });
}

/** A filter's query parameters as a view stores them (lists of values). */
function filtersOf(params: Record<string, string>): Record<string, string[] | string> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, key === "type" ? value : value.split(",")]));
}

/** Each filter the list accepts (query string and saved views alike), alone and two together. */
function filters(): [string, Record<string, string>][] {
  const owner = p.owner.user.id;
  return [
    ["no filter", {}],
    ["type=active (state groups)", { type: "active" }],
    ["type=backlog", { type: "backlog" }],
    ["state", { state: p.states.Todo }],
    ["two states", { state: `${p.states.Todo},${p.states["In Progress"]}` }],
    ["priority", { priority: "high" }],
    ["two priorities", { priority: "urgent,high" }],
    ["assignees", { assignees: owner }],
    ["issue__assignees__id", { issue__assignees__id: `${owner},${member.user.id}` }],
    ["labels", { labels: labelA }],
    ["issue__labels__id", { issue__labels__id: labelA }],
    ["created_by", { created_by: owner }],
    ["target_date on", { target_date: "2030-01-10" }],
    ["target_date after", { target_date: "2030-01-10;after" }],
    ["target_date between", { target_date: "2030-01-01;after,2030-02-01;before" }],
    ["state + priority", { state: p.states.Todo, priority: "high,urgent" }],
    ["type=active + assignees", { type: "active", assignees: owner }],
    ["labels + priority", { labels: labelA, priority: "high" }],
    ["created_by + target_date", { created_by: owner, target_date: "2030-01-10;after" }],
  ];
}

beforeAll(async () => {
  p = await createProjectFixture(undefined, "QPL");
  member = await addMember(p, 15, "Planner");
  labelA = await newLabel(p, "Bug");
  const owner = p.owner.user.id;
  const first = await newIssue(p, { name: "One", priority: "high", state: p.states.Todo, assignees_list: [owner], labels_list: [labelA], target_date: "2030-01-10" });
  await newIssue(p, { name: "Two", priority: "urgent", state: p.states["In Progress"], assignees_list: [member.user.id], target_date: "2030-01-20" }, member);
  await patchIssue(p, first.id, { name: "One, renamed" });
  cycleId = await insertCycle(p, "Sprint", null, null);
  moduleId = await insertModule(p, "Billing");
  const [row] = (await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(owner).all()).results;
  actorRow = row;
});

/** 3,000 more issues in the project, spread over states, priorities, dates, cycle and module. */
async function seedAndAnalyze() {
  const workspaceId = await workspaceIdOf(p);
  const stateIds = Object.values(p.states);
  const stateCase = `CASE n % 5 ${stateIds.map((id, i) => `WHEN ${i} THEN '${id}'`).join(" ")} END`;
  await env.DB.prepare(
    `INSERT INTO issues (id, workspace_id, project_id, name, priority, state_id, sequence_id, sort_order, target_date, created_by, created_at, updated_at, cycle_id, module_id)
     WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 3000)
     SELECT lower(hex(randomblob(16))), ?1, ?2, 'Seeded ' || n,
       CASE n % 5 WHEN 0 THEN 'urgent' WHEN 1 THEN 'high' WHEN 2 THEN 'medium' WHEN 3 THEN 'low' ELSE 'none' END,
       ${stateCase}, 1000 + n, 65535 + n * 10000, date('2030-01-01', '+' || (n % 90) || ' days'), ?3,
       strftime('%Y-%m-%dT%H:%M:%fZ', '2029-01-01', '+' || n || ' minutes'),
       strftime('%Y-%m-%dT%H:%M:%fZ', '2029-06-01', '+' || n || ' minutes'),
       CASE WHEN n % 10 = 0 THEN ?4 END, CASE WHEN n % 7 = 0 THEN ?5 END
     FROM seq`,
  )
    .bind(workspaceId, p.projectId, p.owner.user.id, cycleId, moduleId)
    .run();
  await env.DB.prepare(
    `INSERT INTO issue_assignees (id, workspace_id, project_id, issue_id, assignee_id, created_by, created_at)
     SELECT lower(hex(randomblob(16))), workspace_id, project_id, id, ?2, ?2, created_at FROM issues WHERE project_id = ?1 AND sequence_id % 3 = 0`,
  )
    .bind(p.projectId, p.owner.user.id)
    .run();
  await env.DB.prepare(
    `INSERT INTO issue_labels (id, workspace_id, project_id, issue_id, label_id, created_by, created_at)
     SELECT lower(hex(randomblob(16))), workspace_id, project_id, id, ?2, ?3, created_at FROM issues WHERE project_id = ?1 AND sequence_id % 4 = 0`,
  )
    .bind(p.projectId, labelA, p.owner.user.id)
    .run();
  await env.DB.prepare("ANALYZE").run();
}

function planSuite(when: string) {
  describe(`issue list plans, ${when}`, () => {
    it("pages every filter in every order from an index, first page and by cursor", async () => {
      for (const order_by of VIEW_ORDER_BY) {
        for (const [name, params] of filters()) {
          const first = { ...params, order_by, per_page: "100" };
          expectNoFullScan(`${name}, ${order_by}, first page`, await listPlans(first));
          const cursor = cursorFor(parseIssueListQuery(first));
          expectNoFullScan(`${name}, ${order_by}, by cursor`, await listPlans({ ...first, cursor }));
        }
      }
    });

    it("pages the whole project in every order straight from that order's index, with no sort", async () => {
      for (const order_by of VIEW_ORDER_BY) {
        const first = { order_by, per_page: "100" };
        for (const params of [first, { ...first, cursor: cursorFor(parseIssueListQuery(first)) }]) {
          const page = (await listPlans(params)).find((plan) => /\blimit \?$/.test(plan.sql));
          const what = `${JSON.stringify(params)}\n${page?.lines.join("\n")}`;
          expect(page?.lines.some((line) => line.startsWith("SEARCH issues USING INDEX")), what).toBe(true);
          expect(page?.lines.some((line) => line.includes("TEMP B-TREE FOR ORDER BY")), what).toBe(false);
        }
      }
    });

    it("pages a filter of one value, or a cycle or module, in the default order straight from its index", async () => {
      // The rows of such a page are one range of one index, already in order: the page reads only
      // the rows it returns (+1), however many issues the project has.
      const cases: [string, Record<string, string>, { cycleId?: string; moduleId?: string }, string][] = [
        ["one state", { state: p.states.Todo }, {}, "state_id"],
        ["one priority", { priority: "high" }, {}, "priority"],
        ["one creator", { created_by: p.owner.user.id }, {}, "created_by"],
        ["one target date", { target_date: "2030-01-10" }, {}, "target_date"],
        ["the cycle", {}, { cycleId }, "cycle_id"],
        ["the module", {}, { moduleId }, "module_id"],
      ];
      for (const [name, params, scope, column] of cases) {
        for (const cursor of [undefined, cursorFor(parseIssueListQuery({}))]) {
          const plans = await listPlans({ ...params, per_page: "100", ...(cursor ? { cursor } : {}) }, scope);
          const page = plans.find((plan) => /\blimit \?$/.test(plan.sql));
          const what = `${name}${cursor ? ", by cursor" : ""}\n${page?.lines.join("\n")}`;
          expect(page?.lines.some((line) => line.startsWith("SEARCH issues") && line.includes(`${column}=?`)), what).toBe(true);
          expect(page?.lines.some((line) => line.includes("TEMP B-TREE FOR ORDER BY")), what).toBe(false);
        }
      }
    });

    it("reads whole lists (boards) of every filter, order and grouping from an index", async () => {
      for (const order_by of VIEW_ORDER_BY) {
        for (const [name, params] of filters()) {
          expectNoFullScan(`${name}, ${order_by}, whole list`, await listPlans({ ...params, order_by }));
        }
      }
      for (const group_by of VIEW_GROUP_BY) {
        for (const [name, params] of filters()) {
          expectNoFullScan(`${name}, group_by=${group_by}`, await listPlans({ ...params, group_by }));
        }
      }
    });

    it("brings a held first page up to date from an index after a write", async () => {
      for (const [name, params] of filters()) {
        // The whole list, and a first page of two (held whole, or as its rows and one more where the
        // filter lets more through).
        for (const query of [{ ...params, group_by: "state" }, { ...params, per_page: "2" }]) {
          await listPlans(query);
          await patchIssue(p, (await newIssue(p, { name: `Write for ${name}` })).id, { priority: "low" });
          const plans = await listPlans(query, {}, true);
          expect(plans.some((plan) => /"row_version" >/.test(plan.sql)), `${name} ${JSON.stringify(query)}: patched`).toBe(true);
          expectNoFullScan(`${name}, changes since`, plans);
        }
      }
    });

    it("reads a cycle's and a module's list from an index", async () => {
      for (const scope of [{ cycleId }, { moduleId }]) {
        for (const order_by of VIEW_ORDER_BY) {
          for (const [name, params] of filters()) {
            const what = `${name}, ${order_by}, ${JSON.stringify(scope)}`;
            expectNoFullScan(`${what}, page`, await listPlans({ ...params, order_by, per_page: "100" }, scope));
            expectNoFullScan(`${what}, whole`, await listPlans({ ...params, order_by }, scope));
          }
        }
      }
    });

    it("reads the issue views' windows (counts, first pages, next pages) of every grouping, filter and order from an index", async () => {
      await env.DB.prepare("UPDATE projects SET lookups_version = lookups_version + 1 WHERE id = ?").bind(p.projectId).run();
      const groupings = [["kanban", "state"], ["list", "priority"], ["list", "labels"], ["list", "created_by"], ["list", null]] as const;
      // Every grouping in every order, and every filter in the board's default grouping and order
      // (the filters' own conditions are those of the list, checked in every order above).
      const cases = [
        ...groupings.flatMap(([issueView, groupByProperty]) =>
          VIEW_ORDER_BY.map((orderBy) => ({ issueView, groupByProperty, orderBy, name: "no filter", params: {} as Record<string, string> })),
        ),
        ...filters().map(([name, params]) => ({ issueView: "kanban" as const, groupByProperty: "state" as const, orderBy: "sort_order" as const, name, params })),
      ];
      for (const { name, params, ...display } of cases) {
        const request = { ...display, filters: filtersOf(params) };
        for (const source of [{ kind: "project" }, { kind: "cycle", cycleId }] as const) {
          const what = `${name}, ${display.groupByProperty}, ${display.orderBy}, ${source.kind}`;
          // A first read the isolate already holds sends nothing: make each one a fresh read.
          await env.DB.prepare("UPDATE projects SET lookups_version = lookups_version + 1 WHERE id = ?").bind(p.projectId).run();
          expectNoFullScan(`${what}, windows`, await plansWhile((ctx) => issueWindowsOf(ctx, p.slug, p.projectId, source, request)));
          const cursor = cursorFor(parseIssueListQuery({ order_by: display.orderBy }));
          const { groupByProperty } = display;
          const group = groupByProperty === "state" ? p.states.Todo : groupByProperty === "labels" ? "None" : groupByProperty ? "high" : "all";
          expectNoFullScan(
            `${what}, next page`,
            await plansWhile((ctx) => issueWindowsOf(ctx, p.slug, p.projectId, source, { ...request, group, cursor })),
          );
        }
      }
    });

    it("counts the issues of cycles and modules per state group, assignee and label from an index", async () => {
      for (const [scope, id] of [["cycle", cycleId], ["module", moduleId]] as const) {
        expectNoFullScan(`${scope} stats`, await plansWhile((ctx) => issueStatsQuery(ctx, scope, [id], null)));
        expectNoFullScan(`${scope} stats with estimates`, await plansWhile((ctx) => issueStatsQuery(ctx, scope, [id], crypto.randomUUID())));
        expectNoFullScan(`${scope} breakdown`, await plansWhile((ctx) => issueGroupBreakdown(ctx, scope, id)));
      }
    });
  });
}

planSuite("without statistics");

describe("with statistics", () => {
  beforeAll(seedAndAnalyze, 60_000);
  it("has statistics of the issue indexes", async () => {
    const stats = await env.DB.prepare("SELECT count(*) AS n FROM sqlite_stat1 WHERE tbl = 'issues'").first<{ n: number }>();
    expect(stats?.n).toBeGreaterThan(0);
  });
  planSuite("after ANALYZE of 3,000 issues");
});
