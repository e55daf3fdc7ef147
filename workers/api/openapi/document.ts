// The OpenAPI 3.1 document of the REST API, made from the route registries (./routes) and the zod
// schemas the domain validates with (z.toJSONSchema: request bodies and query strings as input,
// responses as output). Built once per isolate, at its first request: the API's routers import
// this module lazily, so a cold start never pays for it.
import { z } from "zod";
import { API_KEY_HEADER, sessionCookieName } from "../../auth/sessions";
import { EVENT_KINDS } from "../../domain/integration-events";
import { LIST_PAGES, NEXT_CURSOR_HEADER } from "../../domain/schemas/list-pages";
import { type BodySchema, type JsonSchema, PATH_PARAMETERS, ROLE_NAMES, type RouteAccess, type RouteDoc } from "./describe";
import { ErrorBody, FieldErrorsBody, IssuePageSchema } from "./responses";
import { ROUTE_DOCS } from "./routes";
import { DELIVERY_HEADERS, deliveryBody } from "./webhooks";

/** The session cookie's name where it is served over https; a local http run drops the prefix. */
const SESSION_COOKIE = sessionCookieName({ secureCookies: true });
/** The API key header as people write it. */
const API_KEY = API_KEY_HEADER.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => `${dash}${letter.toUpperCase()}`);

/** Each refusal the document names, with what it means. */
const ERRORS: Record<number, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "Bad input: messages per field, or one message about the whole request (malformed JSON, a body that is not JSON)." },
  401: { name: "Unauthenticated", description: "No valid session cookie or API key." },
  403: { name: "Forbidden", description: "The caller's role does not allow it, or a cookie-authenticated write came from another site." },
  404: { name: "NotFound", description: "Nothing the caller can see has this id (or slug)." },
  409: { name: "Conflict", description: "The change clashes with the current state (a name taken, the last owner, dates overlapping)." },
  413: { name: "TooLarge", description: "The body is larger than the route takes." },
  429: { name: "TooManyRequests", description: "Too many requests; `Retry-After` says when to try again, when known." },
  502: { name: "UpstreamFailed", description: "A service the route depends on (GitHub, Slack, the AI provider) failed." },
  503: { name: "Unavailable", description: "The feature is not configured on this server." },
};

type Document = Record<string, unknown> & { paths: Record<string, Record<string, JsonSchema>>; components: { schemas: Record<string, JsonSchema> } & JsonSchema };

/** Turns a zod schema into JSON Schema, moving its named parts (`.meta({id})`) into the components. */
function converter(components: Record<string, JsonSchema>) {
  // Many routes share a schema (the page parameters, an issue): each is converted once per direction.
  const seen = { input: new Map<z.ZodType, JsonSchema>(), output: new Map<z.ZodType, JsonSchema>() };
  return (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
    const known = seen[io].get(schema);
    if (known) return known;
    const converted = convertOnce(schema, io, components);
    seen[io].set(schema, converted);
    return converted;
  };
}

function convertOnce(schema: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any", reused: "inline" }) as JsonSchema;
  const text = JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _dialect, $defs, ...rest } = JSON.parse(text) as JsonSchema;
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[id] ??= definition;
  // A schema that is itself named becomes a reference to its component.
  const id = (rest as { id?: string }).id;
  if (typeof id === "string") {
    const { id: _id, ...named } = rest;
    components[id] ??= named;
    return { $ref: `#/components/schemas/${id}` };
  }
  return rest;
}

/** `METHOD,METHOD /api/a/:b` as its methods and the OpenAPI path `/api/a/{b}`. */
export function splitRouteKey(key: string): { methods: string[]; path: string; honoPath: string } {
  const [methods, honoPath] = key.split(" ");
  return { methods: methods.split(","), path: honoPath.replace(/:([A-Za-z]+)/g, "{$1}"), honoPath };
}

/** A readable operation id from the summary: "Get an issue's link" → `getIssueLink`. */
export function operationIdOf(summary: string): string {
  const words = summary
    .replace(/'s\b/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !["a", "an", "the"].includes(word.toLowerCase()));
  return words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1))).join("");
}

function accessText(access: RouteAccess): string {
  if (access === "public") return "Anyone may call it, signed in or not.";
  if (access === "signed-in") return "Any signed-in caller.";
  const [scope, role] = access.split(":");
  return `${scope === "workspace" ? "Workspace" : "Project"} members of role ${ROLE_NAMES[role]} (${role}) or above.`;
}

/** The refusals a route can answer, from what it reads and who may call it. */
function errorStatuses(doc: RouteDoc, method: string, path: string): number[] {
  const statuses = new Set<number>(doc.errors ?? []);
  if (doc.body || doc.query) statuses.add(400);
  if (doc.body) statuses.add(413);
  // Every signed-in caller and every token has a request allowance per window.
  if (doc.access !== "public") statuses.add(401).add(429);
  if (doc.access.includes(":") || (doc.access !== "public" && method !== "GET")) statuses.add(403);
  if (path.includes("{")) statuses.add(404);
  return [...statuses].sort();
}

const headerOf = (description: string) => ({ description, schema: { type: "string" } });

function successResponse(doc: RouteDoc, schemaOf: (schema: BodySchema) => JsonSchema): JsonSchema {
  const status = doc.status ?? 200;
  if (status === 204) return { description: "Done; no body." };
  if (status === 101) return { description: "Switching protocols: the socket is open." };
  if (doc.media) {
    const schema = doc.media.startsWith("text/") ? { type: "string" } : { type: "string", contentEncoding: "binary" };
    return { description: "The file.", content: { [doc.media]: { schema } } };
  }
  const item = doc.response ? schemaOf(doc.response) : {};
  if (doc.shape === "list" || doc.shape === "issues") {
    const array = { type: "array", items: item, maxItems: LIST_PAGES.plainListCap };
    const headers = {
      Link: headerOf('`<…&cursor=…>; rel="next"` when more rows follow: the same request with `cursor` set.'),
      [NEXT_CURSOR_HEADER]: headerOf("The cursor of the next rows, when more follow."),
    };
    const groups = { type: "object", additionalProperties: { type: "array", items: item }, description: "With `group_by`: the rows by group." };
    if (doc.shape === "list") {
      const content = json(doc.grouped ? { anyOf: [array, groups] } : array);
      return { description: `At most ${LIST_PAGES.plainListCap} rows (or \`per_page\`).`, headers, content };
    }
    const page = schemaOf(IssuePageSchema);
    return {
      description: "A plain array without `per_page`; a keyset page with it; the issues by group with `group_by`.",
      headers,
      content: json({ anyOf: [array, page, groups] }),
    };
  }
  return { description: "Done.", content: json(item) };
}

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

function parametersOf(doc: RouteDoc, honoPath: string, schemaOf: (schema: z.ZodType, io: "input") => JsonSchema): JsonSchema[] {
  const parameters: JsonSchema[] = [...honoPath.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: PATH_PARAMETERS[name] ?? name,
    schema: { type: "string" },
  }));
  if (!doc.query) return parameters;
  const query = schemaOf(doc.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
  for (const [name, property] of Object.entries(query.properties ?? {})) {
    const { description, ...schema } = property as JsonSchema & { description?: string };
    // A list filter is read as one comma-separated string.
    const isList = Object.keys(schema).length === 0;
    parameters.push({
      name,
      in: "query",
      required: (query.required ?? []).includes(name) && !("default" in schema),
      ...(description || isList ? { description: description ?? "Comma-separated values." } : {}),
      schema: isList ? { type: "string" } : schema,
    });
  }
  return parameters;
}

function operationOf(doc: RouteDoc, tag: string, operationId: string, method: string, path: string, honoPath: string, convert: ReturnType<typeof converter>): JsonSchema {
  const schemaOf = (schema: BodySchema) => (schema instanceof z.ZodType ? convert(schema, "output") : schema);
  const operation: JsonSchema = {
    tags: [tag],
    summary: doc.summary,
    description: [doc.description, accessText(doc.access)].filter(Boolean).join("\n\n"),
    operationId,
  };
  const parameters = parametersOf(doc, honoPath, convert);
  if (parameters.length > 0) operation.parameters = parameters;
  if (doc.body instanceof z.ZodType) {
    operation.requestBody = { required: true, content: json(convert(doc.body, "input")) };
  } else if (doc.body) {
    const form = { type: "object", required: [doc.body.multipartFile], properties: { [doc.body.multipartFile]: { type: "string", contentEncoding: "binary" } } };
    operation.requestBody = { required: true, content: { "multipart/form-data": { schema: form } } };
  }
  if (doc.access === "public") operation.security = [];
  const responses: JsonSchema = { [String(doc.status ?? 200)]: successResponse(doc, schemaOf) };
  for (const status of errorStatuses(doc, method, path)) responses[String(status)] = { $ref: `#/components/responses/${ERRORS[status].name}` };
  responses.default = { $ref: "#/components/responses/Unexpected" };
  operation.responses = responses;
  return operation;
}

/** The operation id of each method of a route: PATCH (else the first) takes the summary's; the others add their method. */
function operationIds(summary: string, methods: string[]): Map<string, string> {
  const base = operationIdOf(summary);
  const main = methods.includes("PATCH") ? "PATCH" : methods[0];
  return new Map(methods.map((method) => [method, method === main ? base : `${base}${method[0]}${method.slice(1).toLowerCase()}`]));
}

function errorComponents(convert: ReturnType<typeof converter>): JsonSchema {
  const error = convert(ErrorBody, "output");
  const responses: JsonSchema = { Unexpected: { description: "Something went wrong on our side.", content: json(error) } };
  for (const [status, { name, description }] of Object.entries(ERRORS)) {
    const schema = status === "400" ? { anyOf: [convert(FieldErrorsBody, "output"), error] } : error;
    responses[name] = { description, content: json(schema) };
    if (status === "429") {
      (responses[name] as JsonSchema).headers = {
        "Retry-After": headerOf("Seconds until trying again may work."),
        "X-RateLimit-Limit": headerOf("Requests allowed per window (an API rate limit's refusal)."),
        "X-RateLimit-Remaining": headerOf("Requests left in this window."),
        "X-RateLimit-Reset": headerOf("Unix time, in seconds, when the window starts again."),
      };
    }
  }
  return responses;
}

function webhooksOf(convert: ReturnType<typeof converter>): JsonSchema {
  const webhooks: JsonSchema = {};
  for (const kind of EVENT_KINDS) {
    webhooks[kind] = {
      post: {
        summary: `A ${kind} was created, updated or deleted`,
        description:
          "Sent to each switched-on webhook of the workspace that asked for this kind. Answer 2xx within 10 seconds; anything else is retried with backoff for a day. Verify the signature over the raw body before parsing it.",
        operationId: `${kind}Event`,
        parameters: DELIVERY_HEADERS.map(({ name, description }) => ({ name, in: "header", required: true, description, schema: { type: "string" } })),
        requestBody: { required: true, content: json(convert(deliveryBody(kind), "output")) },
        responses: { "2XX": { description: "Received; the delivery is done." } },
      },
    };
  }
  return webhooks;
}

function buildDocument(): Document {
  const schemas: Record<string, JsonSchema> = {};
  const convert = converter(schemas);
  const paths: Document["paths"] = {};
  for (const [tag, docs] of Object.entries(ROUTE_DOCS)) {
    for (const [key, doc] of Object.entries(docs)) {
      const { methods, path, honoPath } = splitRouteKey(key);
      const ids = operationIds(doc.summary, methods);
      paths[path] ??= {};
      for (const method of methods) {
        paths[path][method.toLowerCase()] = operationOf(doc, tag, ids.get(method) as string, method, path, honoPath, convert);
      }
    }
  }
  const responses = errorComponents(convert);
  const webhooks = webhooksOf(convert);
  return {
    openapi: "3.1.0",
    info: {
      title: "Edge Tracker API",
      version: "1",
      description:
        "The REST API every screen of the tracker uses. Send an API token (profile → API tokens) as the `X-Api-Key` header; pages use the session cookie. Writes with the cookie are accepted only from this site's own pages. A plain list answers at most " +
        `${LIST_PAGES.plainListCap} rows and names the rest in its \`Link\` header; \`per_page\` and \`cursor\` page through any list.`,
    },
    servers: [{ url: "/" }],
    security: [{ sessionCookie: [] }, { apiKey: [] }],
    tags: Object.keys(ROUTE_DOCS).map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      schemas,
      responses,
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session a browser gets from signing in. Served over plain http (a local run) it is named `session`.",
        },
        apiKey: { type: "apiKey", in: "header", name: API_KEY, description: "An API token made in your profile." },
      },
    },
  };
}

let built: Document | undefined;

/** The document, built at the first call in this isolate and kept. */
export function openApiDocument(): Document {
  built ??= buildDocument();
  return built;
}
