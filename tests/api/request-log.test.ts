// The Worker writes one JSON line per request: the route's pattern, the method, the status, its
// own time and the D1 rows read and written, and nothing the caller sent (no password, cookie,
// token or query string). Each queue job writes one line too: its type, whether it settled, its D1 rows.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { matchRoutes } from "@remix-run/react";
import { type JobMessage, consumeJobs } from "../../workers/jobs";
import { type MatchRoutes, pageRouteMatcher, routeOfPath } from "../../workers/lib/request-log";
import { call, cookieFrom, signUp } from "../helpers/api";
import { createProjectFixture } from "../helpers/project";

let lines: string[] = [];
let spy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  lines = [];
  const log = console.log;
  spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
    if (!String(args[0]).startsWith('{"msg":"request"') && !String(args[0]).startsWith('{"msg":"job"')) log(...args);
  });
});
afterEach(() => spy.mockRestore());

/** Every line the Worker wrote for its requests, parsed. */
const requestLines = () => lines.filter((line) => line.startsWith('{"msg":"request"')).map((line) => JSON.parse(line));

describe("the request log line", () => {
  it("names the route, status, time and D1 rows of a sign-in and an issue create, and never a secret", async () => {
    const password = "a password nobody logs 7%";
    const user = await signUp({ password });
    const p = await createProjectFixture(user, "LOG");
    lines = [];

    const signIn = await call("POST", "/api/auth/sign-in/?token=secret-in-query", { body: { email: user.user.email, password } });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn.headers);
    const created = await call("POST", `${p.base}/issues/`, { cookie, body: { name: "Logged issue" } });
    expect(created.status).toBe(201);

    const [signInLine, createLine] = requestLines();
    expect(signInLine).toEqual({
      msg: "request",
      method: "POST",
      route: "/api/auth/sign-in",
      status: 200,
      worker_ms: expect.any(Number),
      d1_rows_read: expect.any(Number),
      d1_rows_written: expect.any(Number),
      d1_queries: expect.any(Number),
      d1_round_trips: expect.any(Number),
      d1_counted: true,
    });
    // A sign-in reads the account and writes a session.
    expect(signInLine.d1_rows_read).toBeGreaterThan(0);
    expect(signInLine.d1_rows_written).toBeGreaterThan(0);
    expect(createLine).toMatchObject({
      method: "POST",
      route: "/api/workspaces/:slug/projects/:projectId/issues",
      status: 201,
      d1_counted: true,
    });
    // The issue, its sequence counter, activity and indexes: several rows written in one request.
    expect(createLine.d1_rows_written).toBeGreaterThan(1);
    expect(createLine.d1_rows_read).toBeGreaterThan(0);
    expect(createLine.worker_ms).toBeGreaterThanOrEqual(0);

    const all = lines.join("\n");
    expect(all).not.toContain(password);
    expect(all).not.toContain(cookie.split("=")[1]);
    expect(all).not.toContain("secret-in-query");
    expect(all).not.toContain(user.user.email);
    expect(all).not.toContain("Logged issue");
  });

  it("logs a refusal, a page and its data by their routes' patterns, and an unknown path with its ids replaced", async () => {
    const p = await createProjectFixture(undefined, "PAG");
    lines = [];
    const refused = await call("GET", "/api/users/me/");
    expect(refused.status).toBe(401);
    const page = await p.owner.get(`/${p.slug}/projects/${p.projectId}/issues`);
    expect(page.status).toBe(200);
    const [refusal, pageLine] = requestLines();
    expect(refusal).toMatchObject({ method: "GET", route: "/api/users/me", status: 401 });
    expect(pageLine).toMatchObject({ method: "GET", route: "/:workspaceSlug/projects/:projectId/issues", status: 200, d1_counted: true });
    expect(pageLine.d1_rows_read).toBeGreaterThan(0);
    // The page's loaders start their reads side by side: they reach D1 in fewer calls than statements.
    expect(pageLine.d1_round_trips).toBeGreaterThan(0);
    expect(pageLine.d1_round_trips).toBeLessThan(pageLine.d1_queries);
    lines = [];
    await p.owner.get(`/${p.slug}/projects/${p.projectId}/issues.data`);
    await call("GET", "/api/no-such/0b7e3f5c-6a71-4a7e-9d8e-2f1c3b4a5d6e");
    const [data, unknown] = requestLines();
    expect(data).toMatchObject({ route: "/:workspaceSlug/projects/:projectId/issues.data", d1_counted: true });
    expect(unknown).toMatchObject({ route: "/api/no-such/:id", status: 404 });
    expect(lines.join("\n")).not.toContain(p.owner.cookie.split("=")[1]);
  });

  it("replaces ids, numbers and opaque keys in a path", () => {
    expect(routeOfPath("/acme/projects/0b7e3f5c-6a71-4a7e-9d8e-2f1c3b4a5d6e/issues/42")).toBe("/acme/projects/:id/issues/:n");
    expect(routeOfPath("/reset-password/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4")).toBe("/reset-password/:key");
  });

  it("matches a page path as the router does, once per shape of path", () => {
    const manifest = {
      root: { id: "root", path: "" },
      slug: { id: "slug", parentId: "root", path: ":workspaceSlug" },
      settings: { id: "settings", parentId: "slug", path: "settings" },
      issues: { id: "issues", parentId: "slug", path: "projects/:projectId/issues" },
      issue: { id: "issue", parentId: "slug", path: "projects/:projectId/issues/:issueId" },
      profile: { id: "profile", parentId: "root", path: "profile" },
      splat: { id: "splat", parentId: "root", path: "*" },
    };
    let calls = 0;
    const counted: MatchRoutes = (routes, pathname) => {
      calls++;
      return (matchRoutes as unknown as MatchRoutes)(routes, pathname);
    };
    const match = pageRouteMatcher(manifest, counted);
    const project = "0b7e3f5c-6a71-4a7e-9d8e-2f1c3b4a5d6e";
    expect(match("/profile")).toBe("/profile");
    expect(match("/acme/settings")).toBe("/:workspaceSlug/settings");
    expect(match(`/acme/projects/${project}/issues`)).toBe("/:workspaceSlug/projects/:projectId/issues");
    expect(match(`/acme/projects/${project}/issues/42`)).toBe("/:workspaceSlug/projects/:projectId/issues/:issueId");
    expect(match(`/acme/projects/${project}/issues.data`)).toBe("/:workspaceSlug/projects/:projectId/issues.data");
    expect(match("/acme/projects/x/y/z")).toBe("/*");
    const before = calls;
    // Another project and issue of the same workspace: the same shape, matched from memory.
    expect(match("/acme/projects/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/issues/7")).toBe("/:workspaceSlug/projects/:projectId/issues/:issueId");
    expect(calls).toBe(before);
  });
});

describe("the job log line", () => {
  it("names each queue job's type, whether it settled, and the D1 rows its sessions read and wrote", async () => {
    const acked: string[] = [];
    const message = (id: string, body: JobMessage) =>
      ({ id, body, attempts: 1, timestamp: new Date(), ack: () => acked.push(id), retry: () => {} }) as unknown as Message<JobMessage>;
    const batch = { queue: "jobs", messages: [message("m1", { type: "import.run", importerId: crypto.randomUUID() })] } as unknown as MessageBatch<JobMessage>;
    lines = [];
    await consumeJobs(batch, env);
    expect(acked).toEqual(["m1"]);
    const [line] = lines.filter((text) => text.startsWith('{"msg":"job"')).map((text) => JSON.parse(text));
    // An import nobody started: the job looks it up (no row to lease, none to read) and settles as gone.
    expect(line).toMatchObject({ msg: "job", type: "import.run", ok: true });
    expect(line.d1_queries).toBeGreaterThanOrEqual(2);
    expect(line.d1_rows_read).toEqual(expect.any(Number));
    expect(line.d1_rows_written).toBe(0);
    expect(Object.keys(line).sort()).toEqual(["d1_queries", "d1_round_trips", "d1_rows_read", "d1_rows_written", "msg", "ok", "type", "worker_ms"]);
  });
});
