// The issue page's frame, and the issue shown in it from the row it was opened from (key, state,
// title) while the page is read: the project shell shows it the moment an issue is opened, before
// the page's code or data has arrived, and the page itself until its data has.
import type { HeldIssue } from "~/lib/held-issue";
import { StateGroupIcon } from "../issue-icons";

// One column on narrow screens, the properties right under the title and description; on wide
// ones the properties sit in a column of their own beside everything else.
export const PAGE_GRID = "flex flex-1 flex-col bg-surface lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]";
export const MAIN_COLUMN = "mx-auto w-full max-w-3xl px-5 pt-6 sm:px-8 lg:col-start-1 lg:row-start-1 lg:pt-8";
export const SIDE_COLUMN = "my-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:my-0";

export function IssueKeyLine({ issueKey, state }: { issueKey: string; state: { group: string; color: string } | null }) {
  return (
    <div className="mb-1 flex items-center gap-2 text-xs text-neutral-500">
      {state ? <StateGroupIcon group={state.group} color={state.color} size={13} /> : null}
      <span className="font-mono">{issueKey}</span>
    </div>
  );
}

/**
 * The issue as the row it was opened from shows it (key, state, title), in the page's own layout,
 * while the rest of the page is read.
 */
export function HeldIssueView({ issue }: { issue: HeldIssue }) {
  return (
    <div className={PAGE_GRID} aria-busy="true">
      <div className={MAIN_COLUMN}>
        <IssueKeyLine issueKey={issue.key} state={issue.state} />
        <h1 className="py-1 text-2xl font-semibold break-words text-neutral-900">{issue.name}</h1>
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-3 w-3/4 animate-pulse rounded bg-neutral-100" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-neutral-100" />
        </div>
      </div>
      <div className={SIDE_COLUMN}>
        <div className="mx-5 h-48 animate-pulse rounded-lg bg-neutral-50 sm:mx-8 lg:mx-0 lg:h-full lg:rounded-none lg:border-l lg:border-neutral-100" aria-hidden />
      </div>
    </div>
  );
}

