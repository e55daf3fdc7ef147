import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

let p: ProjectFixture;
beforeAll(async () => {
  p = await createProjectFixture();
});

describe("list reads", () => {
  it("answers a keyset page from an index: the list query reads at most the rows it returns + 1", async () => {
    const listed = await createProjectFixture(p.owner, "READS");
    for (let i = 0; i < 30; i++) await listed.owner.post(`${listed.base}/issues/`, { name: `Row ${i}` });
    const response = await call("GET", `${listed.base}/issues/?per_page=20`, {
      cookie: p.owner.cookie,
      headers: { "x-debug-d1-rows": "1" },
    });
    expect(response.status).toBe(200);
    expect(response.body.results).toHaveLength(20);
    const statements = JSON.parse(response.headers.get("x-d1-statements")!) as { table: string; rows_read: number; rows_returned: number }[];
    const list = statements.find((s) => s.table === "issues" && s.rows_returned === 21)!;
    expect(list).toBeDefined();
    expect(list.rows_read).toBeLessThanOrEqual(list.rows_returned + 1);
  });
});

describe("one issue's detail", () => {
  /** Rows D1 read to answer GET issue, with the project's lookups already held by the isolate. */
  const rowsReadFor = async (fixture: ProjectFixture, issueId: string) => {
    const path = `${fixture.base}/issues/${issueId}/`;
    await call("GET", path, { cookie: fixture.owner.cookie });
    const response = await call("GET", path, { cookie: fixture.owner.cookie, headers: { "x-debug-d1-rows": "1" } });
    expect(response.status).toBe(200);
    return { body: response.body, rows: Number(response.headers.get("x-d1-rows-read")) };
  };

  it("reads only that issue's rows: the same rows in a project of 2 issues as in one of 40", async () => {
    const small = await createProjectFixture(p.owner, "ONE");
    const large = await createProjectFixture(p.owner, "MANY");
    const detailIn = async (fixture: ProjectFixture, others: number) => {
      const parent = await fixture.owner.post(`${fixture.base}/issues/`, { name: "Parent" });
      for (let i = 0; i < others; i++) await fixture.owner.post(`${fixture.base}/issues/`, { name: `Other ${i}` });
      const child = await fixture.owner.post(`${fixture.base}/issues/`, { name: "Child", parent: parent.body.id });
      return rowsReadFor(fixture, child.body.id);
    };
    const few = await detailIn(small, 0);
    const many = await detailIn(large, 38);
    expect(few.body.parent_detail.name).toBe("Parent");
    expect(many.body.parent_detail.name).toBe("Parent");
    expect(many.rows).toBe(few.rows);
    expect(many.rows).toBeLessThan(20);
  });

  it("a patch reads only that issue's rows: the same rows in a project of 2 issues as in one of 40", async () => {
    const small = await createProjectFixture(p.owner, "PONE");
    const large = await createProjectFixture(p.owner, "PMANY");
    const patchIn = async (fixture: ProjectFixture, others: number) => {
      const parent = await fixture.owner.post(`${fixture.base}/issues/`, { name: "Parent" });
      for (let i = 0; i < others; i++) await fixture.owner.post(`${fixture.base}/issues/`, { name: `Other ${i}` });
      const child = await fixture.owner.post(`${fixture.base}/issues/`, { name: "Child", parent: parent.body.id });
      const path = `${fixture.base}/issues/${child.body.id}/`;
      await call("PATCH", path, { cookie: fixture.owner.cookie, body: { priority: "high" } });
      const response = await call("PATCH", path, { cookie: fixture.owner.cookie, body: { priority: "low" }, headers: { "x-debug-d1-rows": "1" } });
      expect(response.status).toBe(200);
      expect(response.body.parent_detail.name).toBe("Parent");
      return Number(response.headers.get("x-d1-rows-read"));
    };
    const few = await patchIn(small, 0);
    const many = await patchIn(large, 38);
    expect(many).toBe(few);
  });

  it("answers the same detail whether or not the isolate holds the project's lookups", async () => {
    const fixture = await createProjectFixture(p.owner, "LOOK");
    const created = await fixture.owner.post(`${fixture.base}/issues/`, { name: "Looked up", assignees_list: [fixture.owner.user.id] });
    const path = `${fixture.base}/issues/${created.body.id}/`;
    const held = await call("GET", path, { cookie: fixture.owner.cookie });
    // Renaming its state bumps the project's lookups_version: the next read takes them from D1 again.
    const stateId = held.body.state as string;
    const renamed = `${held.body.state_detail.name} renamed`;
    expect((await fixture.owner.patch(`${fixture.base}/states/${stateId}/`, { name: renamed })).status).toBe(200);
    const reread = await call("GET", path, { cookie: fixture.owner.cookie });
    expect(reread.status).toBe(200);
    expect(reread.body).toEqual({ ...held.body, state_detail: { ...held.body.state_detail, name: renamed } });
    expect(reread.body.assignee_details).toHaveLength(1);
  });
});
