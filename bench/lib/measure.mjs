// Timing helpers: medians and tails over repeated requests, and fixed-duration concurrent load,
// with the Worker process's CPU per request beside them (bench/lib/cpu.mjs).
import { cpuMeter } from "./cpu.mjs";

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] };
}

/** Runs `fn` `warmup` times unmeasured, then `count` times; returns per-call milliseconds. */
export async function timeSequential(fn, { warmup = 10, count = 100 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/** `workers` loops calling `fn` for `durationMs`; counts completions, errors and latencies. */
export async function loadFor(fn, { workers = 8, durationMs = 5000 } = {}) {
  const deadline = performance.now() + durationMs;
  let done = 0;
  let errors = 0;
  const samples = [];
  const errorSamples = [];
  const meter = await cpuMeter();
  meter.start();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      let i = 0;
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          await fn(worker, i++);
          done++;
          samples.push(performance.now() - start);
        } catch (error) {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(String(error?.message ?? error));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  meter.stop();
  return { ...summarize(samples), throughput: done / seconds, errors, errorSamples, cpuMs: meter.perRequest(done) };
}

export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");

/** A CPU figure per request for a table cell: "CPU 3.2 ms". */
export const cpu = (result) => `CPU ${ms(result?.cpuMs)}`;

/** The Worker's own time for a response, from its Server-Timing header (workers/lib/server-timing.ts). */
export function workerMs(response) {
  const match = /worker;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  return match ? Number(match[1]) : Number.NaN;
}

/**
 * Like timeSequential for calls that answer a Response (body already read): the client-observed
 * time, and the Worker's own time from Server-Timing. `before(i)`, if given, runs unmeasured
 * before each call (a write that the measured read must then see). `cpuMs`: the workerd
 * process's CPU per measured call, idle baseline taken off; with `before`, only the spans of the
 * measured calls count (work the Worker finishes after answering may fall outside them).
 */
export async function timeResponses(fn, { warmup = 10, count = 100, before } = {}) {
  for (let i = 0; i < warmup; i++) {
    if (before) await before(i);
    await fn(i);
  }
  const client = [];
  const worker = [];
  const meter = await cpuMeter();
  if (!before) meter.start();
  for (let i = 0; i < count; i++) {
    if (before) {
      await before(warmup + i);
      meter.start();
    }
    const start = performance.now();
    const response = await fn(i);
    client.push(performance.now() - start);
    if (before) meter.stop();
    worker.push(workerMs(response));
  }
  meter.stop();
  return { ...summarize(client), worker: summarize(worker.filter(Number.isFinite)), cpuMs: meter.perRequest(count) };
}

/**
 * Calls that answer a Response, measured in turns (the first, the second, ..., the first again), so
 * a passing load on the machine weighs on each alike: a comparison between them holds on a busy
 * machine. Answers, per call, the client-observed time and the Worker's own time.
 */
export async function timeInTurns(fns, { warmup = 10, count = 100 } = {}) {
  for (let i = 0; i < warmup; i++) for (const fn of fns) await fn(i);
  const client = fns.map(() => []);
  const worker = fns.map(() => []);
  for (let i = 0; i < count; i++) {
    for (const [index, fn] of fns.entries()) {
      const start = performance.now();
      const response = await fn(warmup + i);
      client[index].push(performance.now() - start);
      worker[index].push(workerMs(response));
    }
  }
  return fns.map((_, index) => ({ ...summarize(client[index]), worker: summarize(worker[index].filter(Number.isFinite)) }));
}
