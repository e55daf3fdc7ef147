// A choice remembered in this browser (a display mode, a tab). The server cannot know it, so the
// page renders `fallback` first and takes the stored value after hydration. A stored value that
// cannot be read any more (an older format, a removed option) is removed and `fallback` used; a
// browser that refuses storage keeps the choice for the page only.
import { useCallback, useEffect, useState } from "react";

/** Reads a stored value: the value, or null when it is not one of the allowed ones. */
export type PreferenceReader<T> = (raw: string) => T | null;

/** A reader for one of a fixed set of strings. */
export const oneOf =
  <T extends string>(choices: readonly T[]): PreferenceReader<T> =>
  (raw) =>
    (choices as readonly string[]).includes(raw) ? (raw as T) : null;

function readStored<T>(key: string, read: PreferenceReader<T>): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    const value = read(raw);
    if (value === null) window.localStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

export function useStoredPreference<T>(key: string, fallback: T, read: PreferenceReader<T>, write: (value: T) => string = String) {
  const [value, setValue] = useState<T>(fallback);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per key, after hydration.
  useEffect(() => {
    const stored = readStored(key, read);
    if (stored !== null) setValue(stored);
  }, [key]);
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, write(next));
      } catch {
        // storage refused (private mode): the choice lasts for this page
      }
    },
    [key, write],
  );
  return [value, choose] as const;
}
