// The live clocks as a page's loaders read them (ADR 013): a project board's and a workspace
// hub's. A page's socket connects with the clock its data was read at and the Durable Object
// replays everything after it, so a change committed between the loader's read and the socket's
// `connect` still reaches the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { boardOf, hubOf } from "../../workers/lib/board-stub";

/** One read per request and Durable Object: a page's loaders run side by side and share it. */
const readsByRequest = new WeakMap<AppLoadContext, Map<string, Promise<number | null>>>();

function clockOnce(context: AppLoadContext, key: string, read: () => Promise<number>): Promise<number | null> {
  let reads = readsByRequest.get(context);
  if (!reads) {
    reads = new Map();
    readsByRequest.set(context, reads);
  }
  let clock = reads.get(key);
  if (!clock) {
    clock = read().then(
      (value) => value,
      (error: unknown) => {
        console.error("live clock read failed; the page reloads its data when its socket connects", key, error);
        return null;
      },
    );
    reads.set(key, clock);
  }
  return clock;
}

/**
 * The project's board clock, read once per request. Call it after access is checked and before
 * reading the rows the board patches: every change that commits after those reads is then
 * published with a higher clock. Null when the board did not answer: the page then connects with
 * clock 0 ("I have nothing") and reloads its data once, as it did before clocks were handed over.
 */
export function readBoardClock(context: AppLoadContext, projectId: string): Promise<number | null> {
  return clockOnce(context, `board:${projectId}`, () => boardOf(context.env, projectId).currentClock());
}

/** The workspace hub's clock, on the same terms, for the shell's projects list and favourites. */
export function readHubClock(context: AppLoadContext, workspaceId: string): Promise<number | null> {
  return clockOnce(context, `hub:${workspaceId}`, () => hubOf(context.env, workspaceId).currentClock());
}
