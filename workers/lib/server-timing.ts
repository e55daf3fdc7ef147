// The Server-Timing header every response carries: how long the Worker took from receiving the
// request to having its response ready (for a streamed page, its first byte), and of that how
// long telling the project's live board took. The benchmark reads it to tell the Worker's own
// time from what the local dev server and the HTTP client add; a browser's devtools show it too.
// On the edge the clock only moves across I/O, so there it counts the time spent waiting on D1,
// R2 and Durable Objects.
export function serverTiming(startedAt: number, boardMs?: number): string {
  const worker = `worker;dur=${(performance.now() - startedAt).toFixed(1)}`;
  return boardMs === undefined ? worker : `${worker}, board;dur=${boardMs.toFixed(1)}`;
}

/** Runs `work` and answers how many milliseconds it took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}
