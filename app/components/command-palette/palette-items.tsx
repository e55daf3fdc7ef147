// The palette's rows: one item (icon, label, hint, check mark, shortcut keys), the group heading's
// look, and the filter that matches typed words against a command's value and keywords.
import { Command } from "cmdk";
import { useMemo } from "react";
import { IconCheck } from "../icons";
import { isApplePlatform, keyLabel } from "./shortcut-list";

export /** Search results always show (the server matched them); commands match every typed word. */
function filter(value: string, search: string, keywords?: string[]) {
  if (value.startsWith("result:")) return 1;
  const haystack = `${value} ${keywords?.join(" ") ?? ""}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term))
    ? 1
    : 0;
}

export const itemClass =
  "flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-neutral-800 select-none data-[selected=true]:bg-neutral-100 data-[disabled=true]:cursor-not-allowed data-[disabled=true]:text-neutral-500";
export const groupClass =
  "[&_[cmdk-group-heading]]:px-2.5 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-neutral-500";

function Shortcut({ keys }: { keys: string[] }) {
  const apple = useMemo(isApplePlatform, []);
  return (
    <span className="ml-auto flex shrink-0 gap-1" aria-hidden="true">
      {keys.map((key) => (
        <span key={key} className="rounded border border-neutral-200 bg-neutral-50 px-1.5 text-[11px] leading-5 text-neutral-600">
          {keyLabel(key, apple)}
        </span>
      ))}
    </span>
  );
}

export function Item({
  value,
  keywords,
  onSelect,
  icon,
  children,
  shortcut,
  hint,
  disabled,
  checked,
}: {
  value: string;
  keywords?: string[];
  onSelect(): void;
  icon?: React.ReactNode;
  children: React.ReactNode;
  shortcut?: string[];
  hint?: string;
  disabled?: boolean;
  checked?: boolean;
}) {
  return (
    <Command.Item value={value} keywords={keywords} onSelect={onSelect} disabled={disabled} className={itemClass}>
      <span className="flex size-4 shrink-0 items-center justify-center text-neutral-500">{icon}</span>
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {hint ? <span className="shrink-0 text-xs text-neutral-500">{hint}</span> : null}
      {checked ? <IconCheck size={14} className="shrink-0 text-brand-600 dark:text-brand-400" aria-label="Selected" /> : null}
      {shortcut ? <Shortcut keys={shortcut} /> : null}
    </Command.Item>
  );
}
