// "Transfer Issues": moves a completed cycle's unfinished issues to a cycle that has not ended,
// picked from a list searched by name (case-insensitive). Loaded when it first opens.
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { DialogShell } from "~/components/dialog";
import { IconCycle, IconSearch } from "~/components/icons";
import { useToast } from "~/components/toast";
import { useAction } from "~/hooks/use-action";
import { Spinner } from "~/components/ui";
import type { CyclePanelAnswer, CyclePanelIntent, CyclePanelLoaderData, TransferTarget } from "~/lib/cycle-panel-contract";
import { CYCLE_STATUS_LABEL } from "~/lib/cycle-display";
import { Dialog } from "@ark-ui/react/dialog";

export default function TransferIssuesDialog({ panelPath, onClose }: { panelPath: string; onClose(): void }) {
  const targets = useFetcher<CyclePanelLoaderData>();
  const transfer = useFetcher<CyclePanelAnswer>();
  const toast = useToast();
  const [query, setQuery] = useState("");
  const load = useRef(targets.load);
  load.current = targets.load;
  useEffect(() => {
    load.current(`${panelPath}?targets`);
  }, [panelPath]);
  useAction(transfer, {
    onDone: () => {
      toast.show({ type: "success", title: "Issues transfered successfully", message: "Issues have been transferred successfully" });
      onClose();
    },
    message: () => "Issues cannot be transfer. Please try again.",
  });

  const list: TransferTarget[] | null = targets.data && "targets" in targets.data ? targets.data.targets : null;
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (list ?? []).filter((cycle) => cycle.name.toLowerCase().includes(needle));
  }, [list, query]);
  const send = (cycle: TransferTarget) => {
    const body: CyclePanelIntent = { intent: "transfer-issues", new_cycle_id: cycle.id };
    transfer.submit(body as never, { method: "post", action: panelPath, encType: "application/json" });
  };
  return (
    <DialogShell open onOpenChange={(open) => !open && onClose()} width="max-w-xl">
      <div className="p-5">
        <Dialog.Title className="text-base font-semibold text-neutral-900">Transfer Issues</Dialog.Title>
        <label className="mt-4 flex items-center gap-2 rounded-md border border-neutral-200 px-3 py-2 focus-within:ring-2 focus-within:ring-brand-300">
          <IconSearch size={16} className="text-neutral-400" />
          <input
            type="search"
            className="w-full bg-transparent text-sm text-neutral-800 outline-none placeholder:text-neutral-400"
            placeholder="Search for a cycle..."
            aria-label="Search for a cycle"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        <div className="mt-3 max-h-80 overflow-y-auto">
          {list === null ? (
            <p className="flex items-center gap-2 px-1 py-3 text-sm text-neutral-500" role="status">
              <Spinner />
              Loading cycles...
            </p>
          ) : list.length === 0 ? (
            <p className="px-1 py-3 text-sm text-neutral-500">You don't have any current cycle. Please create one to transfer the issues.</p>
          ) : shown.length === 0 ? (
            <p className="px-1 py-3 text-sm text-neutral-500">No cycles match your search.</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {shown.map((cycle) => (
                <li key={cycle.id}>
                  <button
                    type="button"
                    disabled={transfer.state !== "idle"}
                    onClick={() => send(cycle)}
                    className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-neutral-800 hover:bg-neutral-100 disabled:opacity-60"
                  >
                    <IconCycle size={16} className="shrink-0 text-neutral-500" />
                    <span className="min-w-0 flex-1 truncate">{cycle.name}</span>
                    <span className="shrink-0 text-xs text-neutral-500">{CYCLE_STATUS_LABEL[cycle.status]}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </DialogShell>
  );
}
