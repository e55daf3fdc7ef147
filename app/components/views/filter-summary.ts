// A saved view's filters in words ("Priority: High, Urgent"), named through the project's
// states, labels and members; an id nothing names any more reads as unknown.
import {
  FILTER_KEYS,
  FILTER_LABELS,
  ISSUE_TYPE_OPTIONS,
  type IssueFilterValues,
  PRIORITY_LABELS,
  type Priority,
} from "~/lib/issue-display";
import type { Lookups } from "../issue-views/model";

/** One entry per filter that narrows the list: its label and the names of its values. */
export function filterSummary(filters: IssueFilterValues, lookups: Lookups): { key: string; label: string; values: string[] }[] {
  const parts: { key: string; label: string; values: string[] }[] = [];
  if (filters.type && filters.type !== "all") {
    const type = ISSUE_TYPE_OPTIONS.find((option) => option.key === filters.type)?.label ?? filters.type;
    parts.push({ key: "type", label: FILTER_LABELS.type, values: [type] });
  }
  for (const key of FILTER_KEYS) {
    const values = filters[key] ?? [];
    if (values.length === 0) continue;
    const names = values.map((value) => {
      switch (key) {
        case "state":
          return lookups.states.get(value)?.name ?? "Unknown state";
        case "labels":
          return lookups.labels.get(value)?.name ?? "Unknown label";
        case "priority":
          return PRIORITY_LABELS[value as Priority] ?? value;
        default:
          return lookups.members.get(value)?.name ?? "Unknown member";
      }
    });
    parts.push({ key, label: FILTER_LABELS[key], values: names });
  }
  return parts;
}
