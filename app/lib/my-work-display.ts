// My work's display options, kept in this browser: the order of the issues and whether finished
// work (completed or cancelled) shows. Pure rules over the tab's loaded issues; client-safe.
import { isClosedGroup } from "../../workers/domain/schemas/constants";
import type { IssueListItem } from "../../workers/domain/schemas/responses";
import { PRIORITIES, type Priority } from "./issue-display";

export const MY_WORK_ORDERS = [
  { key: "-updated_at", label: "Last updated" },
  { key: "-created_at", label: "Last created" },
  { key: "priority", label: "Priority" },
  { key: "target_date", label: "Due date" },
] as const;

export type MyWorkOrder = (typeof MY_WORK_ORDERS)[number]["key"];

export interface MyWorkDisplay {
  order: MyWorkOrder;
  showFinished: boolean;
}

export const DEFAULT_MY_WORK_DISPLAY: MyWorkDisplay = { order: "-updated_at", showFinished: true };

/** The stored display, or null when it is not one (an old or hand-edited value). */
export function readMyWorkDisplay(raw: string): MyWorkDisplay | null {
  try {
    const value = JSON.parse(raw) as Partial<MyWorkDisplay>;
    if (!MY_WORK_ORDERS.some((order) => order.key === value.order) || typeof value.showFinished !== "boolean") return null;
    return { order: value.order as MyWorkOrder, showFinished: value.showFinished };
  } catch {
    return null;
  }
}

const priorityRank = (issue: IssueListItem) => PRIORITIES.indexOf(issue.priority as Priority);
/** Newest first for times; issues without a due date after those with one. */
const COMPARE: Record<MyWorkOrder, (a: IssueListItem, b: IssueListItem) => number> = {
  "-updated_at": (a, b) => b.updated_at.localeCompare(a.updated_at),
  "-created_at": (a, b) => b.created_at.localeCompare(a.created_at),
  priority: (a, b) => priorityRank(a) - priorityRank(b),
  target_date: (a, b) => (a.target_date ?? "9999").localeCompare(b.target_date ?? "9999"),
};

/** The issues the display shows, in its order (ties keep the server's order). */
export function displayedIssues(issues: IssueListItem[], display: MyWorkDisplay): IssueListItem[] {
  const shown = display.showFinished ? issues : issues.filter((issue) => !isClosedGroup(issue.state_detail?.group));
  return [...shown].sort(COMPARE[display.order]);
}
