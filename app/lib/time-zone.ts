// The browser tells the server its time zone (a cookie read with every request), so the server
// counts "today" (a cycle's status, a burndown's last day) on the user's calendar.
import { TIME_ZONE_COOKIE } from "../../workers/domain/schemas/constants";

export function rememberTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const value = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  if (document.cookie.split("; ").includes(value)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox.
  document.cookie = `${value}; path=/; max-age=31536000; samesite=lax`;
}
