// The MCP server at /api/mcp, driven by the official SDK's client over Streamable HTTP against the
// real Worker: tools with the token owner's roles, the REST API's error bodies as tool errors,
// writes that reach an open board, the issue resource by key, and the token-only door.
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, ORIGIN, call } from "../helpers/api";
import { type ProjectWithRoles, openBoard, projectWithRoles } from "../helpers/project-roles";
import { MCP_TOOLS } from "../../workers/mcp/server";
import { mention } from "../helpers/rich-text";
import { fetchWorker } from "../helpers/worker";

const MCP_URL = `${ORIGIN}/api/mcp`;

async function tokenOf(client: Client, label = "agent") {
  const created = await client.post("/api/users/api-tokens/", { label });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.token as string;
}

/** An SDK client connected to the Worker; `bearer` sends the token as MCP clients do, else as X-Api-Key. */
async function connect(token: string, { bearer = false } = {}) {
  const client = new McpClient({ name: "mcp-test", version: "1.0.0" }, { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() });
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${token}` } : { "x-api-key": token };
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers },
    fetch: (input, init) => fetchWorker(input, init),
  });
  await client.connect(transport);
  return client;
}

async function callTool(client: McpClient, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  return { isError: result.isError === true, body: JSON.parse(text) };
}

const paragraph = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

const issueCount = async (projectId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM issues WHERE project_id = ?").bind(projectId).first<{ n: number }>())?.n;

let p: ProjectWithRoles;
let memberToken: string;
let viewerToken: string;
let member: McpClient;
let viewer: McpClient;
const ids = () => ({ workspace_slug: p.slug, project_id: p.projectId });

beforeAll(async () => {
  p = await projectWithRoles();
  [memberToken, viewerToken] = await Promise.all([tokenOf(p.member), tokenOf(p.viewer)]);
  member = await connect(memberToken, { bearer: true });
  viewer = await connect(viewerToken);
});

afterAll(async () => {
  await Promise.all([member?.close(), viewer?.close()]);
});

describe("the MCP server", () => {
  it("lists its tools with input schemas from the API's own schemas, and the issue resource template", async () => {
    const { tools } = await member.listTools();
    const names = tools.map((tool) => tool.name);
    for (const name of ["list_workspaces", "list_projects", "list_notifications", "my_work", "list_issues", "search_workspace", "get_issue", "create_issue", "update_issue", "comment_on_issue", "list_states", "list_labels", "list_members", "list_cycles", "list_modules", "add_issues_to_cycle", "add_issues_to_module", "create_page_block"]) {
      expect(names).toContain(name);
    }
    const create = tools.find((tool) => tool.name === "create_issue")!;
    expect(create.inputSchema.required).toEqual(["workspace_slug", "project_id", "name"]);
    expect(create.inputSchema.properties?.priority).toMatchObject({ enum: ["urgent", "high", "medium", "low", "none"] });
    expect(create.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((tool) => tool.name === "list_issues")!.annotations?.readOnlyHint).toBe(true);
    const { resourceTemplates } = await member.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(["issue://{workspace_slug}/{issue_key}"]);
  });

  it("creates an issue that an open board receives, finds it by name and reads it by its key", async () => {
    const board = await openBoard(p.owner, p.base);
    try {
      const name = `Agent-filed ${crypto.randomUUID().slice(0, 8)}`;
      const created = await callTool(member, "create_issue", { ...ids(), name, priority: "high" });
      expect(created.isError, JSON.stringify(created.body)).toBe(false);
      expect(created.body).toMatchObject({ name, priority: "high", project: p.projectId });
      const issueId: string = created.body.id;
      await board.next((change) => change.kind === "issue" && change.op === "upsert" && change.id === issueId);

      const found = await callTool(member, "search_workspace", { workspace_slug: p.slug, search: name });
      expect(found.isError).toBe(false);
      expect(found.body.results.issue.map((issue: { id: string }) => issue.id)).toContain(issueId);

      const listed = await callTool(member, "list_issues", { ...ids(), priority: ["high"], per_page: 10 });
      expect(listed.body.results.map((issue: { id: string }) => issue.id)).toContain(issueId);

      const workspaces = await callTool(member, "list_workspaces", {});
      const identifier = (await callTool(member, "list_projects", { workspace_slug: p.slug })).body.results.find(
        (project: { id: string }) => project.id === p.projectId,
      ).identifier;
      expect(workspaces.body.results.map((workspace: { slug: string }) => workspace.slug)).toContain(p.slug);
      const key = `${identifier}-${created.body.sequence_id}`;
      const resource = await member.readResource({ uri: `issue://${p.slug}/${key}` });
      const read = JSON.parse(String((resource.contents[0] as { text: string }).text));
      expect(read.issue).toMatchObject({ id: issueId, name });
    } finally {
      board.close();
    }
  });

  it("updates, comments and reads an issue back with its comments and activity", async () => {
    const created = await callTool(member, "create_issue", { ...ids(), name: "To be triaged" });
    const issueId = created.body.id;
    const states = await callTool(member, "list_states", ids());
    const started = states.body.results.find((state: { group: string }) => state.group === "started");
    const updated = await callTool(member, "update_issue", { ...ids(), issue_id: issueId, state: started.id, target_date: "2031-02-03" });
    expect(updated.isError, JSON.stringify(updated.body)).toBe(false);
    expect(updated.body).toMatchObject({ state: started.id, target_date: "2031-02-03" });
    const commented = await callTool(member, "comment_on_issue", { ...ids(), issue_id: issueId, comment_html: "<p>Looking into it</p>", comment_json: paragraph("Looking into it") });
    expect(commented.isError, JSON.stringify(commented.body)).toBe(false);
    const read = await callTool(viewer, "get_issue", { ...ids(), issue_id: issueId });
    expect(read.body.issue).toMatchObject({ id: issueId, state: started.id });
    expect(JSON.stringify(read.body.activity)).toContain("Looking into it");
  });

  it("lists a project's lookups, files issues into a cycle and a module, and writes a page block", async () => {
    const [cycle, module, page, label] = await Promise.all([
      p.owner.post(`${p.base}/cycles/`, { name: "Sprint 1" }),
      p.owner.post(`${p.base}/modules/`, { name: "Billing" }),
      p.owner.post(`${p.base}/pages/`, { name: "Notes" }),
      p.owner.post(`${p.base}/issue-labels/`, { name: "bug", color: "#ff0000" }),
    ]);
    const lists = Object.fromEntries(
      await Promise.all(
        ["list_labels", "list_members", "list_cycles", "list_modules", "list_pages"].map(async (name) => [name, (await callTool(member, name, ids())).body]),
      ),
    );
    expect(lists.list_labels.results.map((row: { id: string }) => row.id)).toContain(label.body.id);
    expect(lists.list_members.results.map((row: { member: { id: string } }) => row.member.id)).toContain(p.viewer.user.id);
    expect(lists.list_cycles.results.map((row: { id: string }) => row.id)).toContain(cycle.body.id);
    expect(lists.list_modules.results.map((row: { id: string }) => row.id)).toContain(module.body.id);
    expect(lists.list_pages.results.map((row: { id: string }) => row.id)).toContain(page.body.id);

    const issue = (await callTool(member, "create_issue", { ...ids(), name: "Invoice totals", labels_list: [label.body.id], assignees_list: [p.member.user.id] })).body;
    const inCycle = await callTool(member, "add_issues_to_cycle", { ...ids(), cycle_id: cycle.body.id, issues: [issue.id] });
    const inModule = await callTool(member, "add_issues_to_module", { ...ids(), module_id: module.body.id, issues: [issue.id] });
    expect([inCycle.isError, inModule.isError], JSON.stringify([inCycle.body, inModule.body])).toEqual([false, false]);
    const read = await p.owner.get(`${p.base}/issues/${issue.id}/`);
    expect(read.body).toMatchObject({ cycle: cycle.body.id, module: module.body.id, labels: [label.body.id] });
    const mine = await callTool(member, "my_work", { workspace_slug: p.slug, tab: "assigned" });
    expect(mine.body.issues.map((row: { id: string }) => row.id)).toContain(issue.id);

    const block = await callTool(member, "create_page_block", { ...ids(), page_id: page.body.id, name: "Decisions", description_html: "<p>Ship it</p>" });
    expect(block.isError, JSON.stringify(block.body)).toBe(false);
    expect(block.body).toMatchObject({ name: "Decisions", page: page.body.id });
    const noPage = await callTool(member, "create_page_block", { ...ids(), page_id: crypto.randomUUID(), name: "Lost" });
    const restNoPage = await call("POST", `${p.base}/pages/${crypto.randomUUID()}/page-blocks/`, { apiKey: memberToken, body: { name: "Lost" } });
    expect(noPage).toEqual({ isError: true, body: restNoPage.body });
  });

  it("tells an agent's inbox: a mention in a comment reaches list_notifications", async () => {
    const issue = (await callTool(member, "create_issue", { ...ids(), name: "Needs a viewer's eyes" })).body;
    const mentioned = await p.owner.post(`${p.base}/issues/${issue.id}/comments/`, { comment_html: `<p>See ${mention(p.viewer)}</p>`, comment_json: paragraph("See @Viewer") });
    expect(mentioned.status, JSON.stringify(mentioned.body)).toBe(201);
    const inbox = await callTool(viewer, "list_notifications", { workspace_slug: p.slug, tab: "all" });
    expect(inbox.isError, JSON.stringify(inbox.body)).toBe(false);
    expect(JSON.stringify(inbox.body.results)).toContain(issue.id);
    const badTab = await callTool(viewer, "list_notifications", { workspace_slug: p.slug, tab: "everything" });
    expect(badTab).toEqual({ isError: true, body: (await call("GET", `/api/workspaces/${p.slug}/notifications/?tab=everything`, { apiKey: viewerToken })).body });
  });

  it("answers an issue key nobody may read as the API's not found", async () => {
    const outsiderToken = await tokenOf(p.outsider);
    const outsider = await connect(outsiderToken);
    try {
      const issue = (await callTool(member, "create_issue", { ...ids(), name: "Project-only" })).body;
      const identifier = (await callTool(member, "list_projects", { workspace_slug: p.slug })).body.results[0].identifier;
      await expect(outsider.readResource({ uri: `issue://${p.slug}/${identifier}-${issue.sequence_id}` })).rejects.toThrow(/Issue not found|not found/i);
      await expect(member.readResource({ uri: `issue://${p.slug}/${identifier}-999999` })).rejects.toThrow(/not found/i);
      const hidden = await callTool(outsider, "get_issue", { ...ids(), issue_id: issue.id });
      expect(hidden.isError).toBe(true);
      expect(hidden.body).toEqual((await call("GET", `${p.base}/issues/${issue.id}/`, { apiKey: outsiderToken })).body);
    } finally {
      await outsider.close();
    }
  });

  it("refuses a viewer's write as the API does, and writes no row", async () => {
    const before = await issueCount(p.projectId);
    const refused = await callTool(viewer, "create_issue", { ...ids(), name: "Viewer's attempt" });
    const rest = await call("POST", `${p.base}/issues/`, { apiKey: viewerToken, body: { name: "Viewer's attempt" } });
    expect(rest.status).toBe(403);
    expect(refused).toEqual({ isError: true, body: rest.body });
    expect(await issueCount(p.projectId)).toBe(before);
    // Reading is the viewer's right.
    expect((await callTool(viewer, "list_issues", ids())).isError).toBe(false);
  });

  it("lets a read token's agent read but refuses every writing tool as the API does, writing no row", async () => {
    const created = await p.owner.post("/api/users/api-tokens/", { label: "reader", scope: "read" });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reader = await connect(created.body.token as string, { bearer: true });
    try {
      const before = await issueCount(p.projectId);
      const rest = await call("POST", `${p.base}/issues/`, { apiKey: created.body.token, body: { name: "Reader's attempt" } });
      expect(rest.status).toBe(403);
      for (const tool of MCP_TOOLS.filter((candidate) => candidate.writes)) {
        const refused = await callTool(reader, tool.name, { ...ids(), name: "Reader's attempt", issue_id: "x", issues: [] });
        expect(refused, tool.name).toEqual({ isError: true, body: rest.body });
      }
      expect(await issueCount(p.projectId)).toBe(before);
      // The owner's own roles still let the token read.
      expect((await callTool(reader, "list_issues", ids())).isError).toBe(false);
    } finally {
      await reader.close();
    }
  });

  it("answers bad input with the field messages the REST API gives", async () => {
    const input = { name: "", priority: "whenever" };
    const refused = await callTool(member, "create_issue", { ...ids(), ...input });
    const rest = await call("POST", `${p.base}/issues/`, { apiKey: memberToken, body: input });
    expect(rest.status).toBe(400);
    expect(refused).toEqual({ isError: true, body: rest.body });
    expect(Object.keys(refused.body).sort()).toEqual(["name", "priority"]);

    const noProject = await callTool(member, "create_issue", { workspace_slug: p.slug, name: "Somewhere" });
    expect(noProject).toEqual({ isError: true, body: { project_id: ["project_id is required"] } });
    const badFilter = await callTool(member, "list_issues", { ...ids(), priority: "someday" });
    const restFilter = await call("GET", `${p.base}/issues/?priority=someday`, { apiKey: memberToken });
    expect(badFilter).toEqual({ isError: true, body: restFilter.body });
    expect((await callTool(member, "no_such_tool", {})).isError).toBe(true);
  });

  it("gives every create the REST API's answer: a tool error exactly when the API refuses, with its body", async () => {
    const title = fc.oneof(fc.constant(""), fc.string({ maxLength: 300 }));
    const priority = fc.oneof(fc.constantFrom("urgent", "high", "none"), fc.string({ maxLength: 8 }), fc.integer());
    const dates = fc.oneof(fc.constant(undefined), fc.constant("2030-01-31"), fc.string({ maxLength: 12 }));
    await fc.assert(
      fc.asyncProperty(title, priority, dates, async (name, prio, target) => {
        const input = { name, priority: prio, ...(target === undefined ? {} : { target_date: target }) };
        const rest = await call("POST", `${p.base}/issues/`, { apiKey: memberToken, body: input });
        const tool = await callTool(member, "create_issue", { ...ids(), ...input });
        expect(tool.isError).toBe(rest.status >= 400);
        if (rest.status >= 400) expect(tool.body).toEqual(rest.body);
        else expect(tool.body).toMatchObject({ name: rest.body.name, priority: rest.body.priority });
      }),
      { numRuns: 12, seed: Number(env.FUZZ_SEED) || undefined },
    );
  });

  it("never fails on hostile arguments: a tool error or an answer, and a refused write leaves every row", async () => {
    const { tools } = await viewer.listTools();
    const writing = tools.filter((tool) => tool.annotations?.readOnlyHint === false).map((tool) => tool.name);
    const value = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(null), fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
    const args = fc.dictionary(fc.constantFrom("workspace_slug", "project_id", "issue_id", "name", "priority", "state", "issues", "labels_list", "per_page", "cursor", "search", "__proto__", "constructor"), value, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writing), args, fc.boolean(), async (name, hostile, aimed) => {
        const before = await issueCount(p.projectId);
        // Half the calls name the real workspace and project, so the refusal is the viewer's role or the input.
        const result = await callTool(viewer, name, aimed ? { ...hostile, ...ids() } : hostile);
        expect(result.isError).toBe(true);
        expect(result.body).not.toEqual({ error: "Something went wrong. Please try again." });
        expect(await issueCount(p.projectId)).toBe(before);
      }),
      { numRuns: 25, seed: Number(env.FUZZ_SEED) || undefined },
    );
  });

  it("points agents only at tools that exist", async () => {
    const { tools } = await member.listTools();
    const names = new Set(tools.map((tool) => tool.name));
    const text = JSON.stringify(tools);
    const named = [...text.matchAll(/\b(?:list|get|create|update|search|add|comment|my)_[a-z_]+\b/g)].map((match) => match[0]);
    // The comment's fields share the prefix of a tool's name.
    const fields = new Set(["comment_html", "comment_json"]);
    expect(named.filter((name) => !names.has(name) && !fields.has(name))).toEqual([]);
  });

  it("flags exactly the tools that write (the read-token test sends each through the write check)", () => {
    const writing = MCP_TOOLS.filter((tool) => tool.writes).map((tool) => tool.name).sort();
    expect(writing).toEqual(["add_issues_to_cycle", "add_issues_to_module", "comment_on_issue", "create_issue", "create_page_block", "update_issue"]);
  });

  it("takes an API token only: a cookie alone is refused with 401, a token that is no token too", async () => {
    const initialize = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const headers = { accept: "application/json, text/event-stream" };
    const cookieOnly = await call("POST", "/api/mcp", { cookie: p.owner.cookie, body: initialize, headers });
    expect(cookieOnly.status).toBe(401);
    expect(cookieOnly.body.error).toMatch(/API token/);
    expect((await call("POST", "/api/mcp", { body: initialize, headers })).status).toBe(401);
    const badBearer = await call("POST", "/api/mcp", { body: initialize, headers: { ...headers, authorization: "Bearer not-a-token" } });
    expect(badBearer.status).toBe(401);
    const listed = await call("POST", "/api/mcp", { apiKey: memberToken, body: initialize, headers });
    expect(listed.status).toBe(200);
    expect(listed.body.result.tools.length).toBeGreaterThan(10);
    // Stateless: no event stream to open and no session to end.
    expect((await call("GET", "/api/mcp", { apiKey: memberToken, headers })).status).toBe(405);
    expect((await call("GET", "/api/mcp", { cookie: p.owner.cookie })).status).toBe(401);
  });

  it("answers a web page's client from another origin, and tells a caller without a token how to sign", async () => {
    const page = "https://inspector.example";
    const preflight = await fetchWorker(MCP_URL, {
      method: "OPTIONS",
      headers: { origin: page, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (preflight.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of ["authorization", "content-type", "mcp-protocol-version"]) expect(allowed).toContain(header);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { origin: page, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const listed = await fetchWorker(MCP_URL, { method: "POST", headers: { ...headers, authorization: `Bearer ${memberToken}` }, body });
    expect(listed.status).toBe(200);
    expect(listed.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await fetchWorker(MCP_URL, { method: "POST", headers, body });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer /);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    // The rest of the API stays same-origin only.
    const elsewhere = await fetchWorker(`${ORIGIN}/api/users/me/`, { method: "OPTIONS", headers: { origin: page, "access-control-request-method": "GET" } });
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });
});
