// What wrangler's bundle of the Worker holds in place of zod's locales (wrangler.toml's [alias]
// maps the specifier "../locales/index.js" to workers/lib/zod-locales.ts): the alias must keep
// matching zod's own import of its locales and nothing else, and the replacement must give zod
// what it uses (the English messages).
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SPECIFIER = "../locales/index.js";

/** The ES module files (.js, .mjs) under `dir`, skipping nested node_modules. */
function moduleFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : moduleFiles(full);
    return /\.m?js$/.test(entry.name) ? [full] : [];
  });
}

/** The files of the app's runtime dependencies whose source imports `specifier` by that text. */
function importersOf(specifier: string): string[] {
  const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const quoted = [`"${specifier}"`, `'${specifier}'`];
  const found: string[] = [];
  for (const name of [...Object.keys(dependencies), "zod"]) {
    for (const file of moduleFiles(path.join(ROOT, "node_modules", name))) {
      const text = readFileSync(file, "utf8");
      if (quoted.some((quote) => text.includes(quote))) found.push(path.relative(ROOT, file));
    }
  }
  return [...new Set(found)].sort();
}

describe("zod's locales in the Worker's bundle", () => {
  it("aliases the one specifier zod imports its locales by", () => {
    const config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    expect(config).toMatch(/^"\.\.\/locales\/index\.js" = "\.\/workers\/lib\/zod-locales\.ts"$/m);
    const importers = importersOf(SPECIFIER);
    expect(importers.length).toBeGreaterThan(0);
    // Only zod's own modules use that specifier, and each of them means zod's locales module.
    for (const file of importers) {
      expect(file.startsWith("node_modules/zod/")).toBe(true);
      expect(path.resolve(ROOT, path.dirname(file), SPECIFIER)).toBe(path.join(ROOT, "node_modules/zod/v4/locales/index.js"));
    }
  });

  it("keeps the English messages zod sets by default", async () => {
    const lean = await import("../../workers/lib/zod-locales");
    const full = await import("zod/v4/locales/index.js");
    expect(Object.keys(lean)).toEqual(["en"]);
    expect(lean.en).toBe(full.en);
  });
});

describe("Ajv in the Worker's bundle", () => {
  it("aliases ajv and ajv-formats to the stand-in, and only the MCP SDK's Ajv provider imports them", () => {
    const config = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
    expect(config).toMatch(/^"ajv" = "\.\/workers\/mcp\/no-ajv\.ts"$/m);
    expect(config).toMatch(/^"ajv-formats" = "\.\/workers\/mcp\/no-ajv\.ts"$/m);
    // The SDK's examples are never bundled; its validator provider is, and the server never runs it.
    const importers = [...importersOf("ajv"), ...importersOf("ajv-formats")].filter((file) => !file.includes("/examples/"));
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(file).toMatch(/^node_modules\/@modelcontextprotocol\/sdk\/dist\/(esm|cjs)\/validation\/ajv-provider\.js$/);
  });
});
