// Code only the browser runs stays out of the server build, and so out of the Worker's script,
// which workerd compiles whole whenever an isolate starts (ADR 058): the server build imports a
// stand-in for the editor, the command palette, the emoji panel, SortableJS and uPlot
// (vite.config.ts, BROWSER_ONLY). Reads the build `remix vite:build` left (scripts/e2e.mjs builds
// before the browser and tooling tests).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER_BUILD = path.join(ROOT, "build", "server");
const CLIENT_BUILD = path.join(ROOT, "build", "client");

function chunksUnder(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`${path.relative(ROOT, dir)} is missing: run npx remix vite:build first`);
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The packages a chunk imports by name (its `from "x"` and `import("x")` specifiers). */
function packagesImportedBy(code: string): string[] {
  return [...code.matchAll(/(?:from\s*|import\s*\(\s*)["']([^"'./][^"']*)["']/g)].map((match) => match[1]);
}

const BROWSER_ONLY_PACKAGES = /^(prosemirror-|cmdk$|sortablejs$|uplot$)/;

describe("code only the browser runs", () => {
  it("is not imported by the server build", () => {
    const imported = chunksUnder(SERVER_BUILD).flatMap((file) => packagesImportedBy(readFileSync(file, "utf8")));
    expect(imported.length).toBeGreaterThan(0);
    expect([...new Set(imported.filter((name) => BROWSER_ONLY_PACKAGES.test(name)))]).toEqual([]);
  });

  it("is replaced by stand-ins that say so if the server ever runs them", () => {
    const standIns = chunksUnder(SERVER_BUILD)
      .map((file) => readFileSync(file, "utf8"))
      .filter((code) => code.includes("runs only in the browser"));
    const named = standIns.join("\n");
    for (const name of ["app/components/editor/rich-text-editor.tsx", "app/components/command-palette/palette.tsx", "app/components/emoji-icon-picker-panel.tsx", "sortablejs", "uplot"]) {
      expect(named).toContain(`${name} runs only in the browser`);
    }
  });

  it("is still in the browser's build", () => {
    const chunks = chunksUnder(CLIENT_BUILD);
    const names = chunks.map((file) => path.basename(file));
    for (const name of ["rich-text-editor", "palette", "emoji-icon-picker-panel", "burndown-plot"]) {
      expect(names.some((file) => file.startsWith(`${name}-`))).toBe(true);
    }
    const standIns = chunks.filter((file) => readFileSync(file, "utf8").includes("runs only in the browser"));
    expect(standIns).toEqual([]);
  });
});
