// Process helpers shared by the bootstrap scripts (start, test, seed): run a command with its
// output streamed, capture one, and the environment that keeps wrangler offline and quiet.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Stack notes pitfall 12: no metrics, no error reports, no request.cf lookup. */
export const WRANGLER_ENV = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

export function wranglerEnv(extra = {}) {
  return { ...process.env, ...WRANGLER_ENV, ...extra };
}

/** A project binary from node_modules/.bin (what `npx` would run, without npx's start-up). */
export function bin(name) {
  const local = path.join(ROOT, "node_modules", ".bin", process.platform === "win32" ? `${name}.cmd` : name);
  return existsSync(local) ? local : name;
}

export const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * Runs a command with inherited output, or with its output handed to `output` (stdout and stderr
 * chunks as they come); resolves with its exit code (never rejects on failure).
 */
export function run(command, args, { cwd = ROOT, env = process.env, stdin = "ignore", output } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: [stdin, output ? "pipe" : "inherit", output ? "pipe" : "inherit"] });
    if (output) {
      child.stdout.on("data", (chunk) => output(chunk, process.stdout));
      child.stderr.on("data", (chunk) => output(chunk, process.stderr));
    }
    child.on("error", (error) => {
      console.error(`could not run ${command}: ${error.message}`);
      resolve(127);
    });
    // Piped output is complete only once the pipes close, after the exit.
    child.on(output ? "close" : "exit", (code, signal) => resolve(code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1)));
  });
}

/** Runs a command and collects its output. */
export function capture(command, args, { cwd = ROOT, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve({ code: 127, stdout, stderr: `${stderr}${error.message}` }));
    child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal];
}

/** Reads `--name value` / `--name=value` from argv. */
export function option(argv, name) {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i].startsWith(`--${name}=`)) return argv[i].slice(name.length + 3);
  }
  return undefined;
}

export function step(title) {
  console.log(`\n\x1b[1m▶ ${title}\x1b[0m`);
}
