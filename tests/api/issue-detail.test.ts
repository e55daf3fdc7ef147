// One issue: its full detail shape, partial and full updates, list fields that
// replace their set, references that must belong to the project, blockers, sanitised rich text,
// deletion and cross-project/workspace ids. Split from issues.test.ts.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, signUp } from "../helpers/api";
import { addToWorkspace, createProject } from "../helpers/fixtures";
import {
  type IssueBody,
  dumpIssueTables,
  getIssue,
  insertCycle,
  insertModule,
  issuePath,
  newIssue,
  newLabel,
  patchIssue,
  rows,
  today,
  workspaceIdOf,
} from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
let member: Client;
let viewer: Client;
/** In the workspace, not in the project. */
let outsider: Client;
let labelA: string;
let labelB: string;
/** Another project of the same workspace, and its own state, label and issue. */
let sibling: { id: string; base: string; stateId: string; labelId: string; issueId: string };
/** A project of another workspace owned by the same user. */
let foreign: ProjectFixture;
let foreignIssue: IssueBody;

beforeAll(async () => {
  p = await createProjectFixture();
  [member, viewer] = await Promise.all([addMember(p, 15, "Assignee"), addMember(p, 10, "Viewer")]);
  outsider = await signUp({ first_name: "Outsider" });
  await addToWorkspace(p.owner, p.slug, outsider, 15);
  labelA = await newLabel(p, "Bug", "#ff0000");
  labelB = await newLabel(p, "Docs", "#00ff00");
  const project = await createProject(p.owner, p.slug, { identifier: "SIB" });
  const base = `/api/workspaces/${p.slug}/projects/${project.id}`;
  const [state] = await rows<{ id: string }>("SELECT id FROM states WHERE project_id = ? LIMIT 1", project.id);
  const label = await p.owner.post(`${base}/issue-labels/`, { name: "Bug", color: "#ff0000" });
  const issue = await p.owner.post(`${base}/issues/`, { name: "Sibling issue" });
  sibling = { id: project.id, base, stateId: state.id, labelId: label.body.id, issueId: issue.body.id };
  foreign = await createProjectFixture(p.owner, "FOR");
  foreignIssue = await newIssue(foreign, { name: "Foreign issue" });
});

/** Keys that change on every write. */
const VOLATILE = ["updated_at", "updated_by"];

function expectOnlyChanged(before: IssueBody, after: IssueBody, changed: string[]) {
  const skip = new Set([...changed, ...VOLATILE]);
  const strip = (issue: IssueBody) => Object.fromEntries(Object.entries(issue).filter(([key]) => !skip.has(key)));
  expect(strip(after)).toEqual(strip(before));
}

describe("GET issues/{id}/", () => {
  it("answers every field of spec 000 section 3", async () => {
    const parent = await newIssue(p, { name: "Parent" });
    const cycleId = await insertCycle(p, "Sprint 1", "2030-01-01", "2030-01-14");
    const moduleId = await insertModule(p, "Auth");
    const made = await newIssue(p, {
      name: "Everything",
      description: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hi" }] }] },
      description_html: "<p>Hi</p>",
      priority: "high",
      state: p.states.Todo,
      assignees_list: [p.owner.user.id, member.user.id],
      labels_list: [labelA, labelB],
      start_date: "2030-01-02",
      target_date: "2030-01-09",
      estimate_point: 3,
      parent: parent.id,
      cycle: cycleId,
      module: moduleId,
    });
    const issue = await getIssue(p, made.id);
    const workspaceId = await workspaceIdOf(p);
    const [cycleBridge] = await rows<{ id: string }>("SELECT id FROM cycle_issues WHERE issue_id = ?", made.id);
    const [moduleBridge] = await rows<{ id: string }>("SELECT id FROM module_issues WHERE issue_id = ?", made.id);
    expect(issue).toMatchObject({
      id: made.id,
      name: "Everything",
      description: { type: "doc" },
      description_html: "<p>Hi</p>",
      description_stripped: "Hi",
      project: p.projectId,
      project_detail: { id: p.projectId, identifier: p.identifier, name: expect.any(String) },
      workspace: workspaceId,
      workspace_detail: { id: workspaceId, slug: p.slug },
      sequence_id: parent.sequence_id + 1,
      state: p.states.Todo,
      state_detail: { id: p.states.Todo, name: "Todo", group: "unstarted", color: expect.stringMatching(/^#/) },
      priority: "high",
      assignees: [p.owner.user.id, member.user.id],
      assignee_details: [
        { id: p.owner.user.id, first_name: "Owner", email: p.owner.user.email },
        { id: member.user.id, first_name: "Assignee", email: member.user.email },
      ],
      labels: [labelA, labelB],
      label_details: [
        { id: labelA, name: "Bug", color: "#ff0000" },
        { id: labelB, name: "Docs", color: "#00ff00" },
      ],
      start_date: "2030-01-02",
      target_date: "2030-01-09",
      estimate_point: 3,
      parent: parent.id,
      parent_detail: { id: parent.id, name: "Parent", sequence_id: parent.sequence_id },
      sub_issues_count: 0,
      link_count: 0,
      attachment_count: 0,
      issue_link: [],
      completed_at: null,
      sort_order: parent.sort_order + 10000,
      cycle: cycleId,
      module: moduleId,
      issue_cycle: { id: cycleBridge.id, cycle: cycleId, cycle_detail: { id: cycleId, name: "Sprint 1" } },
      issue_module: { id: moduleBridge.id, module: moduleId, module_detail: { id: moduleId, name: "Auth" } },
      blockers_list: [],
      blocks_list: [],
      created_by: p.owner.user.id,
    });
    expect(issue.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(issue.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect((await getIssue(p, parent.id)).sub_issues_count).toBe(1);
  });

  it("lists the issue's links in issue_link (spec: the sidebar shows them)", async () => {
    const issue = await newIssue(p, { name: "With a link" });
    const now = new Date().toISOString();
    const linkId = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO issue_links (id, workspace_id, project_id, issue_id, created_by, created_at, updated_at, title, url, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(linkId, await workspaceIdOf(p), p.projectId, issue.id, p.owner.user.id, now, now, "Docs", "https://example.com/docs", "{}")
      .run();
    const detail = await getIssue(p, issue.id);
    expect(detail.issue_link).toEqual([
      expect.objectContaining({
        id: linkId,
        title: "Docs",
        url: "https://example.com/docs",
        created_at: now,
        created_by_detail: expect.objectContaining({ first_name: "Owner", email: p.owner.user.email, is_bot: false }),
      }),
    ]);
  });

  it("answers 404 for an unknown id, another workspace's issue and this issue under another project's path", async () => {
    const mine = await newIssue(p, { name: "Mine" });
    const unknown = await p.owner.get(issuePath(p, crypto.randomUUID()));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "Issue not found." });
    for (const path of [issuePath(p, foreignIssue.id), `${sibling.base}/issues/${mine.id}/`]) {
      expect((await p.owner.get(path)).status).toBe(404);
      expect((await p.owner.patch(path, { name: "Hijacked" })).status).toBe(404);
      expect((await p.owner.delete(path)).status).toBe(404);
      expect((await p.owner.get(`${path}sub-issues/`)).status).toBe(404);
      expect((await p.owner.get(`${path}history/`)).status).toBe(404);
    }
    expect((await getIssue(foreign, foreignIssue.id)).name).toBe("Foreign issue");
    expect((await getIssue(p, mine.id)).name).toBe("Mine");
  });
});

describe("PATCH issues/{id}/ with a partial body", () => {
  let parent: IssueBody;
  let cycleId: string;
  beforeAll(async () => {
    parent = await newIssue(p, { name: "Patch parent" });
    cycleId = await insertCycle(p, "Sprint 2", "2030-02-01", "2030-02-14");
  });

  const cases: [string, () => unknown, string[], (issue: IssueBody) => void][] = [
    ["name", () => "Renamed", [], (i) => expect(i.name).toBe("Renamed")],
    ["priority", () => "urgent", [], (i) => expect(i.priority).toBe("urgent")],
    ["state", () => p.states.Todo, ["state_detail"], (i) => expect(i.state_detail.name).toBe("Todo")],
    ["sort_order", () => 12.5, [], (i) => expect(i.sort_order).toBe(12.5)],
    ["start_date", () => "2031-05-01", [], (i) => expect(i.start_date).toBe("2031-05-01")],
    ["target_date", () => "2031-06-01", [], (i) => expect(i.target_date).toBe("2031-06-01")],
    ["estimate_point", () => 5, [], (i) => expect(i.estimate_point).toBe(5)],
    ["parent", () => parent.id, ["parent_detail"], (i) => expect(i.parent_detail.name).toBe("Patch parent")],
    [
      "assignees_list",
      () => [member.user.id],
      ["assignees", "assignee_details"],
      (i) => expect(i.assignee_details.map((a: { email: string }) => a.email)).toEqual([member.user.email]),
    ],
    [
      "labels_list",
      () => [labelB],
      ["labels", "label_details"],
      (i) => expect(i.label_details).toEqual([{ id: labelB, name: "Docs", color: "#00ff00" }]),
    ],
    ["description", () => ({ type: "doc", content: [] }), [], (i) => expect(i.description).toEqual({ type: "doc", content: [] })],
    [
      "description_html",
      () => "<p>New <em>text</em></p>",
      ["description_stripped"],
      (i) => expect([i.description_html, i.description_stripped]).toEqual(["<p>New <em>text</em></p>", "New text"]),
    ],
    ["cycle", () => cycleId, ["issue_cycle"], (i) => expect(i.issue_cycle.cycle_detail.name).toBe("Sprint 2")],
  ];

  it.each(cases)("%s alone changes only that field", async (field, value, derived, check) => {
    // The create answer is the same detail GET gives.
    const before = await newIssue(p, { name: `Patch ${field}`, description_html: "<p>old</p>" });
    const issue = before;
    const response = await p.owner.patch(issuePath(p, issue.id), { [field]: value() });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    check(response.body);
    const after = await getIssue(p, issue.id);
    check(after);
    const key = field === "assignees_list" || field === "labels_list" ? [] : [field];
    expectOnlyChanged(before, after, [...key, ...derived]);
    expect(after).toEqual(response.body);
  });

  it("null clears the nullable fields", async () => {
    const issue = await newIssue(p, { name: "Clear me", target_date: "2030-01-01", start_date: "2029-12-01", estimate_point: 2, parent: parent.id });
    const cleared = await patchIssue(p, issue.id, { target_date: null, start_date: null, estimate_point: null, parent: null });
    expect(cleared).toMatchObject({ target_date: null, start_date: null, estimate_point: null, parent: null, parent_detail: null });
  });

  it("PUT takes a body of several fields, with or without the trailing slash", async () => {
    const issue = await newIssue(p, { name: "Put me" });
    const response = await p.owner.put(`${p.base}/issues/${issue.id}`, {
      name: "Put done",
      priority: "low",
      state: p.states.Done,
      labels_list: [labelA],
      assignees_list: [p.owner.user.id],
      target_date: "2030-03-03",
    });
    expect(response.status).toBe(200);
    expect(await getIssue(p, issue.id)).toMatchObject({
      name: "Put done",
      priority: "low",
      state: p.states.Done,
      labels: [labelA],
      assignees: [p.owner.user.id],
      target_date: "2030-03-03",
      completed_at: expect.any(String),
    });
  });

  it("viewers cannot patch", async () => {
    const issue = await newIssue(p, { name: "Read only" });
    const response = await viewer.patch(issuePath(p, issue.id), { name: "Viewer edit" });
    expect(response.status).toBe(403);
    expect((await getIssue(p, issue.id)).name).toBe("Read only");
  });
});

describe("list fields replace the set", () => {
  const bridge = (table: "issue_assignees" | "issue_labels", column: string, issueId: string) =>
    rows<Record<string, string>>(`SELECT ${column} AS id FROM ${table} WHERE issue_id = ? ORDER BY ${column}`, issueId).then((r) =>
      r.map((row) => row.id),
    );

  it("assignees_list: the sent list is the new set, and issue_assignees rows match", async () => {
    const issue = await newIssue(p, { name: "Assign", assignees_list: [p.owner.user.id] });
    expect(await bridge("issue_assignees", "assignee_id", issue.id)).toEqual([p.owner.user.id]);
    const both = await patchIssue(p, issue.id, { assignees_list: [member.user.id, p.owner.user.id, member.user.id] });
    expect([...both.assignees].sort()).toEqual([member.user.id, p.owner.user.id].sort());
    expect(await bridge("issue_assignees", "assignee_id", issue.id)).toEqual([member.user.id, p.owner.user.id].sort());
    const one = await patchIssue(p, issue.id, { assignees_list: [member.user.id] });
    expect(one.assignees).toEqual([member.user.id]);
    expect(await bridge("issue_assignees", "assignee_id", issue.id)).toEqual([member.user.id]);
    const none = await patchIssue(p, issue.id, { assignees_list: [] });
    expect(none.assignees).toEqual([]);
    expect(await bridge("issue_assignees", "assignee_id", issue.id)).toEqual([]);
  });

  it("labels_list: the sent list is the new set, and issue_labels rows match", async () => {
    const issue = await newIssue(p, { name: "Label", labels_list: [labelA] });
    const swapped = await patchIssue(p, issue.id, { labels_list: [labelB] });
    expect(swapped.labels).toEqual([labelB]);
    expect(await bridge("issue_labels", "label_id", issue.id)).toEqual([labelB]);
    const both = await patchIssue(p, issue.id, { labels_list: [labelA, labelB] });
    expect(both.labels).toEqual([labelA, labelB]);
    expect(await bridge("issue_labels", "label_id", issue.id)).toEqual([labelA, labelB].sort());
    await patchIssue(p, issue.id, { labels_list: [] });
    expect(await bridge("issue_labels", "label_id", issue.id)).toEqual([]);
    expect((await getIssue(p, issue.id)).label_details).toEqual([]);
  });

  it("a deleted label disappears from the issues that had it, in the detail and in label groups", async () => {
    const doomed = await newLabel(p, "Doomed");
    const issue = await newIssue(p, { name: "Labelled twice", labels_list: [labelA, doomed] });
    expect((await p.owner.delete(`${p.base}/issue-labels/${doomed}/`)).status).toBe(204);
    const after = await getIssue(p, issue.id);
    expect(after.labels).toEqual([labelA]);
    expect(after.label_details.map((label: { id: string }) => label.id)).toEqual([labelA]);
    expect(await bridge("issue_labels", "label_id", issue.id)).toEqual([labelA]);
    const groups = await p.owner.get(`${p.base}/issues/?group_by=labels`);
    expect(Object.keys(groups.body)).not.toContain(doomed);
  });

  it("labels_list can hold more labels than one insert statement binds", async () => {
    const many = await Promise.all(Array.from({ length: 16 }, (_, i) => newLabel(p, `Bulk ${i}`)));
    const issue = await newIssue(p, { name: "Sixteen labels", labels_list: many });
    expect(issue.labels).toEqual(many);
    expect(await bridge("issue_labels", "label_id", issue.id)).toEqual([...many].sort());
    const blockers = (await Promise.all(Array.from({ length: 15 }, (_, i) => newIssue(p, { name: `Blocker ${i}` })))).map((b) => b.id);
    const patched = await patchIssue(p, issue.id, { labels_list: many.slice(0, 2), blockers_list: blockers });
    expect(patched.labels).toEqual(many.slice(0, 2));
    expect([...patched.blockers_list].sort()).toEqual([...blockers].sort());
  });

  it("a list of many ids is answered with a 400, never a 500", async () => {
    const issue = await newIssue(p, { name: "Many" });
    const many = Array.from({ length: 300 }, () => crypto.randomUUID());
    for (const field of ["assignees_list", "labels_list", "blockers_list", "blocks_list"]) {
      const response = await p.owner.patch(issuePath(p, issue.id), { [field]: many });
      expect(response.status, `${field}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(Object.keys(response.body)).toEqual([field]);
    }
  });
});

describe("refused writes: 400 per field and nothing written", () => {
  let issue: IssueBody;
  let child: IssueBody;
  let grandchild: IssueBody;
  let completedCycle: string;
  beforeAll(async () => {
    issue = await newIssue(p, { name: "Guarded", assignees_list: [member.user.id], labels_list: [labelA] });
    child = await newIssue(p, { name: "Child", parent: issue.id });
    grandchild = await newIssue(p, { name: "Grandchild", parent: child.id });
    completedCycle = await insertCycle(p, "Old sprint", "2020-01-01", "2020-01-14");
  });

  const refusals: [string, () => Record<string, unknown>, string][] = [
    ["an assignee who is not a project member", () => ({ assignees_list: [outsider.user.id] }), "assignees_list"],
    ["an assignee id nobody has", () => ({ assignees_list: [member.user.id, crypto.randomUUID()] }), "assignees_list"],
    ["a label of another project", () => ({ labels_list: [sibling.labelId] }), "labels_list"],
    ["a state of another project", () => ({ state: sibling.stateId }), "state"],
    ["itself as parent", () => ({ parent: issue.id }), "parent"],
    ["its child as parent", () => ({ parent: child.id }), "parent"],
    ["its grandchild as parent", () => ({ parent: grandchild.id }), "parent"],
    ["an issue of another project as parent", () => ({ parent: sibling.issueId }), "parent"],
    ["an issue of another workspace as parent", () => ({ parent: foreignIssue.id }), "parent"],
    ["estimate_point -1", () => ({ estimate_point: -1 }), "estimate_point"],
    ["estimate_point 8", () => ({ estimate_point: 8 }), "estimate_point"],
    ["estimate_point 2.5", () => ({ estimate_point: 2.5 }), "estimate_point"],
    ['estimate_point "3"', () => ({ estimate_point: "3" }), "estimate_point"],
    ["priority bogus", () => ({ priority: "critical" }), "priority"],
    ["a name over 255", () => ({ name: "x".repeat(256) }), "name"],
    ["an empty name", () => ({ name: "" }), "name"],
    ["target_date 2024-02-30", () => ({ target_date: "2024-02-30" }), "target_date"],
    ["target_date 2023-02-29", () => ({ target_date: "2023-02-29" }), "target_date"],
    ["target_date 2024-13-01", () => ({ target_date: "2024-13-01" }), "target_date"],
    ["start_date 2024-04-31", () => ({ start_date: "2024-04-31" }), "start_date"],
    ["start_date 2024-1-5", () => ({ start_date: "2024-1-5" }), "start_date"],
    ["start_date tomorrow", () => ({ start_date: "tomorrow" }), "start_date"],
    ["target_date as a timestamp", () => ({ target_date: "2030-01-01T00:00:00Z" }), "target_date"],
    ["target_date as a number", () => ({ target_date: 20300101 }), "target_date"],
    ["a cycle of another project", () => ({ cycle: crypto.randomUUID() }), "cycle"],
    ["a module nobody has", () => ({ module: crypto.randomUUID() }), "module"],
    ["a blocker of another project", () => ({ blockers_list: [sibling.issueId] }), "blockers_list"],
    ["itself as blocker", () => ({ blockers_list: [issue.id] }), "blockers_list"],
    ["itself as blocked", () => ({ blocks_list: [issue.id] }), "blocks_list"],
  ];

  it.each(refusals)("%s: PATCH and POST answer 400 naming the field and write nothing", async (what, body, field) => {
    const before = await dumpIssueTables();
    const response = await p.owner.patch(issuePath(p, issue.id), body());
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toContain(field);
    expect(response.body[field][0]).toEqual(expect.any(String));
    if (!what.startsWith("its") && !what.startsWith("itself")) {
      const created = await p.owner.post(`${p.base}/issues/`, { name: "Refused", ...body() });
      expect(created.status).toBe(400);
      expect(Object.keys(created.body)).toContain(field);
    }
    expect(await dumpIssueTables()).toBe(before);
  });

  it("a completed cycle cannot receive the issue (409)", async () => {
    const response = await p.owner.patch(issuePath(p, issue.id), { cycle: completedCycle });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: "Completed cycles cannot receive issues." });
    expect((await getIssue(p, issue.id)).issue_cycle).toBeNull();
  });
});

describe("sort_order", () => {
  it("a dragged issue takes the average of its new neighbours and the manual list follows", async () => {
    const sp = await createProjectFixture(p.owner, "SRT");
    const [a, b, c] = [await newIssue(sp, { name: "A" }), await newIssue(sp, { name: "B" }), await newIssue(sp, { name: "C" })];
    expect([a.sort_order, b.sort_order, c.sort_order]).toEqual([65535, 75535, 85535]);
    await patchIssue(sp, c.id, { sort_order: (a.sort_order + b.sort_order) / 2 });
    await patchIssue(sp, b.id, { sort_order: a.sort_order - 10000 });
    const list = await sp.owner.get(`${sp.base}/issues/?order_by=sort_order`);
    expect(list.body.map((issue: IssueBody) => issue.name)).toEqual(["B", "A", "C"]);
    expect(list.body.map((issue: IssueBody) => issue.sort_order)).toEqual([55535, 65535, 70535]);
    // A new issue still goes 10000 above the highest.
    expect((await newIssue(sp, { name: "D" })).sort_order).toBe(80535);
  });
});

describe("blockers", () => {
  it("blockers_list on A shows B as A's blocker and A in B's blocks_list", async () => {
    const [a, b, c] = [await newIssue(p, { name: "A" }), await newIssue(p, { name: "B" }), await newIssue(p, { name: "C" })];
    const patched = await patchIssue(p, a.id, { blockers_list: [b.id] });
    expect(patched.blockers_list).toEqual([b.id]);
    expect(patched.blocker_issues).toEqual([
      expect.objectContaining({ id: b.id, name: "B", sequence_id: b.sequence_id, project_detail: { id: p.projectId, identifier: p.identifier } }),
    ]);
    expect((await getIssue(p, b.id)).blocks_list).toEqual([a.id]);
    expect((await getIssue(p, b.id)).blockers_list).toEqual([]);

    // Replacing the list removes the old relation from both sides.
    await patchIssue(p, a.id, { blockers_list: [c.id] });
    expect((await getIssue(p, a.id)).blockers_list).toEqual([c.id]);
    expect((await getIssue(p, b.id)).blocks_list).toEqual([]);
    expect((await getIssue(p, c.id)).blocks_list).toEqual([a.id]);
    expect(await rows("SELECT issue_id, blocked_by_id FROM issue_blockers WHERE issue_id IN (?, ?, ?) OR blocked_by_id IN (?, ?, ?)", a.id, b.id, c.id, a.id, b.id, c.id)).toEqual([
      { issue_id: a.id, blocked_by_id: c.id },
    ]);

    await patchIssue(p, a.id, { blockers_list: [] });
    expect((await getIssue(p, c.id)).blocks_list).toEqual([]);
  });

  it("blocks_list on A shows A in B's blockers_list; the other direction is untouched", async () => {
    const [a, b, c] = [await newIssue(p, { name: "A" }), await newIssue(p, { name: "B" }), await newIssue(p, { name: "C" })];
    await patchIssue(p, a.id, { blockers_list: [c.id] });
    const patched = await patchIssue(p, a.id, { blocks_list: [b.id] });
    expect(patched.blocks_list).toEqual([b.id]);
    expect(patched.blockers_list).toEqual([c.id]);
    expect((await getIssue(p, b.id)).blockers_list).toEqual([a.id]);
  });

  it("a new issue can be created with blockers and blocked issues", async () => {
    const a = await newIssue(p, { name: "Blocker" });
    const b = await newIssue(p, { name: "Blocked" });
    const made = await newIssue(p, { name: "Middle", blockers_list: [a.id], blocks_list: [b.id] });
    expect(made).toMatchObject({ blockers_list: [a.id], blocks_list: [b.id] });
    expect((await getIssue(p, a.id)).blocks_list).toEqual([made.id]);
    expect((await getIssue(p, b.id)).blockers_list).toEqual([made.id]);
  });
});

describe("rich text", () => {
  it("description_html is stored without <script> or event handlers; description_stripped is its plain text", async () => {
    const issue = await newIssue(p, {
      name: "XSS",
      description_html:
        '<p>Hello <strong>world</strong></p><script>alert("x")</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)" onclick="steal()">link</a>',
    });
    for (const html of [issue.description_html, (await getIssue(p, issue.id)).description_html]) {
      expect(html).toContain("<strong>world</strong>");
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|alert/i);
      expect(html).toContain('<img src="x.png">');
    }
    const [row] = await rows<{ description_html: string; description_stripped: string }>(
      "SELECT description_html, description_stripped FROM issues WHERE id = ?",
      issue.id,
    );
    expect(row.description_html).not.toMatch(/<script|onerror/i);
    expect(row.description_stripped).toBe("Hello world link");
    const patched = await patchIssue(p, issue.id, { description_html: "<p onmouseover=\"x()\">Plain &amp; simple</p><style>p{}</style>" });
    expect(patched.description_html).toBe("<p>Plain &amp; simple</p>");
    expect(patched.description_stripped).toBe("Plain & simple");
  });

  it('an empty description_html becomes the empty paragraph "<p></p>"', async () => {
    expect((await newIssue(p, { name: "No description" })).description_html).toBe("<p></p>");
    expect((await newIssue(p, { name: "Only a script", description_html: "<script>x</script>" })).description_html).toBe("<p></p>");
  });
});

describe("DELETE issues/{id}/", () => {
  it("answers 204, then GET answers 404; sub-issues become top-level and the grandparent's count follows", async () => {
    const top = await newIssue(p, { name: "Top" });
    const middle = await newIssue(p, { name: "Middle", parent: top.id });
    const [c1, c2] = [await newIssue(p, { name: "C1", parent: middle.id }), await newIssue(p, { name: "C2", parent: middle.id })];
    expect((await getIssue(p, middle.id)).sub_issues_count).toBe(2);
    expect((await getIssue(p, top.id)).sub_issues_count).toBe(1);

    const deleted = await p.owner.delete(issuePath(p, middle.id));
    expect(deleted.status).toBe(204);
    expect((await p.owner.get(issuePath(p, middle.id))).status).toBe(404);
    for (const child of [c1, c2]) expect(await getIssue(p, child.id)).toMatchObject({ parent: null, parent_detail: null });
    expect((await getIssue(p, top.id)).sub_issues_count).toBe(0);
    const list = await p.owner.get(`${p.base}/issues/`);
    expect(list.body.map((issue: IssueBody) => issue.id)).not.toContain(middle.id);
    expect((await p.owner.delete(issuePath(p, middle.id))).status).toBe(404);
  });

  it("deleting one sub-issue lowers its parent's count by one", async () => {
    const parent = await newIssue(p, { name: "Parent of two" });
    const [one] = [await newIssue(p, { name: "One", parent: parent.id }), await newIssue(p, { name: "Two", parent: parent.id })];
    expect((await p.owner.delete(issuePath(p, one.id))).status).toBe(204);
    expect((await getIssue(p, parent.id)).sub_issues_count).toBe(1);
    const sub = await p.owner.get(`${issuePath(p, parent.id)}sub-issues/`);
    expect(sub.body.sub_issues.map((issue: IssueBody) => issue.name)).toEqual(["Two"]);
  });

  it("viewers cannot delete", async () => {
    const issue = await newIssue(p, { name: "Stays" });
    expect((await viewer.delete(issuePath(p, issue.id))).status).toBe(403);
    expect((await getIssue(p, issue.id)).name).toBe("Stays");
  });
});

describe("state side effects on create", () => {
  it("creating in a started state sets start_date to today; in a completed state sets completed_at", async () => {
    const started = await newIssue(p, { name: "Started", state: p.states["In Progress"] });
    expect(started.start_date).toBe(today());
    const kept = await newIssue(p, { name: "Started early", state: p.states["In Progress"], start_date: "2029-01-01" });
    expect(kept.start_date).toBe("2029-01-01");
    const done = await newIssue(p, { name: "Done", state: p.states.Done });
    expect(done.completed_at).toEqual(expect.any(String));
    expect(done.start_date).toBeNull();
  });
});
