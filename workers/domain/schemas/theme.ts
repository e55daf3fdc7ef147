// Validating the interface theme a user keeps on their profile: a preset (light, dark, system) or
// a custom palette of eight colours. Client-safe: the API and the appearance form share it; what
// a theme is and how it is applied is theme-palette.ts.
import { z } from "zod";
import { HEX_COLOR_PATTERN } from "./constants";
import {
  type AppliedTheme,
  DEFAULT_THEME_NAME,
  DEFAULT_THEME_PALETTE,
  THEME_COLORS,
  THEME_NAMES,
  type ThemePalette,
  paletteOf,
} from "./theme-palette";


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


/** Reads a stored theme (or none, or one from an older shape) as the theme to apply. */
export function appliedThemeOf(stored: unknown): AppliedTheme {
  const parsed = ThemeInput.safeParse(stored ?? {});
  const theme = parsed.success ? parsed.data : {};
  const name = theme.theme ?? DEFAULT_THEME_NAME;
  if (name !== "custom") return { name };
  const colors = Object.fromEntries(THEME_COLORS.map(({ key }) => [key, theme[key] ?? DEFAULT_THEME_PALETTE[key]])) as ThemePalette;
  return { name, colors, darkPalette: theme.darkPalette ?? false };
}



/** What the appearance page posts: a preset, or a custom theme with its colours. */
export const ThemeIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preset"), theme: z.enum(["system", "light", "dark"]) }),
  CustomThemeInput.extend({ intent: z.literal("custom") }),
]);
export type ThemeIntent = z.infer<typeof ThemeIntent>;
