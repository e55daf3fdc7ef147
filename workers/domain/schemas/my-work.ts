// "My work": the signed-in person's issues across every project of a workspace they belong to.
// The tabs are declared here once: the REST query, the domain's reads (one per tab, a Record the
// typecheck holds complete), the page's tab links and its empty states all follow this table, so a
// new tab is one entry here plus its read in workers/domain/my-work.ts. Client-safe.
import { z } from "zod";
import type { IssueListItem } from "./responses";

/** Each tab's label and what the page says when it holds nothing, in the order the page shows them. */
export const MY_WORK_TABS = {
  assigned: { label: "Assigned", empty: "Nothing is assigned to you", hint: "Issues assigned to you in any of your projects show here." },
  created: { label: "Created", empty: "You have not created any issues", hint: "Issues you create in any of your projects show here." },
  subscribed: { label: "Subscribed", empty: "You are not following any issues", hint: "Issues you follow (Subscribe on an issue, a comment or a mention) show here." },
} as const;

export type MyWorkTab = keyof typeof MY_WORK_TABS;
export const MY_WORK_TAB_KEYS = Object.keys(MY_WORK_TABS) as [MyWorkTab, ...MyWorkTab[]];
export const DEFAULT_MY_WORK_TAB: MyWorkTab = "assigned";

/** The tab a request names (`?tab=`), the first tab when absent; the domain adds the page fields. */
export const MyWorkTabParams = z.object({
  tab: z.enum(MY_WORK_TAB_KEYS, { error: `tab must be one of ${MY_WORK_TAB_KEYS.join(", ")}` }).default(DEFAULT_MY_WORK_TAB),
});

/** The tab named by a URL's `?tab=` for links and highlighting: the first tab when absent or unknown. */
export function myWorkTabOf(value: string | null | undefined): MyWorkTab {
  return MY_WORK_TAB_KEYS.find((tab) => tab === value) ?? DEFAULT_MY_WORK_TAB;
}

/** A project the person belongs to, as a My work group names it. */
export interface MyWorkProject {
  id: string;
  identifier: string;
  name: string;
}

/** One page of a tab: the issues (each names its project), the person's projects, and where more continue. */
export interface MyWorkPage {
  tab: MyWorkTab;
  projects: MyWorkProject[];
  issues: IssueListItem[];
  next_cursor: string | null;
}
