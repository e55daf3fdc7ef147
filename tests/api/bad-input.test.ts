// Bad input never gets a 500: malformed JSON, non-object bodies, wrong types, oversize strings and
// unknown or garbage ids all answer 400/401/403/404/413 with a JSON body, and a refused write
// leaves the database exactly as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { type Call, type Client, ORIGIN, signUp, uniqueEmail } from "../helpers/api";
import {
  callWorker as call,
  createProject,
  createTeamWithProject,
  snapshot,
  uniqueIdentifier,
  uniqueSlug,
} from "../helpers/fixtures";

const LONG = "x".repeat(10_001);

type TeamWithProject = Awaited<ReturnType<typeof createTeamWithProject>>;
let team: TeamWithProject;
let other: TeamWithProject;
let password: string;

beforeAll(async () => {
  team = await createTeamWithProject("bad");
  other = await createTeamWithProject("otherbad");
  password = "correct horse battery";
});

interface Endpoint {
  name: string;
  method: "POST" | "PATCH";
  path: () => string;
  /** Who sends it; null for the public auth endpoints. */
  client: () => Client | null;
  /** A body that would be accepted; each case overrides one field of it. */
  valid: () => Record<string, unknown>;
  /** Values each field must refuse with a 400 naming that field. */
  bad: Record<string, unknown[]>;
}

const text = (extra: unknown[] = []) => [123, true, [], {}, LONG, ...extra];
const requiredText = (extra: unknown[] = []) => text([null, ...extra]);
const role = ["20", null, 7, 0, -5, 20.5, 1e308, [], {}, true];
const bool = [1, "yes", null, [], {}];
const nullableId = [123, true, [], {}, LONG, "not-a-member"];

const endpoints: Endpoint[] = [
  {
    name: "POST /api/auth/sign-up/",
    method: "POST",
    path: () => "/api/auth/sign-up/",
    client: () => null,
    valid: () => ({ email: uniqueEmail("bad"), password, first_name: "A", last_name: "B" }),
    bad: {
      email: requiredText(["", "not-an-email", `${"e".repeat(250)}@example.com`]),
      password: requiredText(["short", "p".repeat(129)]),
      first_name: text([null]),
      last_name: text([null]),
    },
  },
  {
    name: "POST /api/auth/sign-in/",
    method: "POST",
    path: () => "/api/auth/sign-in/",
    client: () => null,
    valid: () => ({ email: team.owner.user.email, password }),
    bad: { email: requiredText(["", "nobody"]), password: requiredText(["", "p".repeat(129)]) },
  },
  {
    name: "PATCH /api/users/me/",
    method: "PATCH",
    path: () => "/api/users/me/",
    client: () => team.member,
    valid: () => ({}),
    bad: {
      first_name: text([null]),
      last_name: text([null]),
      display_name: text([null]),
      avatar: text([null]),
      theme: [123, "dark", [], true, { accent: LONG }, { theme: LONG }, { accent: "red" }, { unknown: "x" }, { darkPalette: "yes" }],
    },
  },
  {
    name: "POST /api/users/api-tokens/",
    method: "POST",
    path: () => "/api/users/api-tokens/",
    client: () => team.member,
    valid: () => ({ label: "ok" }),
    bad: { label: requiredText(["", "   "]) },
  },
  {
    name: "POST /api/users/me/invitations/workspaces/",
    method: "POST",
    path: () => "/api/users/me/invitations/workspaces/",
    client: () => team.outsider,
    valid: () => ({ token: "inv_not-a-real-link" }),
    bad: {
      token: [1, null, {}, [], "", "   ", "x".repeat(201)],
    },
  },
  {
    name: "POST /api/workspaces/",
    method: "POST",
    path: () => "/api/workspaces/",
    client: () => team.outsider,
    valid: () => ({ name: "Valid", slug: uniqueSlug("valid") }),
    bad: {
      name: requiredText(["", "  "]),
      slug: requiredText(["", "UPPER", "sp ace", "-dash", "dash-", "a_b", "s".repeat(49), "api", "../etc", "ñ"]),
    },
  },
  {
    name: "PATCH /api/workspaces/{slug}/",
    method: "PATCH",
    path: () => `/api/workspaces/${team.slug}/`,
    client: () => team.owner,
    valid: () => ({}),
    bad: { name: requiredText(["", " "]), logo: text([null]) },
  },
  {
    name: "PATCH /api/workspaces/{slug}/members/{id}/",
    method: "PATCH",
    path: () => `/api/workspaces/${team.slug}/members/${team.memberships.viewer}/`,
    client: () => team.owner,
    valid: () => ({ role: 5 }),
    bad: { role },
  },
  {
    name: "POST /api/workspaces/{slug}/invite/",
    method: "POST",
    path: () => `/api/workspaces/${team.slug}/invite/`,
    client: () => team.owner,
    valid: () => ({ emails: [{ email: uniqueEmail("invitee"), role: 10 }] }),
    bad: {
      emails: [
        "a@example.com",
        1,
        null,
        {},
        [],
        [123],
        [null],
        ["a@example.com"],
        [{}],
        [{ email: LONG }],
        [{ email: `${"e".repeat(250)}@example.com` }],
        [{ email: "ok@example.com", role: "20" }],
        [{ email: "ok@example.com", role: 12 }],
        [{ email: "ok@example.com", role: null }],
        Array.from({ length: 51 }, (_, i) => ({ email: `many${i}@example.com` })),
      ],
    },
  },
  {
    name: "POST /api/workspaces/{slug}/projects/",
    method: "POST",
    path: () => `/api/workspaces/${team.slug}/projects/`,
    client: () => team.owner,
    valid: () => ({ name: "Valid", identifier: uniqueIdentifier() }),
    bad: {
      name: requiredText(["", "   ", "n".repeat(256)]),
      identifier: requiredText(["", "abc", "ABCDEF", "AB1", "A B", "ÄÖÜ"]),
      description: text([null]).filter((value) => value !== LONG).concat(["d".repeat(10_001)]),
      network: [1, "2", null, 2.5, [], {}, true],
      emoji: [123, LONG, "🚀", [], {}, true],
      icon_prop: ["rocket", 123, [], {}, { name: "x" }, { name: LONG, color: "#fff" }, { name: "x", color: "red" }],
      cover_image: [123, LONG, [], {}, true],
      cycle_view: bool,
      module_view: bool,
      issue_views_view: bool,
      page_view: bool,
    },
  },
  {
    name: "PATCH /api/workspaces/{slug}/projects/{id}/",
    method: "PATCH",
    path: () => `/api/workspaces/${team.slug}/projects/${team.project.id}/`,
    client: () => team.owner,
    valid: () => ({}),
    bad: {
      name: requiredText(["", "n".repeat(256)]),
      identifier: requiredText(["", "abc", "ABCDEF", "AB1"]),
      description: [123, null, [], {}, "d".repeat(10_001)],
      network: [1, "2", null, [], {}],
      emoji: [123, LONG, [], {}],
      icon_prop: ["rocket", 123, [], {}, { name: "x", color: "red" }],
      cover_image: [123, LONG, [], {}],
      page_view: bool,
      estimate: [...nullableId, crypto.randomUUID()],
      project_lead: [...nullableId, () => team.outsider.user.id, () => other.owner.user.id],
      default_assignee: [...nullableId, () => team.outsider.user.id],
    },
  },
  {
    name: "POST .../projects/{id}/members/add/",
    method: "POST",
    path: () => `/api/workspaces/${team.slug}/projects/${team.project.id}/members/add/`,
    client: () => team.owner,
    valid: () => ({ members: [{ member_id: team.member.user.id, role: 15 }] }),
    bad: {
      members: [
        "x",
        1,
        null,
        {},
        [],
        [null],
        [123],
        [{}],
        [{ member_id: 123, role: 5 }],
        [{ member_id: LONG, role: 5 }],
        [{ member_id: "garbage", role: 5 }],
        () => [{ member_id: team.member.user.id, role: "15" }],
        () => [{ member_id: team.member.user.id, role: 12 }],
        () => [{ member_id: team.viewer.user.id, role: 20 }],
        () => [{ member_id: other.member.user.id, role: 5 }],
        // 100 is allowed by the schema; more ids than D1 binds per statement once gave a 500.
        Array.from({ length: 100 }, () => ({ member_id: crypto.randomUUID(), role: 5 })),
        Array.from({ length: 101 }, () => ({ member_id: crypto.randomUUID(), role: 5 })),
      ],
    },
  },
  {
    name: "PATCH .../projects/{id}/members/{id}/",
    method: "PATCH",
    path: () => `/api/workspaces/${team.slug}/projects/${team.project.id}/members/${team.projectMemberships.viewer}/`,
    client: () => team.owner,
    valid: () => ({ role: 5 }),
    bad: { role: [...role, 15] },
  },
  {
    name: "POST /api/workspaces/{slug}/projects/join/",
    method: "POST",
    path: () => `/api/workspaces/${team.slug}/projects/join/`,
    // The member: an earlier case of this table makes the viewer a guest, and guests join nothing.
    client: () => team.member,
    valid: () => ({ project_ids: [team.project.id] }),
    bad: {
      project_ids: [
        "x",
        1,
        null,
        {},
        [],
        [123],
        [null],
        [LONG],
        ["garbage"],
        [crypto.randomUUID()],
        () => [other.project.id],
        Array.from({ length: 100 }, () => crypto.randomUUID()),
        Array.from({ length: 101 }, () => crypto.randomUUID()),
      ],
    },
  },
  {
    name: "POST /api/workspaces/{slug}/user-favorite-projects/",
    method: "POST",
    path: () => `/api/workspaces/${team.slug}/user-favorite-projects/`,
    client: () => team.member,
    valid: () => ({ project: team.project.id }),
    bad: { project: [...requiredText([""]), "garbage", crypto.randomUUID(), () => other.project.id] },
  },
];

const resolve = (value: unknown) => (typeof value === "function" ? (value as () => unknown)() : value);

async function send(endpoint: Endpoint, options: { body?: unknown; rawBody?: string; headers?: Record<string, string> }) {
  const client = endpoint.client();
  // From our own pages, as a browser sends it: sign-in and sign-up refuse any other origin.
  return call(endpoint.method, endpoint.path(), { cookie: client?.cookie, ...options, headers: { origin: ORIGIN, ...options.headers } });
}

/** A refusal: an allowed error status and a JSON object body that says what was wrong. */
function expectRefusal(response: Call, allowed: number[], label: string) {
  expect(allowed, `${label}: status ${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
  expect(response.headers.get("content-type"), label).toContain("application/json");
  expect(typeof response.body, label).toBe("object");
  expect(response.body, label).not.toBeNull();
  expect(Array.isArray(response.body), label).toBe(false);
  expect(JSON.stringify(response.body), label).not.toMatch(/at .*\.(ts|js):\d+|SQLITE|D1_ERROR|Failed query/);
}

const MALFORMED = ["{", '{"name":', "not json", "{'name': 'x'}", '{"a":1,}', "[1, 2", "\u0000", '{"name": "x"} trailing', "NaN"];
const NON_OBJECTS = ["[]", "[{}]", "123", "null", '"text"', "true", "-1e999"];

describe.each(endpoints)("$name", (endpoint) => {
  it("refuses malformed JSON with 400 and changes nothing", async () => {
    const before = await snapshot();
    for (const rawBody of MALFORMED) {
      const response = await send(endpoint, { rawBody });
      expectRefusal(response, [400], JSON.stringify(rawBody));
      expect(response.body).toEqual({ error: "Malformed JSON body." });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses JSON that is not an object with 400 and changes nothing", async () => {
    const before = await snapshot();
    for (const rawBody of NON_OBJECTS) {
      const response = await send(endpoint, { rawBody });
      expectRefusal(response, [400], rawBody);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a body over 1 MB with 413", async () => {
    const before = await snapshot();
    const response = await send(endpoint, { body: { ...endpoint.valid(), padding: "p".repeat(1_100_000) } });
    expectRefusal(response, [413], "oversize");
    expect(response.body).toEqual({ error: "Request body is too large." });
    expect(await snapshot()).toEqual(before);
  });

  it.each(Object.keys(endpoint.bad))("refuses wrong types and oversize values for %s with 400 on that field", async (field) => {
    const before = await snapshot();
    for (const raw of endpoint.bad[field]) {
      const value = resolve(raw);
      const body = { ...endpoint.valid(), [field]: value };
      const response = await send(endpoint, { body });
      const label = `${field}=${JSON.stringify(value)?.slice(0, 80)}`;
      // A well-formed id that names nothing is a 404 for the join and favourite endpoints; every
      // other refusal is a field error.
      expectRefusal(response, [400, 404], label);
      if (response.status === 400) {
        const keys = Object.keys(response.body);
        expect(keys.some((key) => key === field || key.startsWith(`${field}.`)), `${label}: ${JSON.stringify(response.body)}`).toBe(true);
        for (const key of keys) expect(response.body[key], label).toEqual([expect.any(String)]);
      } else {
        expect(response.body.error, label).toEqual(expect.any(String));
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe.each(endpoints.filter((endpoint) => !endpoint.name.includes(" /api/auth/")))("$name", (endpoint) => {
  it("answers 401 without credentials and with an unknown API key, and changes nothing", async () => {
    const before = await snapshot();
    const anonymous = await call(endpoint.method, endpoint.path(), { body: endpoint.valid() });
    expectRefusal(anonymous, [401], "anonymous");
    expect(anonymous.body).toEqual({ error: "Authentication credentials were not provided." });
    const garbageKey = await call(endpoint.method, endpoint.path(), { body: endpoint.valid(), apiKey: LONG });
    expectRefusal(garbageKey, [401], "garbage key");
    expect(await snapshot()).toEqual(before);
  });
});

describe("the valid bodies in the table are accepted", () => {
  // Without this the table could pass by refusing everything.
  it.each(endpoints.filter((e) => !e.name.includes("invitations/workspaces")))("$name", async (endpoint) => {
    const response = await send(endpoint, { body: endpoint.valid() });
    expect([200, 201], `${response.status} ${JSON.stringify(response.body)}`).toContain(response.status);
  });
});

describe("unknown and garbage ids in paths", () => {
  const GARBAGE = [
    () => crypto.randomUUID(),
    () => "not-a-uuid",
    () => "'%20OR%20'1'%3D'1",
    () => "%00",
    () => "%E0%A4%A",
    () => "%C3%B1%F0%9F%98%80",
    () => "..%2F..%2Fusers",
    () => "1e999",
    () => "y".repeat(10_000),
  ];

  const idPaths: [string, "GET" | "PATCH" | "DELETE" | "POST", (id: string) => string, unknown?][] = [
    ["workspace member PATCH", "PATCH", (id) => `/api/workspaces/${team.slug}/members/${id}/`, { role: 10 }],
    ["workspace member DELETE", "DELETE", (id) => `/api/workspaces/${team.slug}/members/${id}/`],
    ["project GET", "GET", (id) => `/api/workspaces/${team.slug}/projects/${id}/`],
    ["project PATCH", "PATCH", (id) => `/api/workspaces/${team.slug}/projects/${id}/`, { name: "Renamed" }],
    ["project DELETE", "DELETE", (id) => `/api/workspaces/${team.slug}/projects/${id}/`],
    ["project members GET", "GET", (id) => `/api/workspaces/${team.slug}/projects/${id}/members/`],
    ["project members add", "POST", (id) => `/api/workspaces/${team.slug}/projects/${id}/members/add/`, () => ({ members: [{ member_id: team.member.user.id, role: 10 }] })],
    ["project membership me", "GET", (id) => `/api/workspaces/${team.slug}/projects/${id}/project-members/me/`],
    ["project member PATCH", "PATCH", (id) => `/api/workspaces/${team.slug}/projects/${team.project.id}/members/${id}/`, { role: 10 }],
    ["project member DELETE", "DELETE", (id) => `/api/workspaces/${team.slug}/projects/${team.project.id}/members/${id}/`],
    ["favourite DELETE", "DELETE", (id) => `/api/workspaces/${team.slug}/user-favorite-projects/${id}/`],
    ["API token DELETE", "DELETE", (id) => `/api/users/api-tokens/${id}/`],
  ];

  it.each(idPaths.map(([name, ...rest]) => [name, ...rest] as const))("%s answers 404 and changes nothing", async (_, method, path, body) => {
    const before = await snapshot();
    for (const garbage of GARBAGE) {
      const id = garbage();
      const response = await call(method, path(id), { cookie: team.owner.cookie, body: resolve(body) });
      expectRefusal(response, [404], `${method} ${path(id).slice(0, 120)}`);
      expect(response.body.error).toEqual(expect.any(String));
    }
    expect(await snapshot()).toEqual(before);
  });

  const slugPaths: [string, "GET" | "PATCH" | "DELETE" | "POST", (slug: string) => string, unknown?][] = [
    ["workspace GET", "GET", (slug) => `/api/workspaces/${slug}/`],
    ["workspace PATCH", "PATCH", (slug) => `/api/workspaces/${slug}/`, { name: "x" }],
    ["workspace DELETE", "DELETE", (slug) => `/api/workspaces/${slug}/`],
    ["membership me", "GET", (slug) => `/api/workspaces/${slug}/workspace-members/me/`],
    ["members", "GET", (slug) => `/api/workspaces/${slug}/members/`],
    ["invite", "POST", (slug) => `/api/workspaces/${slug}/invite/`, { emails: [{ email: "a@example.com" }] }],
    ["projects GET", "GET", (slug) => `/api/workspaces/${slug}/projects/`],
    ["projects POST", "POST", (slug) => `/api/workspaces/${slug}/projects/`, { name: "x", identifier: "XYZ" }],
    ["join", "POST", (slug) => `/api/workspaces/${slug}/projects/join/`, { project_ids: [crypto.randomUUID()] }],
    ["favourites GET", "GET", (slug) => `/api/workspaces/${slug}/user-favorite-projects/`],
    ["favourites POST", "POST", (slug) => `/api/workspaces/${slug}/user-favorite-projects/`, { project: crypto.randomUUID() }],
  ];

  it.each(slugPaths.map(([name, ...rest]) => [name, ...rest] as const))(
    "%s under an unknown or garbage slug answers 404 and changes nothing",
    async (_, method, path, body) => {
      const before = await snapshot();
      for (const garbage of GARBAGE) {
        const slug = garbage();
        const response = await call(method, path(slug), { cookie: team.owner.cookie, body });
        expectRefusal(response, [404], `${method} ${path(slug).slice(0, 120)}`);
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it("unknown routes and methods answer a JSON 404", async () => {
    for (const [method, path] of [
      ["GET", "/api"],
      ["GET", "/api/nope/"],
      ["PUT", `/api/workspaces/${team.slug}/`],
      ["POST", `/api/workspaces/${team.slug}/projects/${team.project.id}/`],
      ["GET", "/api/workspaces/a/b/c/d/e/f/g/"],
    ] as const) {
      const response = await call(method, path, { cookie: team.owner.cookie, body: method === "GET" ? undefined : {} });
      expectRefusal(response, [404], `${method} ${path}`);
      expect(response.body).toEqual({ error: "Not found." });
    }
  });
});

describe("another workspace's data is never visible", () => {
  it("its project, membership and favourite ids under our slug answer 404 without its data", async () => {
    const before = await snapshot();
    const foreign = [
      ["GET", `/api/workspaces/${team.slug}/projects/${other.project.id}/`],
      ["PATCH", `/api/workspaces/${team.slug}/projects/${other.project.id}/`, { name: "Stolen" }],
      ["DELETE", `/api/workspaces/${team.slug}/projects/${other.project.id}/`],
      ["GET", `/api/workspaces/${team.slug}/projects/${other.project.id}/members/`],
      ["GET", `/api/workspaces/${team.slug}/projects/${other.project.id}/project-members/me/`],
      ["POST", `/api/workspaces/${team.slug}/projects/${other.project.id}/members/add/`, { members: [{ member_id: team.member.user.id, role: 5 }] }],
      ["PATCH", `/api/workspaces/${team.slug}/projects/${team.project.id}/members/${other.projectMemberships.member}/`, { role: 5 }],
      ["DELETE", `/api/workspaces/${team.slug}/projects/${team.project.id}/members/${other.projectMemberships.member}/`],
      ["PATCH", `/api/workspaces/${team.slug}/members/${other.memberships.member}/`, { role: 5 }],
      ["DELETE", `/api/workspaces/${team.slug}/members/${other.memberships.member}/`],
      ["POST", `/api/workspaces/${team.slug}/projects/join/`, { project_ids: [other.project.id] }],
      ["POST", `/api/workspaces/${team.slug}/user-favorite-projects/`, { project: other.project.id }],
    ] as const;
    for (const [method, path, body] of foreign) {
      const response = await call(method, path, { cookie: team.owner.cookie, body });
      expectRefusal(response, [404], `${method} ${path}`);
      const text = JSON.stringify(response.body);
      expect(text).not.toContain(other.project.name);
      expect(text).not.toContain(other.owner.user.email);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("its own paths answer 403 to our members, without its data", async () => {
    const before = await snapshot();
    const paths = [
      ["GET", `/api/workspaces/${other.slug}/`],
      ["PATCH", `/api/workspaces/${other.slug}/`, { name: "Stolen" }],
      ["DELETE", `/api/workspaces/${other.slug}/`],
      ["GET", `/api/workspaces/${other.slug}/members/`],
      ["GET", `/api/workspaces/${other.slug}/workspace-members/me/`],
      ["PATCH", `/api/workspaces/${other.slug}/members/${other.memberships.guest}/`, { role: 20 }],
      ["DELETE", `/api/workspaces/${other.slug}/members/${other.memberships.guest}/`],
      ["POST", `/api/workspaces/${other.slug}/invite/`, { emails: [{ email: team.owner.user.email, role: 20 }] }],
      ["GET", `/api/workspaces/${other.slug}/projects/`],
      ["POST", `/api/workspaces/${other.slug}/projects/`, { name: "Planted", identifier: "PLANT" }],
      ["GET", `/api/workspaces/${other.slug}/projects/${other.project.id}/`],
      ["PATCH", `/api/workspaces/${other.slug}/projects/${other.project.id}/`, { name: "Stolen" }],
      ["DELETE", `/api/workspaces/${other.slug}/projects/${other.project.id}/`],
      ["GET", `/api/workspaces/${other.slug}/projects/${other.project.id}/members/`],
      ["GET", `/api/workspaces/${other.slug}/projects/${other.project.id}/project-members/me/`],
      ["POST", `/api/workspaces/${other.slug}/projects/${other.project.id}/members/add/`, { members: [{ member_id: team.owner.user.id, role: 20 }] }],
      ["PATCH", `/api/workspaces/${other.slug}/projects/${other.project.id}/members/${other.projectMemberships.guest}/`, { role: 20 }],
      ["DELETE", `/api/workspaces/${other.slug}/projects/${other.project.id}/members/${other.projectMemberships.guest}/`],
      ["DELETE", `/api/workspaces/${other.slug}/user-favorite-projects/${other.project.id}/`],
      ["POST", `/api/workspaces/${other.slug}/projects/join/`, { project_ids: [other.project.id] }],
      ["GET", `/api/workspaces/${other.slug}/user-favorite-projects/`],
      ["POST", `/api/workspaces/${other.slug}/user-favorite-projects/`, { project: other.project.id }],
    ] as const;
    for (const [method, path, body] of paths) {
      const response = await call(method, path, { cookie: team.owner.cookie, body });
      expectRefusal(response, [403], `${method} ${path}`);
      expect(response.body).toEqual({ error: "You are not a member of this workspace." });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a second project of ours is unaffected by garbage aimed at the first", async () => {
    const second = await createProject(team.owner, team.slug);
    const before = await snapshot();
    const response = await team.owner.patch(`/api/workspaces/${team.slug}/projects/${team.project.id}/`, { identifier: second.identifier });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ identifier: ["Project identifier is already taken"] });
    expect(await snapshot()).toEqual(before);
  });
});

describe("credentials that are malformed", () => {
  it.each([
    ["a 10k-character API key", { apiKey: LONG }],
    ["a 10k-character session cookie", { cookie: `session=${LONG}` }],
    ["a cookie header of garbage", { cookie: ";;;=;==;session" }],
    ["a bookmark header of garbage", { cookie: undefined, headers: { "x-d1-bookmark": "garbage" } }],
  ])("%s gets a 401, not a 500", async (_, options) => {
    const response = await call("GET", "/api/users/me/", options as never);
    expectRefusal(response, [401], "me");
  });

  it("a garbage bookmark does not break a signed-in request", async () => {
    const client = await signUp();
    const response = await call("GET", "/api/users/me/", { cookie: `${client.cookie}; d1_bookmark=%%%garbage`, headers: { "x-d1-bookmark": "nope" } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(client.user.id);
  });
});
