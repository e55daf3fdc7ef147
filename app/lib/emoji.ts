// Emoji as the app stores them, code point strings ("128640", "9757-65039"), and the emoji a
// person picked last, kept in this browser under `recentEmojis`, newest first and at most 18.
// Client-safe.

export const RECENT_EMOJIS_KEY = "recentEmojis";
export const RECENT_EMOJIS_MAX = 18;

/** A code point string: decimal code points joined by "-" (the form projects store). */
const CODE_POINTS = /^\d{1,7}(-\d{1,7}){0,7}$/;

/** "128640" or "9757-65039" -> the emoji characters; null for none or an unreadable value. */
export function emojiOf(codePoints: string | null | undefined) {
  if (!codePoints) return null;
  try {
    return String.fromCodePoint(...codePoints.split("-").map((part) => Number.parseInt(part, 10)));
  } catch {
    return null;
  }
}

/** "🚀" -> "128640"; "☝️" -> "9757-65039". */
export function codePointsOf(emoji: string) {
  return Array.from(emoji, (char) => char.codePointAt(0)).join("-");
}

/** The stored list, or null when it is not a list of code point strings (the caller drops it). */
export function readRecentEmojis(raw: string): string[] | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string" && CODE_POINTS.test(item))) return null;
    return value.slice(0, RECENT_EMOJIS_MAX);
  } catch {
    return null;
  }
}

/** The list after picking `codePoints`: it moves (or comes) to the front, the oldest falls off past 18. */
export function withRecentEmoji(recent: readonly string[], codePoints: string): string[] {
  return [codePoints, ...recent.filter((item) => item !== codePoints)].slice(0, RECENT_EMOJIS_MAX);
}
