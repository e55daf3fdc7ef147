// Work that can wait for the browser to have nothing else to do (fetching a chunk a person is
// likely to need soon). Client-only: call it from an effect.

/** Runs `work` when the browser is idle (within `timeout` ms at the latest); answers a cancel. */
export function whenIdle(work: () => void, timeout = 3000) {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: soon after the page's own work.
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
