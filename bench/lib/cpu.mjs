// CPU time of the Worker's process, as the kernel counts it: the user + system time (/proc/<pid>/stat,
// fields 14 and 15, in clock ticks) of every workerd process started by this bench (the children
// of wrangler's miniflare, found among this process's descendants). A figure per request is the
// ticks spent over a run of N requests, less what the same processes spend idle over the same
// wall time, divided by N. Linux only: elsewhere every figure is NaN ("n/a" in the tables).
//
// wrangler runs two workerd processes: its dev proxy, listening on the port the bench calls, and
// the runtime with the app, listening on a port the OS picked (`--socket-addr=entry=...:0`). Only
// the runtime counts: the edge has no such proxy. The runtime still holds what the edge does
// elsewhere (miniflare's entry worker, local D1 and R2 as SQLite in the same process), so the
// figure is an upper bound of what Cloudflare bills the Worker's isolate for. The local server also
// gzips a response when asked, in the same process (the edge does it outside the Worker): suites
// ask for identity, or the board of 1,000 issues counts 16.5 ms of CPU instead of 7.8 ms.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";

const PROC = "/proc";
const AVAILABLE = existsSync(`${PROC}/self/stat`);
/** Clock ticks per second (USER_HZ), 100 on Linux unless configured otherwise. */
const TICKS_PER_SECOND = (() => {
  if (!AVAILABLE) return 100;
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
const TICK_MS = 1000 / TICKS_PER_SECOND;
/** How long the idle baseline of a set of processes is measured, once per set. */
const IDLE_SPAN_MS = 3000;

/** `{ comm, ppid, ticks }` of one process, or null when it is gone. */
function processStat(pid) {
  let text;
  try {
    text = readFileSync(`${PROC}/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name sits in parentheses and may hold spaces: fields are counted after its ")".
  const close = text.lastIndexOf(")");
  const comm = text.slice(text.indexOf("(") + 1, close);
  const fields = text.slice(close + 2).split(" ");
  // fields[0] is field 3 (state): ppid is field 4, utime 14 and stime 15, starttime 22.
  return { comm, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), startTicks: Number(fields[19]) };
}

/** Whether workerd `pid` is a runtime (its entry socket on an OS-picked port), not wrangler's proxy. */
function isRuntime(pid) {
  try {
    return /--socket-addr=entry=[^\0]*:0(\0|$)/.test(readFileSync(`${PROC}/${pid}/cmdline`, "utf8"));
  } catch {
    return false;
  }
}

/** How long ago process `pid` started, in ms (to the clock tick), or NaN when it is gone. */
export function processAgeMs(pid) {
  const stat = processStat(pid);
  if (!stat) return Number.NaN;
  const uptimeMs = Number(readFileSync(`${PROC}/uptime`, "utf8").split(" ")[0]) * 1000;
  return uptimeMs - stat.startTicks * TICK_MS;
}

/** workerd processes no meter counts: local D1 served apart (bench/lib/d1-apart.mjs). */
const leftOut = new Set();

/** Leaves `pids` out of every meter made from now on (until `countAgain`). */
export function leaveOutOfCpu(pids) {
  for (const pid of pids) leftOut.add(pid);
}

/** Counts `pids` again in the meters made from now on. */
export function countAgain(pids) {
  for (const pid of pids) leftOut.delete(pid);
}

/**
 * The pids of the workerd runtimes that descend from this process (all its workerds if none is),
 * less those left out of the count.
 */
export function workerdPids(root = process.pid) {
  if (!AVAILABLE) return [];
  const children = new Map();
  const comms = new Map();
  for (const entry of readdirSync(PROC)) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(entry);
    if (!stat) continue;
    comms.set(Number(entry), stat.comm);
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(Number(entry));
  }
  const found = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length) {
    const pid = queue.shift();
    if (comms.get(pid) === "workerd") found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  const counted = found.filter((pid) => !leftOut.has(pid));
  const runtimes = counted.filter(isRuntime);
  return (runtimes.length > 0 ? runtimes : counted).sort((a, b) => a - b);
}

/** The user + system milliseconds the processes `pids` have spent so far (NaN if one is gone). */
export function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const stat = processStat(pid);
    if (!stat) return Number.NaN;
    ticks += stat.ticks;
  }
  return ticks * TICK_MS;
}

const idleRates = new Map();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The idle baselines measured so far, in CPU ms per wall second, one per set of processes. */
export function idleBaselines() {
  return [...idleRates.values()].map((rate) => rate * 1000);
}

/** CPU ms per wall ms that `pids` spend with no request: measured once per set of processes. */
export async function idleRate(pids) {
  const key = pids.join(",");
  if (!idleRates.has(key)) {
    const before = cpuMsOf(pids);
    const start = performance.now();
    await sleep(IDLE_SPAN_MS);
    idleRates.set(key, Math.max(0, (cpuMsOf(pids) - before) / (performance.now() - start)));
  }
  return idleRates.get(key);
}

/**
 * A meter over the bench's workerd processes: `start()` and `stop()` bracket the spans that
 * count (one whole run, or each request alone when unmeasured work sits between them), and
 * `perRequest(n)` answers CPU ms per request with the idle baseline over the same spans taken off.
 * `root`: whose descendant workerds count (this process by default).
 */
export async function cpuMeter({ root = process.pid } = {}) {
  const pids = workerdPids(root);
  if (pids.length === 0) return { start() {}, stop() {}, perRequest: () => Number.NaN, pids };
  const rate = await idleRate(pids);
  let cpu = 0;
  let wall = 0;
  let open = null;
  return {
    pids,
    start() {
      open = { cpu: cpuMsOf(pids), wall: performance.now() };
    },
    stop() {
      if (!open) return;
      cpu += cpuMsOf(pids) - open.cpu;
      wall += performance.now() - open.wall;
      open = null;
    },
    perRequest(n) {
      if (!(n > 0) || !Number.isFinite(cpu)) return Number.NaN;
      return Math.max(0, cpu - rate * wall) / n;
    },
  };
}

/** Runs `run()` (which makes `n` requests) and answers the CPU ms per request it cost. */
export async function cpuPerRequest(n, run) {
  const meter = await cpuMeter();
  meter.start();
  await run();
  meter.stop();
  return meter.perRequest(n);
}
