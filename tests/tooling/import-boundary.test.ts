// Browser code may import only the shared schemas (workers/domain/schemas) and the board protocol
// from the server side: no domain module, no Worker module, no *.server.ts file (not even a type),
// and a component never imports a route. `biome lint` enforces it; these cases prove the linter
// refuses each kind of import and still lets the allowed ones through.
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

describe("the browser import boundary", () => {
  it.each([
    ["a component importing a domain module's type", fixture("app/components"), 'import type { Label } from "../../workers/domain/labels";\nexport type X = Label;\n'],
    ["a hook importing a server-only module's type", fixture("app/hooks"), 'import type { RouteErrorData } from "~/lib/errors.server";\nexport type X = RouteErrorData;\n'],
    ["client-side lib code importing a Worker helper", fixture("app/lib"), 'import { isUuid } from "../../workers/lib/validation";\nexport const x = isUuid;\n'],
    ["a component importing a route module", fixture("app/components", "tsx"), 'import { loader } from "~/routes/_index";\nexport const x = loader;\n'],
  ])("refuses %s", (_, file, source) => {
    const { ok, output } = lint(file, source);
    expect(ok, output).toBe(false);
    expect(output).toContain("noRestrictedImports");
  });

  it.each([
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
  ])("allows %s", (_, file, source) => {
    const { ok, output } = lint(file, source);
    expect(ok, output).toBe(true);
  });
});
