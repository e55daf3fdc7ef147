// The theme rules shared by the server and the browser: what a stored theme applies as, the
// attributes <html> gets for it, and the text colour chosen for a user's colour.
import { describe, expect, it } from "vitest";
import { pendingThemeOf } from "../../app/lib/appearance-contract";
import { luminanceOf, readableTextOn } from "../../app/lib/contrast";
import { appliedThemeOf } from "../../workers/domain/schemas/theme";
import { DEFAULT_THEME_PALETTE, themeHtmlAttributes } from "../../workers/domain/schemas/theme-palette";

describe("appliedThemeOf", () => {
  it("applies the system theme when none is stored or the stored one is unreadable", () => {
    expect(appliedThemeOf(null)).toEqual({ name: "system" });
    expect(appliedThemeOf({ theme: "sepia" })).toEqual({ name: "system" });
  });

  it("fills a custom theme's missing colours from the default palette", () => {
    const applied = appliedThemeOf({ theme: "custom", ...DEFAULT_THEME_PALETTE, accent: "#0F766E", darkPalette: true });
    expect(applied).toEqual({ name: "custom", colors: { ...DEFAULT_THEME_PALETTE, accent: "#0F766E" }, darkPalette: true });
  });
});

describe("themeHtmlAttributes", () => {
  it("gives each preset its class and a custom theme its eight variables", () => {
    expect(themeHtmlAttributes({ name: "light" })).toEqual({});
    expect(themeHtmlAttributes({ name: "dark" })).toEqual({ className: "dark" });
    expect(themeHtmlAttributes({ name: "system" })).toEqual({ className: "theme-system" });
    const custom = themeHtmlAttributes({ name: "custom", colors: DEFAULT_THEME_PALETTE, darkPalette: true });
    expect(custom.className).toBe("theme-custom dark");
    expect(custom.style).toMatchObject({ "--theme-accent": "#FE5050", "--theme-text-secondary": "#323232" });
    expect(Object.keys(custom.style ?? {})).toHaveLength(8);
  });
});

describe("readableTextOn", () => {
  it("puts dark text on light colours and white on dark ones", () => {
    expect(luminanceOf("#fff")).toBe(1);
    expect(readableTextOn("#ff9e9e")).toBe("#171717");
    expect(readableTextOn("#096e8d")).toBe("#ffffff");
    expect(readableTextOn("not a colour")).toBe("#ffffff");
  });

  it("uses pure black on a mid colour where neither near-black nor white reaches 4.5:1", () => {
    // The completed cycle's blue: 4.47 with #171717, 4.2 with white, 5.0 with black.
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminanceOf(a) ?? 0, luminanceOf(b) ?? 0].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    expect(contrast("#3f76ff", "#171717")).toBeLessThan(4.5);
    expect(readableTextOn("#3f76ff")).toBe("#000000");
    expect(contrast("#3f76ff", readableTextOn("#3f76ff"))).toBeGreaterThanOrEqual(4.5);
  });
});

describe("pendingThemeOf", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(fields)) data.append(key, value);
    return data;
  };

  it("shows a preset or a complete custom palette before the server answers", () => {
    expect(pendingThemeOf(form({ intent: "preset", theme: "dark" }))).toEqual({ name: "dark" });
    expect(pendingThemeOf(form({ intent: "custom", ...DEFAULT_THEME_PALETTE, darkPalette: "on" }))).toEqual({
      name: "custom",
      colors: DEFAULT_THEME_PALETTE,
      darkPalette: true,
    });
  });

  it("shows nothing for what the server would refuse: an unknown preset, a missing or non-hex colour", () => {
    expect(pendingThemeOf(form({ intent: "preset", theme: "sepia" }))).toBeNull();
    expect(pendingThemeOf(form({ intent: "custom", ...DEFAULT_THEME_PALETTE, accent: "red" }))).toBeNull();
    const { border: _missing, ...withoutBorder } = DEFAULT_THEME_PALETTE;
    expect(pendingThemeOf(form({ intent: "custom", ...withoutBorder }))).toBeNull();
    expect(pendingThemeOf(form({ intent: "rename" }))).toBeNull();
    expect(pendingThemeOf(undefined)).toBeNull();
  });
});
