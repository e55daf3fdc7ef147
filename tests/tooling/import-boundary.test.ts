// Browser code may import only the shared schemas (workers/domain/schemas) and the board protocol
// from the server side: no domain module, no Worker module, no *.server.ts file (not even a type),
// and a component never imports a route. The domain, in turn, imports no adapter (importers,
// integrations, the job dispatcher, the API, a Durable Object but its protocol) nor an HTTP
// framework: it declares a port. `biome lint` enforces both; these cases prove the linter refuses
// each kind of import and still lets the allowed ones through.
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");
const written: string[] = [];

/** Writes a throwaway module at `relative` and lints it alone; answers biome's verdict. */
function lint(relative: string, source: string) {
  const file = path.join(ROOT, relative);
  written.push(file);
  writeFileSync(file, source);
  const result = spawnSync(BIOME, ["lint", "--max-diagnostics=20", relative], { cwd: ROOT, encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const fixture = (folder: string, ext = "ts") => `${folder}/zz-boundary-fixture-${process.pid}.${ext}`;

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

type BoundaryCase = [name: string, file: string, source: string];

// Each boundary: the words its refusal carries, imports it refuses, imports it lets through.
const browserRefused: BoundaryCase[] = [
  ["a component importing a domain module's type", fixture("app/components"), 'import type { Label } from "../../workers/domain/labels";\nexport type X = Label;\n'],
  ["a hook importing a server-only module's type", fixture("app/hooks"), 'import type { RouteErrorData } from "~/lib/errors.server";\nexport type X = RouteErrorData;\n'],
  ["client-side lib code importing a Worker helper", fixture("app/lib"), 'import { isUuid } from "../../workers/lib/validation";\nexport const x = isUuid;\n'],
  ["a component importing a route module", fixture("app/components", "tsx"), 'import { loader } from "~/routes/_index";\nexport const x = loader;\n'],
];
const browserAllowed: BoundaryCase[] = [
  [
    "a component importing the shared schemas and the board protocol",
    fixture("app/components"),
    'import { hexColor } from "../../workers/domain/schemas/common";\nimport { PROTOCOL_VERSION } from "../../durable-objects/protocol";\nexport const x = [hexColor, PROTOCOL_VERSION];\n',
  ],
  [
    "a server-only module importing the domain",
    fixture("app/lib", "server.ts"),
    'import { listLabels } from "../../workers/domain/labels";\nexport const x = listLabels;\n',
  ],
];
const domainRefused: BoundaryCase[] = [
  ["the domain importing an importer's client", fixture("workers/domain"), 'import { GithubClient } from "../importers/github/client";\nexport const x = GithubClient;\n'],
  ["the domain importing an integration", fixture("workers/domain"), 'import { aiProvider } from "../integrations/ai/provider";\nexport const x = aiProvider;\n'],
  ["a nested domain module importing the job dispatcher", fixture("workers/domain/issues"), 'import { runJob } from "../../jobs";\nexport const x = runJob;\n'],
  ["the domain importing an HTTP framework", fixture("workers/domain"), 'import { Hono } from "hono";\nexport const x = Hono;\n'],
];
const domainAllowed: BoundaryCase[] = [
  [
    "the domain importing its schemas, its ports, workers/lib and the board protocol",
    fixture("workers/domain"),
    'import { hexColor } from "./schemas/common";\nimport type { JobQueue } from "./ports/jobs";\nimport { parseInput } from "../lib/validation";\nimport { PROTOCOL_VERSION } from "../../durable-objects/protocol";\nexport type Q = JobQueue;\nexport const x = [hexColor, parseInput, PROTOCOL_VERSION];\n',
  ],
];

describe.each([
  { boundary: "the browser import boundary", message: "noRestrictedImports", refused: browserRefused, allowed: browserAllowed },
  { boundary: "the domain's adapter boundary", message: "The domain declares a port", refused: domainRefused, allowed: domainAllowed },
])("$boundary", ({ message, refused, allowed }) => {
  it.each(refused)("refuses %s", (_, file, source) => {
    const { ok, output } = lint(file, source);
    expect(ok, output).toBe(false);
    expect(output).toContain(message);
  });

  it.each(allowed)("allows %s", (_, file, source) => {
    const { ok, output } = lint(file, source);
    expect(ok, output).toBe(true);
  });
});
