// The API reference page (/api/docs): server-rendered HTML made from the OpenAPI document, one
// collapsible entry per operation (method, path, summary, who may call it, parameters, body and
// responses), then the outgoing webhooks and the named schemas. No script and no third-party
// asset: it loads only its stylesheet from this Worker, so it reads the same offline.
import type { JsonSchema } from "./describe";
import { openApiDocument } from "./document";

/** Where the page's one asset is served. */
export const REFERENCE_STYLESHEET = "/api/docs/reference.css";

/** The page loads its stylesheet from this origin and nothing else; no script runs. */
export const REFERENCE_PAGE_POLICY = "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const html = (text: unknown) =>
  String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** Inline code spans (`like this`) in a description, the rest escaped. */
const prose = (text: unknown) => html(text ?? "").replace(/`([^`]+)`/g, "<code>$1</code>");

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

/** A schema's type in a few words: `string`, `array of Issue`, `"low" | "high"`. */
function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === "string") return `<a href="#schema-${html(refName(schema.$ref))}">${html(refName(schema.$ref))}</a>`;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeOf).join(" | ");
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `<code>${html(JSON.stringify(value))}</code>`).join(" | ");
  if ("const" in schema) return `<code>${html(JSON.stringify(schema.const))}</code>`;
  if (schema.type === "array") return `array of ${typeOf((schema.items as JsonSchema) ?? {})}`;
  if (schema.type === "object" && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${typeOf(schema.additionalProperties as JsonSchema)}`;
  }
  if (typeof schema.type === "string") return html(schema.type);
  return "any";
}

/** The limits a schema sets, as short notes. */
function limitsOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  for (const [key, label] of [
    ["minLength", "min length"],
    ["maxLength", "max length"],
    ["minimum", "min"],
    ["maximum", "max"],
    ["maxItems", "max items"],
    ["pattern", "pattern"],
    ["format", "format"],
    ["default", "default"],
  ] as const) {
    // A format says more than its pattern; JavaScript's safe-integer range says nothing.
    if (key === "pattern" && schema.format) continue;
    if ((key === "minimum" || key === "maximum") && Math.abs(Number(schema[key])) === Number.MAX_SAFE_INTEGER) continue;
    if (schema[key] !== undefined) notes.push(`${label} ${typeof schema[key] === "string" && key !== "default" ? schema[key] : JSON.stringify(schema[key])}`);
  }
  return notes;
}

/** The object a schema describes, if any: itself, or the object member of a nullable union. */
function objectOf(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.type === "array" && (schema.items as JsonSchema | undefined)?.properties) return schema.items as JsonSchema;
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return union?.find((member) => member.properties);
}

/** A schema as a list of its fields (nested objects indented), or its type when it has none. */
function schemaHtml(schema: JsonSchema, depth = 0): string {
  const object = objectOf(schema);
  if (!object || depth > 3) return `<p class="type">${typeOf(schema)}</p>`;
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows = Object.entries(object.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const notes = limitsOf(property);
    const nested = objectOf(property) ? schemaHtml(property, depth + 1) : "";
    return `<li><code class="field">${html(name)}</code> <span class="type">${typeOf(property)}</span>${required.has(name) ? ' <span class="required">required</span>' : ""}${
      notes.length ? ` <span class="notes">${html(notes.join(", "))}</span>` : ""
    }${property.description ? `<div class="description">${prose(property.description)}</div>` : ""}${nested}</li>`;
  });
  return `<ul class="schema">${rows.join("")}</ul>`;
}

function parametersHtml(parameters: JsonSchema[] | undefined): string {
  if (!parameters?.length) return "";
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${html(p.name)}</code></td><td>${html(p.in)}</td><td>${typeOf(p.schema as JsonSchema)}${
        limitsOf(p.schema as JsonSchema).length ? ` <span class="notes">${html(limitsOf(p.schema as JsonSchema).join(", "))}</span>` : ""
      }</td><td>${p.required ? "required" : ""}</td><td>${prose(p.description ?? "")}</td></tr>`,
  );
  return `<h4>Parameters</h4><table class="parameters"><thead><tr><th>Name</th><th>In</th><th>Type</th><th></th><th>Description</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

type Content = Record<string, { schema: JsonSchema }> | undefined;

function contentHtml(content: Content): string {
  if (!content) return "";
  return Object.entries(content)
    .map(([media, { schema }]) => `<p class="media">${html(media)}</p>${schemaHtml(schema)}`)
    .join("");
}

function responsesHtml(responses: Record<string, JsonSchema>, components: Record<string, JsonSchema>): string {
  const rows = Object.entries(responses).map(([status, response]) => {
    const resolved = typeof response.$ref === "string" ? components[refName(response.$ref)] : response;
    const body = status.startsWith("2") || status === "101" ? contentHtml(resolved.content as Content) : "";
    return `<li><span class="status s${html(status[0])}">${html(status)}</span> ${prose(resolved.description)}${body}</li>`;
  });
  return `<h4>Responses</h4><ul class="responses">${rows.join("")}</ul>`;
}

function operationHtml(method: string, path: string, operation: JsonSchema, components: Record<string, JsonSchema>): string {
  const security = Array.isArray(operation.security) && operation.security.length === 0 ? "No credential needed." : "Session cookie or <code>X-Api-Key</code>.";
  const body = operation.requestBody as JsonSchema | undefined;
  return `<details class="operation" id="${html(operation.operationId)}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code class="path">${html(path)}</code> <span class="summary">${html(operation.summary)}</span></summary><div class="operation-body">${(
    operation.description as string
  )
    .split("\n\n")
    .map((paragraph) => `<p>${prose(paragraph)}</p>`)
    .join(
      "",
    )}<p class="security">${security} <span class="operation-id">operationId <code>${html(operation.operationId)}</code></span></p>${parametersHtml(operation.parameters as JsonSchema[] | undefined)}${
    body ? `<h4>Request body</h4>${contentHtml(body.content as Content)}` : ""
  }${responsesHtml(operation.responses as Record<string, JsonSchema>, components)}</div></details>`;
}

function pageHtml(): string {
  const document = openApiDocument() as JsonSchema;
  const info = document.info as JsonSchema;
  const components = (document.components as JsonSchema).responses as Record<string, JsonSchema>;
  const schemas = (document.components as JsonSchema).schemas as Record<string, JsonSchema>;
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = (operation.tags as string[])[0];
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation, components)]);
    }
  }
  const sections = [...byTag].map(([tag, operations]) => `<section id="tag-${html(tag)}"><h2>${html(tag)}</h2>${operations.join("")}</section>`);
  const webhooks = Object.entries(document.webhooks as Record<string, { post: JsonSchema }>).map(([name, { post }]) =>
    operationHtml("post", `webhook: ${name}`, post, components),
  );
  const schemaSections = Object.entries(schemas).map(
    ([name, schema]) => `<details class="operation named-schema" id="schema-${html(name)}"><summary><code class="path">${html(name)}</code> <span class="summary">${prose(schema.description ?? "")}</span></summary><div class="operation-body">${schemaHtml(schema)}</div></details>`,
  );
  const nav = [...[...byTag.keys()].map((tag) => [`tag-${tag}`, tag]), ["outgoing-webhooks", "outgoing webhooks"], ["named-schemas", "schemas"]]
    .map(([id, label]) => `<a href="#${html(id)}">${html(label)}</a>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>${html(
    info.title,
  )} reference</title><link rel="stylesheet" href="${REFERENCE_STYLESHEET}"></head><body><header><h1>${html(info.title)}</h1><p>${prose(info.description)}</p><p><a href="/api/openapi.json">OpenAPI 3.1 document (JSON)</a></p></header><nav aria-label="Resources">${nav}</nav><main>${sections.join(
    "",
  )}<section id="outgoing-webhooks"><h2>outgoing webhooks</h2><p>What the tracker sends to a webhook's URL.</p>${webhooks.join("")}</section><section id="named-schemas"><h2>schemas</h2>${schemaSections.join("")}</section></main></body></html>`;
}

let page: string | undefined;

/** The reference page, rendered at the first request in this isolate and kept. */
export function referencePage(): string {
  page ??= pageHtml();
  return page;
}

/** The page's stylesheet: system fonts, light and dark from the reader's setting, narrow screens wrap. */
export const REFERENCE_CSS = `:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--panel:#f6f8fa;--link:#0969da;--get:#1a7f37;--post:#0969da;--put:#9a6700;--patch:#8250df;--delete:#cf222e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--panel:#151b23;--link:#4493f8;--get:#3fb950;--post:#4493f8;--put:#d29922;--patch:#ab7df8;--delete:#f85149}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header,main,nav{max-width:1100px;margin:0 auto;padding:0 20px}header{padding-top:24px}h1{font-size:28px;margin:0 0 8px}h2{font-size:20px;margin:32px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}h4{margin:16px 0 6px;font-size:14px}
a{color:var(--link)}code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
nav{display:flex;flex-wrap:wrap;gap:6px 12px;padding-top:8px;padding-bottom:8px;border-bottom:1px solid var(--line);position:sticky;top:0;background:var(--bg);z-index:1}nav a{font-size:13px}
.operation{border:1px solid var(--line);border-radius:6px;margin:6px 0;background:var(--bg);scroll-margin-top:96px}section{scroll-margin-top:96px}.operation>summary{cursor:pointer;padding:8px 12px;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;list-style-position:outside}
.operation[open]>summary{border-bottom:1px solid var(--line);background:var(--panel)}.operation-body{padding:4px 14px 12px}.path{font-weight:600}.summary{color:var(--muted)}
.method{display:inline-block;min-width:58px;text-align:center;font:700 12px/20px ui-monospace,monospace;border-radius:4px;color:#fff;padding:0 6px}.get{background:var(--get)}.post{background:var(--post)}.put{background:var(--put)}.patch{background:var(--patch)}.delete{background:var(--delete)}
@media (prefers-color-scheme:dark){.method{color:#0d1117}}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;border-bottom:1px solid var(--line);padding:4px 8px 4px 0;vertical-align:top}th{color:var(--muted);font-weight:600}
.schema{margin:4px 0;padding-left:18px}.schema li{margin:2px 0}.type{color:var(--muted)}.required{color:var(--delete);font-size:12px}.notes,.operation-id,.media{color:var(--muted);font-size:12px}.description{color:var(--muted)}
.responses{list-style:none;padding:0}.status{font:700 13px ui-monospace,monospace;margin-right:6px}.s2{color:var(--get)}.s4,.s5,.sd{color:var(--delete)}
@media (max-width:760px){header,main,nav{padding:0 12px}nav{position:static}.operation,section{scroll-margin-top:8px}.parameters thead{display:none}.parameters tr{display:block;border-bottom:1px solid var(--line);padding:4px 0}.parameters td{display:inline-block;border:0;padding:0 8px 0 0}.parameters td:last-child{display:block}}
`;
