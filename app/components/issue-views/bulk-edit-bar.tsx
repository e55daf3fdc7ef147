// The bar over the list or spreadsheet while issues are selected: how many, a state, priority,
// cycle or module to give them all, an assignee or label to add to each, or delete them after
// asking. One request per 100 issues (the server's limit); the rows change (or go) through the
// live board as every other write's do. Loaded on the first selection.
import { useParams } from "@remix-run/react";
import { useState } from "react";
import { useApiCall } from "~/hooks/use-action";
import { api } from "~/lib/api-routes";
import { callApi } from "~/lib/api-client";
import { BULK_EDIT_MAX, PRIORITIES, type Priority } from "../../../workers/domain/schemas/constants";
import { ConfirmDialog } from "../dialog";
import { cycleOptions, moduleOptions } from "../issue-detail/options";
import { NONE } from "../issue-detail/pickers";
import { useProjectResource } from "../issue-detail/project-data";
import { PRIORITY_LABELS } from "../issue-icons";
import { useToast } from "../toast";
import { buttonClass } from "../ui";
import { useViewContext } from "./parts";

type Change =
  | { state: string }
  | { priority: Priority }
  | { assignees_list: string[] }
  | { labels_list: string[] }
  | { cycle: string | null }
  | { module: string | null };

type Option = { value: string; label: string };

const selectClass = "h-8 max-w-36 rounded-md border border-neutral-300 bg-surface px-2 text-sm text-neutral-800";

/** One choice of the bar: picking an option applies it at once and the select shows its prompt again. */
function BarSelect({
  label,
  prompt,
  options,
  disabled,
  onPick,
}: {
  label: string;
  prompt: string;
  options: Option[];
  disabled: boolean;
  onPick(value: string): void;
}) {
  return (
    <select aria-label={label} className={selectClass} disabled={disabled} value="" onChange={(event) => event.target.value && onPick(event.target.value)}>
      <option value="">{prompt}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The chosen issues in parts the server takes at once. */
function parts(ids: string[]) {
  const out: string[][] = [];
  for (let start = 0; start < ids.length; start += BULK_EDIT_MAX) out.push(ids.slice(start, start + BULK_EDIT_MAX));
  return out;
}

export default function BulkEditBar({ selected, onDone }: { selected: string[]; onDone(): void }) {
  const { workspaceSlug = "", projectId = "" } = useParams();
  const { lookups } = useViewContext();
  const call = useApiCall();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cycles = useProjectResource(workspaceSlug, projectId, "cycles", true);
  const modules = useProjectResource(workspaceSlug, projectId, "modules", true);

  const apply = async (properties: Change) => {
    setBusy(true);
    let updated = 0;
    for (const part of parts(selected)) {
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

  const remove = async () => {
    setBusy(true);
    const messages: string[] = [];
    for (const part of parts(selected)) {
      const answer = await call(() =>
        callApi<{ message: string }>(api.bulkDeleteIssues(workspaceSlug, projectId), { method: "DELETE", body: { issue_ids: part } }),
      );
      if (!answer) break;
      messages.push(answer.value.message);
    }
    setBusy(false);
    setConfirming(false);
    if (messages.length === 0) return;
    toast.show({ type: "success", title: "Success", message: messages.join(" ") });
    onDone();
  };

  /** A picked option's id, or null for the "No cycle" / "No module" choice. */
  const idOrNone = (value: string) => (value === NONE ? null : value);
  const choices: { label: string; prompt: string; options: Option[]; change(value: string): Change }[] = [
    {
      label: "Set state",
      prompt: "State...",
      options: [...lookups.states.values()].map((state) => ({ value: state.id, label: state.name })),
      change: (state) => ({ state }),
    },
    {
      label: "Set priority",
      prompt: "Priority...",
      options: PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] })),
      change: (priority) => ({ priority: priority as Priority }),
    },
    {
      label: "Add assignee",
      prompt: "Assignee...",
      options: [...lookups.members.values()].map((member) => ({ value: member.id, label: member.name })),
      change: (member) => ({ assignees_list: [member] }),
    },
    {
      label: "Add label",
      prompt: "Label...",
      options: [...lookups.labels.values()].map((label) => ({ value: label.id, label: label.name })),
      change: (label) => ({ labels_list: [label] }),
    },
    { label: "Set cycle", prompt: "Cycle...", options: cycleOptions(cycles.data ?? []), change: (cycle) => ({ cycle: idOrNone(cycle) }) },
    { label: "Set module", prompt: "Module...", options: moduleOptions(modules.data ?? []), change: (module) => ({ module: idOrNone(module) }) },
  ];
  return (
    <div
      role="toolbar"
      aria-label="Selected issues"
      className="fixed bottom-6 left-1/2 z-40 flex w-max max-w-[calc(100vw-2rem)] -translate-x-1/2 flex-wrap items-center gap-2 rounded-lg border border-neutral-200 bg-surface px-3 py-2 shadow-lg"
    >
      <span className="text-sm font-medium whitespace-nowrap text-neutral-800">{selected.length} selected</span>
      {choices.map((choice) => (
        <BarSelect key={choice.label} {...choice} disabled={busy} onPick={(value) => void apply(choice.change(value))} />
      ))}
      <button type="button" className={buttonClass("danger", "sm")} onClick={() => setConfirming(true)} disabled={busy}>
        Delete
      </button>
      <button type="button" className={buttonClass("ghost", "sm")} onClick={onDone} disabled={busy}>
        Clear
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete issues"
        description={`Are you sure you want to delete ${selected.length} issue${selected.length === 1 ? "" : "s"}? All of the data related to them will be permanently removed. This action cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={busy}
        onConfirm={() => void remove()}
      />
    </div>
  );
}
