// A value import cycle makes a module's exports undefined while another module of the cycle is
// still evaluating; the server tree must have none. Type-only imports vanish at run time and do not
// count.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, valueImportGraph } from "../../scripts/import-cycles.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const at = (name: string) => path.join(ROOT, name);

describe("value import cycles", () => {
  it("finds none in the server tree", () => {
    expect(cycles(valueImportGraph())).toEqual([]);
  });

  it("finds a cycle through several modules and a module importing itself", () => {
    const graph = new Map([
      [at("a.ts"), new Set([at("b.ts")])],
      [at("b.ts"), new Set([at("c.ts")])],
      [at("c.ts"), new Set([at("a.ts"), at("d.ts")])],
      [at("d.ts"), new Set<string>()],
      [at("e.ts"), new Set([at("e.ts")])],
    ]);
    expect(cycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
  });
});
