// Boards and project lookups answered from the Worker's in-isolate caches (ADR 010): the version
// counters the triggers keep, and a board that stays true after every kind of change it shows.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call } from "../helpers/api";
import { type IssueBody, newIssue, newLabel, patchIssue } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

type Versions = { issues_version: number; lookups_version: number };

async function versionsOf(projectId: string): Promise<Versions> {
  const row = await env.DB.prepare("SELECT issues_version, lookups_version FROM projects WHERE id = ?").bind(projectId).first<Versions>();
  if (!row) throw new Error(`no project ${projectId}`);
  return row;
}

/** Runs `write` and answers how much each of the project's versions moved. */
async function bumpsOf(projectId: string, write: () => Promise<unknown>) {
  const before = await versionsOf(projectId);
  await write();
  const after = await versionsOf(projectId);
  return { issues: after.issues_version - before.issues_version, lookups: after.lookups_version - before.lookups_version };
}

describe("project versions kept by triggers", () => {
  let p: ProjectFixture;
  let other: ProjectFixture;
  beforeAll(async () => {
    p = await createProjectFixture(undefined, "VER");
    other = await createProjectFixture(p.owner, "OTH");
  });

  it("moves issues_version on every write to the project's issues, API or not, and leaves other projects alone", async () => {
    let issue: IssueBody | undefined;
    expect(await bumpsOf(p.projectId, async () => (issue = await newIssue(p, { name: "Versioned" })))).toEqual({ issues: 1, lookups: 0 });
    expect(await bumpsOf(p.projectId, () => patchIssue(p, issue!.id, { priority: "high" }))).toEqual({ issues: 1, lookups: 0 });
    // A writer outside the API (an importer job, a console) is counted too.
    expect(
      (await bumpsOf(p.projectId, () => env.DB.prepare("UPDATE issues SET name = 'Renamed in SQL' WHERE id = ?").bind(issue!.id).run())).issues,
    ).toBe(1);
    const untouched = await versionsOf(other.projectId);
    expect(await bumpsOf(p.projectId, () => p.owner.delete(`${p.base}/issues/${issue!.id}/`))).toEqual({ issues: 1, lookups: 0 });
    expect(await versionsOf(other.projectId)).toEqual(untouched);
  });

  it("moves lookups_version when a state, label, membership or a member's shown name changes, and not otherwise", async () => {
    const member = await addMember(p, 15, "Versioned");
    expect((await bumpsOf(p.projectId, () => p.owner.post(`${p.base}/states/`, { name: "Review", color: "#123456", group: "started" }))).lookups).toBe(1);
    expect((await bumpsOf(p.projectId, () => newLabel(p, "Versioned label"))).lookups).toBe(1);
    expect((await bumpsOf(p.projectId, () => member.patch("/api/users/me/", { display_name: "shown-name" }))).lookups).toBe(1);
    expect((await bumpsOf(p.projectId, () => addMember(p, 10, "Joiner"))).lookups).toBeGreaterThan(0);
    // What no issue row shows: a member's saved display preferences, their last workspace.
    expect(
      await bumpsOf(p.projectId, () => member.post(`${p.base}/project-views/`, { view_props: { issueView: "kanban" } })),
    ).toEqual({ issues: 0, lookups: 0 });
    expect(
      await bumpsOf(p.projectId, () => env.DB.prepare("UPDATE users SET last_workspace_id = NULL WHERE id = ?").bind(member.user.id).run()),
    ).toEqual({ issues: 0, lookups: 0 });
    // A new issue changes the issues, not the lookups.
    expect(await bumpsOf(p.projectId, () => newIssue(p, { name: "Plain" }))).toEqual({ issues: 1, lookups: 0 });
  });
});

describe("a board answered again", () => {
  let p: ProjectFixture;
  let member: Client;
  let issue: IssueBody;
  let labelId: string;
  const board = () => call("GET", `${p.base}/issues/?group_by=state`, { cookie: p.owner.cookie, headers: { "x-debug-d1-rows": "1" } });
  const cardOf = async (id = issue.id) => {
    const response = await board();
    expect(response.status).toBe(200);
    return (Object.values(response.body) as IssueBody[][]).flat().find((row) => row.id === id);
  };

  beforeAll(async () => {
    p = await createProjectFixture(undefined, "BRD");
    member = await addMember(p, 15, "Carded");
    labelId = await newLabel(p, "Bug");
    issue = await newIssue(p, { name: "On the board", state: p.states.Todo, assignees_list: [member.user.id], labels_list: [labelId] });
    for (let i = 0; i < 24; i++) await newIssue(p, { name: `Filler ${i}` });
  });

  it("does not read the issues again while nothing on it changed", async () => {
    const first = await board();
    const second = await board();
    expect(second.body).toEqual(first.body);
    const issueRowsRead = (response: typeof first) =>
      (JSON.parse(response.headers.get("x-d1-statements") ?? "[]") as { table: string; rows_read: number }[])
        .filter((s) => s.table === "issues")
        .reduce((sum, s) => sum + s.rows_read, 0);
    expect(issueRowsRead(first)).toBeGreaterThanOrEqual(25);
    expect(issueRowsRead(second)).toBe(0);
    // After a write it reads only what was written since: the one row, not the 25.
    await patchIssue(p, issue.id, { priority: "low" });
    const afterWrite = await board();
    // The written row, through the list's conditions and through the project's written ids.
    expect(issueRowsRead(afterWrite)).toBeLessThanOrEqual(4);
    expect((Object.values(afterWrite.body) as IssueBody[][]).flat().find((row) => row.id === issue.id)?.priority).toBe("low");
  });

  it("shows every kind of change it displays, however it was made", async () => {
    await cardOf();
    await patchIssue(p, issue.id, { name: "Renamed by API" });
    expect((await cardOf())?.name).toBe("Renamed by API");

    await env.DB.prepare("UPDATE issues SET name = 'Renamed in SQL' WHERE id = ?").bind(issue.id).run();
    expect((await cardOf())?.name).toBe("Renamed in SQL");

    expect((await p.owner.patch(`${p.base}/states/${p.states.Todo}/`, { name: "Up next" })).status).toBe(200);
    expect((await cardOf())?.state_detail.name).toBe("Up next");

    expect((await p.owner.patch(`${p.base}/issue-labels/${labelId}/`, { name: "Defect" })).status).toBe(200);
    expect((await cardOf())?.label_details.map((l: { name: string }) => l.name)).toEqual(["Defect"]);

    expect((await member.patch("/api/users/me/", { display_name: "carded-member" })).status).toBe(200);
    expect((await cardOf())?.assignee_details[0].display_name).toBe("carded-member");

    expect((await p.owner.patch(`/api/workspaces/${p.slug}/projects/${p.projectId}/`, { name: "Renamed project" })).status).toBe(200);
    expect((await cardOf())?.project_detail.name).toBe("Renamed project");

    expect((await p.owner.delete(`${p.base}/issues/${issue.id}/`)).status).toBe(204);
    expect(await cardOf()).toBeUndefined();
  });

  it("loses an issue moved to another project, which shows it", async () => {
    const moved = await newIssue(p, { name: "Moving out" });
    const target = await createProjectFixture(p.owner, "MOV");
    expect(await cardOf(moved.id)).toBeDefined();
    const targetBoard = () => p.owner.get(`${target.base}/issues/`);
    expect((await targetBoard()).body).toEqual([]);
    await env.DB.prepare("UPDATE issues SET project_id = ?, state_id = NULL, sequence_id = 1000 WHERE id = ?")
      .bind(target.projectId, moved.id)
      .run();
    expect(await cardOf(moved.id)).toBeUndefined();
    expect((await targetBoard()).body.map((row: IssueBody) => row.id)).toEqual([moved.id]);
  });
});

/** A small deterministic PRNG (mulberry32), so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("a first page kept as its rows and one more", () => {
  it("never shows a row it has not read in place of one it skipped", async () => {
    const p = await createProjectFixture(undefined, "PFX");
    const made: Record<string, string> = {};
    for (const [name, order] of Object.entries({ a: 1000, b: 2000, c: 3000, d: 4000, u: 5000, z: 6000, y: 9000 })) {
      made[name] = (await newIssue(p, { name })).id;
      await patchIssue(p, made[name], { sort_order: order });
    }
    const firstThree = async () => {
      const page = await p.owner.get(`${p.base}/issues/?order_by=sort_order&per_page=3`);
      expect(page.status).toBe(200);
      return page.body.results.map((issue: IssueBody) => issue.name);
    };
    expect(await firstThree()).toEqual(["a", "b", "c"]);
    // "a" goes and "z", far below the page, changes: the page is b, c, d.
    expect((await p.owner.delete(`${p.base}/issues/${made.a}/`)).status).toBe(204);
    await patchIssue(p, made.z, { name: "z", priority: "low" });
    expect(await firstThree()).toEqual(["b", "c", "d"]);
    // "b" goes and "y" moves up between "u" and "z": "u", never changed, comes next.
    expect((await p.owner.delete(`${p.base}/issues/${made.b}/`)).status).toBe(204);
    await patchIssue(p, made.y, { sort_order: 5500 });
    expect(await firstThree()).toEqual(["c", "d", "u"]);
  });
});

describe("a board brought up to date from the rows written since", () => {
  const PRIORITIES = ["urgent", "high", "medium", "low", "none"];

  it.each([7, 8])("answers what a fresh read answers, in the same order, after each of 20 random writes (seed %i)", { timeout: 180_000 }, async (seed) => {
    const p = await createProjectFixture(undefined, `RND${String.fromCharCode(65 + seed)}`);
    const random = prng(seed);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const stateIds = Object.values(p.states);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await newIssue(p, { name: `Seed ${i}`, priority: pick(PRIORITIES) })).id);
    // Every order, a filter that writes move issues into and out of, and a group.
    const queries = [
      "order_by=sort_order",
      "order_by=-updated_at",
      "order_by=priority&priority=urgent,high",
      `order_by=-created_at&state=${p.states.Todo},${p.states.Backlog}`,
    ];
    const compareAll = async (step: string) => {
      for (const query of queries) {
        const whole = await p.owner.get(`${p.base}/issues/?${query}`);
        // A fresh read: a list no cache holds (every issue here is the owner's, so the creator
        // filter, with an id never seen before, lets every issue through).
        const unseen = `created_by=${p.owner.user.id},${crypto.randomUUID()}`;
        const fresh = (await p.owner.get(`${p.base}/issues/?${query}&${unseen}`)).body;
        expect(whole.status, step).toBe(200);
        expect(whole.body, `${step}, ${query}`).toEqual(fresh);
        // A first page shorter than the list is kept as its rows and one more, brought up to date
        // the same way while they still cover a page.
        const page = await p.owner.get(`${p.base}/issues/?${query}&per_page=3`);
        expect(page.body.results, `${step}, ${query}, first 3`).toEqual(fresh.slice(0, 3));
        expect(page.body.next_cursor !== null, `${step}, ${query}, more than 3`).toBe(fresh.length > 3);
      }
    };
    await compareAll("before any write");
    for (let step = 0; step < 20; step++) {
      const id = pick(ids);
      const kind = pick(["create", "priority", "state", "sort_order", "tie", "rename", "parent", "delete"] as const);
      if (kind === "create") ids.push((await newIssue(p, { name: `Made at ${step}`, priority: pick(PRIORITIES), state: pick(stateIds) })).id);
      else if (kind === "priority") await patchIssue(p, id, { priority: pick(PRIORITIES) });
      else if (kind === "state") await patchIssue(p, id, { state: pick(stateIds) });
      else if (kind === "sort_order") await patchIssue(p, id, { sort_order: Math.round(random() * 200_000) });
      else if (kind === "tie") await patchIssue(p, id, { sort_order: 65535 }); // ties break by id
      else if (kind === "rename") await patchIssue(p, id, { name: `Renamed at ${step}` });
      else if (kind === "parent") {
        const parent = pick(ids.filter((other) => other !== id));
        const response = await p.owner.patch(`${p.base}/issues/${id}/`, { parent });
        expect([200, 400]).toContain(response.status); // 400: the parent would be a descendant
      } else if (ids.length > 2) {
        expect((await p.owner.delete(`${p.base}/issues/${id}/`)).status).toBe(204);
        ids.splice(ids.indexOf(id), 1);
      }
      await compareAll(`after step ${step} (${kind})`);
    }
  });
});
