// The themes a user can pick and how a theme reaches the page: the names, the eight colours of a
// custom theme, the default palette, and the class and CSS variables <html> carries. Zod-free, so
// the root layout applies a theme without loading the validation library (theme.ts validates).
import { HEX_COLOR_PATTERN } from "./constants";

export const THEME_NAMES = ["system", "light", "dark", "custom"] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** What the theme picker offers, in its order. */
export const THEME_OPTIONS: readonly { value: ThemeName; label: string }[] = [
  { value: "system", label: "System preference" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "custom", label: "Custom theme" },
];

/** The eight colours of a custom theme with the names people see, in the order they are stored. */
export const THEME_COLORS = [
  { key: "accent", label: "Accent" },
  { key: "bgBase", label: "Background" },
  { key: "bgSurface1", label: "Background surface 1" },
  { key: "bgSurface2", label: "Background surface 2" },
  { key: "border", label: "Border" },
  { key: "sidebar", label: "Sidebar" },
  { key: "textBase", label: "Text primary" },
  { key: "textSecondary", label: "Text secondary" },
] as const;
export type ThemeColorKey = (typeof THEME_COLORS)[number]["key"];
export type ThemePalette = Record<ThemeColorKey, string>;

/** The palette a custom theme starts from. */
export const DEFAULT_THEME_PALETTE: ThemePalette = {
  accent: "#FE5050",
  bgBase: "#FFF7F7",
  bgSurface1: "#FFE0E0",
  bgSurface2: "#FFF7F7",
  border: "#FFC9C9",
  sidebar: "#FFFFFF",
  textBase: "#430000",
  textSecondary: "#323232",
};

/** The theme a user has before choosing one: whatever their device prefers. */
export const DEFAULT_THEME_NAME: Exclude<ThemeName, "custom"> = "system";

/** The palette as one string: the eight colours joined by commas, in their stored order. */
export const paletteOf = (colors: ThemePalette) => THEME_COLORS.map(({ key }) => colors[key]).join(",");

/** What the page applies: the theme's name and, for a custom theme, its colours and palette kind. */
export type AppliedTheme =
  | { name: Exclude<ThemeName, "custom"> }
  | { name: "custom"; colors: ThemePalette; darkPalette: boolean };

/** The valid colours a stored theme holds (a preset may keep those of an earlier custom theme). */
export function colorsOfStoredTheme(stored: unknown): Partial<ThemePalette> {
  if (!stored || typeof stored !== "object") return {};
  const record = stored as Record<string, unknown>;
  const colors: Partial<ThemePalette> = {};
  for (const { key } of THEME_COLORS) {
    const value = record[key];
    if (typeof value === "string" && HEX_COLOR_PATTERN.test(value)) colors[key] = value;
  }
  return colors;
}

/** The CSS custom property each colour of a custom theme is handed to the stylesheet as. */
export const THEME_COLOR_VARIABLES: Record<ThemeColorKey, `--theme-${string}`> = {
  accent: "--theme-accent",
  bgBase: "--theme-bg-base",
  bgSurface1: "--theme-bg-surface-1",
  bgSurface2: "--theme-bg-surface-2",
  border: "--theme-border",
  sidebar: "--theme-sidebar",
  textBase: "--theme-text-base",
  textSecondary: "--theme-text-secondary",
};

/** The class and inline variables <html> carries for a theme, the same on the server and in the browser. */
export function themeHtmlAttributes(theme: AppliedTheme): { className?: string; style?: Record<string, string> } {
  switch (theme.name) {
    case "light":
      return {};
    case "dark":
      return { className: "dark" };
    case "system":
      return { className: "theme-system" };
    case "custom":
      return {
        className: theme.darkPalette ? "theme-custom dark" : "theme-custom",
        style: Object.fromEntries(THEME_COLORS.map(({ key }) => [THEME_COLOR_VARIABLES[key], theme.colors[key]])),
      };
  }
}
