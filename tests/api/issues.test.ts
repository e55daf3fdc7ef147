import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
beforeAll(async () => {
  p = await createProjectFixture();
});

describe("creating issues", () => {
  it("numbers issues from 1, puts them in the default state and gives each a sort order 10000 above the last", async () => {
    const first = await p.owner.post(`${p.base}/issues/`, { name: "First issue" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      name: "First issue",
      sequence_id: 1,
      sort_order: 65535,
      priority: "none",
      state: p.states.Backlog,
      state_detail: { name: "Backlog", group: "backlog" },
      project_detail: { id: p.projectId, identifier: p.identifier },
      assignees: [],
      labels: [],
      sub_issues_count: 0,
      issue_cycle: null,
      issue_module: null,
    });
    const second = await p.owner.post(`${p.base}/issues/`, { name: "Second issue", priority: "high" });
    expect(second.body).toMatchObject({ sequence_id: 2, sort_order: 75535, priority: "high" });
  });

  it("refuses a missing or too long title with the spec's messages and writes nothing", async () => {
    const before = await env.DB.prepare("SELECT count(*) AS n FROM issues").first<{ n: number }>();
    const empty = await p.owner.post(`${p.base}/issues/`, { name: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: ["Title is required"] });
    const long = await p.owner.post(`${p.base}/issues/`, { name: "x".repeat(256) });
    expect(long.body).toEqual({ name: ["Title should be less than 255 characters"] });
    const after = await env.DB.prepare("SELECT count(*) AS n FROM issues").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("gives 100 concurrent creates 100 distinct sequence ids", async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => p.owner.post(`${p.base}/issues/`, { name: `Concurrent ${i}` })),
    );
    expect(responses.every((r) => r.status === 201)).toBe(true);
    const numbers = new Set(responses.map((r) => r.body.sequence_id));
    expect(numbers.size).toBe(100);
  });

  it("keeps an id the client chose, refuses it twice or malformed, and writes nothing then", async () => {
    const id = crypto.randomUUID();
    const made = await p.owner.post(`${p.base}/issues/`, { id: id.toUpperCase(), name: "Named by the client" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id, name: "Named by the client" });
    expect((await p.owner.get(`${p.base}/issues/${id}/`)).body.name).toBe("Named by the client");
    const count = async () => (await env.DB.prepare("SELECT count(*) AS n FROM issues").first<{ n: number }>())!.n;
    const before = await count();
    const again = await p.owner.post(`${p.base}/issues/`, { id, name: "Same id again" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "An issue with this id already exists." });
    const malformed = await p.owner.post(`${p.base}/issues/`, { id: "not-a-uuid", name: "Bad id" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ id: ["Issue id must be a UUID."] });
    expect(await count()).toBe(before);
    // The counter was not moved by the refused writes: the next issue takes the next number.
    const next = await p.owner.post(`${p.base}/issues/`, { name: "After the refusals" });
    expect(next.body.sequence_id).toBe(made.body.sequence_id + 1);
  });

  it("never reuses the number of a deleted last issue", async () => {
    const made = await p.owner.post(`${p.base}/issues/`, { name: "Soon gone" });
    expect((await p.owner.delete(`${p.base}/issues/${made.body.id}/`)).status).toBe(204);
    const next = await p.owner.post(`${p.base}/issues/`, { name: "After the deleted one" });
    expect(next.body.sequence_id).toBe(made.body.sequence_id + 1);
  });
});

describe("state side effects", () => {
  it("sets start_date on entering a started state, completed_at on completing, and clears it on reopening", async () => {
    const made = await p.owner.post(`${p.base}/issues/`, { name: "Lifecycle" });
    const started = await p.owner.patch(`${p.base}/issues/${made.body.id}/`, { state: p.states["In Progress"] });
    expect(started.body.start_date).toBe(new Date().toISOString().slice(0, 10));
    expect(started.body.completed_at).toBeNull();
    const done = await p.owner.patch(`${p.base}/issues/${made.body.id}/`, { state: p.states.Done });
    expect(done.body.completed_at).not.toBeNull();
    const reopened = await p.owner.patch(`${p.base}/issues/${made.body.id}/`, { state: p.states.Todo });
    expect(reopened.body.completed_at).toBeNull();
    const history = await p.owner.get(`${p.base}/issues/${made.body.id}/history/`);
    const stateChanges = history.body.filter((e: { field: string }) => e.field === "state");
    expect(stateChanges.map((e: { new_value: string }) => e.new_value)).toEqual(["In Progress", "Done", "Todo"]);
  });
});

describe("roles", () => {
  it("lets viewers and guests read but not write", async () => {
    const viewer = await addMember(p, 10, "Viewer");
    const guest = await addMember(p, 5, "Guest");
    for (const reader of [viewer, guest]) {
      expect((await reader.get(`${p.base}/issues/`)).status).toBe(200);
      const write = await reader.post(`${p.base}/issues/`, { name: "Not allowed" });
      expect(write.status).toBe(403);
    }
  });

  it("answers 401 without credentials", async () => {
    const response = await call("GET", `${p.base}/issues/`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
  });
});
