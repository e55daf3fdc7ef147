// The data of a cycle's side panel, read from its resource route through a fetcher (the issues
// never wait for it), and read again when the board reports a change to any issue or cycle of the
// project, so the burndown and the counts follow work done elsewhere without a reload. A reload
// never interrupts a read in flight (Remix logs an aborted read as an error, and the newer read
// would answer the same): it waits for the fetcher to go idle. The cycle's own deletion is not a
// reason to read it again: the page is on its way to the cycles list.
import { useFetcher } from "@remix-run/react";
import { useContext, useEffect, useRef } from "react";
import { BoardHubContext } from "~/hooks/use-live-issues";
import type { CyclePanelData, CyclePanelLoaderData } from "~/lib/cycle-panel-contract";

/** Board batches arriving this close together reload the panel once. */
const RELOAD_DELAY_MS = 250;

export function useCyclePanelData(panelPath: string, cycleId: string): CyclePanelData | null {
  const fetcher = useFetcher<CyclePanelLoaderData>();
  const hub = useContext(BoardHubContext);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  const busy = useRef(false);
  busy.current = fetcher.state !== "idle";
  /** A reload asked for while a read was in flight. */
  const owed = useRef(false);
  /**
   * Reads the panel, counted as in flight at once: the fetcher's state says so only from the next
   * render, and a second read before it would abort the first.
   */
  const read = useRef((path: string) => {
    busy.current = true;
    load.current(path);
  });
  useEffect(() => {
    read.current(panelPath);
  }, [panelPath]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !owed.current) return;
    owed.current = false;
    read.current(panelPath);
  }, [fetcher.state, panelPath]);
  useEffect(() => {
    if (!hub) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (busy.current) owed.current = true;
        else read.current(panelPath);
      }, RELOAD_DELAY_MS);
    };
    const stop = hub.subscribe({
      // Any issue may have joined, left or changed within the cycle: the panel reads itself again.
      // Whatever else the batch holds is for the rest of the page to place.
      changes(changes) {
        const deleted = changes.some((change) => change.kind === "cycle" && change.op === "delete" && change.id === cycleId);
        if (!deleted && changes.some((change) => change.kind === "issue" || change.kind === "cycle")) reload();
        return true;
      },
      reset: reload,
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [hub, panelPath, cycleId]);
  const data = fetcher.data;
  return data && "panel" in data ? data.panel : null;
}
