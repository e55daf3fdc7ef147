import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import { issueLabels, issues } from "../../drizzle/schema";
import { call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, openBoard, projectWithRoles } from "../helpers/project-roles";

const NAME_TAKEN = "Label with the same name already exists in the project";
const OWN_ANCESTOR = "A label cannot be its own ancestor.";
const PARENT_NOT_FOUND = "Parent label not found in this project.";

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

type LabelRow = { id: string; name: string; color: string; parent: string | null; sort_order: number };

async function freshProject() {
  const projectId = await createProject(p.owner, p.slug);
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  return `/api/workspaces/${p.slug}/projects/${projectId}`;
}

async function labelsOf(base: string): Promise<LabelRow[]> {
  const response = await p.owner.get(`${base}/issue-labels/`);
  expect(response.status).toBe(200);
  return response.body;
}

async function createLabel(base: string, body: Record<string, unknown>): Promise<LabelRow> {
  const response = await p.owner.post(`${base}/issue-labels/`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

describe("creating and listing labels", () => {
  it("a new label gets the default colour, no parent and a sort_order after the last", async () => {
    const base = await freshProject();
    expect(await labelsOf(base)).toEqual([]);
    const response = await p.member.post(`${base}/issue-labels/`, { name: "  Bug  " });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: "Bug", color: "#858E96", parent: null, sort_order: 65535, description: "" });
    expect(response.body.project_detail).toMatchObject({ id: base.split("/").pop(), name: "Project" });
    expect(response.body.workspace_detail).toMatchObject({ slug: p.slug });

    const second = await p.member.post(`${base}/issue-labels`, { name: "Feature", color: "#ff0000" });
    expect(second.body).toMatchObject({ name: "Feature", color: "#ff0000", sort_order: 75535 });
    const first = await p.member.post(`${base}/issue-labels/`, { name: "Chore", sort_order: 100 });
    expect(first.body.sort_order).toBe(100);

    expect((await labelsOf(base)).map((l) => l.name)).toEqual(["Chore", "Bug", "Feature"]);
    const own = await p.member.get(`${base}/issue-labels/${second.body.id}/`);
    expect(own.body).toMatchObject({ id: second.body.id, name: "Feature" });
  });

  it("places a label under a group label of the same project", async () => {
    const base = await freshProject();
    const group = await createLabel(base, { name: "Area" });
    const child = await p.member.post(`${base}/issue-labels/`, { name: "Frontend", parent: group.id });
    expect(child.status).toBe(201);
    expect(child.body.parent).toBe(group.id);
  });

  it("refuses invalid fields with the messages and writes nothing", async () => {
    const base = await freshProject();
    const existing = await createLabel(base, { name: "Bug" });
    const otherBase = await freshProject();
    const foreign = await createLabel(otherBase, { name: "Elsewhere" });
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { name: ["Label title is required"] }],
      [{ name: "  " }, { name: ["Label title is required"] }],
      [{ name: null }, { name: ["Label title is required"] }],
      [{ name: "l".repeat(256) }, { name: ["Label title should be less than 255 characters"] }],
      [{ name: "Colour", color: "blue" }, { color: ["Color should be hex format"] }],
      [{ name: "Parent", parent: 5 }, { parent: ["Parent must be a label id or null."] }],
      [{ name: "Order", sort_order: "first" }, { sort_order: ["Sort order must be a finite number."] }],
      [{ name: "Bug" }, { name: [NAME_TAKEN] }],
      [{ name: "Orphan", parent: crypto.randomUUID() }, { parent: [PARENT_NOT_FOUND] }],
      [{ name: "Smuggled", parent: foreign.id }, { parent: [PARENT_NOT_FOUND] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.post(`${base}/issue-labels/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await labelsOf(base)).map((l) => l.id)).toEqual([existing.id]);
  });

  it("the same name may be used in another project", async () => {
    const base = await freshProject();
    await createLabel(base, { name: "Shared" });
    const otherBase = await freshProject();
    expect((await p.owner.post(`${otherBase}/issue-labels/`, { name: "Shared" })).status).toBe(201);
  });

  it("answers malformed bodies with 400, never 500, and writes nothing", async () => {
    const base = await freshProject();
    const malformed = await call("POST", `${base}/issue-labels/`, { cookie: p.owner.cookie, rawBody: '{"name": "x"' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    for (const payload of [["Bug"], "Bug", null, true]) {
      const response = await p.owner.post(`${base}/issue-labels/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.body)).toEqual(["body"]);
    }
    expect(await labelsOf(base)).toEqual([]);
  });

  it("two concurrent creates with one name leave one label", async () => {
    const base = await freshProject();
    const responses = await Promise.all([
      p.owner.post(`${base}/issue-labels/`, { name: "Racing" }),
      p.member.post(`${base}/issue-labels/`, { name: "Racing" }),
      p.owner.post(`${base}/issue-labels/`, { name: "Racing" }),
    ]);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ name: [NAME_TAKEN] });
    }
    expect(await labelsOf(base)).toHaveLength(1);
  });
});

describe("updating labels", () => {
  it("PATCH renames, recolours and reorders", async () => {
    const base = await freshProject();
    const label = await createLabel(base, { name: "Bug" });
    const response = await p.member.patch(`${base}/issue-labels/${label.id}/`, { name: "Defect", color: "#123", sort_order: 5 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: label.id, name: "Defect", color: "#123", sort_order: 5, parent: null });
    expect((await p.member.get(`${base}/issue-labels/${label.id}`)).body.name).toBe("Defect");
    const same = await p.member.patch(`${base}/issue-labels/${label.id}/`, { name: "Defect" });
    expect(same.status).toBe(200);
  });

  it("refuses another label's name and invalid fields, changing nothing", async () => {
    const base = await freshProject();
    await createLabel(base, { name: "Bug" });
    const label = await createLabel(base, { name: "Feature", color: "#abcdef" });
    const cases: [unknown, Record<string, string[]>][] = [
      [{ name: "Bug" }, { name: [NAME_TAKEN] }],
      [{ name: "" }, { name: ["Label title is required"] }],
      [{ name: "m".repeat(256) }, { name: ["Label title should be less than 255 characters"] }],
      [{ color: "#ggg" }, { color: ["Color should be hex format"] }],
      [{ parent: crypto.randomUUID() }, { parent: [PARENT_NOT_FOUND] }],
      [{ sort_order: null }, { sort_order: ["Sort order must be a finite number."] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.patch(`${base}/issue-labels/${label.id}/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    const malformed = await call("PATCH", `${base}/issue-labels/${label.id}/`, { cookie: p.owner.cookie, rawBody: "[" });
    expect(malformed.status).toBe(400);
    expect((await p.owner.get(`${base}/issue-labels/${label.id}/`)).body).toMatchObject({ name: "Feature", color: "#abcdef", parent: null });
  });

  it("moves a label into a group and out of it again (parent null)", async () => {
    const base = await freshProject();
    const group = await createLabel(base, { name: "Platform" });
    const label = await createLabel(base, { name: "iOS" });
    const into = await p.member.patch(`${base}/issue-labels/${label.id}/`, { parent: group.id });
    expect(into.status).toBe(200);
    expect(into.body.parent).toBe(group.id);
    const out = await p.member.patch(`${base}/issue-labels/${label.id}/`, { parent: null });
    expect(out.status).toBe(200);
    expect(out.body.parent).toBeNull();
  });

  it("refuses a parent chain that would loop back to the label", async () => {
    const base = await freshProject();
    const a = await createLabel(base, { name: "A" });
    const b = await createLabel(base, { name: "B", parent: a.id });
    const c = await createLabel(base, { name: "C", parent: b.id });
    for (const parent of [a.id, b.id, c.id]) {
      const response = await p.owner.patch(`${base}/issue-labels/${a.id}/`, { parent });
      expect(response.status, parent).toBe(400);
      expect(response.body).toEqual({ parent: [OWN_ANCESTOR] });
    }
    const self = await p.owner.patch(`${base}/issue-labels/${c.id}/`, { parent: c.id });
    expect(self.body).toEqual({ parent: [OWN_ANCESTOR] });
    expect((await p.owner.get(`${base}/issue-labels/${a.id}/`)).body.parent).toBeNull();
    // Re-parenting within the tree without a loop is fine.
    const lifted = await p.owner.patch(`${base}/issue-labels/${c.id}/`, { parent: a.id });
    expect(lifted.status).toBe(200);
    expect(lifted.body.parent).toBe(a.id);
  });

  it("two concurrent re-parentings cannot build a loop", async () => {
    const base = await freshProject();
    const a = await createLabel(base, { name: "A" });
    const b = await createLabel(base, { name: "B" });
    const responses = await Promise.all([
      p.owner.patch(`${base}/issue-labels/${a.id}/`, { parent: b.id }),
      p.member.patch(`${base}/issue-labels/${b.id}/`, { parent: a.id }),
    ]);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const rejected = responses.find((r) => r.status !== 200)!;
    expect(rejected.status).toBe(400);
    expect(rejected.body).toEqual({ parent: [OWN_ANCESTOR] });
    const parents = (await labelsOf(base)).map((l) => l.parent);
    expect(parents.filter((parent) => parent !== null)).toHaveLength(1);
  });
});

describe("deleting labels", () => {
  it("deletes a label and its issue links", async () => {
    const base = await freshProject();
    const label = await createLabel(base, { name: "Bug" });
    const db = drizzle(env.DB);
    const full = (await p.owner.get(`${base}/issue-labels/${label.id}/`)).body;
    const [issue] = await db
      .insert(issues)
      .values({ workspace_id: full.workspace, project_id: full.project, name: "Crash", sequence_id: 1 })
      .returning();
    await db.insert(issueLabels).values({ workspace_id: full.workspace, project_id: full.project, issue_id: issue.id, label_id: label.id });

    const response = await p.member.delete(`${base}/issue-labels/${label.id}/`);
    expect(response.status).toBe(204);
    expect((await p.member.get(`${base}/issue-labels/${label.id}/`)).status).toBe(404);
    expect(await db.select().from(issueLabels).where(eq(issueLabels.issue_id, issue.id))).toEqual([]);
    expect((await p.member.delete(`${base}/issue-labels/${label.id}/`)).status).toBe(404);
  });

  it("deleting a group label keeps its children, now without a group", async () => {
    const base = await freshProject();
    const group = await createLabel(base, { name: "Area" });
    const one = await createLabel(base, { name: "API", parent: group.id });
    const two = await createLabel(base, { name: "UI", parent: group.id });
    expect((await p.owner.delete(`${base}/issue-labels/${group.id}/`)).status).toBe(204);
    const rest = await labelsOf(base);
    expect(rest.map((l) => [l.id, l.parent])).toEqual([
      [one.id, null],
      [two.id, null],
    ]);
  });
});

describe("live board", () => {
  it("publishes label upserts and deletions, with the children that left a deleted group", async () => {
    const base = await freshProject();
    const board = await openBoard(p.member, base);
    const group = await createLabel(base, { name: "Area" });
    const child = await createLabel(base, { name: "API", parent: group.id });
    expect(await board.next((c) => c.id === child.id)).toMatchObject({
      kind: "label",
      op: "upsert",
      row: { id: child.id, name: "API", parent: group.id },
    });
    await p.owner.patch(`${base}/issue-labels/${group.id}/`, { color: "#000000" });
    await board.next((c) => c.id === group.id && c.op === "upsert" && (c.row as { color: string }).color === "#000000");

    expect((await p.owner.delete(`${base}/issue-labels/${group.id}/`)).status).toBe(204);
    expect(await board.next((c) => c.id === group.id && c.op === "delete")).toEqual({ kind: "label", op: "delete", id: group.id });
    await board.next((c) => c.id === child.id && c.op === "upsert" && (c.row as { parent: string | null }).parent === null);
    board.close();
  });
});

describe("access", () => {
  it("401 without credentials", async () => {
    const label = await createLabel(p.base, { name: `Auth ${Date.now()}` });
    for (const [method, path] of [
      ["GET", `${p.base}/issue-labels/`],
      ["POST", `${p.base}/issue-labels/`],
      ["GET", `${p.base}/issue-labels/${label.id}/`],
      ["PATCH", `${p.base}/issue-labels/${label.id}/`],
      ["DELETE", `${p.base}/issue-labels/${label.id}/`],
    ]) {
      const response = await call(method, path, { body: method === "POST" || method === "PATCH" ? { name: "X" } : undefined });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    }
  });

  it("viewers and guests read but cannot write", async () => {
    const label = await createLabel(p.base, { name: `Readable ${Date.now()}` });
    const before = await labelsOf(p.base);
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(`${p.base}/issue-labels/`)).body).toEqual(before);
      expect((await client.get(`${p.base}/issue-labels/${label.id}/`)).status).toBe(200);
      expect((await client.post(`${p.base}/issue-labels/`, { name: "Nope" })).status).toBe(403);
      expect((await client.patch(`${p.base}/issue-labels/${label.id}/`, { name: "Nope" })).status).toBe(403);
      const removal = await client.delete(`${p.base}/issue-labels/${label.id}/`);
      expect(removal.status).toBe(403);
      expect(removal.body).toEqual({ error: "You do not have permission to perform this action." });
    }
    expect(await labelsOf(p.base)).toEqual(before);
  });

  it("non-members of the project or workspace get 403", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/issue-labels/`)).status).toBe(403);
      expect((await client.post(`${p.base}/issue-labels/`, { name: "Nope" })).status).toBe(403);
    }
  });

  it("another project's or workspace's ids answer 404", async () => {
    const otherBase = await freshProject();
    const foreign = await createLabel(otherBase, { name: "Foreign" });
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { name: "Stolen" }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, `${p.base}/issue-labels/${foreign.id}/`, { cookie: p.owner.cookie, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ error: "Label not found." });
    }
    expect((await p.owner.get(`${otherBase}/issue-labels/${foreign.id}/`)).body.name).toBe("Foreign");

    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.post(`/api/workspaces/${p.slug}/projects/${otherProject}/issue-labels/`, { name: "X" });
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});
