// The views' writes, optimistic: each one is an overlay on the issues held until its fetcher
// settles (by then Remix has revalidated the data), or rolled back when the server refuses.
// Because the overlay sits on whatever the loader last returned, a revalidation that lands
// mid-flight (the live board asks for them) never undoes a change the user just made.
import { useFetcher } from "@remix-run/react";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { IssueViewsActionResult, IssueViewsIntent } from "~/lib/issue-views-contract";
import { type IssuePatch, type ViewIssue, applyPatch } from "./model";

export type Overlay = { kind: "patch"; issueId: string; patch: IssuePatch; at: string } | { kind: "delete"; ids: string[] };

export interface PendingWrite {
  id: number;
  body: IssueViewsIntent;
  overlay?: Overlay;
  onSettled?(result: IssueViewsActionResult): void;
}

/** Sends one write through its own fetcher and reports the answer once Remix is idle again. */
function WriteRunner({ write, action, onDone }: { write: PendingWrite; action: string; onDone(write: PendingWrite, result: IssueViewsActionResult): void }) {
  const fetcher = useFetcher<IssueViewsActionResult>({ key: `issue-views-write-${write.id}` });
  const sent = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: sends exactly once, on mount.
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    fetcher.submit(write.body as never, { method: "post", action, encType: "application/json" });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the fetcher settling only.
  useEffect(() => {
    if (sent.current && fetcher.state === "idle" && fetcher.data !== undefined) onDone(write, fetcher.data);
  }, [fetcher.state, fetcher.data]);
  return null;
}

/** The views' write queue: `write` sends one through the page's action; render `runners`. */
export function useWriteQueue(actionPath: string) {
  const [pending, setPending] = useState<PendingWrite[]>([]);
  const nextWriteId = useRef(1);

  const write = useCallback((body: IssueViewsIntent, overlay?: Overlay, onSettled?: (result: IssueViewsActionResult) => void) => {
    setPending((list) => [...list, { id: nextWriteId.current++, body, overlay, onSettled }]);
  }, []);

  const settle = useCallback((done: PendingWrite, result: IssueViewsActionResult) => {
    setPending((list) => list.filter((item) => item.id !== done.id));
    done.onSettled?.(result);
  }, []);

  /** The fetchers of the writes in flight. */
  const runners: ReactNode = pending.map((item) => <WriteRunner key={item.id} write={item} action={actionPath} onDone={settle} />);
  return { pending, write, runners };
}

export type WriteIntent = ReturnType<typeof useWriteQueue>["write"];

/** `loaded` with every pending write laid over it: patched fields shown, deleted issues gone. */
export function useOverlaidIssues(loaded: ViewIssue[], pending: PendingWrite[]) {
  return useMemo(() => {
    const overlays = pending.flatMap((item) => item.overlay ?? []);
    if (overlays.length === 0) return loaded;
    const deleted = new Set(overlays.flatMap((overlay) => (overlay.kind === "delete" ? overlay.ids : [])));
    const patched = new Map<string, ViewIssue>();
    const byId = new Map(loaded.map((issue) => [issue.id, issue]));
    for (const overlay of overlays) {
      if (overlay.kind !== "patch") continue;
      const base = patched.get(overlay.issueId) ?? byId.get(overlay.issueId);
      if (base) patched.set(overlay.issueId, applyPatch(base, overlay.patch, overlay.at));
    }
    return loaded.flatMap((issue) => (deleted.has(issue.id) ? [] : [patched.get(issue.id) ?? issue]));
  }, [loaded, pending]);
}
