// The create/update issue modal's opener. The project shell mounts the provider, so
// every project page (list, board, calendar, Gantt, the issue page) can open it with
// `useIssueModal().open({ defaults })`; it is offered to the command palette and to C (the
// shell's create shortcuts) anywhere in the project.
// The modal itself (form, pickers, editor) is loaded on first use.
import { createContext, lazy, useCallback, useContext, useMemo, useState } from "react";
import { Suspense } from "~/lib/suspense";
import { useRegisterCreate } from "../command-palette/command-center";
import type { Priority } from "../issue-icons";
import { PendingIssuesProvider, usePendingIssuesStore } from "./pending-issues";

export interface IssueFormDefaults {
  name?: string;
  state?: string | null;
  priority?: Priority;
  assignees_list?: string[];
  labels_list?: string[];
  start_date?: string | null;
  target_date?: string | null;
  estimate_point?: number | null;
  parent?: string | null;
  cycle?: string | null;
  module?: string | null;
}

/** An existing issue to edit: the form opens filled with it and saves a PATCH. */
export interface IssueToEdit extends IssueFormDefaults {
  id: string;
  sequence_id: number;
  name: string;
  description_html?: string | null;
}

export interface IssueModalOpenOptions {
  defaults?: IssueFormDefaults;
  issue?: IssueToEdit;
  /** Called after each successful save (several times with "create more"). */
  onSaved?(issue: { id: string; sequence_id: number }): void;
}

export interface IssueModalProject {
  id: string;
  identifier: string;
  name: string;
  /** The project's estimate id when estimates are enabled. */
  estimate: string | null;
}

interface IssueModalValue {
  open(options?: IssueModalOpenOptions): void;
  close(): void;
  /** Guests and viewers cannot create issues. */
  canCreate: boolean;
}

const IssueModalContext = createContext<IssueModalValue | null>(null);

export function useIssueModal() {
  const value = useContext(IssueModalContext);
  if (!value) throw new Error("useIssueModal must be used inside the project shell (IssueModalProvider)");
  return value;
}

const IssueModal = lazy(() => import("./issue-modal"));

export function IssueModalProvider({
  slug,
  project,
  canCreate,
  children,
}: {
  slug: string;
  project: IssueModalProject;
  canCreate: boolean;
  children: React.ReactNode;
}) {
  const [options, setOptions] = useState<IssueModalOpenOptions | null>(null);
  // Each opening gets a fresh form (the modal counts sessions); the module stays loaded after the
  // first one.
  const [session, setSession] = useState(0);
  const [loaded, setLoaded] = useState(false);

  const open = useCallback(
    (next: IssueModalOpenOptions = {}) => {
      if (!canCreate) return;
      setLoaded(true);
      setSession((value) => value + 1);
      setOptions(next);
    },
    [canCreate],
  );
  const close = useCallback(() => setOptions(null), []);
  const pending = usePendingIssuesStore();
  useRegisterCreate("issue", canCreate ? () => open() : null);

  const value = useMemo(() => ({ open, close, canCreate }), [open, close, canCreate]);
  return (
    <IssueModalContext.Provider value={value}>
      <PendingIssuesProvider value={pending}>
        {children}
        {loaded ? (
          <Suspense fallback={null}>
            {/* One modal for the page's life: answers to issues sent outlive each opening. */}
            <IssueModal slug={slug} project={project} options={options} session={session} onClose={close} onReopen={setOptions} />
          </Suspense>
        ) : null}
      </PendingIssuesProvider>
    </IssueModalContext.Provider>
  );
}
