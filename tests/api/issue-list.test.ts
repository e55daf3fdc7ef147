// GET issues/: ordering, grouping, filters and keyset paging.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { type IssueBody, newIssue, newLabel, patchIssue, workspaceIdOf } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
let labelA: string;
let labelB: string;
/** The fixture issues by short name. */
const made: Record<string, IssueBody> = {};

const ORDERS = ["sort_order", "-created_at", "-updated_at", "priority"] as const;
const RANK: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3, none: 4 };

beforeAll(async () => {
  p = await createProjectFixture();
  member = await addMember(p, 15, "Lister");
  labelA = await newLabel(p, "Bug");
  labelB = await newLabel(p, "Frontend");
  const owner = p.owner.user.id;
  const m = member.user.id;
  const s = p.states;
  // name: [creator, priority, state, assignees, labels, target_date]
  const table: [string, Client, string, string, string[], string[], string | null][] = [
    ["urgentTodo", p.owner, "urgent", s.Todo, [owner], [labelA], "2030-01-10"],
    ["highStarted", member, "high", s["In Progress"], [m], [labelA, labelB], "2030-01-20"],
    ["mediumBacklog", p.owner, "medium", s.Backlog, [], [], null],
    ["lowDone", member, "low", s.Done, [owner, m], [labelB], "2030-01-15"],
    ["noneBacklog", p.owner, "none", s.Backlog, [], [], "2030-01-05"],
    ["highTodo", p.owner, "high", s.Todo, [m], [], "2030-01-25"],
    ["urgentBacklog", member, "urgent", s.Backlog, [], [labelA], null],
    ["noneStarted", p.owner, "none", s["In Progress"], [owner], [], "2030-01-20"],
  ];
  for (const [name, creator, priority, state, assignees_list, labels_list, target_date] of table) {
    made[name] = await newIssue(p, { name, priority, state, assignees_list, labels_list, target_date }, creator);
  }
  // Manual order differs from creation order: mediumBacklog first, urgentTodo last.
  made.mediumBacklog = await patchIssue(p, made.mediumBacklog.id, { sort_order: 1000 });
  made.urgentTodo = await patchIssue(p, made.urgentTodo.id, { sort_order: 1_000_000 });
  // The most recently updated issue.
  made.noneBacklog = await patchIssue(p, made.noneBacklog.id, { name: "noneBacklog" , priority: "none", target_date: "2030-01-05", estimate_point: 2 });
});

const list = (query = "") => p.owner.get(`${p.base}/issues/${query ? `?${query}` : ""}`);
const namesOf = (issues: IssueBody[]) => issues.map((issue) => issue.name);
const sorted = (names: string[]) => [...names].sort();

async function listNames(query: string) {
  const response = await list(query);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return namesOf(response.body);
}

/** The order each order_by promises, computed from the rows themselves. */
function expectedOrder(issues: IssueBody[], orderBy: (typeof ORDERS)[number]) {
  const byId = (a: IssueBody, b: IssueBody) => (a.id < b.id ? -1 : 1);
  const copy = [...issues];
  switch (orderBy) {
    case "sort_order":
      return copy.sort((a, b) => a.sort_order - b.sort_order || byId(a, b));
    case "-created_at":
      return copy.sort((a, b) => b.created_at.localeCompare(a.created_at) || byId(b, a));
    case "-updated_at":
      return copy.sort((a, b) => b.updated_at.localeCompare(a.updated_at) || byId(b, a));
    case "priority":
      return copy.sort((a, b) => RANK[a.priority] - RANK[b.priority] || a.sort_order - b.sort_order || byId(a, b));
  }
}

describe("order_by", () => {
  it("defaults to manual order (sort_order ascending) and answers a plain array of every issue", async () => {
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(8);
    expect(namesOf(response.body)[0]).toBe("mediumBacklog");
    expect(namesOf(response.body).at(-1)).toBe("urgentTodo");
    expect(namesOf(response.body)).toEqual(namesOf(expectedOrder(response.body, "sort_order")));
  });

  it.each(ORDERS)("order_by=%s returns the issues in that order", async (orderBy) => {
    const response = await list(`order_by=${orderBy}`);
    expect(response.status).toBe(200);
    expect(sorted(namesOf(response.body))).toEqual(sorted(Object.keys(made)));
    expect(namesOf(response.body)).toEqual(namesOf(expectedOrder(response.body, orderBy)));
  });

  it("-created_at puts the newest issue first and -updated_at the last edited one", async () => {
    expect((await listNames("order_by=-created_at"))[0]).toBe("noneStarted");
    expect((await listNames("order_by=-updated_at"))[0]).toBe("noneBacklog");
  });

  it("priority orders urgent, high, medium, low, none", async () => {
    const response = await list("order_by=priority");
    expect(response.body.map((issue: IssueBody) => issue.priority)).toEqual([
      "urgent",
      "urgent",
      "high",
      "high",
      "medium",
      "low",
      "none",
      "none",
    ]);
    // Ties keep the manual order: urgentBacklog (sort 125535) before urgentTodo (moved last).
    expect(namesOf(response.body).slice(0, 2)).toEqual(["urgentBacklog", "urgentTodo"]);
  });
});

describe("group_by", () => {
  it("state: keys are state ids, every project state present even when empty", async () => {
    const response = await list("group_by=state");
    expect(response.status).toBe(200);
    expect(sorted(Object.keys(response.body))).toEqual(sorted(Object.values(p.states)));
    expect(response.body[p.states.Cancelled]).toEqual([]);
    expect(sorted(namesOf(response.body[p.states.Backlog]))).toEqual(["mediumBacklog", "noneBacklog", "urgentBacklog"]);
    expect(sorted(namesOf(response.body[p.states.Todo]))).toEqual(["highTodo", "urgentTodo"]);
    expect(sorted(namesOf(response.body[p.states["In Progress"]]))).toEqual(["highStarted", "noneStarted"]);
    expect(namesOf(response.body[p.states.Done])).toEqual(["lowDone"]);
    for (const [stateId, issues] of Object.entries(response.body as Record<string, IssueBody[]>)) {
      for (const issue of issues) expect(issue.state).toBe(stateId);
    }
  });

  it("with a type or state filter, only the states that filter lets through are seeded", async () => {
    const active = await list("group_by=state&type=active");
    expect(sorted(Object.keys(active.body))).toEqual(sorted([p.states.Todo, p.states["In Progress"]]));
    const picked = await list(`group_by=state&state=${p.states.Cancelled},${p.states.Done}`);
    expect(picked.body).toEqual({ [p.states.Cancelled]: [], [p.states.Done]: [expect.objectContaining({ name: "lowDone" })] });
    const none = await list(`group_by=state&type=backlog&state=${p.states.Done}`);
    expect(none.body).toEqual({});
  });

  it("state groups keep the requested order inside each group", async () => {
    const response = await list("group_by=state&order_by=priority");
    expect(namesOf(response.body[p.states.Backlog])).toEqual(["urgentBacklog", "mediumBacklog", "noneBacklog"]);
  });

  it('priority: keys are urgent/high/medium/low and "None" for no priority', async () => {
    const response = await list("group_by=priority");
    expect(response.status).toBe(200);
    expect(sorted(Object.keys(response.body))).toEqual(sorted(["urgent", "high", "medium", "low", "None"]));
    expect(sorted(namesOf(response.body.None))).toEqual(["noneBacklog", "noneStarted"]);
    expect(sorted(namesOf(response.body.urgent))).toEqual(["urgentBacklog", "urgentTodo"]);
    expect(response.body.none).toBeUndefined();
  });

  it('labels: an issue with two labels appears in both groups; unlabelled issues under "None"', async () => {
    const response = await list("group_by=labels");
    expect(response.status).toBe(200);
    expect(sorted(Object.keys(response.body))).toEqual(sorted([labelA, labelB, "None"]));
    expect(sorted(namesOf(response.body[labelA]))).toEqual(["highStarted", "urgentBacklog", "urgentTodo"]);
    expect(sorted(namesOf(response.body[labelB]))).toEqual(["highStarted", "lowDone"]);
    expect(sorted(namesOf(response.body.None))).toEqual(["highTodo", "mediumBacklog", "noneBacklog", "noneStarted"]);
  });

  it("created_by: keys are the creators' ids", async () => {
    const response = await list("group_by=created_by");
    expect(sorted(Object.keys(response.body))).toEqual(sorted([p.owner.user.id, member.user.id]));
    expect(sorted(namesOf(response.body[member.user.id]))).toEqual(["highStarted", "lowDone", "urgentBacklog"]);
    expect(response.body[p.owner.user.id]).toHaveLength(5);
  });
});

describe("filters", () => {
  it("state and priority take comma-joined values", async () => {
    expect(sorted(await listNames(`state=${p.states.Todo},${p.states.Done}`))).toEqual(["highTodo", "lowDone", "urgentTodo"]);
    expect(sorted(await listNames("priority=urgent,low"))).toEqual(["lowDone", "urgentBacklog", "urgentTodo"]);
    expect(sorted(await listNames("priority=none"))).toEqual(["noneBacklog", "noneStarted"]);
  });

  it("assignees and its alias issue__assignees__id", async () => {
    const m = member.user.id;
    const owner = p.owner.user.id;
    expect(sorted(await listNames(`assignees=${m}`))).toEqual(["highStarted", "highTodo", "lowDone"]);
    expect(sorted(await listNames(`issue__assignees__id=${owner}`))).toEqual(["lowDone", "noneStarted", "urgentTodo"]);
    // An issue assigned to both appears once.
    expect(sorted(await listNames(`assignees=${owner},${m}`))).toEqual(["highStarted", "highTodo", "lowDone", "noneStarted", "urgentTodo"]);
  });

  it("labels and its alias issue__labels__id; an issue with both labels appears once", async () => {
    expect(sorted(await listNames(`labels=${labelA}`))).toEqual(["highStarted", "urgentBacklog", "urgentTodo"]);
    expect(sorted(await listNames(`issue__labels__id=${labelB}`))).toEqual(["highStarted", "lowDone"]);
    expect(sorted(await listNames(`labels=${labelA},${labelB}`))).toEqual(["highStarted", "lowDone", "urgentBacklog", "urgentTodo"]);
  });

  it("created_by takes one or several creators", async () => {
    expect(sorted(await listNames(`created_by=${member.user.id}`))).toEqual(["highStarted", "lowDone", "urgentBacklog"]);
    expect(await listNames(`created_by=${member.user.id},${p.owner.user.id}`)).toHaveLength(8);
  });

  it("several filters are intersected", async () => {
    expect(await listNames(`priority=urgent&labels=${labelA}&state=${p.states.Backlog}`)).toEqual(["urgentBacklog"]);
  });

  it("type=active keeps started and unstarted issues, type=backlog the backlog ones, type=all everything", async () => {
    expect(sorted(await listNames("type=active"))).toEqual(["highStarted", "highTodo", "noneStarted", "urgentTodo"]);
    expect(sorted(await listNames("type=backlog"))).toEqual(["mediumBacklog", "noneBacklog", "urgentBacklog"]);
    expect(await listNames("type=all")).toHaveLength(8);
  });

  it("type is intersected with a state filter", async () => {
    expect(sorted(await listNames(`type=active&state=${p.states.Todo}`))).toEqual(["highTodo", "urgentTodo"]);
    expect(await listNames(`type=active&state=${p.states.Backlog},${p.states.Done}`)).toEqual([]);
    expect(sorted(await listNames(`type=backlog&state=${p.states.Backlog},${p.states.Todo}`))).toEqual([
      "mediumBacklog",
      "noneBacklog",
      "urgentBacklog",
    ]);
  });

  it("target_date matches a day exactly, or from (;after) / up to (;before) it, and ranges combine", async () => {
    expect(sorted(await listNames("target_date=2030-01-20"))).toEqual(["highStarted", "noneStarted"]);
    expect(sorted(await listNames("target_date=2030-01-20;after"))).toEqual(["highStarted", "highTodo", "noneStarted"]);
    expect(sorted(await listNames("target_date=2030-01-10;before"))).toEqual(["noneBacklog", "urgentTodo"]);
    expect(sorted(await listNames("target_date=2030-01-10;after,2030-01-15;before"))).toEqual(["lowDone", "urgentTodo"]);
  });

  it("filters with ids unknown to the project answer an empty list", async () => {
    expect(await listNames(`state=${crypto.randomUUID()}`)).toEqual([]);
    expect(await listNames(`labels=${crypto.randomUUID()}`)).toEqual([]);
  });

  it("a long filter list (more ids than D1 binds in one statement) still answers", async () => {
    const many = Array.from({ length: 150 }, () => crypto.randomUUID());
    const response = await list(`state=${[...many, p.states.Done].join(",")}&assignees=${many.join(",")},${member.user.id}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(namesOf(response.body)).toEqual(["lowDone"]);
    const labelsToo = await list(`labels=${[...many, labelB].join(",")}&created_by=${[...many, member.user.id].join(",")}`);
    expect(labelsToo.status, JSON.stringify(labelsToo.body)).toBe(200);
    expect(sorted(namesOf(labelsToo.body))).toEqual(["highStarted", "lowDone"]);
  });
});

describe("per_page and cursor", () => {
  async function walk(query: string, perPage: number) {
    const seen: IssueBody[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`${query}&per_page=${perPage}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(["next_cursor", "results"]);
      expect(response.body.results.length).toBeLessThanOrEqual(perPage);
      seen.push(...response.body.results);
      cursor = response.body.next_cursor;
      pages++;
      expect(pages).toBeLessThan(20);
    } while (cursor !== null);
    return { seen, pages };
  }

  it.each(ORDERS)("order_by=%s: walking pages of 3 visits every issue exactly once, in order", async (orderBy) => {
    const full = await list(`order_by=${orderBy}`);
    const { seen, pages } = await walk(`order_by=${orderBy}`, 3);
    expect(pages).toBe(3);
    expect(seen.map((issue) => issue.id)).toEqual(full.body.map((issue: IssueBody) => issue.id));
  });

  it.each(ORDERS)("order_by=%s: pages of 1 give the same sequence", async (orderBy) => {
    const full = await list(`order_by=${orderBy}`);
    const { seen } = await walk(`order_by=${orderBy}`, 1);
    expect(seen.map((issue) => issue.id)).toEqual(full.body.map((issue: IssueBody) => issue.id));
  });

  it("a page holding exactly the last issues ends with next_cursor null", async () => {
    const response = await list("per_page=8");
    expect(response.body.results).toHaveLength(8);
    expect(response.body.next_cursor).toBeNull();
    const bigger = await list("per_page=1000");
    expect(bigger.body.results).toHaveLength(8);
    expect(bigger.body.next_cursor).toBeNull();
  });

  it("pages respect filters", async () => {
    const { seen } = await walk(`order_by=priority&type=active`, 1);
    expect(namesOf(seen)).toEqual(["urgentTodo", "highStarted", "highTodo", "noneStarted"]);
  });

  it("a grouped page answers {results: groups, next_cursor}", async () => {
    const response = await list("group_by=priority&per_page=3&order_by=priority");
    expect(response.status).toBe(200);
    expect(sorted(Object.keys(response.body.results))).toEqual(["high", "urgent"]);
    expect(typeof response.body.next_cursor).toBe("string");
  });
});

describe("large projects", () => {
  it("a list with more distinct parents than D1 binds in one statement answers, each with its parent_detail", async () => {
    const big = await createProjectFixture(p.owner, "BIG");
    const workspaceId = await workspaceIdOf(big);
    const now = new Date().toISOString();
    const insert = env.DB.prepare(
      "INSERT INTO issues (id, workspace_id, project_id, name, sequence_id, sort_order, parent_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const statements = [];
    for (let i = 0; i < 110; i++) {
      const parentId = crypto.randomUUID();
      statements.push(insert.bind(parentId, workspaceId, big.projectId, `Parent ${i}`, 2 * i + 1, 2 * i, null, now, now));
      statements.push(insert.bind(crypto.randomUUID(), workspaceId, big.projectId, `Child ${i}`, 2 * i + 2, 2 * i + 1, parentId, now, now));
    }
    await env.DB.batch(statements);
    const response = await big.owner.get(`${big.base}/issues/`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toHaveLength(220);
    const children = response.body.filter((issue: IssueBody) => issue.parent !== null);
    expect(children).toHaveLength(110);
    for (const child of children) expect(child.parent_detail.name).toBe(child.name.replace("Child", "Parent"));
  });
});

describe("bad parameters", () => {
  const cursorOf = (values: unknown) => btoa(JSON.stringify(values));
  it.each([
    ["order_by=bogus", "order_by"],
    ["group_by=bogus", "group_by"],
    ["type=bogus", "type"],
    ["per_page=0", "per_page"],
    ["per_page=-5", "per_page"],
    ["per_page=abc", "per_page"],
    ["per_page=2.5", "per_page"],
    ["per_page=100000", "per_page"],
    ["priority=bogus", "priority"],
    ["priority=high,bogus", "priority"],
    ["target_date=tomorrow", "target_date"],
    ["target_date=2030-01-01;sideways", "target_date"],
  ])("%s answers 400 naming the parameter", async (query, field) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    // One field error, named after the parameter (list items as "priority.1").
    expect(Object.keys(response.body)).toHaveLength(1);
    expect(Object.keys(response.body)[0].split(".")[0]).toBe(field);
  });

  it.each([
    ["garbage", "cursor=garbage"],
    ["not base64", "cursor=%25%25%25"],
    ["a JSON object", `cursor=${cursorOf({ a: 1 })}`],
    ["the wrong width", `cursor=${cursorOf([1, 2, 3, 4])}`],
    ["text where a number belongs", `order_by=sort_order&cursor=${cursorOf(["abc", "x"])}`],
    ["text where the priority rank belongs", `order_by=priority&cursor=${cursorOf(["urgent", 1, "x"])}`],
    ["a number where a timestamp belongs", `order_by=-created_at&cursor=${cursorOf([5, 5])}`],
  ])("a cursor that is %s answers 400 Invalid cursor.", async (_what, query) => {
    const response = await list(`per_page=2&${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "Invalid cursor." });
  });
});
