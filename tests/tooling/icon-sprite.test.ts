// The app's stroke icons are drawn from one sprite (app/assets/icons.svg): every icon a component
// names must be a symbol there, and every symbol must be used, so a renamed or removed icon fails
// here instead of drawing nothing. The state and priority glyphs have a sprite of their own
// (app/assets/issue-glyphs.svg), one symbol per state group and per priority.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const sprite = readFileSync(path.join(ROOT, "app/assets/icons.svg"), "utf8");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map(([, id, body]) => ({ id, body }));
const named = new Map<string, string>();
for (const file of sourceFiles(path.join(ROOT, "app"))) {
  for (const [, name] of readFileSync(file, "utf8").matchAll(/\bicon\("([^"]+)"\)/g)) named.set(name, path.relative(ROOT, file));
}

const glyphSprite = readFileSync(path.join(ROOT, "app/assets/issue-glyphs.svg"), "utf8");
const glyphIds = [...glyphSprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16"/g)].map(([, id]) => id);

describe("the icon sprite", () => {
  it("has a symbol for every icon a component names, and no symbol nobody names", () => {
    const ids = new Set(symbols.map((symbol) => symbol.id));
    expect(named.size).toBeGreaterThan(50);
    expect([...named].filter(([name]) => !ids.has(name))).toEqual([]);
    expect([...ids].filter((id) => !named.has(id))).toEqual([]);
    expect(ids.size).toBe(symbols.length);
  });

  it("holds only shapes in each symbol, no script, style or nested document", () => {
    for (const { id, body } of symbols) {
      const tags = [...body.matchAll(/<(\w+)/g)].map(([, tag]) => tag);
      expect(tags.length, id).toBeGreaterThan(0);
      expect(tags.filter((tag) => !["path", "circle", "rect", "line", "polyline", "ellipse"].includes(tag)), id).toEqual([]);
    }
  });

  it("has a glyph for every state group and every priority, drawn in the colour it is given", () => {
    const groups = ["backlog", "unstarted", "started", "completed", "cancelled"].map((group) => `state-${group}`);
    const priorities = ["urgent", "high", "medium", "low", "none"].map((priority) => `priority-${priority}`);
    expect([...glyphIds].sort()).toEqual([...groups, ...priorities].sort());
    for (const [, id, body] of glyphSprite.matchAll(/<symbol id="([^"]+)"[^>]*>(.*?)<\/symbol>/g)) expect(body, id).toContain("currentColor");
  });
});
