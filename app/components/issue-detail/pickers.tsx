// The pickers of the issue sidebar and the issue modal: a popover with a search box over an Ark
// listbox (single or multiple choice), mounted once the person reaches for its pill; the issue
// search dialog (blockers, parent, sub-issues) and a confirmation dialog.
import { Dialog } from "@ark-ui/react/dialog";
import { Listbox, createListCollection } from "@ark-ui/react/listbox";
import { Popover } from "@ark-ui/react/popover";
import { useMemo, useState } from "react";
import { DialogActions, DialogShell } from "../dialog";
import { IconCheck, IconSearch, IconX } from "../icons";
import { StateGroupIcon } from "../issue-icons";
import { NO_ISSUE_PICKED, useCheckToast } from "~/hooks/use-check-toast";
import { useMountOnIntent } from "~/hooks/use-mount-on-intent";
import { Spinner, truncate } from "../ui";
import { issueKey } from "./format";
import type { IssueOption } from "./project-data";

export const NONE = "__none__";

export interface PickerOption {
  value: string;
  label: string;
  icon?: React.ReactNode;
  hint?: string;
}

export function Picker({
  label,
  options,
  value,
  multiple = false,
  onChange,
  disabled = false,
  children,
  triggerClassName,
  searchPlaceholder = "Search",
  emptyText = "No matching results",
  loading = false,
  footer,
  onOpenChange,
  placement = "bottom-start",
}: {
  label: string;
  options: PickerOption[];
  value: string[];
  multiple?: boolean;
  onChange(value: string[]): void;
  disabled?: boolean;
  children: React.ReactNode;
  triggerClassName: string;
  searchPlaceholder?: string;
  emptyText?: string;
  loading?: boolean;
  footer?: (close: () => void) => React.ReactNode;
  onOpenChange?(open: boolean): void;
  placement?: "bottom-start" | "bottom-end";
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((option) => option.label.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const collection = useMemo(
    () => createListCollection({ items: filtered, itemToValue: (item) => item.value, itemToString: (item) => item.label }),
    [filtered],
  );
  const setOpenState = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery("");
    onOpenChange?.(next);
  };
  const intent = useMountOnIntent();
  if (!intent.live) {
    return (
      <button
        type="button"
        disabled={disabled}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={false}
        className={triggerClassName}
        {...intent.placeholderProps({ onPress: () => setOpenState(true) })}
      >
        {children}
      </button>
    );
  }
  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => setOpenState(details.open)}
      positioning={{ placement, gutter: 4, strategy: "fixed" }}
      portalled={false}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger ref={intent.trigger} type="button" disabled={disabled} aria-label={label} className={triggerClassName}>
        {children}
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content className="z-[60] w-64 rounded-lg border border-neutral-200 bg-surface shadow-lg outline-none">
          <Listbox.Root
            collection={collection}
            selectionMode={multiple ? "multiple" : "single"}
            value={value}
            onValueChange={(details) => {
              onChange(details.value);
              if (!multiple) setOpenState(false);
            }}
          >
            <Listbox.Label className="sr-only">{label}</Listbox.Label>
            <div className="flex items-center gap-2 border-b border-neutral-100 px-2.5">
              <IconSearch size={14} className="shrink-0 text-neutral-400" />
              <Listbox.Input
                autoHighlight
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={searchPlaceholder}
                className="h-9 w-full bg-transparent text-sm outline-none placeholder:text-neutral-400"
              />
            </div>
            <Listbox.Content className="max-h-80 overflow-y-auto p-1 outline-none">
              {filtered.map((option) => (
                <Listbox.Item
                  key={option.value}
                  item={option}
                  highlightOnHover
                  onClick={() => {
                    if (!multiple && value[0] === option.value) setOpenState(false);
                  }}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-neutral-700 data-[highlighted]:bg-neutral-100"
                >
                  {option.icon ? <span className="flex shrink-0 items-center">{option.icon}</span> : null}
                  <Listbox.ItemText className="min-w-0 flex-1 truncate">{option.label}</Listbox.ItemText>
                  {option.hint ? <span className="shrink-0 text-xs text-neutral-400">{option.hint}</span> : null}
                  <Listbox.ItemIndicator className="shrink-0 text-brand-600 dark:text-brand-400">
                    <IconCheck size={14} />
                  </Listbox.ItemIndicator>
                </Listbox.Item>
              ))}
            </Listbox.Content>
            {loading ? (
              <p className="flex items-center gap-2 px-3 pb-3 text-xs text-neutral-500">
                <Spinner className="size-3" /> Loading...
              </p>
            ) : filtered.length === 0 ? (
              <p className="px-3 pb-3 text-xs text-neutral-500">{emptyText}</p>
            ) : null}
          </Listbox.Root>
          {footer ? <div className="border-t border-neutral-100 p-1">{footer(() => setOpenState(false))}</div> : null}
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

/** Pick one or more issues of the project by name, case-insensitively. */
export function IssueSearchDialog({
  open,
  onOpenChange,
  title,
  issues,
  loading = false,
  identifier,
  multiple,
  submitLabel,
  onSubmit,
  submitting = false,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  issues: IssueOption[];
  loading?: boolean;
  identifier: string;
  multiple: boolean;
  submitLabel: string;
  onSubmit(ids: string[]): void;
  submitting?: boolean;
}) {
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const tell = useCheckToast();
  const q = query.trim().toLowerCase();
  const matches = q ? issues.filter((issue) => issue.name.toLowerCase().includes(q)) : issues;

  function close() {
    onOpenChange(false);
    setQuery("");
    setSelected([]);
  }

  function toggle(id: string) {
    setSelected((current) => (multiple ? (current.includes(id) ? current.filter((item) => item !== id) : [...current, id]) : [id]));
  }

  function submit() {
    if (selected.length === 0) {
      tell(NO_ISSUE_PICKED);
      return;
    }
    onSubmit(selected);
    close();
  }

  return (
    <DialogShell open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())} width="max-w-xl" layer="top">
      <div className="flex items-center justify-between px-5 pt-4">
        <Dialog.Title className="text-base font-semibold text-neutral-900">{title}</Dialog.Title>
        <Dialog.CloseTrigger className="rounded p-1 text-neutral-400 hover:bg-neutral-100" aria-label="Close">
          <IconX size={16} />
        </Dialog.CloseTrigger>
      </div>
      <div className="mx-5 mt-3 flex items-center gap-2 rounded-md border border-neutral-200 px-3 focus-within:border-brand-500">
        <IconSearch size={14} className="text-neutral-400" />
        <input
          aria-label="Search issues"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Type to search..."
          className="h-9 w-full bg-transparent text-sm outline-none"
        />
      </div>
      <ul aria-label="Issues" className="mt-2 max-h-80 overflow-y-auto px-3">
        {matches.map((issue) => {
          const checked = selected.includes(issue.id);
          return (
            <li key={issue.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-neutral-50">
                <input
                  type={multiple ? "checkbox" : "radio"}
                  name="issue-pick"
                  checked={checked}
                  onChange={() => toggle(issue.id)}
                  className="size-4 accent-brand-500"
                />
                {issue.state_detail ? <StateGroupIcon group={issue.state_detail.group} color={issue.state_detail.color} /> : null}
                <span className="w-20 shrink-0 font-mono text-xs text-neutral-400">{issueKey(identifier, issue.sequence_id)}</span>
                <span className="min-w-0 flex-1 truncate text-neutral-800">{truncate(issue.name, 50)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {loading && issues.length === 0 ? (
        <p className="flex items-center gap-2 px-5 py-6 text-sm text-neutral-500">
          <Spinner /> Loading issues...
        </p>
      ) : matches.length === 0 ? (
        <p className="px-5 py-6 text-center text-sm text-neutral-500">
          {q ? "We couldn't find any issue with that term. Please try again." : "No issues found. Create a new issue with C."}
        </p>
      ) : null}
      <DialogActions
        label={submitLabel}
        size="sm"
        disabled={submitting}
        onConfirm={submit}
        className="mt-2 flex items-center justify-end gap-2 border-t border-neutral-100 px-5 py-3"
      />
    </DialogShell>
  );
}

/** The one-issue picker that sets an issue's parent (issue page sidebar and issue modal). */
export function ParentIssueDialog({
  onSelect,
  ...props
}: Pick<Parameters<typeof IssueSearchDialog>[0], "open" | "onOpenChange" | "issues" | "loading" | "identifier"> & {
  onSelect(id: string | undefined): void;
}) {
  return (
    <IssueSearchDialog
      {...props}
      title="Select parent issue"
      multiple={false}
      submitLabel="Set parent"
      onSubmit={(ids) => onSelect(ids[0])}
    />
  );
}
