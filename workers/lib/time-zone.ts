// The caller's time zone: the browser names it in the `tz` cookie (set by the root route), so
// "today" (a cycle's status, a burndown's last day) is the user's calendar day. A missing or
// unknown zone is UTC, as it is for API clients.
import { readCookie } from "../auth/sessions";
import { TIME_ZONE_COOKIE } from "../domain/schemas/constants";

const known = new Map<string, boolean>();

function isKnownZone(zone: string) {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(zone, ok);
  }
  return ok;
}

export function timeZoneOf(request: Request): string | undefined {
  const zone = readCookie(request, TIME_ZONE_COOKIE);
  return zone && zone.length <= 64 && isKnownZone(zone) ? zone : undefined;
}
