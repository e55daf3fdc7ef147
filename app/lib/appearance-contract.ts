// The appearance page's contract: the intents its controls post and how a pending one reads as
// the theme to show while it is on its way (client-safe).
import type { SubmissionResult } from "@conform-to/react";
import {
  type AppliedTheme,
  THEME_COLORS,
  type ThemeName,
  type ThemePalette,
  colorsOfStoredTheme,
} from "../../workers/domain/schemas/theme-palette";

/** The fetcher every theme write goes through, so the root layout can show it before it lands. */
export const THEME_FETCHER_KEY = "theme";
export const APPEARANCE_PATH = "/profile/appearance";


/** The loader's answer: the theme in use and the colours the custom form starts from. */
export interface AppearanceLoaderData {
  email: string;
  theme: ThemeName;
  colors: ThemePalette;
  darkPalette: boolean;
}

/** The action's answer: the custom form's submission result (field messages when refused). */
export interface AppearanceActionData {
  result?: SubmissionResult;
  status?: number;
}

/**
 * The theme a pending submission asks for (a checkbox posts "on"), or null if it is not one that
 * would be saved: the page shows it before the server answers. Read without the validation
 * library, which the root layout does not load: a preset name, or all eight colours in hex.
 */
export function pendingThemeOf(formData: FormData | undefined): AppliedTheme | null {
  if (!formData) return null;
  const intent = formData.get("intent");
  const theme = formData.get("theme");
  if (intent === "preset") return theme === "system" || theme === "light" || theme === "dark" ? { name: theme } : null;
  if (intent !== "custom") return null;
  const colors = colorsOfStoredTheme(Object.fromEntries(formData));
  if (THEME_COLORS.some(({ key }) => colors[key] === undefined)) return null;
  return { name: "custom", colors: colors as ThemePalette, darkPalette: formData.get("darkPalette") === "on" };
}
