// Activity: every change to an issue field writes one activity row with
// field, verb, old/new value and actor, in the same batch as the change; GET issues/{id}/history/
// answers them oldest first. (Comments in the history belong to the comments suite.)
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../helpers/api";
import { type IssueBody, insertCycle, insertModule, issuePath, newIssue, newLabel, rows } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
let viewer: Client;
let labelA: string;
let labelB: string;
let parentOne: IssueBody;
let parentTwo: IssueBody;
let other: IssueBody;
let cycleId: string;
let moduleId: string;

beforeAll(async () => {
  p = await createProjectFixture(undefined, "ACT");
  [member, viewer] = await Promise.all([addMember(p, 15, "Mover"), addMember(p, 10, "Watcher")]);
  labelA = await newLabel(p, "Bug");
  labelB = await newLabel(p, "Docs");
  parentOne = await newIssue(p, { name: "Parent one" });
  parentTwo = await newIssue(p, { name: "Parent two" });
  other = await newIssue(p, { name: "Other" });
  cycleId = await insertCycle(p, "Sprint", "2030-01-01", "2030-01-14");
  moduleId = await insertModule(p, "Billing");
});

type Entry = {
  id: string;
  type: string;
  field: string;
  verb: string;
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  actor_detail: Record<string, unknown>;
  issue: string;
  project: string;
  workspace_detail: { slug: string };
  created_at: string;
};

async function history(issueId: string, as: Client = p.owner): Promise<Entry[]> {
  const response = await as.get(`${issuePath(p, issueId)}history/`);
  expect(response.status).toBe(200);
  return response.body;
}

/** A tracked issue with a value in every field, so each change has an old and a new value. */
const tracked = () =>
  newIssue(p, {
    name: "Tracked",
    priority: "low",
    state: p.states.Backlog,
    estimate_point: 1,
    start_date: "2030-01-01",
    target_date: "2030-02-01",
    parent: parentOne.id,
    assignees_list: [p.owner.user.id],
    labels_list: [labelA],
    description_html: "<p>before</p>",
    description: DOC_BEFORE,
  });

const DOC_BEFORE = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "before" }] }] };
const DOC_AFTER = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "after" }] }] };

const detailOf = (client: Client, first_name: string) => ({
  id: client.user.id,
  email: client.user.email,
  first_name,
  last_name: "User",
  display_name: client.user.email.split("@")[0],
  avatar: "",
  is_bot: false,
});

describe("creating", () => {
  it("writes one 'created' activity naming the issue and its creator", async () => {
    const issue = await newIssue(p, { name: "Fresh" }, member);
    const entries = await history(issue.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: "activity", field: "issue", verb: "created", new_value: "Fresh", issue: issue.id, project: p.projectId });
    expect(entries[0].actor_detail).toEqual(detailOf(member, "Mover"));
    expect(entries[0].workspace_detail).toEqual({ slug: p.slug });
  });
});

describe("one activity row per field change", () => {
  const ident = (issue: IssueBody) => `ACT-${issue.sequence_id}`;
  const cases: [string, () => Record<string, unknown>, () => Partial<Entry>][] = [
    ["name", () => ({ name: "Renamed" }), () => ({ field: "name", old_value: "Tracked", new_value: "Renamed" })],
    ["priority", () => ({ priority: "urgent" }), () => ({ field: "priority", old_value: "low", new_value: "urgent" })],
    [
      "state",
      () => ({ state: p.states["In Progress"] }),
      () => ({
        field: "state",
        old_value: "Backlog",
        new_value: "In Progress",
        old_identifier: p.states.Backlog,
        new_identifier: p.states["In Progress"],
      }),
    ],
    [
      "assignees (add)",
      () => ({ assignees_list: [p.owner.user.id, member.user.id] }),
      () => ({ field: "assignees", old_value: null, new_value: member.user.email.split("@")[0], new_identifier: member.user.id }),
    ],
    [
      "assignees (remove)",
      () => ({ assignees_list: [] }),
      () => ({ field: "assignees", old_value: p.owner.user.email.split("@")[0], new_value: null, old_identifier: p.owner.user.id }),
    ],
    [
      "labels (add)",
      () => ({ labels_list: [labelA, labelB] }),
      () => ({ field: "labels", old_value: null, new_value: "Docs", new_identifier: labelB }),
    ],
    ["labels (remove)", () => ({ labels_list: [] }), () => ({ field: "labels", old_value: "Bug", new_value: null, old_identifier: labelA })],
    [
      "parent",
      () => ({ parent: parentTwo.id }),
      () => ({
        field: "parent",
        old_value: ident(parentOne),
        new_value: ident(parentTwo),
        old_identifier: parentOne.id,
        new_identifier: parentTwo.id,
      }),
    ],
    [
      "parent (removed)",
      () => ({ parent: null }),
      () => ({ field: "parent", old_value: ident(parentOne), new_value: null, old_identifier: parentOne.id }),
    ],
    ["estimate_point", () => ({ estimate_point: 5 }), () => ({ field: "estimate_point", old_value: "1", new_value: "5" })],
    ["estimate_point (cleared)", () => ({ estimate_point: null }), () => ({ field: "estimate_point", old_value: "1", new_value: null })],
    ["start_date", () => ({ start_date: "2030-01-05" }), () => ({ field: "start_date", old_value: "2030-01-01", new_value: "2030-01-05" })],
    ["target_date", () => ({ target_date: "2030-03-01" }), () => ({ field: "target_date", old_value: "2030-02-01", new_value: "2030-03-01" })],
    ["description (HTML)", () => ({ description_html: "<p>after</p>" }), () => ({ field: "description" })],
    ["description (rich JSON)", () => ({ description: DOC_AFTER }), () => ({ field: "description" })],
    ["description (both, one row)", () => ({ description: DOC_AFTER, description_html: "<p>after</p>" }), () => ({ field: "description" })],
    [
      "blockers_list (this issue is blocked by)",
      () => ({ blockers_list: [other.id] }),
      () => ({ field: "blocking", new_value: ident(other), new_identifier: other.id }),
    ],
    [
      "blocks_list (this issue blocks)",
      () => ({ blocks_list: [other.id] }),
      () => ({ field: "blocks", new_value: ident(other), new_identifier: other.id }),
    ],
    ["cycle", () => ({ cycle: cycleId }), () => ({ field: "cycles", new_identifier: cycleId, new_value: "Sprint" })],
    ["module", () => ({ module: moduleId }), () => ({ field: "modules", new_identifier: moduleId, new_value: "Billing" })],
  ];

  it.each(cases)("%s", async (_name, body, expected) => {
    const issue = await tracked();
    const before = await history(issue.id);
    const response = await member.patch(issuePath(p, issue.id), body());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = await history(issue.id);
    const added = after.slice(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ type: "activity", verb: "updated", ...expected() });
    expect(added[0].actor_detail).toEqual(detailOf(member, "Mover"));
    expect(added[0].created_at).toBe(response.body.updated_at);
  });

  it("a change of several fields writes one row per field, all stamped with the change's time", async () => {
    const issue = await tracked();
    const response = await p.owner.patch(issuePath(p, issue.id), { name: "Both", priority: "high", target_date: null });
    const added = (await history(issue.id)).slice(1);
    expect(added.map((entry) => entry.field).sort()).toEqual(["name", "priority", "target_date"]);
    expect(new Set(added.map((entry) => entry.created_at))).toEqual(new Set([response.body.updated_at]));
    expect(new Set(added.map((entry) => entry.id)).size).toBe(3);
  });

  it("swapping one assignee for another writes one removal and one addition", async () => {
    const issue = await tracked();
    await p.owner.patch(issuePath(p, issue.id), { assignees_list: [member.user.id] });
    const added = (await history(issue.id)).slice(1);
    expect(added.map((entry) => [entry.field, entry.old_identifier, entry.new_identifier]).sort()).toEqual(
      [
        ["assignees", null, member.user.id],
        ["assignees", p.owner.user.id, null],
      ].sort(),
    );
  });

  it("a PATCH that changes nothing writes nothing", async () => {
    const issue = await tracked();
    const response = await p.owner.patch(issuePath(p, issue.id), {
      name: "Tracked",
      priority: "low",
      state: p.states.Backlog,
      assignees_list: [p.owner.user.id],
      labels_list: [labelA],
      parent: parentOne.id,
      estimate_point: 1,
      description_html: "<p>before</p>",
      description: DOC_BEFORE,
      sort_order: issue.sort_order,
    });
    expect(response.status).toBe(200);
    expect(await history(issue.id)).toHaveLength(1);
    // Nothing was written at all: the issue still shows its creation time as its last update.
    expect(response.body.updated_at).toBe(issue.updated_at);
  });

  it("adding sub-issues writes a parent activity on each moved child", async () => {
    const child = await newIssue(p, { name: "Adopted" });
    const response = await p.owner.post(`${issuePath(p, parentTwo.id)}sub-issues/`, { sub_issue_ids: [child.id] });
    expect(response.status).toBe(200);
    const added = (await history(child.id)).slice(1);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ field: "parent", new_value: `ACT-${parentTwo.sequence_id}`, new_identifier: parentTwo.id });
  });
});

describe("refused writes write no activity", () => {
  it.each([
    ["a bad field next to a good one", () => ({ name: "Would change", estimate_point: 99 })],
    ["an assignee outside the project", () => ({ priority: "urgent", assignees_list: [crypto.randomUUID()] })],
    ["a state of nowhere", () => ({ name: "Would change", state: crypto.randomUUID() })],
  ])("400 for %s", async (_what, body) => {
    const issue = await tracked();
    const before = await history(issue.id);
    const response = await p.owner.patch(issuePath(p, issue.id), body());
    expect(response.status).toBe(400);
    expect(await history(issue.id)).toEqual(before);
  });

  it("403 for a viewer", async () => {
    const issue = await tracked();
    const response = await viewer.patch(issuePath(p, issue.id), { name: "Viewer was here" });
    expect(response.status).toBe(403);
    expect(await history(issue.id, viewer)).toHaveLength(1);
  });

  it("a completed cycle (409) writes nothing", async () => {
    const old = await insertCycle(p, "Closed sprint", "2020-01-01", "2020-01-10");
    const issue = await tracked();
    const response = await p.owner.patch(issuePath(p, issue.id), { name: "Would change", cycle: old });
    expect(response.status).toBe(409);
    expect(await history(issue.id)).toHaveLength(1);
  });
});

describe("the history feed", () => {
  it("lists entries oldest first, each with its own id and its actor", async () => {
    const issue = await tracked();
    await p.owner.patch(issuePath(p, issue.id), { name: "First edit" });
    await member.patch(issuePath(p, issue.id), { name: "Second edit" });
    await p.owner.patch(issuePath(p, issue.id), { priority: "none" });
    const entries = await history(issue.id, viewer);
    expect(entries.map((entry) => [entry.field, entry.new_value, entry.actor_detail.first_name])).toEqual([
      ["issue", "Tracked", "Owner"],
      ["name", "First edit", "Owner"],
      ["name", "Second edit", "Mover"],
      ["priority", "none", "Owner"],
    ]);
    expect(entries.map((entry) => entry.created_at)).toEqual([...entries.map((entry) => entry.created_at)].sort());
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(4);
    const stored = await rows<{ id: string }>("SELECT id FROM issue_activities WHERE issue_id = ? ORDER BY created_at", issue.id);
    expect(entries.map((entry) => entry.id)).toEqual(stored.map((row) => row.id));
    // actor_detail is the public member shape: never a credential.
    for (const entry of entries) expect(Object.keys(entry.actor_detail).sort()).toEqual(Object.keys(detailOf(p.owner, "")).sort());
    expect(JSON.stringify(entries)).not.toMatch(/pbkdf2/i);
  });
});
