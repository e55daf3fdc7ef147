// A person-readable name for the browser behind a User-Agent header ("Firefox on macOS"), for the
// list of an account's sessions. Only the browsers and systems people sign in from are told apart;
// anything else is named by its first product token or not at all (ADR 046).

/** What a session whose User-Agent names nothing we know is called. */
export const UNKNOWN_DEVICE = "Unknown device";

// Order matters: Edge, Opera and Samsung Internet also say "Chrome/", Chrome also says "Safari/",
// and every iOS browser is Safari underneath but names itself first (CriOS, FxiOS, EdgiOS).
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|OPiOS|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:CriOS|HeadlessChrome|Chrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

// iPhones and iPads also say "like Mac OS X", and Android says "Linux".
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

function firstMatch(userAgent: string, table: [RegExp, string][]): string | null {
  for (const [pattern, name] of table) if (pattern.test(userAgent)) return name;
  return null;
}

/** The product a non-browser client names first ("curl/8.5.0" is curl), if it names one. */
function productOf(userAgent: string): string | null {
  const match = /^([A-Za-z][\w.-]{0,30})\/\d/.exec(userAgent);
  return match && match[1] !== "Mozilla" ? match[1] : null;
}

/** "Chrome on Linux", "Safari on iPhone", "curl", or "Unknown device" for what names nothing known. */
export function deviceLabel(userAgent: string): string {
  const browser = firstMatch(userAgent, BROWSERS) ?? productOf(userAgent);
  const system = firstMatch(userAgent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return UNKNOWN_DEVICE;
}
