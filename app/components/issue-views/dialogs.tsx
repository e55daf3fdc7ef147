// The issue views' dialogs, loaded only when one first opens (they are not part of the page's
// first JavaScript): delete one issue, bulk delete, add existing issues to a cycle or module,
// and save the filters as a view.
import { Dialog } from "@ark-ui/react/dialog";
import { useEffect, useId, useMemo, useState } from "react";
import { DialogActions, DialogAlertHeading, DialogShell } from "~/components/dialog";
import { IconSearch, IconX } from "~/components/icons";
import { useApiCall } from "~/hooks/use-action";
import { NO_ISSUE_PICKED, useCheckToast } from "~/hooks/use-check-toast";
import { Spinner, inputClass } from "~/components/ui";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import type { ViewProps } from "~/lib/issue-display";
import type { FilterLookups } from "~/lib/views-page-contract";
import { ViewFormDialog } from "../views/view-form-dialog";
import { type ViewIssue, issueKey } from "./model";
import { toggled } from "~/lib/sets";
import { SEARCH_DEBOUNCE_MS, type SearchResults } from "~/lib/search-contract";
import { SEARCH_RESULTS } from "../../../workers/domain/schemas/list-pages";

// ---------------------------------------------------------------- delete one issue

export function DeleteIssueDialog({
  issue,
  identifier,
  onConfirm,
  onOpenChange,
}: {
  issue: ViewIssue | null;
  identifier: string;
  onConfirm(issue: ViewIssue): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <DialogShell open={Boolean(issue)} onOpenChange={onOpenChange} alert>
      {issue ? (
        <div className="p-6">
          <DialogAlertHeading title="Delete Issue">
            Are you sure you want to delete issue{" "}
            <span className="font-medium text-neutral-800">{issueKey(identifier, issue)}</span>? All of the data related to the issue
            will be permanently removed. This action cannot be undone.
          </DialogAlertHeading>
          <DialogActions label="Delete" variant="danger" onConfirm={() => onConfirm(issue)} />
        </div>
      ) : null}
    </DialogShell>
  );
}

// ---------------------------------------------------------------- pick several issues

const PICK_LIST_MAX = 200;

type PickableIssue = Pick<ViewIssue, "id" | "name" | "sequence_id">;

/**
 * Search by name or identifier-sequence and tick issues: bulk delete and
 * "Add existing issues" both need at least one ("Please select atleast one issue").
 */
function IssuePickForm({
  title,
  listLabel,
  submitLabel,
  danger = false,
  issues,
  identifier,
  loading = false,
  search,
  onConfirm,
}: {
  title: string;
  listLabel: string;
  submitLabel: string;
  danger?: boolean;
  issues: PickableIssue[];
  identifier: string;
  loading?: boolean;
  /** When given, the server answers the typed text: `issues` are its matches, shown as they are. */
  search?: { query: string; onQueryChange(query: string): void; more: boolean };
  onConfirm(ids: string[]): void;
}) {
  const tell = useCheckToast();
  const [ownQuery, setOwnQuery] = useState("");
  const query = search ? search.query : ownQuery;
  const setQuery = search ? search.onQueryChange : setOwnQuery;
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const searchId = useId();
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle || search) return issues;
    // Name (case-insensitive) or identifier-sequence.
    return issues.filter(
      (issue) => issue.name.toLowerCase().includes(needle) || issueKey(identifier, issue).toLowerCase().includes(needle),
    );
  }, [issues, query, identifier, search]);
  const toggle = (id: string) => setSelected((current) => toggled(current, id));
  return (
    <form
      className="flex max-h-[80vh] flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.size === 0) {
          tell(NO_ISSUE_PICKED);
          return;
        }
        onConfirm([...selected]);
      }}
    >
      <div className="flex items-center justify-between px-5 pt-5">
        <Dialog.Title className="text-base font-semibold text-neutral-900">{title}</Dialog.Title>
        <Dialog.CloseTrigger type="button" aria-label="Close" className="rounded p-1 text-neutral-400 hover:bg-neutral-100">
          <IconX size={16} />
        </Dialog.CloseTrigger>
      </div>
      <div className="relative mx-5 mt-3">
        <label htmlFor={searchId} className="sr-only">
          Search issues
        </label>
        <IconSearch size={14} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-neutral-400" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search by name or ID..."
          className={`${inputClass} pl-8`}
          autoComplete="off"
        />
      </div>
      <ul className="mt-3 max-h-80 min-h-0 flex-1 overflow-y-auto px-3" aria-label={listLabel} aria-busy={loading}>
        {loading ? (
          <li className="flex justify-center px-2 py-6 text-neutral-400">
            <Spinner />
          </li>
        ) : matches.length === 0 ? (
          <li className="px-2 py-6 text-center text-sm text-neutral-500">
            {query.trim() ? "We couldn't find any issue with that term. Please try again." : "No issues found. Create a new issue with C."}
          </li>
        ) : null}
        {matches.slice(0, PICK_LIST_MAX).map((issue) => {
          const key = issueKey(identifier, issue);
          return (
            <li key={issue.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-neutral-50">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-500"
                  checked={selected.has(issue.id)}
                  onChange={() => toggle(issue.id)}
                />
                <span className="w-16 shrink-0 text-xs text-neutral-400">{key}</span>
                <span className="truncate text-neutral-800">{issue.name}</span>
              </label>
            </li>
          );
        })}
        {matches.length > PICK_LIST_MAX ? (
          <li className="px-2 py-2 text-xs text-neutral-400">{matches.length - PICK_LIST_MAX} more: refine the search to see them.</li>
        ) : search?.more && !loading ? (
          <li className="px-2 py-2 text-xs text-neutral-400">More issues match: refine the search to see them.</li>
        ) : null}
      </ul>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-neutral-100 px-5 py-4">
        <span className="text-xs text-neutral-500">{selected.size} selected</span>
        <DialogActions label={submitLabel} variant={danger ? "danger" : "primary"} size="sm" className="flex gap-2" />
      </div>
    </form>
  );
}

// ---------------------------------------------------------------- bulk delete (Delete key)

export function BulkDeleteDialog({
  open,
  issues,
  identifier,
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  issues: ViewIssue[];
  identifier: string;
  onConfirm(ids: string[]): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} width="max-w-2xl">
      <IssuePickForm
        title="Delete issues"
        listLabel="Issues to delete"
        submitLabel="Delete selected issues"
        danger
        issues={issues}
        identifier={identifier}
        onConfirm={onConfirm}
      />
    </DialogShell>
  );
}

// ---------------------------------------------------------------- add existing issues (cycle, module)

/** What the server answered for one typed text: the issues, and whether more match. */
interface PickAnswer {
  query: string;
  issues: PickableIssue[];
  more: boolean;
}

/**
 * The server's answer for the typed text: without text, the project's newest issues (a page of
 * the list); with text, workspace search in this project, which finds any issue by a word of its
 * name or by its number however large the project. Asked once typing pauses.
 */
async function pickableIssues(slug: string, projectId: string, query: string, signal: AbortSignal): Promise<PickAnswer> {
  const pick = ({ id, name, sequence_id }: PickableIssue) => ({ id, name, sequence_id });
  if (query === "") {
    const newest = api.projectList(slug, projectId, "issues", { order_by: "-created_at", per_page: String(PICK_LIST_MAX) });
    const page = await callApi<{ results: PickableIssue[]; next_cursor: string | null }>(newest, { signal });
    return { query, issues: page.results.map(pick), more: page.next_cursor !== null };
  }
  const params = { search: query, project_id: projectId, per_page: String(SEARCH_RESULTS.maxPerKind) };
  const answer = await callApi<{ results: SearchResults }>(api.search(slug, params), { signal });
  const found = answer.results.issue.filter((issue) => issue.project_id === projectId);
  return { query, issues: found.map(pick), more: found.length === SEARCH_RESULTS.maxPerKind };
}

/**
 * The project's issues that are not in this cycle or module yet, asked of the server for the text
 * typed (the page only holds the container's own issues).
 */
export function AddExistingIssuesDialog({
  slug,
  project,
  exclude,
  onConfirm,
  onClose,
}: {
  slug: string;
  project: { id: string; identifier: string };
  exclude: string[];
  onConfirm(ids: string[]): void;
  onClose(): void;
}) {
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<PickAnswer | null>(null);
  const run = useApiCall();
  const typed = query.trim();
  useEffect(() => {
    const controller = new AbortController();
    // The first list at once; a search once typing pauses.
    const timer = window.setTimeout(
      () => {
        const signal = controller.signal;
        void run(() => pickableIssues(slug, project.id, typed, signal), { signal, message: "Issues could not be loaded. Please try again." }).then((loaded) => {
          if (loaded) setAnswer(loaded.value);
          else if (!signal.aborted) setAnswer({ query: typed, issues: [], more: false });
        });
      },
      typed === "" ? 0 : SEARCH_DEBOUNCE_MS,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [slug, project.id, typed, run]);
  // Only the answer to the text now typed is shown; until it comes, the list is loading.
  const current = answer?.query === typed ? answer : null;
  const issues = useMemo(() => {
    const skip = new Set(exclude);
    return (current?.issues ?? []).filter((issue) => !skip.has(issue.id));
  }, [current, exclude]);
  return (
    <DialogShell open onOpenChange={(open) => !open && onClose()} width="max-w-2xl">
      <IssuePickForm
        title="Add existing issues"
        listLabel="Issues to add"
        submitLabel="Add selected issues"
        issues={issues}
        loading={current === null}
        identifier={project.identifier}
        search={{ query, onQueryChange: setQuery, more: current?.more ?? false }}
        onConfirm={onConfirm}
      />
    </DialogShell>
  );
}

// ---------------------------------------------------------------- save the filters as a view

/** "Save view": the saved-view form, starting from the page's current filters. */
export function SaveViewDialog({
  open,
  actionPath,
  filters,
  choices,
  onSaved,
  onOpenChange,
}: {
  open: boolean;
  actionPath: string;
  filters: ViewProps["filters"];
  choices: FilterLookups;
  onSaved(viewId: string): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <ViewFormDialog open={open} onOpenChange={onOpenChange} actionPath={actionPath} initialFilters={filters} choices={choices} onSaved={onSaved} />
  );
}
