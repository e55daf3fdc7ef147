
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Client, } from "../helpers/api";
import { createTeamWithProject, expectStatus } from "../helpers/fixtures";
import { type PageActionBody, postPageAction } from "../helpers/page-action";

type World = Awaited<ReturnType<typeof createTeamWithProject>>;
let w: World;

beforeEach(async () => {
  w = await createTeamWithProject("pestim");
});

function post(client: Client, body: PageActionBody) {
  return postPageAction(client, `/${w.slug}/projects/${w.project.id}/settings/estimates.data`, body);
}

/** The form fields of an estimate with these point values. */
function estimateForm(intent: string, name: string, values: string[], extra: Record<string, string> = {}) {
  const form: Record<string, string> = { intent, name, description: "", ...extra };
  values.forEach((value, index) => {
    form[`points[${index}].value`] = value;
  });
  return { form };
}

/** Every estimate of the project with its points, and the project's estimate. */
async function dump() {
  const estimates = await env.DB.prepare("SELECT id, name, description FROM estimates WHERE project_id = ? ORDER BY id")
    .bind(w.project.id)
    .all();
  const points = await env.DB.prepare("SELECT estimate_id, key, value FROM estimate_points WHERE project_id = ? ORDER BY estimate_id, key")
    .bind(w.project.id)
    .all();
  const project = await env.DB.prepare("SELECT estimate_id FROM projects WHERE id = ?").bind(w.project.id).first<{ estimate_id: string | null }>();
  return { estimates: estimates.results, points: points.results, current: project?.estimate_id ?? null };
}

async function createEstimate(name: string, values: string[]) {
  const answer = await post(w.member, estimateForm("create-estimate", name, values));
  expect(answer.status, answer.text).toBe(200);
  const row = await env.DB.prepare("SELECT id FROM estimates WHERE project_id = ? AND name = ?").bind(w.project.id, name).first<{ id: string }>();
  return row!.id;
}

describe("create and edit", () => {
  it("creates an estimate whose points are keyed by their position", async () => {
    const id = await createEstimate("T-shirt", ["S", "M", "L"]);
    const { points } = await dump();
    expect(points).toEqual([
      { estimate_id: id, key: 0, value: "S" },
      { estimate_id: id, key: 1, value: "M" },
      { estimate_id: id, key: 2, value: "L" },
    ]);
  });

  it("edits the name and replaces the points", async () => {
    const id = await createEstimate("T-shirt", ["S", "M", "L"]);
    const answer = await post(w.member, estimateForm("update-estimate", "Sizes", ["XS", "S"], { estimate_id: id }));
    expect(answer.status, answer.text).toBe(200);
    const { estimates, points } = await dump();
    expect(estimates).toEqual([{ id, name: "Sizes", description: "" }]);
    expect(points.map((point) => point.value)).toEqual(["XS", "S"]);
  });

  it("answers the form's messages with 400 and changes nothing", async () => {
    await createEstimate("T-shirt", ["S", "M"]);
    const before = await dump();
    const noName = await post(w.owner, estimateForm("create-estimate", "", ["1"]));
    expect(noName.status).toBe(400);
    expect(noName.text).toContain("Name is required");
    const emptyPoint = await post(w.owner, estimateForm("create-estimate", "Fibonacci", ["1", " "]));
    expect(emptyPoint.status).toBe(400);
    expect(emptyPoint.text).toContain("Value is required");
    const longPoint = await post(w.owner, estimateForm("create-estimate", "Fibonacci", ["x".repeat(21)]));
    expect(longPoint.status).toBe(400);
    expect(longPoint.text).toContain("Value should be at most 20 characters");
    const tooMany = await post(w.owner, estimateForm("create-estimate", "Fibonacci", ["1", "2", "3", "4", "5", "6", "7", "8", "9"]));
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain("At most 8 estimate points");
    const taken = await post(w.owner, estimateForm("create-estimate", "T-shirt", ["1"]));
    expect(taken.status).toBe(400);
    expect(taken.text).toContain("An estimate with this name already exists in the project.");
    expect(await dump()).toEqual(before);
  });

  it("refuses viewers and guests with 403 and changes nothing", async () => {
    const id = await createEstimate("T-shirt", ["S", "M"]);
    const before = await dump();
    for (const client of [w.viewer, w.guest]) {
      expect((await post(client, estimateForm("create-estimate", "Mine", ["1"]))).status).toBe(403);
      expect((await post(client, estimateForm("update-estimate", "Mine", ["1"], { estimate_id: id }))).status).toBe(403);
    }
    expect(await dump()).toEqual(before);
  });
});

describe("the project's estimate", () => {
  it("is picked, then turned off with None", async () => {
    const id = await createEstimate("T-shirt", ["S", "M"]);
    const pick = await post(w.owner, { json: { intent: "use-estimate", estimate_id: id } });
    expect(pick.status, pick.text).toBe(200);
    expect((await dump()).current).toBe(id);
    const project = await w.owner.get(`/api/workspaces/${w.slug}/projects/${w.project.id}/`);
    expect(project.body.estimate).toBe(id);
    const off = await post(w.owner, { json: { intent: "use-estimate", estimate_id: null } });
    expect(off.status).toBe(200);
    expect((await dump()).current).toBeNull();
  });

  it("refuses viewers, guests and an estimate of another project, changing nothing", async () => {
    const id = await createEstimate("T-shirt", ["S", "M"]);
    const before = await dump();
    for (const client of [w.viewer, w.guest]) {
      expect((await post(client, { json: { intent: "use-estimate", estimate_id: id } })).status).toBe(403);
    }
    const foreign = await post(w.owner, { json: { intent: "use-estimate", estimate_id: "not-an-estimate" } });
    expect(foreign.status).toBe(400);
    expect(foreign.text).toContain("Estimate not found in this project.");
    expect(await dump()).toEqual(before);
  });
});

describe("delete", () => {
  it("deletes an estimate with its points; the project using it is left without one", async () => {
    const id = await createEstimate("T-shirt", ["S", "M"]);
    expectStatus(await w.owner.patch(`/api/workspaces/${w.slug}/projects/${w.project.id}/`, { estimate: id }), 200);
    const answer = await post(w.member, { json: { intent: "delete-estimate", estimate_id: id } });
    expect(answer.status, answer.text).toBe(200);
    expect(await dump()).toEqual({ estimates: [], points: [], current: null });
  });

  it("refuses viewers and guests with 403 and changes nothing", async () => {
    const id = await createEstimate("T-shirt", ["S", "M"]);
    const before = await dump();
    for (const client of [w.viewer, w.guest]) {
      expect((await post(client, { json: { intent: "delete-estimate", estimate_id: id } })).status).toBe(403);
    }
    expect(await dump()).toEqual(before);
  });
});
