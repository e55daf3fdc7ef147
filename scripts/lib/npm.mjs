// Dependency bootstrap for `npm start` and `npm test`: install when node_modules is missing or
// the lockfile changed since the last install. Always `npm install`, never `npm ci`: the registry
// mirror lacks other platforms' optional binaries, which `npm ci` refuses (stack notes pitfall 1).
import { existsSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { NPM, ROOT, run } from "./run.mjs";

const LOCKFILE = path.join(ROOT, "package-lock.json");
const MARKER = path.join(ROOT, "node_modules", ".package-lock.json");

/** Why an install is needed, or null when node_modules is current. */
export function installReason() {
  if (!existsSync(path.join(ROOT, "node_modules"))) return "node_modules is missing";
  if (!existsSync(MARKER)) return "node_modules/.package-lock.json is missing";
  if (existsSync(LOCKFILE) && statSync(LOCKFILE).mtimeMs > statSync(MARKER).mtimeMs) {
    return "package-lock.json is newer than node_modules";
  }
  return null;
}

/** Installs when needed; resolves with the exit code (0 when nothing had to be done). */
export async function ensureDependencies({ quiet = false } = {}) {
  const reason = installReason();
  if (!reason) {
    if (!quiet) console.log("dependencies are up to date");
    return 0;
  }
  console.log(`installing dependencies (${reason}): npm install`);
  const code = await run(NPM, ["install", "--no-audit", "--no-fund"]);
  // npm leaves the hidden lockfile alone when nothing changed; touch it so the next run skips.
  if (code === 0 && existsSync(MARKER)) {
    const now = new Date();
    utimesSync(MARKER, now, now);
  }
  return code;
}
