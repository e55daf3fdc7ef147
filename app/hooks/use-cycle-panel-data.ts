// The data of a cycle's side panel, read from its resource route through a fetcher (the issues
// never wait for it), and read again when the board reports a change to any issue or cycle of the
// project, so the burndown and the counts follow work done elsewhere without a reload.
import { useFetcher } from "@remix-run/react";
import { useContext, useEffect, useRef } from "react";
import { BoardHubContext } from "~/hooks/use-live-issues";
import type { CyclePanelData, CyclePanelLoaderData } from "~/lib/cycle-panel-contract";

/** Board batches arriving this close together reload the panel once. */
const RELOAD_DELAY_MS = 250;

export function useCyclePanelData(panelPath: string): CyclePanelData | null {
  const fetcher = useFetcher<CyclePanelLoaderData>();
  const hub = useContext(BoardHubContext);
  const load = useRef(fetcher.load);
  load.current = fetcher.load;
  useEffect(() => {
    load.current(panelPath);
  }, [panelPath]);
  useEffect(() => {
    if (!hub) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => load.current(panelPath), RELOAD_DELAY_MS);
    };
    const stop = hub.subscribe({
      // Any issue may have joined, left or changed within the cycle: the panel reads itself again.
      // Whatever else the batch holds is for the rest of the page to place.
      changes(changes) {
        if (changes.some((change) => change.kind === "issue" || change.kind === "cycle")) reload();
        return true;
      },
      reset: reload,
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [hub, panelPath]);
  const data = fetcher.data;
  return data && "panel" in data ? data.panel : null;
}
