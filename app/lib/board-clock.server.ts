// The live board's clock as a page's loaders read it (ADR 013). A page's socket connects with the
// clock its data was read at and the board replays every batch after it, so a change committed
// between the loader's read and the socket's `connect` still reaches the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { boardOf } from "../../workers/lib/board-stub";

/** One read per request and project: a page's loaders run side by side and share it. */
const readsByRequest = new WeakMap<AppLoadContext, Map<string, Promise<number | null>>>();

/**
 * The project's board clock, read once per request. Call it after access is checked and before
 * reading the rows the board patches: every change that commits after those reads is then
 * published with a higher clock. Null when the board did not answer: the page then connects with
 * clock 0 ("I have nothing") and reloads its data once, as it did before clocks were handed over.
 */
export function readBoardClock(context: AppLoadContext, projectId: string): Promise<number | null> {
  let reads = readsByRequest.get(context);
  if (!reads) {
    reads = new Map();
    readsByRequest.set(context, reads);
  }
  let read = reads.get(projectId);
  if (!read) {
    read = boardOf(context.env, projectId)
      .currentClock()
      .then(
        (clock) => clock,
        (error: unknown) => {
          console.error("board clock read failed; the page reloads its data when its socket connects", projectId, error);
          return null;
        },
      );
    reads.set(projectId, read);
  }
  return read;
}
