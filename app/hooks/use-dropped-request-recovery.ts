// A request the browser dropped (a fetcher's read cut off by a newer one, or a connection the
// network closed before any answer) is not a broken page. Remix can hand such an error to the
// route's error boundary when the drop races its own abort (remix-run/react-router#14203); the
// boundary then reads the page again instead of showing a failure, a few times, before it admits
// that the server cannot be reached.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** Reads again after a dropped request at most this many times in a row. */
const MAX_RECOVERIES = 3;
const RECOVERY_DELAY_MS = 300;

/** True for the shapes browsers give a request that ended without an answer. */
export function isDroppedRequest(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "AbortError") return true;
  return error instanceof TypeError && /failed to fetch|load failed|networkerror|network error/i.test(error.message);
}

/**
 * Recovers from a dropped request by reading the page again; answers whether the boundary
 * should still wait (true) rather than show the error.
 */
export function useDroppedRequestRecovery(error: unknown): boolean {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const dropped = isDroppedRequest(error);
  const [attempts, setAttempts] = useState(0);
  const waiting = dropped && attempts < MAX_RECOVERIES;
  // Each attempt waits a little longer than the one before; the boundary leaves once a read works.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setAttempts((count) => count + 1);
      revalidate.current();
    }, RECOVERY_DELAY_MS * (attempts + 1));
    return () => clearTimeout(timer);
  }, [waiting, attempts]);
  return waiting;
}
