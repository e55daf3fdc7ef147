// The names the session list gives the browsers people sign in from (workers/domain/device-label.ts),
// read from User-Agent headers those browsers really send, and what a sign-in keeps of its request.
import { describe, expect, it } from "vitest";
import { USER_AGENT_MAX, sessionDeviceOf } from "../../workers/auth/sessions";
import { UNKNOWN_DEVICE, deviceLabel } from "../../workers/domain/device-label";

const SENT: [string, string][] = [
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on Linux"],
  ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36", "Chrome on Linux"],
  ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36", "Chrome on Windows"],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67",
    "Edge on Windows",
  ],
  ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on macOS"],
  ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0", "Firefox on Linux"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "Safari on macOS",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    "Safari on iPhone",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
    "Chrome on iPhone",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
    "Firefox on iPad",
  ],
  [
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    "Chrome on Android",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    "Samsung Internet on Android",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0",
    "Opera on Windows",
  ],
  ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
];

describe("deviceLabel", () => {
  it.each(SENT)("names %s", (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });

  it("names a script by its product and a browser it does not know by its system", () => {
    expect(deviceLabel("curl/8.5.0")).toBe("curl");
    expect(deviceLabel("python-requests/2.32.3")).toBe("python-requests");
    expect(deviceLabel("Mozilla/5.0 (X11; Linux x86_64) SomeNewBrowser")).toBe("A browser on Linux");
  });

  it("calls what names nothing an unknown device", () => {
    for (const userAgent of ["", "Mozilla/5.0", "  ", "<script>alert(1)</script>", "x".repeat(300)]) {
      expect(deviceLabel(userAgent)).toBe(UNKNOWN_DEVICE);
    }
  });
});

describe("sessionDeviceOf", () => {
  const device = (headers: Record<string, string>) => sessionDeviceOf(new Request("http://tracker.test/", { headers }));

  it("keeps the User-Agent trimmed and cut, and a country only when Cloudflare named one", () => {
    expect(device({ "user-agent": `  ${"a".repeat(500)}  `, "cf-ipcountry": "de" })).toEqual({ user_agent: "a".repeat(USER_AGENT_MAX), ip_country: "DE" });
    expect(device({})).toEqual({ user_agent: "", ip_country: null });
    for (const country of ["XX", "T1", "", "DEU", "<b>"]) expect(device({ "cf-ipcountry": country }).ip_country, country).toBeNull();
  });
});
