// What every part of the issue page reads: the loader's data, the project, who is looking and
// whether they may edit; and the JSON actions its controls post to the issue's route (named
// outright, so the same controls work in the inbox's pane, whose own route is the inbox).
import { useFetcher } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef } from "react";
import { type FailureOptions, useFailurePolicy } from "~/hooks/use-action";
import { failureOfAnswer } from "~/lib/action-answer";
import type { IssuePageActionData, IssuePageData, IssuePageIntent } from "~/lib/issue-page-contract";
import type { IssueFrame } from "./held-issue-view";

export type IssueDetailData = IssuePageData["issue"];
export type SubIssueRow = IssuePageData["subIssues"]["sub_issues"][number];
export type HistoryEntry = IssuePageData["activity"][number];
export type PageMember = IssuePageData["members"][number];

export interface IssuePageValue {
  data: IssuePageData;
  slug: string;
  projectId: string;
  identifier: string;
  /** Estimate points when the project uses an estimate, else null ('n Point(s)'). */
  points: { key: number; value: string }[] | null;
  /** The viewer's role in the project (null outside it). */
  role: number | null;
  /** Members and above; guests and viewers are read-only. */
  canEdit: boolean;
  issuePath(issueId: string): string;
  /** The issue route's address: every write of the issue's controls posts there. */
  actionPath: string;
  /** Where the issue is shown: its page, or the inbox's pane. */
  frame: IssueFrame;
}

export const IssuePageContext = createContext<IssuePageValue | null>(null);

export function useIssuePage() {
  const value = useContext(IssuePageContext);
  if (!value) throw new Error("useIssuePage must be used inside the issue page");
  return value;
}

/**
 * A fetcher posting one JSON intent to the issue route. `onDone` runs once per answer with
 * whether it succeeded; every failure is logged here, since many show the user no message.
 * Given `failure`, a failure also goes through the failure policy (one toast, or sign-in).
 */
export function useIssueAction(onDone?: (answer: IssuePageActionData) => void, failure?: FailureOptions) {
  const { actionPath } = useIssuePage();
  const fetcher = useFetcher<IssuePageActionData>();
  const fail = useFailurePolicy();
  const latest = useRef({ onDone, failure });
  latest.current = { onDone, failure };
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (!answer.ok) console.error(`issue action ${answer.intent ?? ""} failed:`, answer.error);
    const refused = failureOfAnswer(answer);
    if (refused && latest.current.failure) fail(refused, latest.current.failure);
    latest.current.onDone?.(answer);
  }, [fetcher.state, fetcher.data, fail]);
  const submit = useCallback(
    (body: IssuePageIntent) =>
      fetcher.submit(body as unknown as Record<string, never>, { method: "post", encType: "application/json", action: actionPath }),
    [fetcher.submit, actionPath],
  );
  const pendingBody = fetcher.json as IssuePageIntent | undefined;
  return { submit, pending: fetcher.state !== "idle", pendingBody, fetcher };
}

/** The value a patch in flight is setting for `field`, so the control shows it before the answer. */
export function pendingPatchValue<T>(body: IssuePageIntent | undefined, field: string): T | undefined {
  if (body?.intent !== "update" || !(field in body.patch)) return undefined;
  return body.patch[field] as T;
}
