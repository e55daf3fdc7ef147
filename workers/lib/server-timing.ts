// The Server-Timing header every response carries: how long the Worker took from receiving the
// request to having its response ready (for a streamed page, its first byte). The benchmark reads
// it to tell the Worker's own time from what the local dev proxy and the HTTP client add; a
// browser's devtools show it too. On the edge the clock only moves across I/O, so there it
// counts the time spent waiting on D1, R2 and Durable Objects.
export function serverTiming(startedAt: number): string {
  return `worker;dur=${(performance.now() - startedAt).toFixed(1)}`;
}
