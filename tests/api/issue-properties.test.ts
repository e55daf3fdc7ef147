import { beforeAll, describe, expect, it } from "vitest";
import { type Client, call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, projectWithRoles } from "../helpers/project-roles";

const DEFAULTS = {
  assignee: true,
  due_date: false,
  key: true,
  labels: false,
  priority: false,
  state: true,
  sub_issue_count: false,
  attachment_count: false,
  link: false,
  estimate: false,
};

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

/** A fresh project where `users` are members at the given role, so every test starts with no rows. */
async function freshProject(users: [Client, number][] = []) {
  const projectId = await createProject(p.owner, p.slug);
  for (const [user, role] of users) await addToProject(p.owner, p.slug, projectId, user, role);
  return `/api/workspaces/${p.slug}/projects/${projectId}`;
}

describe("reading issue properties", () => {
  it("with no stored row, GET answers the defaults with id null", async () => {
    const base = await freshProject();
    const response = await p.owner.get(`${base}/issue-properties/`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: null, properties: DEFAULTS, user: p.owner.user.id, project: base.split("/").pop() });
  });
});

describe("creating issue properties", () => {
  it("POST stores the defaults with the sent toggles and GET returns that row", async () => {
    const base = await freshProject();
    const response = await p.owner.post(`${base}/issue-properties/`, { properties: { labels: true, key: false }, user: p.owner.user.id });
    expect(response.status).toBe(201);
    expect(typeof response.body.id).toBe("string");
    expect(response.body).toMatchObject({ user: p.owner.user.id, properties: { ...DEFAULTS, labels: true, key: false } });
    const read = await p.owner.get(`${base}/issue-properties`);
    expect(read.body).toMatchObject({ id: response.body.id, properties: { ...DEFAULTS, labels: true, key: false } });
  });

  it("a second POST merges into the existing row instead of failing", async () => {
    const base = await freshProject();
    const first = await p.owner.post(`${base}/issue-properties/`, { properties: { labels: true } });
    const second = await p.owner.post(`${base}/issue-properties/`, { properties: { priority: true } });
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.properties).toEqual({ ...DEFAULTS, labels: true, priority: true });
  });

  it("refuses unknown toggles, non-boolean values and missing properties, writing nothing", async () => {
    const base = await freshProject();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ properties: { colour: true } }, { properties: ["Unknown issue properties: colour."] }],
      [{ properties: { assignee: true, foo: false, bar: true } }, { properties: ["Unknown issue properties: foo, bar."] }],
      [{ properties: { assignee: "yes" } }, { "properties.assignee": ["Must be true or false."] }],
      [{ properties: { state: null } }, { "properties.state": ["Must be true or false."] }],
      [{}, { properties: ["Properties must be an object of toggles."] }],
      [{ properties: [true] }, { properties: ["Properties must be an object of toggles."] }],
      [{ properties: { link: true }, user: 5 }, { user: ["User must be a user id."] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.post(`${base}/issue-properties/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    const malformed = await call("POST", `${base}/issue-properties/`, { cookie: p.owner.cookie, rawBody: '{"properties": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    for (const payload of [[], "x", null]) {
      const response = await p.owner.post(`${base}/issue-properties/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
    }
    expect((await p.owner.get(`${base}/issue-properties/`)).body.id).toBeNull();
  });

  it("refuses to write for another user", async () => {
    const base = await freshProject([[p.member, 15]]);
    const response = await p.owner.post(`${base}/issue-properties/`, { properties: { link: true }, user: p.member.user.id });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: "You can only change your own issue properties." });
    expect((await p.member.get(`${base}/issue-properties/`)).body.id).toBeNull();
    expect((await p.owner.get(`${base}/issue-properties/`)).body.id).toBeNull();
  });
});

describe("updating issue properties", () => {
  it("PATCH merges the sent toggles into the caller's row", async () => {
    const base = await freshProject();
    const created = await p.owner.post(`${base}/issue-properties/`, { properties: { labels: true } });
    const response = await p.owner.patch(`${base}/issue-properties/${created.body.id}/`, {
      properties: { assignee: false, estimate: true },
      user: p.owner.user.id,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.body.id,
      properties: { ...DEFAULTS, labels: true, assignee: false, estimate: true },
    });
    expect((await p.owner.get(`${base}/issue-properties/`)).body.properties).toEqual(response.body.properties);
  });

  it("concurrent PATCHes of different toggles both stick", async () => {
    const base = await freshProject();
    const created = await p.owner.post(`${base}/issue-properties/`, { properties: {} });
    const path = `${base}/issue-properties/${created.body.id}/`;
    const toggles = ["due_date", "labels", "priority", "link", "estimate"];
    const responses = await Promise.all(toggles.map((name) => p.owner.patch(path, { properties: { [name]: true } })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const after = (await p.owner.get(`${base}/issue-properties/`)).body.properties;
    for (const name of toggles) expect(after[name], name).toBe(true);
  });

  it("validates PATCH like POST and changes nothing on error", async () => {
    const base = await freshProject();
    const created = await p.owner.post(`${base}/issue-properties/`, { properties: { labels: true } });
    const path = `${base}/issue-properties/${created.body.id}/`;
    const unknown = await p.owner.patch(path, { properties: { labels: false, nope: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ properties: ["Unknown issue properties: nope."] });
    const wrongType = await p.owner.patch(path, { properties: { labels: 0 } });
    expect(wrongType.body).toEqual({ "properties.labels": ["Must be true or false."] });
    const malformed = await call("PATCH", path, { cookie: p.owner.cookie, rawBody: "}" });
    expect(malformed.status).toBe(400);
    expect((await p.owner.get(`${base}/issue-properties/`)).body.properties.labels).toBe(true);
  });

  it("another user's row is 404, and stays as it was", async () => {
    const base = await freshProject([[p.member, 15]]);
    const theirs = await p.member.post(`${base}/issue-properties/`, { properties: { link: true } });
    const response = await p.owner.patch(`${base}/issue-properties/${theirs.body.id}/`, { properties: { link: false } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Issue properties not found." });
    expect((await p.member.get(`${base}/issue-properties/`)).body.properties.link).toBe(true);

    const forged = await p.member.patch(`${base}/issue-properties/${theirs.body.id}/`, {
      properties: { link: false },
      user: p.owner.user.id,
    });
    expect(forged.status).toBe(403);
    expect((await p.owner.patch(`${base}/issue-properties/${crypto.randomUUID()}/`, { properties: {} })).status).toBe(404);
  });

  it("a row of another project is 404 through this project's path", async () => {
    const base = await freshProject();
    const otherBase = await freshProject();
    const other = await p.owner.post(`${otherBase}/issue-properties/`, { properties: { link: true } });
    const response = await p.owner.patch(`${base}/issue-properties/${other.body.id}/`, { properties: { link: false } });
    expect(response.status).toBe(404);
    expect((await p.owner.get(`${otherBase}/issue-properties/`)).body.properties.link).toBe(true);
  });
});

describe("access", () => {
  it("every project member, guests and viewers included, keeps their own row", async () => {
    const rows = new Map<string, string>();
    for (const [client, toggle] of [
      [p.owner, "labels"],
      [p.member, "priority"],
      [p.viewer, "due_date"],
      [p.guest, "link"],
    ] as const) {
      const created = await client.post(`${p.base}/issue-properties/`, { properties: { [toggle]: true } });
      expect(created.status, client.user.first_name).toBe(201);
      rows.set(client.user.id, created.body.id);
      const patched = await client.patch(`${p.base}/issue-properties/${created.body.id}/`, { properties: { state: false } });
      expect(patched.status).toBe(200);
      const read = await client.get(`${p.base}/issue-properties/`);
      expect(read.body).toMatchObject({ id: created.body.id, user: client.user.id, properties: { ...DEFAULTS, [toggle]: true, state: false } });
    }
    expect(new Set(rows.values()).size).toBe(4);
  });

  it("401 without credentials", async () => {
    for (const [method, path] of [
      ["GET", `${p.base}/issue-properties/`],
      ["POST", `${p.base}/issue-properties/`],
      ["PATCH", `${p.base}/issue-properties/${crypto.randomUUID()}/`],
    ]) {
      const response = await call(method, path, { body: method === "GET" ? undefined : { properties: {} } });
      expect(response.status, method).toBe(401);
      expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    }
  });

  it("non-members of the project or workspace get 403; another workspace's project 404", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/issue-properties/`)).status).toBe(403);
      expect((await client.post(`${p.base}/issue-properties/`, { properties: {} })).status).toBe(403);
    }
    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.get(`/api/workspaces/${p.slug}/projects/${otherProject}/issue-properties/`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});
