// The MCP server at /api/mcp (ADR 056): the official SDK's Server over its web-standard Streamable
// HTTP transport, stateless. Each POST builds a server and a transport, answers its JSON-RPC
// messages as JSON (no event stream: the answer is complete when the Worker's response is) and is
// forgotten; no session id is kept. Loaded at the first MCP request (workers/api/mcp.ts), so the
// rest of the API never evaluates the SDK.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  type CallToolResult,
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Authenticated } from "../auth/sessions";
import { errorAnswerOf } from "../api/errors";
import type { ActorContext } from "../domain/context";
import { PostCommit } from "../domain/post-commit";
import { ISSUE_RESOURCE_TEMPLATE, readIssueResource } from "./resources";
import { assertMayWrite } from "../domain/api-limits";
import { type McpTool, inputSchemaOf, splitArguments } from "./tool";
import { issueTools } from "./tools/issues";
import { projectListTools } from "./tools/project-lists";
import { workspaceTools } from "./tools/workspaces";

export const MCP_SERVER_INFO = { name: "edge-tracker", version: "0.1.0" };

const INSTRUCTIONS =
  "Edge Tracker: workspaces hold projects, projects hold issues, states, labels, cycles, modules and pages. " +
  "Start with list_workspaces (a workspace's slug), then list_projects (a project's id). " +
  "Ids for an issue's fields come from list_states, list_labels, list_members, list_cycles and list_modules. " +
  "Find issues by words with search_workspace, by filters with list_issues. You act with your token owner's roles.";

/** Every tool, by name. */
export const MCP_TOOLS: readonly McpTool[] = [...workspaceTools, ...issueTools, ...projectListTools];
const toolsByName = new Map(MCP_TOOLS.map((definition) => [definition.name, definition]));

let listedTools: Tool[] | undefined;
/** The tools as tools/list answers them; their JSON schemas are made once per isolate. */
function listTools(): Tool[] {
  listedTools ??= MCP_TOOLS.map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: inputSchemaOf(definition),
    annotations: { readOnlyHint: !definition.writes, destructiveHint: false, openWorldHint: false },
  }));
  return listedTools;
}

const textResult = (value: unknown, isError = false): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  ...(isError ? { isError: true } : {}),
});

/**
 * Runs one tool call as one REST request would run: the same domain function with the token
 * owner's roles, its board and hub changes flushed once it has succeeded and dropped when it
 * failed, and a failure answered as a tool error whose text is the REST API's error body.
 */
async function callTool(ctx: ActorContext, auth: Authenticated, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const definition = toolsByName.get(name);
  if (!definition) return textResult({ error: `Unknown tool: ${name}.` }, true);
  const effects = new PostCommit();
  try {
    if (definition.writes) assertMayWrite(auth);
    const { ids, input } = splitArguments(definition, args);
    const result = await definition.run({ ...ctx, effects }, ids, input);
    if (effects.pending > 0) await effects.flush(ctx.ports.jobs);
    return textResult(result ?? null);
  } catch (error) {
    effects.discard();
    return textResult(errorAnswerOf(error, "MCP tool failed").body, true);
  }
}

function serverFor(ctx: ActorContext, auth: Authenticated) {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
    // Only elicitation uses it, and this server asks nothing of the client: a validator that is
    // never called, rather than the SDK's default (Ajv, which compiles with eval: not on Workers).
    jsonSchemaValidator: { getValidator: () => () => ({ valid: false, data: undefined, errorMessage: "Not used." }) },
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(ctx, auth, request.params.name, request.params.arguments ?? {}));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [ISSUE_RESOURCE_TEMPLATE] }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readIssueResource(ctx, request.params.uri));
  return server;
}

/** Answers one POST to /api/mcp: its JSON-RPC message (already read within the body limit). */
export async function answerMcp(request: Request, message: unknown, ctx: ActorContext, auth: Authenticated): Promise<Response> {
  const server = serverFor(ctx, auth);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await server.close();
  }
}
