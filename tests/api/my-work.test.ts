// My work: the caller's issues of one workspace across the projects they are a member of, by tab.
// Membership is part of the read: a project left (its assignments kept) or another workspace never
// shows. The plan test asks D1 for the EXPLAIN QUERY PLAN of each statement the read sends.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { myWorkOf } from "../../workers/domain/my-work";
import { openDb } from "../../workers/db";
import type { Client } from "../helpers/api";
import { actorOn } from "../helpers/counting-db";
import { newIssue, rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

const myWork = (slug: string, query = "") => `/api/workspaces/${slug}/my-work/${query}`;

interface Row {
  id: string;
  name: string;
  sequence_id: number;
  project: string;
  project_detail: { id: string; identifier: string; name: string };
  assignee_details: { id: string }[];
  state_detail: { group: string } | null;
}

let first: ProjectFixture;
let second: ProjectFixture;
let left: ProjectFixture;
let other: ProjectFixture;
let me: Client;

/** A second project in the fixture's workspace, with `member` added to it. */
async function anotherProject(p: ProjectFixture, identifier: string, member: Client): Promise<ProjectFixture> {
  const project = await p.owner.post(`/api/workspaces/${p.slug}/projects/`, { name: `${identifier} project`, identifier });
  if (project.status !== 201) throw new Error(`project: ${JSON.stringify(project.body)}`);
  const base = `/api/workspaces/${p.slug}/projects/${project.body.id}`;
  const add = await p.owner.post(`${base}/members/add/`, { members: [{ member_id: member.user.id, role: 15 }] });
  if (add.status !== 201) throw new Error(`add member: ${JSON.stringify(add.body)}`);
  const states = await rows<{ id: string; name: string }>("SELECT id, name FROM states WHERE project_id = ?", project.body.id);
  return { ...p, projectId: project.body.id, identifier, base, states: Object.fromEntries(states.map((s) => [s.name, s.id])) as ProjectFixture["states"] };
}

beforeAll(async () => {
  first = await createProjectFixture(undefined, "ONE");
  me = await addMember(first, 15, "Me");
  second = await anotherProject(first, "TWO", me);
  left = await anotherProject(first, "GONE", me);
  other = await createProjectFixture(undefined, "OTH");
  // In the other workspace too, assigned there: none of it may show under the first workspace.
  const invite = await other.owner.post(`/api/workspaces/${other.slug}/invite/`, { emails: [{ email: me.user.email, role: 15 }] });
  await me.post("/api/users/me/invitations/workspaces/", { token: invite.body.invitations[0].token });
  await other.owner.post(`${other.base}/members/add/`, { members: [{ member_id: me.user.id, role: 15 }] });

  await newIssue(first, { name: "First assigned", assignees_list: [me.user.id], state: first.states["In Progress"] });
  await newIssue(first, { name: "First not mine" });
  await newIssue(second, { name: "Second assigned", assignees_list: [me.user.id], state: second.states.Done });
  await newIssue(second, { name: "Second created" }, me);
  await newIssue(left, { name: "Left assigned", assignees_list: [me.user.id] });
  await newIssue(left, { name: "Left created" }, me);
  await newIssue(other, { name: "Other workspace assigned", assignees_list: [me.user.id] });
  await newIssue(other, { name: "Other workspace created" }, me);
  // Removed from the project after being assigned and creating there: its rows stay, its issues go.
  const [membership] = await rows<{ id: string }>("SELECT id FROM project_members WHERE project_id = ? AND member_id = ?", left.projectId, me.user.id);
  const removed = await first.owner.delete(`${left.base}/members/${membership.id}/`);
  expect(removed.status).toBe(204);
});

describe("GET /api/workspaces/:slug/my-work/", () => {
  it("answers the issues assigned to me in every project I am a member of, each naming its project", async () => {
    const response = await me.get(myWork(first.slug, "?tab=assigned"));
    expect(response.status).toBe(200);
    const body = response.body as Row[];
    expect(body.map((row) => row.name).sort()).toEqual(["First assigned", "Second assigned"]);
    const byName = new Map(body.map((row) => [row.name, row]));
    expect(byName.get("First assigned")?.project_detail).toEqual({ id: first.projectId, identifier: "ONE", name: expect.any(String) });
    expect(byName.get("Second assigned")?.project_detail).toMatchObject({ id: second.projectId, identifier: "TWO", name: "TWO project" });
    expect(byName.get("Second assigned")?.state_detail?.group).toBe("completed");
    expect(byName.get("First assigned")?.assignee_details.map((m) => m.id)).toEqual([me.user.id]);
    // Rows of one project are together, as the page groups them.
    const projectOrder = body.map((row) => row.project);
    expect(projectOrder).toEqual([...projectOrder].sort());
  });

  it("answers assigned when no tab is named", async () => {
    const response = await me.get(myWork(first.slug));
    expect((response.body as Row[]).map((row) => row.name).sort()).toEqual(["First assigned", "Second assigned"]);
  });

  it("answers the issues I created on the created tab, never those of a project I left", async () => {
    const response = await me.get(myWork(first.slug, "?tab=created"));
    expect(response.status).toBe(200);
    expect((response.body as Row[]).map((row) => `${row.project_detail.identifier}-${row.sequence_id} ${row.name}`)).toEqual([
      "TWO-2 Second created",
    ]);
  });

  it("keeps the left project's rows in the database but out of the answer", async () => {
    const kept = await rows("SELECT * FROM issue_assignees WHERE project_id = ? AND assignee_id = ?", left.projectId, me.user.id);
    const created = await rows("SELECT * FROM issues WHERE project_id = ? AND created_by = ?", left.projectId, me.user.id);
    expect(created.length).toBe(1);
    // Whether the bridge row survives removal is the members code's business; the read must not rely on it.
    expect(kept.length).toBeLessThanOrEqual(1);
    for (const tab of ["assigned", "created"]) {
      const body = (await me.get(myWork(first.slug, `?tab=${tab}`))).body as Row[];
      expect(body.some((row) => row.project === left.projectId)).toBe(false);
    }
  });

  it("answers each workspace's own issues only", async () => {
    const assigned = (await me.get(myWork(other.slug, "?tab=assigned"))).body as Row[];
    expect(assigned.map((row) => row.name)).toEqual(["Other workspace assigned"]);
    const created = (await me.get(myWork(other.slug, "?tab=created"))).body as Row[];
    expect(created.map((row) => row.name)).toEqual(["Other workspace created"]);
  });

  it("answers another member their own issues, not mine", async () => {
    const response = await first.owner.get(myWork(first.slug, "?tab=assigned"));
    expect(response.body).toEqual([]);
    const created = (await first.owner.get(myWork(first.slug, "?tab=created"))).body as Row[];
    expect(created.map((row) => row.name).sort()).toEqual(["First assigned", "First not mine", "Left assigned", "Second assigned"]);
  });

  it("answers the issues I follow on the subscribed tab: assigned, created, or followed by hand", async () => {
    const [notMine] = await rows<{ id: string }>("SELECT id FROM issues WHERE project_id = ? AND name = 'First not mine'", first.projectId);
    const before = ((await me.get(myWork(first.slug, "?tab=subscribed"))).body as Row[]).map((row) => row.name).sort();
    expect(before).toEqual(["First assigned", "Second assigned", "Second created"]);
    expect((await me.post(`${first.base}/issues/${notMine.id}/subscription/`)).status).toBe(200);
    const after = ((await me.get(myWork(first.slug, "?tab=subscribed"))).body as Row[]).map((row) => row.name).sort();
    expect(after).toEqual(["First assigned", "First not mine", "Second assigned", "Second created"]);
    await me.delete(`${first.base}/issues/${notMine.id}/subscription/`);
  });

  it("refuses a tab it does not know with a 400 naming the field", async () => {
    const response = await me.get(myWork(first.slug, "?tab=everything"));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ tab: ["tab must be one of assigned, created, subscribed"] });
  });

  it("pages like every list: per_page rows, the rest after the Link header's cursor", async () => {
    const page = await me.get(myWork(first.slug, "?tab=assigned&per_page=1"));
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
    const cursor = page.headers.get("x-next-cursor");
    expect(cursor).toBeTruthy();
    const next = await me.get(myWork(first.slug, `?tab=assigned&per_page=1&cursor=${cursor}`));
    expect(next.body).toHaveLength(1);
    expect(next.headers.get("x-next-cursor")).toBeNull();
    expect([(page.body as Row[])[0].name, (next.body as Row[])[0].name].sort()).toEqual(["First assigned", "Second assigned"]);
  });
});

describe("My work's query plans", () => {
  /** A D1 session that records each statement it sends with its values. */
  function recordingDb() {
    const session = env.DB.withSession("first-unconstrained");
    const seen: { sql: string; params: unknown[] }[] = [];
    const known = new WeakMap<object, { sql: string; params: unknown[] }>();
    const recorded = {
      prepare(sql: string) {
        const statement = session.prepare(sql);
        const bind = (...params: unknown[]) => {
          const bound = statement.bind(...params);
          known.set(bound, { sql, params });
          return bound;
        };
        return Object.assign(Object.create(statement), { bind, all: () => statement.all(), raw: () => statement.raw(), first: () => statement.first(), run: () => statement.run() });
      },
      batch(statements: D1PreparedStatement[]) {
        for (const statement of statements) {
          const entry = known.get(statement);
          if (entry) seen.push(entry);
        }
        return session.batch(statements);
      },
      getBookmark: () => session.getBookmark(),
    };
    const database = { withSession: () => recorded } as unknown as D1Database;
    return { db: openDb(database, null).db, seen };
  }

  /** The plan lines of each recorded statement on issues. */
  async function issuePlans(seen: { sql: string; params: unknown[] }[]) {
    const plans: { sql: string; lines: string[] }[] = [];
    for (const { sql, params } of seen.filter((statement) => /"issues"/.test(statement.sql))) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans.push({ sql, lines: plan.results.map((row) => row.detail) });
    }
    return plans;
  }

  it.each([
    ["assigned", () => me],
    ["created", () => first.owner],
    ["subscribed", () => me],
  ] as const)("reads the %s tab through indexes, first page and after a cursor, never scanning issues or their bridges", async (tab, who) => {
    const actor = who();
    let cursor: string | undefined;
    for (const page of ["first", "next"]) {
      const recording = recordingDb();
      const answer = await myWorkOf(await actorOn(recording.db, actor.user.id), first.slug, { tab, per_page: "1", cursor });
      expect(answer.issues, page).toHaveLength(1);
      cursor = answer.next_cursor ?? undefined;
      if (page === "first") expect(cursor).toBeTruthy();
      const plans = await issuePlans(recording.seen);
      expect(plans.length).toBe(1);
      for (const { sql, lines } of plans) {
        const text = `${sql}\n${lines.join("\n")}`;
        expect(lines.filter((line) => /^SCAN (issues|"issues"|issue_assignees|issue_subscribers|project_members)\b/.test(line)), text).toEqual([]);
        expect(text).toMatch(/project_members_member_idx/);
        expect(text).toMatch({ assigned: /issue_assignees_project_assignee_idx/, created: /issues_project_creator_idx/, subscribed: /issue_subscribers_user_idx/ }[tab]);
      }
    }
  });
});
