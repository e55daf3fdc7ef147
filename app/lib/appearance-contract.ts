// The appearance page's contract: the intents its controls post and how a pending one reads as
// the theme to show while it is on its way (client-safe).
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import {
  type AppliedTheme,
  CustomThemeInput,
  THEME_COLORS,
  type ThemeName,
  type ThemePalette,
} from "../../workers/domain/schemas/theme";

/** The fetcher every theme write goes through, so the root layout can show it before it lands. */
export const THEME_FETCHER_KEY = "theme";
export const APPEARANCE_PATH = "/profile/appearance";

export const ThemeIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("preset"), theme: z.enum(["system", "light", "dark"]) }),
  CustomThemeInput.extend({ intent: z.literal("custom") }),
]);
export type ThemeIntent = z.infer<typeof ThemeIntent>;

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

/** The theme a pending submission asks for (a checkbox posts "on"), or null if it is not one. */
export function pendingThemeOf(formData: FormData | undefined): AppliedTheme | null {
  if (!formData) return null;
  const parsed = ThemeIntent.safeParse({ ...Object.fromEntries(formData), darkPalette: formData.get("darkPalette") === "on" });
  if (!parsed.success) return null;
  const intent = parsed.data;
  if (intent.intent === "preset") return { name: intent.theme };
  const colors = Object.fromEntries(THEME_COLORS.map(({ key }) => [key, intent[key]])) as ThemePalette;
  return { name: "custom", colors, darkPalette: intent.darkPalette };
}
