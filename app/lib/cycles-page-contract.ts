// What the cycle list page exchanges with the browser: its loader's data (one tab's cycles and the
// active cycle's dashboard), the JSON intents its controls and the cycle dialog post, what the
// action answers, and the page's texts. Client-safe: components import the types; the server
// parses intents with the schema. The cycle's own fields are checked by the domain
// (workers/domain/schemas/cycles.ts), which answers their messages per field.
import type { z } from "zod";
import type { CycleTab } from "../../workers/domain/schemas/issue-group-responses";
import { type IntentAnswer, rowListIntents } from "./intents";

export type {
  ActiveCycleDashboard,
  AssigneeBreakdown,
  CycleResponse,
  CycleTab,
  CyclesPageData,
  HighPriorityIssue,
  IssueGroupBreakdown,
  LabelBreakdown,
} from "../../workers/domain/schemas/issue-group-responses";

/** The tabs in the order shown, with their labels; the first is the default (no `?tab=`). */
export const CYCLE_TABS = [
  { key: "all", label: "All" },
  { key: "current", label: "Active Cycle" },
  { key: "upcoming", label: "Upcoming" },
  { key: "completed", label: "Completed" },
  { key: "draft", label: "Drafts" },
] as const satisfies readonly { key: CycleTab; label: string }[];

/** The tab a `?tab=` value names; anything else is the first. */
export function cycleTabOf(value: string | null): CycleTab {
  return CYCLE_TABS.find((tab) => tab.key === value)?.key ?? "all";
}

export const CyclesPageIntentSchema = rowListIntents("cycle");
export type CyclesPageIntent = z.input<typeof CyclesPageIntentSchema>;

/** The action's answer: the saved cycle's id, or the failure with any field messages. */
export type CyclesPageAnswer = IntentAnswer<CyclesPageIntent>;

/** What the cycle screens say. */
export const CYCLE_TEXT = {
  created: "Cycle created successfully.",
  updated: "Cycle updated successfully.",
  deleted: "Cycle deleted successfully",
  createFailed: "Error in creating cycle. Please try again.",
  updateFailed: "Error in updating cycle. Please try again.",
  favoriteFailed: "Couldn't add the cycle to favorites. Please try again.",
  unfavoriteFailed: "Couldn't remove the cycle from favorites. Please try again.",
  linkCopiedTitle: "Link Copied!",
  linkCopied: "Cycle link copied to clipboard.",
  copyFailed: "Some error occurred.",
  emptyTitle: "Create New Cycle",
  emptyText: "Sprint more effectively with Cycles by confining your project to a fixed amount of time.",
  emptyAction: "Create new cycle now",
} as const;
