// The interface theme a user keeps on their profile: a preset (light, dark, system) or a custom
// palette of eight colours. Client-safe: the API, the appearance form and the root layout share it.
import { z } from "zod";
import { HEX_COLOR_PATTERN } from "./common";

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

const themeColor = (label: string) =>
  z
    .string({ error: `${label} color is required` })
    .trim()
    .min(1, `${label} color is required`)
    .regex(HEX_COLOR_PATTERN, `${label} color should be hex format`);

/** The custom theme form: every colour required, each # and 3 or 6 hex digits. */
export const CustomThemeInput = z.object({
  accent: themeColor("Accent"),
  bgBase: themeColor("Background"),
  bgSurface1: themeColor("Background surface 1"),
  bgSurface2: themeColor("Background surface 2"),
  border: themeColor("Border"),
  sidebar: themeColor("Sidebar"),
  textBase: themeColor("Text primary"),
  textSecondary: themeColor("Text secondary"),
  darkPalette: z.boolean({ error: "Dark palette must be true or false" }).default(false),
});

/** The palette as one string: the eight colours joined by commas, in their stored order. */
export const paletteOf = (colors: ThemePalette) => THEME_COLORS.map(({ key }) => colors[key]).join(",");

/**
 * The stored theme. A preset may keep the colours of an earlier custom theme (so switching back
 * finds them); a custom theme needs all eight, and its palette string is derived from them.
 */
export const ThemeInput = z
  .object({
    theme: z.enum(THEME_NAMES, { error: "Theme should be one of system, light, dark or custom" }).optional(),
    palette: z.string().max(200).optional(),
    ...CustomThemeInput.partial().shape,
    darkPalette: z.boolean({ error: "Dark palette must be true or false" }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.theme !== "custom") return;
    for (const { key, label } of THEME_COLORS) {
      if (value[key] === undefined) ctx.addIssue({ code: "custom", path: [key], message: `${label} color is required` });
    }
  })
  .transform((value) =>
    value.theme === "custom" ? { ...value, darkPalette: value.darkPalette ?? false, palette: paletteOf(value as ThemePalette) } : value,
  );
export type StoredTheme = z.output<typeof ThemeInput>;

/** What the page applies: the theme's name and, for a custom theme, its colours and palette kind. */
export type AppliedTheme =
  | { name: Exclude<ThemeName, "custom"> }
  | { name: "custom"; colors: ThemePalette; darkPalette: boolean };

/** Reads a stored theme (or none, or one from an older shape) as the theme to apply. */
export function appliedThemeOf(stored: unknown): AppliedTheme {
  const parsed = ThemeInput.safeParse(stored ?? {});
  const theme = parsed.success ? parsed.data : {};
  const name = theme.theme ?? DEFAULT_THEME_NAME;
  if (name !== "custom") return { name };
  const colors = Object.fromEntries(THEME_COLORS.map(({ key }) => [key, theme[key] ?? DEFAULT_THEME_PALETTE[key]])) as ThemePalette;
  return { name, colors, darkPalette: theme.darkPalette ?? false };
}

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
