// The appearance page: the interface theme (system, light, dark, or a custom palette of eight
// colours). A choice applies at once (the root layout shows the pending one) and is kept on the user.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { APPEARANCE_PATH, type AppearanceActionData, type AppearanceLoaderData, THEME_FETCHER_KEY } from "~/lib/appearance-contract";
import { HEX_COLOR_PATTERN } from "../../../workers/domain/schemas/constants";
import { CustomThemeInput } from "../../../workers/domain/schemas/theme";
import { THEME_COLORS, THEME_OPTIONS, type ThemeColorKey, type ThemeName } from "../../../workers/domain/schemas/theme-palette";
import { FieldError, Spinner, buttonClass, inputClass, labelClass } from "../ui";
import { ProfileHeader } from "./profile-header";

export function AppearancePage({ data: loaded }: { data: AppearanceLoaderData }) {
  const fetcher = useFetcher<AppearanceActionData>({ key: THEME_FETCHER_KEY });
  const pending = fetcher.formData;
  const current = (pending?.get("intent") === "custom" ? "custom" : (pending?.get("theme") as ThemeName | null)) ?? loaded.theme;
  const [picked, setPicked] = useState<ThemeName>(loaded.theme);
  const shown = picked === "custom" ? "custom" : current;

  function choose(theme: ThemeName) {
    setPicked(theme);
    if (theme !== "custom") fetcher.submit({ intent: "preset", theme }, { method: "post", action: APPEARANCE_PATH });
  }

  return (
    <div className="min-h-screen bg-neutral-50">
      <ProfileHeader email={loaded.email} />
      <main className="mx-auto max-w-3xl px-6 py-10">
        <Link to="/" className="text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400 dark:hover:text-brand-300">
          Back to your workspace
        </Link>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-neutral-900">Appearance</h1>
        <p className="mt-1.5 text-sm text-neutral-500">Choose how Edge Tracker looks to you. The choice follows you to every device.</p>

        <section aria-labelledby="theme-heading" className="mt-8 rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm">
          <h2 id="theme-heading" className="text-base font-semibold text-neutral-900">
            Theme
          </h2>
          <p className="mt-1 text-sm text-neutral-500">Select or customize your interface color scheme.</p>
          <fieldset className="mt-5">
            <legend className="sr-only">Interface theme</legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {THEME_OPTIONS.map((option) => (
                <label
                  key={option.value}
                  className={`flex cursor-pointer flex-col gap-2 rounded-lg border p-3 text-sm font-medium text-neutral-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
                    shown === option.value ? "border-brand-500 ring-1 ring-brand-500" : "border-neutral-200 hover:bg-neutral-50"
                  }`}
                >
                  <ThemePreview theme={option.value} colors={loaded.colors} />
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="theme"
                      value={option.value}
                      checked={shown === option.value}
                      onChange={() => choose(option.value)}
                      className="size-4 accent-brand-600"
                    />
                    {option.label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </section>

        {shown === "custom" ? <CustomThemeForm colors={loaded.colors} darkPalette={loaded.darkPalette} /> : null}
      </main>
    </div>
  );
}

/** A small picture of the theme: a sidebar, a page and an accent bar in its colours. */
function ThemePreview({ theme, colors }: { theme: ThemeName; colors: AppearanceLoaderData["colors"] }) {
  const light = { page: "#fafafa", side: "#f4f4f5", bar: "#2b5ef0", line: "#d4d4d8" };
  const dark = { page: "#1c1c1f", side: "#131315", bar: "#6790ff", line: "#45454b" };
  const custom = { page: colors.bgBase, side: colors.sidebar, bar: colors.accent, line: colors.border };
  const part = (p: typeof light) => (
    <span className="flex h-full flex-1">
      <span className="w-1/3" style={{ background: p.side }} />
      <span className="flex flex-1 flex-col gap-1 p-1.5" style={{ background: p.page }}>
        <span className="h-1.5 w-2/3 rounded-sm" style={{ background: p.bar }} />
        <span className="h-1 w-full rounded-sm" style={{ background: p.line }} />
        <span className="h-1 w-4/5 rounded-sm" style={{ background: p.line }} />
      </span>
    </span>
  );
  return (
    <span aria-hidden="true" className="flex h-16 overflow-hidden rounded-md border border-neutral-200">
      {theme === "light" ? part(light) : theme === "dark" ? part(dark) : theme === "custom" ? part(custom) : (
        <>
          {part(light)}
          {part(dark)}
        </>
      )}
    </span>
  );
}

/** The eight colours of a custom theme, each a hex text field with a colour picker beside it. */
function CustomThemeForm({ colors, darkPalette }: { colors: AppearanceLoaderData["colors"]; darkPalette: boolean }) {
  const fetcher = useFetcher<AppearanceActionData>({ key: THEME_FETCHER_KEY });
  const [values, setValues] = useState(colors);
  const [form, fields] = useForm({
    id: "custom-theme",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { ...colors, darkPalette: darkPalette ? "on" : undefined },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CustomThemeInput }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const saving = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "custom";
  const setColor = (key: ThemeColorKey, value: string) => setValues((all) => ({ ...all, [key]: value }));
  return (
    <section aria-labelledby="custom-theme-heading" className="mt-6 rounded-xl border border-neutral-200 bg-surface p-6 shadow-sm">
      <h2 id="custom-theme-heading" className="text-base font-semibold text-neutral-900">
        Customize your theme
      </h2>
      <fetcher.Form method="post" action={APPEARANCE_PATH} {...getFormProps(form)} className="mt-5 space-y-5">
        <input type="hidden" name="intent" value="custom" />
        <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {THEME_COLORS.map(({ key, label }) => {
            const field = fields[key];
            const { defaultValue: _unused, ...inputProps } = getInputProps(field, { type: "text" });
            const value = values[key];
            const pickable = HEX_COLOR_PATTERN.test(value) && value.length === 7;
            return (
              <div key={key}>
                <label htmlFor={field.id} className={labelClass}>
                  {label}
                </label>
                <div className="flex gap-2">
                  <input
                    type="color"
                    aria-label={`${label} color picker`}
                    value={pickable ? value.toLowerCase() : "#000000"}
                    onChange={(event) => setColor(key, event.target.value.toUpperCase())}
                    className="h-9 w-10 shrink-0 cursor-pointer rounded-md border border-neutral-300 bg-surface p-0.5"
                  />
                  <input
                    {...inputProps}
                    value={value}
                    onChange={(event) => setColor(key, event.target.value)}
                    className={`${inputClass} font-mono uppercase`}
                    spellCheck={false}
                  />
                </div>
                <FieldError id={field.errorId} errors={field.errors} />
              </div>
            );
          })}
        </div>
        <label className="flex items-center gap-2 text-sm text-neutral-800">
          <input {...getInputProps(fields.darkPalette, { type: "checkbox" })} className="size-4 accent-brand-600" />
          Dark palette (menus, icons and form controls drawn for dark backgrounds)
        </label>
        <div className="flex justify-end">
          <button type="submit" className={buttonClass("primary")} disabled={saving}>
            {saving ? <Spinner /> : null}
            {saving ? "Setting theme..." : "Set theme"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
