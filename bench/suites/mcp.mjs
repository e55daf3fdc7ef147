// MCP benchmark (issue 37): a tool call through /api/mcp beside the REST call it stands for, with
// the same API token: search (search_workspace, GET .../search) and create (create_issue, POST
// .../issues). Measured in turns (REST, MCP, REST, ...), so a passing load on the machine weighs on
// both alike; the figure is the MCP call's Worker p50 over the REST call's (Server-Timing).
import { ms, timeInTurns } from "../lib/measure.mjs";

export const TARGETS = { overheadP50: 3 };

const QUERY = "socket";

async function expectOk(response, what) {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return response;
}

export async function runMcpSuite({ url, cookie, workspaceSlug, projects, log }) {
  const minted = await fetch(`${url}/api/users/api-tokens/`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": "application/json" },
    body: JSON.stringify({ label: "bench mcp" }),
  });
  const { token } = await (await expectOk(minted, "API token")).json();
  // identity: the local server's gzip runs in the Worker's process (bench/lib/cpu.mjs).
  const headers = { "x-api-key": token, "content-type": "application/json", "accept-encoding": "identity" };
  const rest = async (method, path, body) => {
    const response = await expectOk(await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) }), `${method} ${path}`);
    await response.arrayBuffer();
    return response;
  };
  let rpcId = 0;
  const tool = async (name, args) => {
    const response = await fetch(`${url}/api/mcp`, {
      method: "POST",
      headers: { ...headers, accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++rpcId, method: "tools/call", params: { name, arguments: args } }),
    });
    await expectOk(response, name);
    const answer = await response.json();
    if (answer.error || answer.result?.isError) throw new Error(`${name}: ${JSON.stringify(answer.error ?? answer.result.content)}`);
    return response;
  };

  const project = projects.find((p) => p.size === 1000);
  const base = `/api/workspaces/${workspaceSlug}/projects/${project.id}`;
  log(`mcp: search "${QUERY}", REST and MCP in turns`);
  const [restSearch, mcpSearch] = await timeInTurns(
    [
      () => rest("GET", `/api/workspaces/${workspaceSlug}/search/?search=${QUERY}`),
      () => tool("search_workspace", { workspace_slug: workspaceSlug, search: QUERY }),
    ],
    { warmup: 10, count: 200 },
  );
  log("mcp: create, REST and MCP in turns");
  const [restCreate, mcpCreate] = await timeInTurns(
    [
      (i) => rest("POST", `${base}/issues/`, { name: `Bench REST create ${i}`, priority: "medium" }),
      (i) => tool("create_issue", { workspace_slug: workspaceSlug, project_id: project.id, name: `Bench MCP create ${i}`, priority: "medium" }),
    ],
    { warmup: 5, count: 100 },
  );
  return { project, search: { rest: restSearch, mcp: mcpSearch }, create: { rest: restCreate, mcp: mcpCreate } };
}

/** The MCP call's Worker p50 over the REST call's. */
export const overheadOf = ({ rest, mcp }) => mcp.worker.p50 - rest.worker.p50;

export function mcpMarkdown(result) {
  const cell = (t) => `**${ms(t.worker.p50)} / ${ms(t.worker.p99)}** (client ${ms(t.p50)})`;
  const lines = [
    "## MCP server (issue 37)",
    "",
    `A tool call through \`/api/mcp\` (one JSON-RPC \`tools/call\` per POST, answered as JSON) beside the REST call it stands for, with the same API token, in turns: the Worker's own time (Server-Timing), p50 / p99, and the client's p50. Search: \`search_workspace\` and \`GET …/search/?search=${QUERY}\` over the bench workspace; create: \`create_issue\` and \`POST …/issues/\` in the project of ${project(result)} issues.`,
    "",
    "| call | REST | MCP | MCP over REST, Worker p50 | budget |",
    "| --- | --- | --- | --- | --- |",
  ];
  for (const [label, pair] of [
    ["search", result.search],
    ["create", result.create],
  ]) {
    lines.push(`| ${label} | ${cell(pair.rest)} | ${cell(pair.mcp)} | ${ms(overheadOf(pair))} | <= ${TARGETS.overheadP50} ms |`);
  }
  return lines.join("\n");
}

const project = (result) => result.project.size.toLocaleString("en-US");
