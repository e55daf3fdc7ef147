// Text on a colour the user chose (a state's colour behind a Gantt bar): whichever of near-black
// and white reads better on it, by WCAG relative luminance. Client-safe.

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of #rgb / #rrggbb (null for anything else). */
export function luminanceOf(hex: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join("") : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG AA for small text. */
const AA_SMALL_TEXT = 4.5;

/**
 * "#171717" or "#ffffff", whichever contrasts more with the background; pure black when neither
 * reaches AA (a mid blue such as #3f76ff gives 4.47 with near-black and 4.2 with white).
 */
export function readableTextOn(background: string): string {
  const l = luminanceOf(background);
  if (l === null) return "#ffffff";
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminanceOf("#171717")! + 0.05);
  if (Math.max(onWhite, onDark) < AA_SMALL_TEXT && onDark >= onWhite) return "#000000";
  return onDark > onWhite ? "#171717" : "#ffffff";
}
