// The bar over the list while issues are selected: how many, and a state or priority to give
// them all. One request per 100 issues (the server's limit); the rows change through the live
// board as every other write's do. Loaded on the first selection.
import { useParams } from "@remix-run/react";
import { useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { api } from "~/lib/api-routes";
import { callApi } from "~/lib/api-client";
import { BULK_EDIT_MAX, PRIORITIES, type Priority } from "../../../workers/domain/schemas/constants";
import { PRIORITY_LABELS } from "../issue-icons";
import { useToast } from "../toast";
import { buttonClass } from "../ui";
import { useViewContext } from "./parts";

type Change = { state: string } | { priority: Priority };

const selectClass = "h-8 rounded-md border border-neutral-300 bg-surface px-2 text-sm text-neutral-800";

export default function BulkEditBar({ selected, onDone }: { selected: string[]; onDone(): void }) {
  const { workspaceSlug = "", projectId = "" } = useParams();
  const { lookups } = useViewContext();
  const call = useApiCall();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const apply = async (properties: Change) => {
    setBusy(true);
    let updated = 0;
    for (let start = 0; start < selected.length; start += BULK_EDIT_MAX) {
      const part = selected.slice(start, start + BULK_EDIT_MAX);
      const answer = await call(() =>
        callApi<{ updated: number }>(api.bulkEditIssues(workspaceSlug, projectId), { method: "POST", body: { issue_ids: part, properties } }),
      );
      if (!answer) {
        setBusy(false);
        return;
      }
      updated += answer.value.updated;
    }
    setBusy(false);
    toast.show({ type: "success", message: `${updated} issue${updated === 1 ? "" : "s"} updated.` });
    onDone();
  };
  return (
    <div
      role="toolbar"
      aria-label="Selected issues"
      className="fixed bottom-6 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-lg border border-neutral-200 bg-surface px-3 py-2 shadow-lg"
    >
      <span className="text-sm font-medium whitespace-nowrap text-neutral-800">{selected.length} selected</span>
      <select
        aria-label="Set state"
        className={selectClass}
        disabled={busy}
        value=""
        onChange={(event) => event.target.value && void apply({ state: event.target.value })}
      >
        <option value="">State...</option>
        {[...lookups.states.values()].map((state) => (
          <option key={state.id} value={state.id}>
            {state.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Set priority"
        className={selectClass}
        disabled={busy}
        value=""
        onChange={(event) => event.target.value && void apply({ priority: event.target.value as Priority })}
      >
        <option value="">Priority...</option>
        {PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </option>
        ))}
      </select>
      <button type="button" className={buttonClass("ghost", "sm")} onClick={onDone} disabled={busy}>
        Clear
      </button>
    </div>
  );
}
