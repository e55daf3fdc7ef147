// What a cold Worker evaluates: the modules reachable from an entry through static imports (wrangler
// bundles dynamic `import()`s into the same script, but runs them only when first called). Modules
// used by few requests must stay behind a dynamic import: the API and the Remix server build load
// at the first request that needs them (workers/index.ts), the job runners at their first job
// (workers/jobs.ts), and the rare API routes' domain code at their first request (workers/api/*).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The specifiers a module imports for its value (type-only imports are erased by the bundler). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause !== undefined && clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith(".")) return specifier;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot resolve ${specifier} from ${from}`);
}

/** Every module (repository path, or package name) evaluated when `entry` is. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [path.join(ROOT, entry)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    const name = path.isAbsolute(file) ? path.relative(ROOT, file) : file;
    if (seen.has(name)) continue;
    seen.add(name);
    if (path.isAbsolute(file)) for (const specifier of staticImports(file)) queue.push(resolve(file, specifier));
  }
  return seen;
}

const matching = (modules: Set<string>, prefixes: string[]) => [...modules].filter((name) => prefixes.some((prefix) => name === prefix || name.startsWith(prefix))).sort();

describe("what a cold Worker evaluates", () => {
  it("starts without the API, the Remix server build or the job runners", () => {
    const startup = reachable("workers/index.ts");
    expect(startup.has("workers/remix-context.ts")).toBe(true);
    expect(
      matching(startup, [
        "workers/api/",
        "virtual:remix-server-build",
        "@remix-run/",
        "hono",
        "workers/importers/",
        "workers/exports/",
        "workers/integrations/",
        "marked",
        "papaparse",
      ]),
    ).toEqual([]);
  });

  it("starts the API without the rare routes' domain code, their clients and their schemas", () => {
    const api = reachable("workers/api/app.ts");
    expect(api.has("workers/domain/issues/index.ts")).toBe(true);
    expect(
      matching(api, [
        "workers/importers/",
        "workers/exports/",
        // The integrations' third-party clients and runners (their event shapes, events.ts, are
        // what every write records).
        "workers/integrations/ai/",
        "workers/integrations/github/",
        "workers/integrations/slack/",
        "workers/integrations/unsplash/",
        "workers/integrations/webhooks/",
        "workers/integrations/dispatch.ts",
        "workers/domain/importers.ts",
        "workers/domain/csv-importer.ts",
        "workers/domain/github-importer.ts",
        "workers/domain/jira-importer.ts",
        "workers/domain/project-exports.ts",
        "workers/domain/integrations.ts",
        "workers/domain/github-repository-sync.ts",
        "workers/domain/github-webhooks.ts",
        "workers/domain/slack.ts",
        "workers/domain/webhooks.ts",
        "workers/domain/ai-assistant.ts",
        "workers/domain/image-search.ts",
        "workers/domain/schemas/csv-importer.ts",
        "workers/domain/schemas/ai-assistant.ts",
        // The MCP server and its SDK: loaded by /api/mcp's first call (workers/api/mcp.ts).
        "workers/mcp/",
        "@modelcontextprotocol/",
        // The API's description is built at its first request, never when the API starts.
        "workers/api/openapi/",
        "marked",
        "papaparse",
      ]),
    ).toEqual([]);
  });
});
