import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "../helpers/api";
import { type ProjectWithRoles, addToProject, createProject, createWorkspace, projectWithRoles } from "../helpers/project-roles";

const NAME_TAKEN = "An estimate with this name already exists in the project.";
const KEY_RANGE = "Key must be an integer from 0 to 7.";

let p: ProjectWithRoles;

beforeAll(async () => {
  p = await projectWithRoles();
});

async function freshProject() {
  const projectId = await createProject(p.owner, p.slug);
  await addToProject(p.owner, p.slug, projectId, p.member, 15);
  return `/api/workspaces/${p.slug}/projects/${projectId}`;
}

const fibonacci = [
  { key: 0, value: "1" },
  { key: 1, value: "2" },
  { key: 2, value: "3" },
  { key: 3, value: "5" },
  { key: 4, value: "8" },
  { key: 5, value: "13" },
];

let nameCounter = 0;
async function createEstimate(base: string, name = `Scale ${++nameCounter}`, points = fibonacci) {
  const response = await p.owner.post(`${base}/estimates/`, { estimate: { name }, estimate_points: points });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function estimatesOf(base: string) {
  const response = await p.owner.get(`${base}/estimates/`);
  expect(response.status).toBe(200);
  return response.body as { id: string; name: string; points: { id: string; key: number; value: string }[] }[];
}

describe("creating and reading estimates", () => {
  it("creates an estimate with its points and answers them ordered by key", async () => {
    const base = await freshProject();
    expect(await estimatesOf(base)).toEqual([]);
    const response = await p.member.post(`${base}/estimates`, {
      estimate: { name: " Fibonacci ", description: "Story points" },
      estimate_points: [
        { key: 2, value: "3" },
        { key: 0, value: "1" },
        { key: 1, value: " 2 ", description: "small" },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Fibonacci",
      description: "Story points",
      project: base.split("/").pop(),
      points: [
        { key: 0, value: "1", description: "" },
        { key: 1, value: "2", description: "small" },
        { key: 2, value: "3", description: "" },
      ],
    });
    expect(response.body.points.every((point: { id: string }) => typeof point.id === "string")).toBe(true);

    const one = await p.member.get(`${base}/estimates/${response.body.id}/`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(response.body);
    const list = await estimatesOf(base);
    expect(list).toEqual([response.body]);
  });

  it("lists several estimates, each with its own points", async () => {
    const base = await freshProject();
    const first = await createEstimate(base, "Linear", [{ key: 0, value: "1" }]);
    const second = await createEstimate(base, "T-shirt", [
      { key: 0, value: "S" },
      { key: 7, value: "XXL" },
    ]);
    const list = await estimatesOf(base);
    expect(list.map((e) => [e.id, e.points.map((point) => point.value)])).toEqual([
      [first.id, ["1"]],
      [second.id, ["S", "XXL"]],
    ]);
  });

  it("refuses invalid payloads with field messages and writes nothing", async () => {
    const base = await freshProject();
    await createEstimate(base, "Taken");
    const points = [{ key: 0, value: "1" }];
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { estimate: ["Estimate is required"], estimate_points: ["Estimate points are required"] }],
      [{ name: "Flat", points }, { estimate: ["Estimate is required"], estimate_points: ["Estimate points are required"] }],
      [{ estimate: {}, estimate_points: points }, { "estimate.name": ["Name is required"] }],
      [{ estimate: { name: "  " }, estimate_points: points }, { "estimate.name": ["Name is required"] }],
      [{ estimate: { name: "e".repeat(256) }, estimate_points: points }, { "estimate.name": ["Name should be less than 255 characters"] }],
      [{ estimate: { name: "Taken" }, estimate_points: points }, { "estimate.name": [NAME_TAKEN] }],
      [{ estimate: { name: "No points" } }, { estimate_points: ["Estimate points are required"] }],
      [{ estimate: { name: "No points" }, estimate_points: [] }, { estimate_points: ["Estimate points are required"] }],
      [{ estimate: { name: "Key" }, estimate_points: [{ key: 8, value: "1" }] }, { "estimate_points.0.key": [KEY_RANGE] }],
      [{ estimate: { name: "Key" }, estimate_points: [{ key: -1, value: "1" }] }, { "estimate_points.0.key": [KEY_RANGE] }],
      [{ estimate: { name: "Key" }, estimate_points: [{ key: 1.5, value: "1" }] }, { "estimate_points.0.key": [KEY_RANGE] }],
      [{ estimate: { name: "Key" }, estimate_points: [{ key: "1", value: "1" }] }, { "estimate_points.0.key": [KEY_RANGE] }],
      [
        { estimate: { name: "Dupes" }, estimate_points: [{ key: 1, value: "1" }, { key: 1, value: "2" }] },
        { estimate_points: ["Estimate point keys must be unique."] },
      ],
      [{ estimate: { name: "Value" }, estimate_points: [{ key: 0 }] }, { "estimate_points.0.value": ["Value is required"] }],
      [{ estimate: { name: "Value" }, estimate_points: [{ key: 0, value: " " }] }, { "estimate_points.0.value": ["Value is required"] }],
      [
        { estimate: { name: "Value" }, estimate_points: [{ key: 0, value: "v".repeat(21) }] },
        { "estimate_points.0.value": ["Value should be at most 20 characters"] },
      ],
      [{ estimate: { name: "Point" }, estimate_points: ["1"] }, { "estimate_points.0": ["Each estimate point needs a key and a value."] }],
      [
        { estimate: { name: "Nine" }, estimate_points: Array.from({ length: 9 }, (_, key) => ({ key, value: String(key) })) },
        { estimate_points: ["At most 8 estimate points"] },
      ],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.post(`${base}/estimates/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await estimatesOf(base)).map((e) => e.name)).toEqual(["Taken"]);
  });

  it("accepts the limits: keys 0 and 7, a 20-character value, eight points", async () => {
    const base = await freshProject();
    const all = Array.from({ length: 8 }, (_, key) => ({ key, value: key === 7 ? "w".repeat(20) : String(key) }));
    const created = await createEstimate(base, "Full", all);
    expect(created.points.map((point: { key: number }) => point.key)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("answers malformed bodies with 400, never 500, and writes nothing", async () => {
    const base = await freshProject();
    const malformed = await call("POST", `${base}/estimates/`, { cookie: p.owner.cookie, rawBody: "{{" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: "Malformed JSON body." });
    for (const payload of [[], "estimate", null, 3]) {
      const response = await p.owner.post(`${base}/estimates/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.body)).toEqual(["body"]);
    }
    const wrongNesting = await p.owner.post(`${base}/estimates/`, { estimate: "Fibonacci", estimate_points: {} });
    expect(wrongNesting.status).toBe(400);
    expect(wrongNesting.body).toEqual({ estimate: ["Estimate is required"], estimate_points: ["Estimate points are required"] });
    expect(await estimatesOf(base)).toEqual([]);
  });

  it("two concurrent creates with one name give one estimate and one 400", async () => {
    const base = await freshProject();
    const payload = { estimate: { name: "Racing" }, estimate_points: fibonacci };
    const responses = await Promise.all([p.owner.post(`${base}/estimates/`, payload), p.member.post(`${base}/estimates/`, payload)]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(responses.find((r) => r.status === 400)!.body).toEqual({ "estimate.name": [NAME_TAKEN] });
    const list = await estimatesOf(base);
    expect(list).toHaveLength(1);
    expect(list[0].points).toHaveLength(fibonacci.length);
  });
});

describe("updating estimates", () => {
  it("PATCH renames and describes without touching the points", async () => {
    const base = await freshProject();
    const created = await createEstimate(base, "Old");
    const response = await p.member.patch(`${base}/estimates/${created.id}/`, { estimate: { name: "New", description: "Changed" } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: created.id, name: "New", description: "Changed", points: created.points });
    const empty = await p.member.patch(`${base}/estimates/${created.id}/`, {});
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ name: "New", points: created.points });
  });

  it("sent points replace the set by key: kept keys keep their ids, missing keys go, new keys come", async () => {
    const base = await freshProject();
    const created = await createEstimate(base, "Scale", [
      { key: 0, value: "1" },
      { key: 1, value: "2" },
      { key: 2, value: "3" },
    ]);
    const response = await p.owner.patch(`${base}/estimates/${created.id}/`, {
      estimate_points: [
        { key: 0, value: "XS" },
        { key: 2, value: "3" },
        { key: 5, value: "XL" },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.points.map((point: { key: number; value: string }) => [point.key, point.value])).toEqual([
      [0, "XS"],
      [2, "3"],
      [5, "XL"],
    ]);
    expect(response.body.points[0].id).toBe(created.points[0].id);
    expect(response.body.points[1].id).toBe(created.points[2].id);
    expect((await p.owner.get(`${base}/estimates/${created.id}/`)).body.points).toEqual(response.body.points);
  });

  it("refuses a taken name and invalid points, changing nothing", async () => {
    const base = await freshProject();
    await createEstimate(base, "First");
    const second = await createEstimate(base, "Second");
    const cases: [unknown, Record<string, string[]>][] = [
      [{ estimate: { name: "First" } }, { "estimate.name": [NAME_TAKEN] }],
      [{ estimate: { name: "" } }, { "estimate.name": ["Name is required"] }],
      [{ estimate: "First" }, { estimate: ["Estimate must be an object"] }],
      [{ estimate_points: [] }, { estimate_points: ["Estimate points are required"] }],
      [{ estimate_points: [{ key: 9, value: "9" }] }, { "estimate_points.0.key": [KEY_RANGE] }],
      [{ estimate_points: [{ key: 0, value: "a" }, { key: 0, value: "b" }] }, { estimate_points: ["Estimate point keys must be unique."] }],
      [{ estimate: { name: "Renamed" }, estimate_points: [{ key: 0, value: "" }] }, { "estimate_points.0.value": ["Value is required"] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await p.owner.patch(`${base}/estimates/${second.id}/`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toEqual(errors);
    }
    const malformed = await call("PATCH", `${base}/estimates/${second.id}/`, { cookie: p.owner.cookie, rawBody: "nope" });
    expect(malformed.status).toBe(400);
    const after = await p.owner.get(`${base}/estimates/${second.id}/`);
    expect(after.body).toMatchObject({ name: "Second", points: second.points });
    // Keeping its own name is not a clash.
    expect((await p.owner.patch(`${base}/estimates/${second.id}/`, { estimate: { name: "Second" } })).status).toBe(200);
  });
});

describe("deleting estimates", () => {
  it("deletes the estimate with its points and unsets it on the project that used it", async () => {
    const base = await freshProject();
    const created = await createEstimate(base);
    const projectPath = `${base}/`;
    const chosen = await p.owner.patch(projectPath, { estimate: created.id });
    expect(chosen.status).toBe(200);
    expect(chosen.body.estimate).toBe(created.id);

    const response = await p.member.delete(`${base}/estimates/${created.id}/`);
    expect(response.status).toBe(204);
    expect((await p.member.get(`${base}/estimates/${created.id}/`)).status).toBe(404);
    expect(await estimatesOf(base)).toEqual([]);
    expect((await p.owner.get(projectPath)).body.estimate).toBeNull();
    expect((await p.member.delete(`${base}/estimates/${created.id}/`)).status).toBe(404);
  });
});

describe("access", () => {
  it("401 without credentials", async () => {
    const estimate = await createEstimate(p.base);
    for (const [method, path] of [
      ["GET", `${p.base}/estimates/`],
      ["POST", `${p.base}/estimates/`],
      ["GET", `${p.base}/estimates/${estimate.id}/`],
      ["PATCH", `${p.base}/estimates/${estimate.id}/`],
      ["DELETE", `${p.base}/estimates/${estimate.id}/`],
    ]) {
      const response = await call(method, path, {
        body: method === "POST" || method === "PATCH" ? { estimate: { name: "X" }, estimate_points: fibonacci } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: "Authentication credentials were not provided." });
    }
  });

  it("viewers and guests read but cannot write", async () => {
    const estimate = await createEstimate(p.base);
    const before = await estimatesOf(p.base);
    for (const client of [p.viewer, p.guest]) {
      expect((await client.get(`${p.base}/estimates/`)).body).toEqual(before);
      expect((await client.get(`${p.base}/estimates/${estimate.id}/`)).status).toBe(200);
      const created = await client.post(`${p.base}/estimates/`, { estimate: { name: "Nope" }, estimate_points: fibonacci });
      expect(created.status).toBe(403);
      expect((await client.patch(`${p.base}/estimates/${estimate.id}/`, { estimate: { name: "Nope" } })).status).toBe(403);
      const removal = await client.delete(`${p.base}/estimates/${estimate.id}/`);
      expect(removal.status).toBe(403);
      expect(removal.body).toEqual({ error: "You do not have permission to perform this action." });
    }
    expect(await estimatesOf(p.base)).toEqual(before);
  });

  it("non-members of the project or workspace get 403", async () => {
    const stranger = await signUp();
    for (const client of [p.outsider, stranger]) {
      expect((await client.get(`${p.base}/estimates/`)).status).toBe(403);
      expect((await client.post(`${p.base}/estimates/`, { estimate: { name: "N" }, estimate_points: fibonacci })).status).toBe(403);
    }
  });

  it("another project's or workspace's ids answer 404", async () => {
    const otherBase = await freshProject();
    const foreign = await createEstimate(otherBase, "Foreign");
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { estimate: { name: "Stolen" } }],
      ["DELETE", undefined],
    ] as const) {
      const response = await call(method, `${p.base}/estimates/${foreign.id}/`, { cookie: p.owner.cookie, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual({ error: "Estimate not found." });
    }
    expect((await p.owner.get(`${otherBase}/estimates/${foreign.id}/`)).body.name).toBe("Foreign");

    const otherSlug = await createWorkspace(p.owner, "other");
    const otherProject = await createProject(p.owner, otherSlug);
    const crossed = await p.owner.get(`/api/workspaces/${p.slug}/projects/${otherProject}/estimates/`);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toEqual({ error: "Project not found." });
  });
});
