// Issues sent from the create modal and not yet answered. The modal gives each new issue its id
// (a UUID the server keeps), so the views can show the row the moment Create is pressed; the
// server's row, arriving by the live board or the loaders, has the same id and simply takes its
// place. A pending issue has no number yet: its key shows a marker until the answer brings one.
// The modal drops the entry when the server answers, refused or not.
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { IssueFormValues } from "./form-values";

export interface PendingIssue {
  id: string;
  projectId: string;
  name: string;
  values: IssueFormValues;
  /** When it was sent (ISO): a new issue is the newest until the server's row arrives. */
  sentAt: string;
}

interface PendingIssuesValue {
  issues: readonly PendingIssue[];
  add(issue: PendingIssue): void;
  drop(id: string): void;
}

const NO_PENDING: PendingIssuesValue = { issues: [], add() {}, drop() {} };
const PendingIssuesContext = createContext<PendingIssuesValue>(NO_PENDING);

/** The store of pending issues, held by the project shell's modal provider. */
export function usePendingIssuesStore(): PendingIssuesValue {
  const [issues, setIssues] = useState<readonly PendingIssue[]>([]);
  const add = useCallback((issue: PendingIssue) => setIssues((list) => [...list, issue]), []);
  const drop = useCallback((id: string) => setIssues((list) => (list.some((issue) => issue.id === id) ? list.filter((issue) => issue.id !== id) : list)), []);
  return useMemo(() => ({ issues, add, drop }), [issues, add, drop]);
}

export const PendingIssuesProvider = PendingIssuesContext.Provider;

/** The issues sent and not yet answered in this project, and the modal's add and drop. */
export const usePendingIssues = () => useContext(PendingIssuesContext);
