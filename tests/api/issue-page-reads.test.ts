// The issue page's read model: what it shows matches what the API answers for each part, and it
// is read in a fixed, small number of D1 round trips however much the issue has.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActorContext } from "../../workers/domain/context";
import { issuePageOf } from "../../workers/domain/issue-page";
import type { PostCommit } from "../../workers/domain/post-commit";
import { openDb } from "../../workers/db";
import { getConfig } from "../../workers/env";
import { getIssue, newIssue, newLabel } from "../helpers/issue-fixtures";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "PAGE");
});

/** A D1 session that counts round trips: each batch is one, each statement run alone is one. */
function countingDb() {
  const session = env.DB.withSession("first-unconstrained");
  const counter = { roundTrips: 0 };
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (key === "all" || key === "run" || key === "first" || key === "raw") {
          return (...args: unknown[]) => {
            counter.roundTrips += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    inner.set(proxy, statement);
    return proxy;
  };
  const counted = {
    prepare: (sql: string) => wrap(session.prepare(sql)),
    batch: (statements: D1PreparedStatement[]) => {
      counter.roundTrips += 1;
      return session.batch(statements.map((s) => inner.get(s) ?? s));
    },
    getBookmark: () => session.getBookmark(),
  };
  const database = { withSession: () => counted } as unknown as D1Database;
  return { db: openDb(database, null).db, counter };
}

async function pageAs(db: ReturnType<typeof countingDb>["db"]) {
  const actor = await env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(p.owner.user.id).first();
  const effects = { publish: () => {} } as unknown as PostCommit;
  return { db, env, config: getConfig(env), effects, actor } as unknown as ActorContext;
}

describe("the issue page's read model", () => {
  it("shows the issue with its parent, sub-issues, labels, members and history in at most 2 round trips", async () => {
    const label = await newLabel(p, "Page label", "#abcdef");
    const parent = await newIssue(p, { name: "The parent" });
    const issue = await newIssue(p, { name: "The page's issue", parent: parent.id, labels_list: [label] });
    await newIssue(p, { name: "Child one", parent: issue.id, state: p.states.Done });
    await newIssue(p, { name: "Child two", parent: issue.id });
    expect((await p.owner.post(`${p.base}/issues/${issue.id}/comments/`, { comment_html: "<p>Hello page</p>", comment_json: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello page" }] }] } })).status).toBe(201);

    // The first read fills the isolate's cache of the project's lookups; the page reads them from it after.
    const cold = countingDb();
    await issuePageOf(await pageAs(cold.db), p.slug, p.projectId, issue.id);
    expect(cold.counter.roundTrips).toBeLessThanOrEqual(3);

    const warm = countingDb();
    const page = await issuePageOf(await pageAs(warm.db), p.slug, p.projectId, issue.id);
    // The access check, then one batch for everything else.
    expect(warm.counter.roundTrips).toBeLessThanOrEqual(2);

    const { description: _json, description_stripped: _text, ...detail } = await getIssue(p, issue.id);
    expect(page.issue).toEqual(detail);
    expect(page.issue.parent_detail?.name).toBe("The parent");
    expect(page.issue.label_details).toEqual([{ id: label, name: "Page label", color: "#abcdef" }]);
    expect(page.subIssues.sub_issues.map((child) => child.name)).toEqual(["Child one", "Child two"]);
    expect(page.subIssues.state_distribution.completed).toBe(1);
    expect(page.labels).toContainEqual({ id: label, name: "Page label", color: "#abcdef", parent: null });
    expect(page.states.find((state) => state.id === p.states.Done)).toMatchObject({ name: "Done", group: "completed" });
    expect(page.members).toEqual([expect.objectContaining({ id: p.owner.user.id, role: 20 })]);
    expect(page.activity.some((entry) => entry.type === "comment" && entry.comment_html.includes("Hello page"))).toBe(true);
    expect(page.viewer).toEqual({ id: p.owner.user.id });
  });

  it("answers 404 for an issue of another project", async () => {
    const other = await createProjectFixture(p.owner, "OTH");
    const foreign = await newIssue(other, { name: "Elsewhere" });
    const { db } = countingDb();
    await expect(issuePageOf(await pageAs(db), p.slug, p.projectId, foreign.id)).rejects.toMatchObject({ message: "Issue not found." });
  });
});
