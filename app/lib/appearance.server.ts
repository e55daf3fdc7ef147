// Server side of the appearance page: the theme in use, and the action that keeps a new one on
// the user (a preset keeps an earlier custom palette so going back to custom finds it).
import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ThemeIntent, appliedThemeOf } from "../../workers/domain/schemas/theme";
import { DEFAULT_THEME_PALETTE, colorsOfStoredTheme } from "../../workers/domain/schemas/theme-palette";
import { updateMe } from "./accounts.server";
import type { AppearanceLoaderData } from "./appearance-contract";
import { assertSameOrigin, requireActor } from "./auth.server";
import { invalidReply, replyWithError } from "./errors.server";

export async function loadAppearancePage(request: Request, context: AppLoadContext): Promise<AppearanceLoaderData> {
  const { actor } = await requireActor(request, context);
  const applied = appliedThemeOf(actor.theme);
  return {
    email: actor.email,
    theme: applied.name,
    colors: applied.name === "custom" ? applied.colors : { ...DEFAULT_THEME_PALETTE, ...colorsOfStoredTheme(actor.theme) },
    darkPalette: applied.name === "custom" ? applied.darkPalette : false,
  };
}

export async function appearanceAction(request: Request, context: AppLoadContext) {
  assertSameOrigin(context);
  const ctx = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: ThemeIntent });
  if (submission.status !== "success") return invalidReply(submission);
  const { intent, ...choice } = submission.value;
  // A preset keeps the colours of an earlier custom theme, so going back to custom finds them.
  const theme = "theme" in choice ? { ...colorsOfStoredTheme(ctx.actor.theme), theme: choice.theme } : { ...choice, theme: "custom" };
  try {
    await updateMe(ctx, { theme });
    return { result: submission.reply(), status: 200 };
  } catch (error) {
    // A failed theme write only reaches the log; the stored theme comes back with the next load.
    console.error("theme update failed", error);
    return replyWithError(submission, error, request);
  }
}
