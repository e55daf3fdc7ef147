// The theme rules shared by the server and the browser: what a stored theme applies as, the
// attributes <html> gets for it, and the text colour chosen for a user's colour.
import { describe, expect, it } from "vitest";
import { luminanceOf, readableTextOn } from "../../app/lib/contrast";
import { DEFAULT_THEME_PALETTE, appliedThemeOf, themeHtmlAttributes } from "../../workers/domain/schemas/theme";

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
});
