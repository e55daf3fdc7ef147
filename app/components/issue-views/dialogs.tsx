// The issue views' dialogs, loaded only when one first opens (they are not part of the page's
// first JavaScript): delete one issue, bulk delete, add existing issues to a cycle or module,
// and save the filters as a view.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Dialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import { CreateViewInput } from "../../../workers/domain/schemas/views";
import { IconAlert, IconSearch, IconX } from "~/components/icons";
import { useToast } from "~/components/toast";
import { FieldError, FormError, Spinner, buttonClass, inputClass, labelClass } from "~/components/ui";
import type { IssueViewsActionResult, IssueViewsIntent } from "~/lib/issue-views-contract";
import { FILTER_KEYS, FILTER_LABELS, ISSUE_TYPE_OPTIONS, type ViewProps, normaliseFilters } from "~/lib/issue-display";
import { type Lookups, type ViewIssue, issueKey } from "./model";

function Shell({
  open,
  onOpenChange,
  alert = false,
  width = "max-w-lg",
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  alert?: boolean;
  width?: string;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      lazyMount
      unmountOnExit
      role={alert ? "alertdialog" : "dialog"}
    >
      <Portal>
        <Dialog.Backdrop className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Positioner className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:pt-[12vh]">
          <Dialog.Content className={`w-full ${width} rounded-xl bg-surface shadow-2xl ring-1 ring-black/5 outline-none`}>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

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
    <Shell open={Boolean(issue)} onOpenChange={onOpenChange} alert>
      {issue ? (
        <div className="p-6">
          <div className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 dark:bg-red-950/40 text-red-600 dark:text-red-400">
              <IconAlert size={20} />
            </span>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold text-neutral-900">Delete Issue</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-neutral-500">
                Are you sure you want to delete issue{" "}
                <span className="font-medium text-neutral-800">{issueKey(identifier, issue)}</span>? All of the data related to the
                issue will be permanently removed. This action cannot be undone.
              </Dialog.Description>
            </div>
          </div>
          <div className="mt-6 flex justify-end gap-2">
            <Dialog.CloseTrigger type="button" className={buttonClass("secondary")}>
              Cancel
            </Dialog.CloseTrigger>
            <button type="button" className={buttonClass("danger")} onClick={() => onConfirm(issue)}>
              Delete
            </button>
          </div>
        </div>
      ) : null}
    </Shell>
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
  onConfirm,
}: {
  title: string;
  listLabel: string;
  submitLabel: string;
  danger?: boolean;
  issues: PickableIssue[];
  identifier: string;
  loading?: boolean;
  onConfirm(ids: string[]): void;
}) {
  const toast = useToast();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const searchId = useId();
  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return issues;
    // Name (case-insensitive) or identifier-sequence.
    return issues.filter(
      (issue) => issue.name.toLowerCase().includes(needle) || issueKey(identifier, issue).toLowerCase().includes(needle),
    );
  }, [issues, query, identifier]);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <form
      className="flex max-h-[80vh] flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (selected.size === 0) {
          toast.show({ type: "error", title: "Error!", message: "Please select atleast one issue" });
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
        ) : null}
      </ul>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-neutral-100 px-5 py-4">
        <span className="text-xs text-neutral-500">{selected.size} selected</span>
        <div className="flex gap-2">
          <Dialog.CloseTrigger type="button" className={buttonClass("secondary", "sm")}>
            Cancel
          </Dialog.CloseTrigger>
          <button type="submit" className={buttonClass(danger ? "danger" : "primary", "sm")}>
            {submitLabel}
          </button>
        </div>
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
    <Shell open={open} onOpenChange={onOpenChange} width="max-w-2xl">
      <IssuePickForm
        title="Delete issues"
        listLabel="Issues to delete"
        submitLabel="Delete selected issues"
        danger
        issues={issues}
        identifier={identifier}
        onConfirm={onConfirm}
      />
    </Shell>
  );
}

// ---------------------------------------------------------------- add existing issues (cycle, module)

/**
 * The project's issues that are not in this cycle or module yet, read from the REST list when the
 * dialog opens (the page only holds the container's own issues).
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
  const [issues, setIssues] = useState<PickableIssue[] | null>(null);
  const toast = useToast();
  useEffect(() => {
    const controller = new AbortController();
    const url = `/api/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(project.id)}/issues/?order_by=-created_at`;
    fetch(url, { signal: controller.signal, headers: { accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`issues list answered ${response.status}`);
        const body = (await response.json()) as PickableIssue[] | { results: PickableIssue[] };
        const rows = Array.isArray(body) ? body : body.results;
        const skip = new Set(exclude);
        setIssues(rows.filter((row) => !skip.has(row.id)).map(({ id, name, sequence_id }) => ({ id, name, sequence_id })));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Issues could not be loaded.", error);
        toast.show({ type: "error", title: "Error!", message: "Issues could not be loaded. Please try again." });
        setIssues([]);
      });
    return () => controller.abort();
  }, [slug, project.id, exclude, toast]);
  return (
    <Shell open onOpenChange={(open) => !open && onClose()} width="max-w-2xl">
      <IssuePickForm
        title="Add existing issues"
        listLabel="Issues to add"
        submitLabel="Add selected issues"
        issues={issues ?? []}
        loading={issues === null}
        identifier={project.identifier}
        onConfirm={onConfirm}
      />
    </Shell>
  );
}

// ---------------------------------------------------------------- save the filters as a view

const SaveViewSchema = CreateViewInput.pick({ name: true, description: true });

function filterSummary(filters: ViewProps["filters"], lookups: Lookups) {
  const parts: string[] = [];
  if (filters.type && filters.type !== "all") {
    parts.push(`${FILTER_LABELS.type}: ${ISSUE_TYPE_OPTIONS.find((option) => option.key === filters.type)?.label}`);
  }
  for (const key of FILTER_KEYS) {
    const values = filters[key] ?? [];
    if (values.length === 0) continue;
    const names = values.map((value) =>
      key === "state"
        ? (lookups.states.get(value)?.name ?? value)
        : key === "labels"
          ? (lookups.labels.get(value)?.name ?? value)
          : key === "priority"
            ? value
            : (lookups.members.get(value)?.name ?? value),
    );
    parts.push(`${FILTER_LABELS[key]}: ${names.join(", ")}`);
  }
  return parts;
}

function SaveViewForm({
  actionPath,
  filters,
  lookups,
  onSaved,
}: {
  actionPath: string;
  filters: ViewProps["filters"];
  lookups: Lookups;
  onSaved(viewId: string): void;
}) {
  const fetcher = useFetcher<IssueViewsActionResult>();
  const toast = useToast();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [form, fields] = useForm({
    id: "save-view",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SaveViewSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setServerErrors({});
      const body: IssueViewsIntent = {
        intent: "create-view",
        view: { name: submission.value.name, description: submission.value.description ?? "", query_data: normaliseFilters(filters) },
      };
      fetcher.submit(body as never, { method: "post", action: actionPath, encType: "application/json" });
    },
  });
  const submitting = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok) {
      toast.show({ type: "success", title: "Success!", message: "View created successfully." });
      onSaved(result.id ?? "");
    } else if (result.status === 400 && result.fields) {
      setServerErrors(result.fields);
    } else {
      toast.show({ type: "error", title: "Error!", message: "View could not be created. Please try again." });
    }
  }, [fetcher.state, fetcher.data, toast, onSaved]);
  const summary = filterSummary(filters, lookups);
  return (
    <form {...getFormProps(form)} className="p-6">
      <Dialog.Title className="text-lg font-semibold text-neutral-900">Create View</Dialog.Title>
      <Dialog.Description className="mt-0.5 text-sm text-neutral-500">Save the current filters as a view of this project.</Dialog.Description>
      <div className="mt-5 space-y-4">
        <FormError errors={serverErrors.body ?? serverErrors.query_data} />
        <div>
          <label htmlFor={fields.name.id} className={labelClass}>
            Title
          </label>
          <input {...getInputProps(fields.name, { type: "text" })} className={inputClass} placeholder="Title" autoComplete="off" />
          <FieldError id={fields.name.errorId} errors={fields.name.errors ?? serverErrors.name} />
        </div>
        <div>
          <label htmlFor={fields.description.id} className={labelClass}>
            Description <span className="font-normal text-neutral-400">(optional)</span>
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={3} className={`${inputClass} resize-none`} placeholder="Description" />
          <FieldError id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div>
          <p className={labelClass}>Filters</p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Filters of the view">
            {summary.map((part) => (
              <li key={part} className="rounded-md border border-neutral-200 bg-neutral-50 px-2 py-1 text-xs text-neutral-700">
                {part}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.CloseTrigger type="button" className={buttonClass("secondary")}>
          Cancel
        </Dialog.CloseTrigger>
        <button type="submit" className={buttonClass("primary")} disabled={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Creating View..." : "Create View"}
        </button>
      </div>
    </form>
  );
}

export function SaveViewDialog({
  open,
  actionPath,
  filters,
  lookups,
  onSaved,
  onOpenChange,
}: {
  open: boolean;
  actionPath: string;
  filters: ViewProps["filters"];
  lookups: Lookups;
  onSaved(viewId: string): void;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Shell open={open} onOpenChange={onOpenChange}>
      <SaveViewForm actionPath={actionPath} filters={filters} lookups={lookups} onSaved={onSaved} />
    </Shell>
  );
}
