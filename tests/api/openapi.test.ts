// The OpenAPI document describes exactly the API the Hono app serves: every route (read from the
// router's own table) with its methods and nothing else; it is a valid OpenAPI 3.1 document; and
// real answers (an issue, a page of issues, a 400 of field messages, a 404) match the schemas the
// document gives them. The reference page built from it loads nothing but its own stylesheet.
import { Validator } from "@seriousme/openapi-schema-validator";
import openApi31Schema from "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApi } from "../../workers/api/app";
import { API_KEY_HEADER, sessionCookieName } from "../../workers/auth/sessions";
import type { ReceivedDelivery } from "../fakes/webhook-receiver";
import { call } from "../helpers/api";
import { type ProjectFixture, createProjectFixture } from "../helpers/project";

/** The document read as plain JSON. */
type Json = any;

let doc: Json;
let p: ProjectFixture;

beforeAll(async () => {
  const answer = await call("GET", "/api/openapi.json");
  expect(answer.status).toBe(200);
  doc = answer.body;
  p = await createProjectFixture(undefined, "OAS");
});

/** The routes the app serves, as `METHOD /path` in OpenAPI's `{param}` form. */
function servedRoutes(): Set<string> {
  const served = new Set<string>();
  for (const route of createApi().routes) {
    // Middleware is registered for every method and path.
    if (route.method === "ALL") continue;
    // strict: false serves a path with or without its trailing slash: one path in the document.
    const path = route.path.replace(/\/+$/, "").replace(/:([A-Za-z]+)/g, "{$1}");
    served.add(`${route.method} ${path}`);
  }
  return served;
}

function documentedRoutes(): Set<string> {
  const documented = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path}`);
  }
  return documented;
}

/**
 * The validator library reads the OpenAPI 3.1 meta-schema from its own folder, which workerd has no
 * file system to read: the same schema, bundled into the test, is compiled the way it compiles it.
 */
class BundledValidator extends Validator {
  getAjvValidator(version: string) {
    expect(version).toBe("3.1");
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    ajv.addFormat("media-range", true);
    return ajv.compile(openApi31Schema);
  }
}

/** A validator of a response's schema as the document states it, components included. */
function responseValidator(path: string, method: string, status: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
  let response = doc.paths[path][method].responses[status];
  if (response.$ref) response = doc.components.responses[response.$ref.split("/").pop()];
  const schema = JSON.parse(JSON.stringify(response.content["application/json"].schema).replaceAll('"#/components/', '"doc#/components/'));
  return ajv.compile(schema);
}

/** A validator of a webhook delivery's body as the document's `webhooks` section states it. */
function deliveryValidator(kind: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
  const schema = JSON.parse(JSON.stringify(doc.webhooks[kind].post.requestBody.content["application/json"].schema).replaceAll('"#/components/', '"doc#/components/'));
  return ajv.compile(schema);
}

function expectValid(path: string, method: string, status: string, body: unknown) {
  const validate = responseValidator(path, method, status);
  expect(validate(body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
}

const ISSUE = "/api/workspaces/{slug}/projects/{projectId}/issues/{issueId}";
const ISSUES = "/api/workspaces/{slug}/projects/{projectId}/issues";

describe("the OpenAPI document", () => {
  it("lists every route the app serves, with its methods, and nothing else", () => {
    const served = servedRoutes();
    const documented = documentedRoutes();
    expect([...served].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    expect(served.size).toBeGreaterThan(200);
  });

  it("names every path parameter, gives each operation a unique id, and lists the refusals", () => {
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      const inPath = [...path.matchAll(/\{([A-Za-z]+)\}/g)].map(([, name]) => name).sort();
      for (const operation of Object.values<Json>(item)) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
        const named = (operation.parameters ?? []).filter((parameter: Json) => parameter.in === "path").map((parameter: Json) => parameter.name);
        expect(named.sort(), `${path}`).toEqual(inPath);
        if (inPath.length > 0) expect(operation.responses["404"], path).toBeDefined();
        if (operation.requestBody) expect(operation.responses["400"], path).toBeDefined();
        if (operation.security?.length !== 0) expect(operation.responses["401"], path).toBeDefined();
      }
    }
  });

  it("names the session cookie and the API key header the Worker reads", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: "apiKey", in: "cookie", name: sessionCookieName({ secureCookies: true }) });
    expect(schemes.apiKey).toMatchObject({ type: "apiKey", in: "header" });
    expect(schemes.apiKey.name.toLowerCase()).toBe(API_KEY_HEADER);
    expect(doc.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
  });

  it("describes the outgoing webhook deliveries", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(["comment", "cycle", "issue", "module", "project"]);
    const issue = doc.webhooks.issue.post;
    expect(issue.parameters.map((parameter: Json) => parameter.name)).toContain("X-Tracker-Signature");
    const body = doc.components.schemas[issue.requestBody.content["application/json"].schema.$ref.split("/").pop()];
    expect(Object.keys(body.properties)).toEqual(["id", "event", "action", "workspace_id", "project_id", "actor_id", "occurred_at", "data", "changes"]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new BundledValidator().validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    // The validator does refuse a broken one.
    const broken = await new BundledValidator().validate({ ...structuredClone(doc), paths: { "/x": { get: { responses: 5 } } } });
    expect(broken.valid).toBe(false);
  });

  it("is built once and answered alike to anyone", async () => {
    const again = await call("GET", "/api/openapi.json", { cookie: p.owner.cookie });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(doc);
    expect(again.headers.get("content-type")).toContain("application/json");
  });
});

describe("real answers match their documented schemas", () => {
  it("an issue, a plain list, a keyset page and a grouped list", async () => {
    const created = await p.owner.post(`${p.base}/issues/`, { name: "Documented", priority: "high", description_html: "<p>Shaped</p>" });
    expect(created.status).toBe(201);
    expectValid(ISSUES, "post", "201", created.body);
    await p.owner.post(`${p.base}/issues/`, { name: "Second", parent: created.body.id });
    const one = await p.owner.get(`${p.base}/issues/${created.body.id}/`);
    expect(one.status).toBe(200);
    expectValid(ISSUE, "get", "200", one.body);
    for (const query of ["", "?per_page=1", "?group_by=state"]) {
      const list = await p.owner.get(`${p.base}/issues/${query}`);
      expect(list.status, query).toBe(200);
      expectValid(ISSUES, "get", "200", list.body);
    }
    const page = await p.owner.get(`${p.base}/issues/?per_page=1`);
    expect(page.body.next_cursor).toBeTruthy();
  });

  it("states, plain and grouped, and labels", async () => {
    const STATES = "/api/workspaces/{slug}/projects/{projectId}/states";
    const LABELS = "/api/workspaces/{slug}/projects/{projectId}/issue-labels";
    for (const query of ["", "?group_by=group"]) {
      const states = await p.owner.get(`${p.base}/states/${query}`);
      expect(states.status, query).toBe(200);
      expectValid(STATES, "get", "200", states.body);
    }
    const state = await p.owner.patch(`${p.base}/states/${p.states.Todo}/`, { description: "Ready to start" });
    expect(state.status).toBe(200);
    expectValid(`${STATES}/{stateId}`, "patch", "200", state.body);
    const parent = await p.owner.post(`${p.base}/issue-labels/`, { name: "Area" });
    expect(parent.status).toBe(201);
    expectValid(LABELS, "post", "201", parent.body);
    const child = await p.owner.post(`${p.base}/issue-labels/`, { name: "Billing", parent: parent.body.id });
    expectValid(LABELS, "post", "201", child.body);
    const labels = await p.owner.get(`${p.base}/issue-labels/`);
    expect(labels.body).toHaveLength(2);
    expectValid(LABELS, "get", "200", labels.body);
  });

  it("cycles and modules", async () => {
    const CYCLES = "/api/workspaces/{slug}/projects/{projectId}/cycles";
    const MODULES = "/api/workspaces/{slug}/projects/{projectId}/modules";
    const cycle = await p.owner.post(`${p.base}/cycles/`, { name: "Documented sprint", start_date: "2099-01-05", end_date: "2099-01-18" });
    expect(cycle.status).toBe(201);
    expectValid(CYCLES, "post", "201", cycle.body);
    await p.owner.post(`${p.base}/cycles/`, { name: "Draft sprint" });
    const cycles = await p.owner.get(`${p.base}/cycles/`);
    expect(cycles.body.length).toBeGreaterThanOrEqual(2);
    expectValid(CYCLES, "get", "200", cycles.body);
    const module = await p.owner.post(`${p.base}/modules/`, { name: "Documented module", lead: p.owner.user.id, members_list: [p.owner.user.id] });
    expect(module.status).toBe(201);
    expectValid(MODULES, "post", "201", module.body);
    expect((await p.owner.post(`${p.base}/modules/${module.body.id}/module-links/`, { url: "https://example.com/spec", title: "Spec" })).status).toBe(201);
    const one = await p.owner.get(`${p.base}/modules/${module.body.id}/`);
    expect(one.body.link_module).toHaveLength(1);
    expectValid(`${MODULES}/{moduleId}`, "get", "200", one.body);
  });

  it("a 400 of field messages, a 400 about the whole body, a 401 and a 404", async () => {
    const bad = await p.owner.post(`${p.base}/issues/`, { name: "", priority: "whenever" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(expect.arrayContaining(["name", "priority"]));
    expectValid(ISSUES, "post", "400", bad.body);
    const malformed = await call("POST", `${p.base}/issues/`, { cookie: p.owner.cookie, rawBody: "{" });
    expect(malformed.status).toBe(400);
    expectValid(ISSUES, "post", "400", malformed.body);
    const anonymous = await call("GET", `${p.base}/issues/`);
    expect(anonymous.status).toBe(401);
    expectValid(ISSUES, "get", "401", anonymous.body);
    const missing = await p.owner.get(`${p.base}/issues/${crypto.randomUUID()}/`);
    expect(missing.status).toBe(404);
    expectValid(ISSUE, "get", "404", missing.body);
    // The schemas are not vacuous: a made-up body fails them.
    expect(responseValidator(ISSUE, "get", "200")({ id: 1 })).toBe(false);
    expect(responseValidator(ISSUE, "get", "404")({ message: "nope" })).toBe(false);
  });
});

describe("real webhook deliveries match the documented payloads", () => {
  /** The fake customer endpoint of tests/fakes/webhook-receiver.ts. */
  const receiver = (env as unknown as { FAKE_WEBHOOK_RECEIVER_URL: string }).FAKE_WEBHOOK_RECEIVER_URL;
  async function control(method: string, path: string, body?: unknown): Promise<Json> {
    const response = await fetch(`${receiver}${path}`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(response.ok).toBe(true);
    return response.json();
  }

  it("of every kind and action", async () => {
    const endpoint = await control("POST", "/_fake/endpoints", {});
    const hook = await p.owner.post(`/api/workspaces/${p.slug}/webhooks/`, { url: endpoint.url, events: ["issue", "comment", "cycle", "module", "project"] });
    expect(hook.status).toBe(201);
    await control("PATCH", `/_fake/endpoints/${endpoint.id}`, { secret: hook.body.secret });
    const issue = await p.owner.post(`${p.base}/issues/`, { name: "Heard", assignees_list: [p.owner.user.id] });
    expect((await p.owner.patch(`${p.base}/issues/${issue.body.id}/`, { name: "Heard again", priority: "low" })).status).toBe(200);
    const doc1 = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Noted" }] }] };
    expect((await p.owner.post(`${p.base}/issues/${issue.body.id}/comments/`, { comment_json: doc1, comment_html: "<p>Noted</p>" })).status).toBe(201);
    const cycle = await p.owner.post(`${p.base}/cycles/`, { name: "Heard sprint" });
    expect((await p.owner.patch(`${p.base}/cycles/${cycle.body.id}/`, { name: "Heard sprint two" })).status).toBe(200);
    const module = await p.owner.post(`${p.base}/modules/`, { name: "Heard module" });
    expect((await p.owner.delete(`${p.base}/modules/${module.body.id}/`)).status).toBe(204);
    expect((await p.owner.patch(`${p.base}/`, { description: "Described" })).status).toBe(200);
    expect((await p.owner.delete(`${p.base}/issues/${issue.body.id}/`)).status).toBe(204);
    const expected = ["comment.created", "cycle.created", "cycle.updated", "issue.created", "issue.deleted", "issue.updated", "module.created", "module.deleted", "project.updated"];
    const deliveries = await vi.waitFor(
      async () => {
        const list = (await control("GET", `/_fake/endpoints/${endpoint.id}/deliveries`)) as ReceivedDelivery[];
        expect([...new Set(list.map((item) => item.event))].sort()).toEqual(expected);
        return list;
      },
      { timeout: 15_000, interval: 50 },
    );
    for (const delivery of deliveries) {
      expect(delivery.verified, delivery.event ?? "").toBe(true);
      const validate = deliveryValidator((delivery.event as string).split(".")[0]);
      expect(validate(delivery.body), `${delivery.event}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    }
  });
});

describe("the reference page", () => {
  it("answers HTML that loads only its own stylesheet, which is served", async () => {
    const page = await call("GET", "/api/docs");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = page.body as string;
    const assets = [...html.matchAll(/\b(?:src|href)="([^"#]+)"/g)].map(([, url]) => url);
    expect(assets.length).toBeGreaterThan(0);
    for (const url of assets) expect(url, url).toMatch(/^\/(?!\/)/);
    expect(html).not.toMatch(/<script/i);
    // Its policy lets it load its own stylesheet and nothing else.
    expect(page.headers.get("content-security-policy")).toContain("style-src 'self'");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1] as string;
    const css = await call("GET", stylesheet);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(css.body).toContain("prefers-color-scheme:dark");
    // One entry per operation, each with its method and path.
    const operations = documentedRoutes().size;
    expect(html.match(/<details class="operation" id="[a-z]/g)?.length).toBe(operations + Object.keys(doc.webhooks).length);
    expect(html).toContain(`id="getIssue"`);
    expect(html).toContain("/api/workspaces/{slug}/projects/{projectId}/issues/{issueId}");
  });
});
