// Hostile input on the write endpoints people and integrations use most: random JSON, wrong
// types, huge and odd unicode strings, prototype-pollution keys, ids of another project, and
// bodies that are not JSON at all. Whatever arrives, the answer is never a 5xx, and a refused
// write changes no row (a fingerprint of every table it could write, before and after).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { callWorker } from "../helpers/fixtures";
import { fuzzRun, hostileJson } from "../helpers/hostile-input";
import { newIssue, newLabel } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

/** Cases per endpoint, each one request. */
const RUNS = 200;

let other: ProjectFixture;
let foreignLabel: string;

/** The tables these endpoints write (and what they write beside them: activity, sequences, search). */
const WRITTEN_TABLES = [
  "projects",
  "project_members",
  "issues",
  "issue_assignees",
  "issue_labels",
  "issue_blockers",
  "issue_activities",
  "issue_comments",
  "issue_subscribers",
  "notifications",
  "issue_sequences",
  "issue_tombstones",
  "labels",
  "states",
  "cycles",
  "cycle_issues",
  "modules",
  "module_issues",
  "module_members",
  "issue_views",
  "file_assets",
];

/**
 * A fingerprint of those tables, computed by D1 so it stays cheap as they grow: per table the row
 * count, the bytes of every value, and the newest change. A refused write that inserted, deleted
 * or rewrote a row moves at least one of them.
 */
let fingerprintQueries: D1PreparedStatement[] = [];
async function digest(): Promise<string> {
  if (fingerprintQueries.length === 0) {
    const columns = await env.DB.batch(WRITTEN_TABLES.map((name) => env.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`)));
    fingerprintQueries = WRITTEN_TABLES.map((table, i) => {
      const names = (columns[i].results as { name: string }[]).map((column) => column.name);
      const bytes = names.map((name) => `coalesce(length("${name}"), 0)`).join(" + ");
      const newest = names.includes("updated_at") ? "max(updated_at)" : names.includes("created_at") ? "max(created_at)" : "NULL";
      return env.DB.prepare(`SELECT count(*) AS n, total(${bytes}) AS bytes, ${newest} AS newest FROM "${table}"`);
    });
  }
  const rows = await env.DB.batch(fingerprintQueries);
  return JSON.stringify(rows.map((result) => result.results[0]));
}

beforeAll(async () => {
  other = await createProjectFixture(undefined, "OTH");
  foreignLabel = await newLabel(other, "Theirs");
});

/** Each endpoint with the fields its body takes; `base` is a project's, `issue` an issue in it. */
const ENDPOINTS: [string, (base: string, issue: string) => string, string[]][] = [
  ["POST", (base) => `${base}/issues/`, ["name", "description_html", "state", "priority", "assignees_list", "labels_list", "start_date", "target_date", "estimate_point", "parent", "sort_order"]],
  ["PATCH", (base, issue) => `${base}/issues/${issue}/`, ["name", "description_html", "state", "priority", "assignees_list", "labels_list", "target_date", "parent", "sort_order", "cycle", "module"]],
  ["POST", (base, issue) => `${base}/issues/${issue}/comments/`, ["comment_html", "comment_json", "access"]],
  ["POST", (base) => `${base}/issue-labels/`, ["name", "color", "parent", "description"]],
  ["POST", (base) => `${base}/states/`, ["name", "color", "group", "description", "sequence"]],
  ["POST", (base) => `${base}/cycles/`, ["name", "description", "start_date", "end_date"]],
  ["POST", (base) => `${base}/modules/`, ["name", "description", "status", "start_date", "target_date", "lead", "members_list"]],
  ["POST", (base) => `${base}/views/`, ["name", "description", "query_data"]],
  ["PATCH", (base) => base, ["name", "identifier", "description", "network", "cover_image", "emoji", "icon_prop"]],
];

describe("hostile input on write endpoints", () => {
  // Each endpoint in a project of its own, so what earlier cases created does not slow later ones.
  for (const [method, pathOf, fields] of ENDPOINTS) {
    it(`${method} ${pathOf("{project}", "{issue}").replace(/^.*\{project\}/, "") || "{project}"}: ${RUNS} hostile bodies, never a 5xx, a refusal changes nothing`, async () => {
      const p = await createProjectFixture(undefined, "FUZ");
      const path = pathOf(p.base, (await newIssue(p, { name: "Target" })).id);
      let before = await digest();
      await fc.assert(
        fc.asyncProperty(hostileJson(fields, [other.states.Todo, foreignLabel, other.projectId]), async (body) => {
          const answer = await callWorker(method, path, {
            cookie: p.owner.cookie,
            ...(body.raw !== undefined ? { rawBody: body.raw } : { body: body.json }),
            headers: { origin: "http://tracker.test" },
          });
          expect(answer.status, `${method} ${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
          const after = await digest();
          if (answer.status >= 400) expect(after, `${method} ${path}: refused with ${answer.status} but rows changed`).toBe(before);
          before = after;
        }),
        fuzzRun(RUNS),
      );
    }, 60_000);
  }
});
