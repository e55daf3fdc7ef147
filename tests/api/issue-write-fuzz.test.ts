// Seeded, table-driven fuzz of the issue write endpoints: a few
// hundred malformed bodies at create, PATCH, PUT, bulk delete and sub-issues. Whatever comes in,
// the answer is JSON and never a 500, and a refused write leaves every issue table exactly as it
// was. Each run also tries one fresh seed, printed so a failure reproduces:
//   VITE_FUZZ_SEED=<seed> npx vitest run tests/api/issue-write-fuzz.test.ts -t "fresh seed"
// Seeds that once failed stay below as named tests.
import { beforeAll, describe, expect, it } from "vitest";
import { type Call, type Client, call } from "../helpers/api";
import { createProject } from "../helpers/fixtures";
import { dumpIssueTables, insertCycle, insertModule, issuePath, newIssue, newLabel } from "../helpers/issue-fixtures";
import { type ProjectFixture, addMember, createProjectFixture } from "../helpers/project";

/** mulberry32: a tiny, fast, seedable PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = () => number;
const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)];
const int = (r: Rng, max: number) => Math.floor(r() * max);
const fakeUuid = (r: Rng) =>
  "xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx".replace(/x/g, () => "0123456789abcdef"[int(r, 16)]);

let p: ProjectFixture;
let member: Client;
/** Ids the fuzzer draws from: real ones of this project, of another project, and made-up ones. */
const pool = {
  issues: [] as string[],
  /** Issues the fuzzer itself created: bulk delete may take them. */
  disposable: [] as string[],
  states: [] as string[],
  labels: [] as string[],
  members: [] as string[],
  cycles: [] as string[],
  modules: [] as string[],
  foreign: [] as string[],
};

beforeAll(async () => {
  p = await createProjectFixture(undefined, "FZZ");
  member = await addMember(p, 15, "Fuzzer");
  const parent = await newIssue(p, { name: "Fuzz parent" });
  const child = await newIssue(p, { name: "Fuzz child", parent: parent.id });
  const loose = await newIssue(p, { name: "Fuzz loose", priority: "high", state: p.states.Todo });
  pool.issues.push(parent.id, child.id, loose.id);
  pool.states.push(...Object.values(p.states));
  pool.labels.push(await newLabel(p, "Fuzz A"), await newLabel(p, "Fuzz B"));
  pool.members.push(p.owner.user.id, member.user.id);
  pool.cycles.push(await insertCycle(p, "Fuzz cycle", "2030-01-01", "2030-01-14"), await insertCycle(p, "Done cycle", "2020-01-01", "2020-01-02"));
  pool.modules.push(await insertModule(p, "Fuzz module"));
  const other = await createProject(p.owner, p.slug, { identifier: "FZO" });
  const otherIssue = await p.owner.post(`/api/workspaces/${p.slug}/projects/${other.id}/issues/`, { name: "Other project" });
  const [otherState] = await Promise.all([
    p.owner.get(`/api/workspaces/${p.slug}/projects/${other.id}/states/`).then((r) => (Array.isArray(r.body) ? r.body[0]?.id : undefined)),
  ]);
  pool.foreign.push(otherIssue.body.id, ...(otherState ? [otherState] : []));
});

const anyId = (r: Rng): string =>
  pick(r, [
    () => pick(r, pool.issues),
    () => pick(r, pool.states),
    () => pick(r, pool.labels),
    () => pick(r, pool.members),
    () => pick(r, pool.cycles),
    () => pick(r, pool.modules),
    () => pick(r, pool.foreign),
    () => fakeUuid(r),
  ])();

/** Values of every wrong (and a few right) JSON types. */
const weird = (r: Rng): unknown =>
  pick(r, [
    () => 0,
    () => -1,
    () => 1e308,
    () => -1e308,
    () => 3.7,
    () => 2 ** 53 + 1,
    () => true,
    () => false,
    () => null,
    () => [],
    () => [1, 2],
    () => ["a", "b"],
    () => [null],
    () => [[anyId(r)]],
    () => [{ id: anyId(r) }],
    () => Array.from({ length: 1 + int(r, 120) }, () => anyId(r)),
    () => ({}),
    () => ({ $gt: "" }),
    () => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}'),
    () => "",
    () => " ",
    () => "x".repeat(256),
    () => "y".repeat(65),
    () => "z".repeat(210_000),
    () => "名前 🚀 ñ",
    () => "\u202Eevil\u202C",
    () => "\u0000nul",
    () => "\ud800 lone surrogate",
    () => '<img src=x onerror="alert(1)"><script>alert(1)</script>',
    () => "'; DROP TABLE issues; --",
    () => "2024-02-30",
    () => "2030-01-01",
    () => "2030-01-01T00:00:00Z",
    () => pick(r, ["urgent", "high", "none", "NONE", "Urgent"]),
    () => anyId(r),
    () => fakeUuid(r),
  ])();

const FIELDS = [
  "name",
  "description",
  "description_html",
  "priority",
  "state",
  "parent",
  "estimate_point",
  "start_date",
  "target_date",
  "sort_order",
  "assignees_list",
  "labels_list",
  "blockers_list",
  "blocks_list",
  "cycle",
  "module",
] as const;
const JUNK_KEYS = ["__proto__", "constructor", "prototype", "id", "project", "workspace", "sequence_id", "created_by", "sub_issues_count", "completed_at"];

/** A plausible value for a field, so some bodies get past validation and reach the references. */
const plausible = (r: Rng, field: (typeof FIELDS)[number]): unknown => {
  switch (field) {
    case "name":
      return pick(r, ["Fuzzed", "Fuzzed ✓", "x".repeat(255)]);
    case "description":
      return { type: "doc", content: [] };
    case "description_html":
      return pick(r, ["<p>ok</p>", "<p onclick=x>click</p>", ""]);
    case "priority":
      return pick(r, ["urgent", "high", "medium", "low", "none"]);
    case "state":
      return pick(r, [...pool.states, ...pool.foreign]);
    case "parent":
      return pick(r, [null, ...pool.issues, ...pool.foreign]);
    case "estimate_point":
      return pick(r, [null, 0, 7, 3]);
    case "start_date":
    case "target_date":
      return pick(r, [null, "2030-06-01", "2031-01-31"]);
    case "sort_order":
      return pick(r, [0, -5000.5, 123456]);
    case "assignees_list":
      return pool.members.filter(() => r() < 0.5);
    case "labels_list":
      return pool.labels.filter(() => r() < 0.5);
    case "blockers_list":
    case "blocks_list":
      return pool.issues.filter(() => r() < 0.3);
    case "cycle":
      return pick(r, [null, ...pool.cycles]);
    case "module":
      return pick(r, [null, ...pool.modules]);
  }
};

const MALFORMED = [
  "{",
  '{"name":',
  '{"name": "x",}',
  "{'name': 'x'}",
  '{"name": "x"}{"name": "y"}',
  "nul",
  "[1, 2",
  '{"name": undefined}',
  '{"name": NaN}',
  '{"estimate_point": Infinity}',
  "\u0000",
  "<xml/>",
  '{"name": "\\ud800"}',
  `${"[".repeat(5000)}${"]".repeat(5000)}`,
  `{"a":${"{\"a\":".repeat(2000)}1${"}".repeat(2001)}`,
];
const NON_OBJECT = ["[]", '[{"name": "x"}]', '"a string"', "42", "-0.5", "true", "false", "null"];

type Target = "create" | "patch" | "put" | "bulk-delete" | "sub-issues";

interface Attempt {
  target: Target;
  method: string;
  path: string;
  /** Exactly what is sent. */
  text: string;
}

/** One request: a target endpoint and a body, raw text or a JSON value. */
function attempt(r: Rng): Attempt {
  const target = pick<Target>(r, ["create", "create", "patch", "patch", "put", "bulk-delete", "sub-issues"]);
  const issueId = pick(r, [...pool.issues, ...pool.issues, pick(r, pool.foreign), fakeUuid(r)]);
  const [method, path] = {
    create: ["POST", `${p.base}/issues/`],
    patch: ["PATCH", issuePath(p, issueId)],
    put: ["PUT", issuePath(p, issueId)],
    "bulk-delete": ["DELETE", `${p.base}/bulk-delete-issues/`],
    "sub-issues": ["POST", `${issuePath(p, issueId)}sub-issues/`],
  }[target];
  const shape = r();
  if (shape < 0.1) return { target, method, path, text: pick(r, MALFORMED) };
  if (shape < 0.2) return { target, method, path, text: pick(r, NON_OBJECT) };
  const body: Record<string, unknown> = {};
  if (target === "bulk-delete" || target === "sub-issues") {
    const key = target === "bulk-delete" ? "issue_ids" : "sub_issue_ids";
    const ids = target === "bulk-delete" ? [...pool.disposable, ...pool.foreign] : [...pool.issues, ...pool.disposable, ...pool.foreign];
    body[key] = r() < 0.5 ? weird(r) : [...ids.filter(() => r() < 0.3), ...(r() < 0.5 ? [fakeUuid(r)] : [])];
    if (r() < 0.3) body[pick(r, JUNK_KEYS)] = weird(r);
  } else {
    if (target === "create" && r() < 0.7) body.name = r() < 0.7 ? plausible(r, "name") : weird(r);
    for (let i = 1 + int(r, 4); i > 0; i--) {
      const field = pick(r, FIELDS);
      body[field] = r() < 0.6 ? weird(r) : plausible(r, field);
    }
    if (r() < 0.3) body[pick(r, JUNK_KEYS)] = weird(r);
  }
  return { target, method, path, text: JSON.stringify(body) };
}

const describeAttempt = (seed: number, index: number, a: Attempt) =>
  `seed ${seed} #${index}: ${a.method} ${a.target} ${a.text.length > 300 ? `${a.text.slice(0, 300)}... (${a.text.length} chars)` : a.text}`;

async function runSeed(seed: number, attempts: number) {
  const r = prng(seed);
  const client = r() < 0.5 ? p.owner : member;
  let before = await dumpIssueTables();
  const statuses: Record<number, number> = {};
  for (let index = 0; index < attempts; index++) {
    const a = attempt(r);
    const label = describeAttempt(seed, index, a);
    let response: Call;
    try {
      response = await call(a.method, a.path, { cookie: client.cookie, rawBody: a.text });
    } catch (error) {
      throw new Error(`${label}\nthe response could not be read: ${error}`);
    }
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    expect(response.status, label).not.toBe(500);
    expect(response.status, label).toBeLessThan(500);
    expect(response.headers.get("content-type") ?? "", label).toContain("application/json");
    expect(typeof response.body, label).toBe("object");
    const after = await dumpIssueTables();
    if (response.status >= 400) {
      expect(Object.keys(response.body).length, label).toBeGreaterThan(0);
      if (after !== before) throw new Error(`${label}\nanswered ${response.status} but changed the database`);
    } else if (a.target === "create") {
      pool.disposable.push(response.body.id);
    }
    before = after;
  }
  return statuses;
}

describe("issue write fuzz", () => {
  it.each([1, 2, 3])("named seed %i: 60 malformed writes, never a 500, refused writes change nothing", async (seed) => {
    const statuses = await runSeed(seed, 60);
    // The fuzzer must reach both sides: some writes refused, some committed.
    expect(Object.keys(statuses).some((status) => Number(status) >= 400)).toBe(true);
    expect(Object.keys(statuses).some((status) => Number(status) < 300)).toBe(true);
  });

  it("this run's fresh seed (printed)", async () => {
    const fromEnv = Number(import.meta.env?.VITE_FUZZ_SEED);
    const seed = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : (Date.now() % 2_147_483_647) + 1;
    console.log(`issue write fuzz: VITE_FUZZ_SEED=${seed}`);
    await runSeed(seed, 60);
  });

  it("a body just over the 1 MB limit answers 400 JSON and writes nothing", async () => {
    const before = await dumpIssueTables();
    const response = await call("POST", `${p.base}/issues/`, {
      cookie: p.owner.cookie,
      rawBody: JSON.stringify({ name: "Big", description_html: "x".repeat(1_048_600) }),
    });
    expect([400, 413]).toContain(response.status);
    expect(response.body).toEqual({ error: expect.any(String) });
    expect(await dumpIssueTables()).toBe(before);
  });
});
