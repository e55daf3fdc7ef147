// The routes of workers/api/mcp.ts, described for the OpenAPI document (see ../describe.ts).
import { z } from "zod";
import type { RouteDocs } from "../describe";

/** One JSON-RPC 2.0 message of the Model Context Protocol, as an MCP client sends it. */
const McpMessage = z.object({
  jsonrpc: z.literal("2.0"),
  method: z.string(),
  id: z.union([z.string(), z.number()]).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** The JSON-RPC answer: a result, or an error with its code and message. */
const McpAnswer = {
  type: "object",
  required: ["jsonrpc"],
  properties: {
    jsonrpc: { const: "2.0" },
    id: { type: ["string", "number", "null"] },
    result: { type: "object" },
    error: { type: "object", required: ["code", "message"], properties: { code: { type: "integer" }, message: { type: "string" } } },
  },
};

export const mcpDocs: RouteDocs = {
  "POST /api/mcp": {
    summary: "Send an MCP message",
    description:
      "The Model Context Protocol server (Streamable HTTP, stateless): tools over the same rules as this API, with the token owner's roles. Takes an API token only, as X-Api-Key or `Authorization: Bearer`; a session cookie alone gets 401.",
    access: "signed-in",
    body: McpMessage,
    response: McpAnswer,
  },
  "GET,DELETE /api/mcp": {
    summary: "No MCP event stream or session",
    description: "The server is stateless: it keeps no session to end and opens no event stream, so these answer 405.",
    access: "signed-in",
    status: 405,
  },
};
