// A function or component over 200 lines mixes concerns; the project's own code must have none.
// The finder is also run on a small generated tree, so a finder that sees nothing cannot pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_FUNCTION_LINES, longFunctions } from "../../scripts/long-functions.mjs";

/** Source text of a function named `name` that spans exactly `lines` lines. */
function functionOfLines(header: string, lines: number) {
  const body = Array.from({ length: lines - 2 }, (_, at) => `  console.log(${at});`);
  return [`${header} {`, ...body, "}"].join("\n");
}

describe("long functions", () => {
  const fixture = mkdtempSync(path.join(tmpdir(), "long-functions-"));
  afterAll(() => rmSync(fixture, { recursive: true, force: true }));

  it("finds none in the project's code", () => {
    expect(longFunctions()).toEqual([]);
  });

  it("reports a function one line past the limit and not one at the limit", () => {
    mkdirSync(path.join(fixture, "app", "components"), { recursive: true });
    const component = functionOfLines("export function Long()", MAX_FUNCTION_LINES + 1);
    const atLimit = functionOfLines("const atLimit = () =>", MAX_FUNCTION_LINES);
    writeFileSync(path.join(fixture, "app", "components", "long.tsx"), `// fixture\n${component}\n${atLimit}\n`);
    writeFileSync(path.join(fixture, "app", "short.ts"), `${functionOfLines("export function short()", 3)}\n`);

    expect(longFunctions({ root: fixture, folders: ["app"] })).toEqual([
      { file: path.join("app", "components", "long.tsx"), name: "Long", start: 2, lines: MAX_FUNCTION_LINES + 1 },
    ]);
  });
});
