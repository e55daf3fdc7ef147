// The issue's frame (on its page, or in the inbox's pane), and the issue shown in it from the row
// it was opened from (key, state, title) while the issue is read: the project shell and the inbox
// show it the moment an issue is opened, before the issue's code or data has arrived.
import type { HeldIssue } from "~/lib/held-issue";
import { StateGroupIcon } from "../issue-icons";

/** The classes of the issue's frame: the grid, its columns and the properties sidebar's parts. */
export interface IssueFrame {
  grid: string;
  main: string;
  side: string;
  below: string;
  sideHolder: string;
  aside: string;
  foldButton: string;
  foldOpen: string;
  foldShut: string;
}

// The issue page: one column on narrow screens, the properties right under the title and
// description; on wide ones the properties sit in a column of their own beside everything else,
// fixed under the header while the page scrolls.
export const PAGE_FRAME: IssueFrame = {
  grid: "flex flex-1 flex-col bg-surface lg:grid lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]",
  main: "mx-auto w-full max-w-3xl px-5 pt-6 sm:px-8 lg:col-start-1 lg:row-start-1 lg:pt-8",
  side: "my-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:my-0",
  below: "mx-auto w-full max-w-3xl px-5 pb-6 sm:px-8 lg:col-start-1 lg:row-start-2 lg:pb-8",
  sideHolder: "mx-5 h-48 animate-pulse rounded-lg bg-neutral-50 sm:mx-8 lg:mx-0 lg:h-full lg:rounded-none lg:border-l lg:border-neutral-100",
  aside:
    "w-full shrink-0 border-y border-neutral-200 bg-surface lg:sticky lg:top-14 lg:h-[calc(100vh-3.5rem)] lg:w-[22rem] lg:self-start lg:overflow-y-auto lg:border-y-0 lg:border-l",
  foldButton: "lg:hidden",
  foldOpen: "border-t border-neutral-100 lg:border-t-0",
  foldShut: "hidden lg:block",
};

// The same issue in the inbox's pane beside the list: the pane is its own scroll area (a size
// container), so the two columns follow the pane's width rather than the window's, and the
// properties stay at the pane's top, as tall as the pane below its 2.75rem bar.
export const PANE_FRAME: IssueFrame = {
  grid: "flex flex-col bg-surface @3xl:grid @3xl:min-h-full @3xl:grid-cols-[minmax(0,1fr)_22rem] @3xl:grid-rows-[auto_1fr]",
  main: "mx-auto w-full max-w-3xl px-5 pt-6 sm:px-8 @3xl:col-start-1 @3xl:row-start-1",
  side: "my-4 @3xl:col-start-2 @3xl:row-span-2 @3xl:row-start-1 @3xl:my-0",
  below: "mx-auto w-full max-w-3xl px-5 pb-6 sm:px-8 @3xl:col-start-1 @3xl:row-start-2",
  sideHolder: "mx-5 h-48 animate-pulse rounded-lg bg-neutral-50 sm:mx-8 @3xl:mx-0 @3xl:h-full @3xl:rounded-none @3xl:border-l @3xl:border-neutral-100",
  aside:
    "w-full shrink-0 border-y border-neutral-200 bg-surface @3xl:sticky @3xl:top-0 @3xl:h-[calc(100vh-6.25rem)] @3xl:w-[22rem] @3xl:self-start @3xl:overflow-y-auto @3xl:border-y-0 @3xl:border-l",
  foldButton: "@3xl:hidden",
  foldOpen: "border-t border-neutral-100 @3xl:border-t-0",
  foldShut: "hidden @3xl:block",
};

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
export function HeldIssueView({ issue, frame = PAGE_FRAME }: { issue: HeldIssue; frame?: IssueFrame }) {
  return (
    <div className={frame.grid} aria-busy="true">
      <div className={frame.main}>
        <IssueKeyLine issueKey={issue.key} state={issue.state} />
        <h1 className="py-1 text-2xl font-semibold break-words text-neutral-900">{issue.name}</h1>
        <div className="mt-4 space-y-2" aria-hidden>
          <div className="h-3 w-3/4 animate-pulse rounded bg-neutral-100" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-neutral-100" />
        </div>
      </div>
      <div className={frame.side}>
        <div className={frame.sideHolder} aria-hidden />
      </div>
    </div>
  );
}

