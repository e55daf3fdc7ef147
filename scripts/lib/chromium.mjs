// Debian's Chromium for the browser tests (stack notes: playwright-core drives /usr/bin/chromium;
// never download a browser). `ensureChromium()` returns the executable, installing the Debian
// package through apt-get when it is missing.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";

/** Where Debian (and a few other distributions) put the browser. CHROMIUM_PATH wins when set. */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/** The flags every launch uses: headless, no sandbox (containers), nothing phoning home. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium executable already on this machine, or null. */
export function findChromium() {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : CHROMIUM_CANDIDATES;
  return candidates.find(isExecutable) ?? null;
}

function aptGet(args) {
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [command, commandArgs] = asRoot ? ["apt-get", args] : ["sudo", ["-n", "apt-get", ...args]];
  const result = spawnSync(command, commandArgs, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.error) return `${command} could not run: ${result.error.message}`;
  return result.status === 0 ? null : `${command} ${commandArgs.join(" ")} exited with ${result.status}`;
}

/**
 * Returns the path of Chromium, installing Debian's package (about 20 s) when it is missing.
 * Throws with what to do by hand when it cannot.
 */
export function ensureChromium({ log = console.log } = {}) {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file`);
  }
  log("chromium is missing: apt-get update && apt-get install -y --no-install-recommends chromium");
  const failure = aptGet(["update"]) ?? aptGet(["install", "-y", "--no-install-recommends", "chromium"]);
  const installed = findChromium();
  if (installed) return installed;
  throw new Error(
    `Chromium is not installed and installing it failed (${failure ?? "no executable after install"}).\n` +
      "Install it by hand: apt-get update && apt-get install -y --no-install-recommends chromium\n" +
      "or point CHROMIUM_PATH at a Chromium executable.",
  );
}
