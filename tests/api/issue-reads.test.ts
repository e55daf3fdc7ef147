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
