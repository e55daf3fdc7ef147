// What an MCP tool is: a name, a description an agent reads, the ids it needs (the REST path's
// params) and the zod schema the REST handler's domain function validates its body or query with.
// The tool's JSON input schema is generated from those schemas, and its arguments are handed to
// the same domain function, which validates them as it validates a REST request: one copy of
// every field rule and message.
import { z } from "zod";
import type { ActorContext } from "../domain/context";
import { requiredId } from "../domain/schemas/common";
import { parseInput } from "../lib/validation";

/** The ids a tool names, as the REST path names them; where an agent finds each is its description. */
export const PATH_PARAMS = {
  workspace_slug: "The workspace's slug, from list_workspaces (the `slug` field).",
  project_id: "The project's id, from list_projects.",
  issue_id: "The issue's id (a UUID, not its DEMO-12 key), from list_issues, search_workspace or my_work.",
  cycle_id: "The cycle's id, from list_cycles.",
  module_id: "The module's id, from list_modules.",
  page_id: "The page's id, from list_pages.",
} as const;

export type PathParam = keyof typeof PATH_PARAMS;

export type PathIds<P extends PathParam> = { [K in P]: string };

/** How a tool's other arguments reach the domain: as a JSON body, or as a query string's values. */
export type InputKind = "body" | "query";

export interface McpTool<P extends PathParam = PathParam> {
  name: string;
  /** What the tool does, what it answers and where the ids it wants come from. */
  description: string;
  /** The ids the tool needs, in the REST path's order. */
  path: readonly P[];
  /** The schema the REST handler's domain function validates its body (or query) with. */
  input?: z.ZodType;
  /** "query": the arguments are read as the list endpoint reads its query string (lists joined by commas). */
  inputKind?: InputKind;
  /** Field descriptions for the JSON schema, where a field's name does not say enough. */
  hints?: Record<string, string>;
  /** The tool writes: a read-only token is refused it (assertMayWrite). */
  writes?: true;
  run(ctx: ActorContext, ids: PathIds<P>, input: Record<string, unknown>): Promise<unknown>;
}

/** A list's page as tools answer it: `{results, next_cursor}`, as list_issues answers (pass next_cursor as `cursor`). */
export async function asResults(read: Promise<{ rows: unknown; next_cursor: string | null }>) {
  const { rows, next_cursor } = await read;
  return { results: rows, next_cursor };
}

/** Declares a tool; the generic keeps `ids` typed by the tool's own path. */
export const tool = <P extends PathParam>(definition: McpTool<P>): McpTool => definition as unknown as McpTool;

const pathSchemas = new Map<string, z.ZodType<Record<string, string>>>();

/** The schema of a tool's ids: each one required, with the id rule every REST body uses. */
function pathSchemaOf(path: readonly PathParam[]) {
  const key = path.join(",");
  let schema = pathSchemas.get(key);
  if (!schema) {
    schema = z.object(Object.fromEntries(path.map((name) => [name, requiredId(`${name} is required`)])));
    pathSchemas.set(key, schema);
  }
  return schema;
}

/** The tool's ids and the rest of its arguments; a missing or malformed id is Invalid naming it. */
export function splitArguments<P extends PathParam>(definition: McpTool<P>, args: Record<string, unknown>) {
  const ids = parseInput(pathSchemaOf(definition.path), Object.fromEntries(definition.path.map((name) => [name, args[name]]))) as PathIds<P>;
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (!(definition.path as readonly string[]).includes(name)) rest[name] = value;
  }
  return { ids, input: definition.inputKind === "query" ? asQuery(rest) : rest };
}

/**
 * Arguments as a query string carries them: a list becomes its comma-joined values and a number or
 * boolean its text, so a list endpoint's rules read them as they read `?state=a,b&per_page=20`.
 */
export function asQuery(args: Record<string, unknown>): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) query[name] = value.map(String).join(",");
    else if (typeof value === "object") query[name] = JSON.stringify(value);
    else query[name] = String(value);
  }
  return query;
}

type JsonSchemaObject = { type: "object"; properties: Record<string, Record<string, unknown>>; required?: string[]; [key: string]: unknown };

/** A zod schema as the JSON schema of what a caller sends (before defaults and transforms). */
function jsonSchemaOf(schema: z.ZodType): JsonSchemaObject {
  const generated = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Partial<JsonSchemaObject>;
  return { type: "object", properties: generated.properties ?? {}, required: generated.required ?? [] };
}

/** The tool's input schema: its ids, then its body or query fields, each with its hint. */
export function inputSchemaOf(definition: McpTool): JsonSchemaObject {
  const properties: JsonSchemaObject["properties"] = {};
  for (const name of definition.path) properties[name] = { type: "string", description: PATH_PARAMS[name] };
  const fields = definition.input ? jsonSchemaOf(definition.input) : { properties: {}, required: [] };
  for (const [name, schema] of Object.entries(fields.properties)) {
    const hint = definition.hints?.[name];
    properties[name] = hint ? { ...schema, description: hint } : schema;
  }
  const required = [...definition.path, ...(fields.required ?? [])];
  return { type: "object", properties, required };
}
