// Applied-filter chips: one chip per filter with a remove button per value,
// "Clear all filters", and "Save view" (or "Update view" inside a saved view). The view dialog
// shows the same chips for the filters it edits.
import { IconX } from "~/components/icons";
import { PriorityIcon, StateGroupIcon } from "~/components/issue-icons";
import {
  FILTER_KEYS,
  FILTER_LABELS,
  type FilterKey,
  ISSUE_TYPE_OPTIONS,
  PRIORITY_LABELS,
  type Priority,
  type ViewProps,
  stateColor,
} from "~/lib/issue-display";
import type { Lookups } from "./model";
import { Avatar } from "./parts";

function chipValue(key: FilterKey, value: string, lookups: Lookups): { label: string; icon: React.ReactNode } {
  switch (key) {
    case "state": {
      const state = lookups.states.get(value);
      return {
        label: state?.name ?? "Unknown state",
        icon: <StateGroupIcon group={state?.group ?? "backlog"} color={stateColor(state)} size={12} />,
      };
    }
    case "priority":
      return { label: PRIORITY_LABELS[value as Priority] ?? value, icon: <PriorityIcon priority={value} size={12} /> };
    case "labels": {
      const label = lookups.labels.get(value);
      return {
        label: label?.name ?? "Unknown label",
        icon: <span className="size-2 rounded-full" style={{ backgroundColor: label?.color ?? "#a3a3a3" }} aria-hidden="true" />,
      };
    }
    default: {
      const member = lookups.members.get(value);
      return { label: member?.name ?? "Unknown member", icon: member ? <Avatar member={member} size="xs" /> : null };
    }
  }
}

export function AppliedFilters({
  filters,
  lookups,
  onRemove,
  onClearType,
  onClearAll,
  saveLabel = null,
  onSave,
  className = "flex flex-wrap items-center gap-2 border-b border-neutral-200 bg-surface px-4 py-2 sm:px-6",
  label = "Applied filters",
}: {
  filters: ViewProps["filters"];
  lookups: Lookups;
  onRemove(key: FilterKey, value: string): void;
  onClearType(): void;
  onClearAll(): void;
  /** "Save view", "Update view", or nothing when the caller cannot save. */
  saveLabel?: string | null;
  onSave?(): void;
  /** The bar's own classes (the toolbar strip by default; the view dialog lays the chips out inline). */
  className?: string;
  /** The region's accessible name. */
  label?: string;
}) {
  const type = filters.type && filters.type !== "all" ? filters.type : null;
  return (
    <section aria-label={label} className={className}>
      {type ? (
        <div className="flex items-center gap-1.5 rounded-md border border-neutral-200 px-2 py-1 text-xs">
          <span className="text-neutral-500">{FILTER_LABELS.type}:</span>
          <span className="inline-flex items-center gap-1 rounded bg-neutral-100 px-1.5 py-0.5 text-neutral-700">
            {ISSUE_TYPE_OPTIONS.find((option) => option.key === type)?.label ?? type}
            <button
              type="button"
              onClick={onClearType}
              aria-label={`Remove ${ISSUE_TYPE_OPTIONS.find((option) => option.key === type)?.label ?? type} filter`}
              className="rounded text-neutral-400 hover:text-neutral-800"
            >
              <IconX size={12} />
            </button>
          </span>
        </div>
      ) : null}
      {FILTER_KEYS.map((key) => {
        const values = filters[key] ?? [];
        if (values.length === 0) return null;
        return (
          <div key={key} className="flex flex-wrap items-center gap-1.5 rounded-md border border-neutral-200 px-2 py-1 text-xs">
            <span className="text-neutral-500">{FILTER_LABELS[key]}:</span>
            {values.map((value) => {
              const { label, icon } = chipValue(key, value, lookups);
              return (
                <span key={value} className="inline-flex items-center gap-1 rounded bg-neutral-100 px-1.5 py-0.5 text-neutral-700">
                  {icon}
                  {label}
                  <button
                    type="button"
                    onClick={() => onRemove(key, value)}
                    aria-label={`Remove ${label} filter`}
                    className="rounded text-neutral-400 hover:text-neutral-800"
                  >
                    <IconX size={12} />
                  </button>
                </span>
              );
            })}
          </div>
        );
      })}
      <button
        type="button"
        onClick={onClearAll}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900"
      >
        Clear all filters
        <IconX size={12} />
      </button>
      {saveLabel ? (
        <button
          type="button"
          onClick={onSave}
          className="ml-auto inline-flex h-7 items-center rounded-md border border-brand-500 px-2.5 text-xs font-medium text-brand-600 dark:text-brand-400 hover:bg-brand-50 dark:hover:bg-brand-500/15"
        >
          {saveLabel}
        </button>
      ) : null}
    </section>
  );
}
