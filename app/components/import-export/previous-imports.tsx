// Previous Imports: every import of the workspace with its status, its progress while it runs, why
// it failed, the source rows it could not take, and a delete that asks for the typed phrase. A
// deleted row leaves at once and comes back, with a toast, if the server refuses.
import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { formatDate } from "../../../workers/domain/schemas/dates";
import { DELETE_IMPORT_PHRASE, IMPORT_MESSAGES, type ImportStatus } from "../../../workers/domain/schemas/importer-texts";
import type { ImporterResponse } from "../../../workers/domain/schemas/importers";
import { DialogActions, DialogAlertHeading, DialogShell } from "../dialog";
import { IconCycle, IconTrash } from "../icons";
import { SettingsSection } from "../settings/section";
import { buttonClass, inputClass } from "../ui";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { formatCount } from "~/lib/import-api";
import { SERVICE_TITLES, ServiceLogo } from "./logos";

const STATUS_STYLE: Record<ImportStatus, string> = {
  processing: "bg-amber-100 text-amber-800 dark:bg-amber-950/60 dark:text-amber-300",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-950/60 dark:text-red-300",
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ${STATUS_STYLE[status]}`}>
      {status}
    </span>
  );
}

/** "412 of 2,500 issues" while the total is known, "412 issues" before. */
export function progressText(row: Pick<ImporterResponse, "imported_issues" | "total_issues">) {
  const done = formatCount(row.imported_issues);
  const noun = row.total_issues === 1 || (row.total_issues === null && row.imported_issues === 1) ? "issue" : "issues";
  return row.total_issues === null ? `${done} ${noun}` : `${done} of ${formatCount(row.total_issues)} ${noun}`;
}

const initiatorName = (row: ImporterResponse) => {
  const person = row.initiated_by_detail;
  if (!person) return "Someone";
  return person.display_name || [person.first_name, person.last_name].filter(Boolean).join(" ") || person.email;
};

/** The source's records the import could not take (a CSV file's rows), with why. */
function RejectedRows({ rows, noun }: { rows: ImporterResponse["rejected"]; noun: "row" | "record" }) {
  if (rows.length === 0) return null;
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-amber-800 dark:text-amber-300">
        {rows.length === 1 ? `1 ${noun} was not imported` : `${formatCount(rows.length)} ${noun}s were not imported`}
      </summary>
      <ul className="mt-1 space-y-0.5 pl-4 text-neutral-600">
        {rows.slice(0, 50).map((row) => (
          <li key={row.key}>
            <span className="font-medium text-neutral-800">{row.key}</span>: {row.message}
          </li>
        ))}
        {rows.length > 50 ? <li>and {formatCount(rows.length - 50)} more</li> : null}
      </ul>
    </details>
  );
}

/** A failed import starts again from where it stopped (nothing already imported is read twice). */
function ResumeButton({ slug, row }: { slug: string; row: ImporterResponse }) {
  const run = useApiCall();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass("secondary", "sm")}
      disabled={busy}
      aria-label={`Resume the ${SERVICE_TITLES[row.service]} import of ${row.source_label}`}
      onClick={async () => {
        setBusy(true);
        const resumed = await run(() => callApi(api.resumeImport(slug, row.service, row.id), { method: "POST" }), { message: IMPORT_MESSAGES.deleteFailed });
        setBusy(false);
        if (resumed) revalidator.revalidate();
      }}
    >
      {busy ? "Resuming..." : "Resume"}
    </button>
  );
}

function ImportRow({ slug, row, onDelete }: { slug: string; row: ImporterResponse; onDelete(row: ImporterResponse): void }) {
  const title = SERVICE_TITLES[row.service];
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="import-row" aria-label={`${title} import of ${row.source_label}`}>
      <span className="mt-0.5 shrink-0">
        <ServiceLogo service={row.service} size={24} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate text-sm font-medium text-neutral-900">
            {title} <span className="font-normal text-neutral-500">·</span> {row.source_label}
          </p>
          <ImportStatusBadge status={row.status} />
        </div>
        <p className="mt-0.5 text-xs text-neutral-600">
          Into <span className="font-medium text-neutral-800">{row.project_detail.name}</span> by {initiatorName(row)} on {formatDate(row.created_at)}
        </p>
        <p className="mt-1 text-xs text-neutral-700" data-testid="import-progress">
          {progressText(row)}
          {row.imported_comments > 0 ? `, ${formatCount(row.imported_comments)} comments` : ""}
        </p>
        {row.status === "processing" && row.waiting_until ? (
          <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">Waiting out the source's rate limit; it goes on by itself.</p>
        ) : null}
        {row.status === "failed" && row.error ? <p className="mt-1 text-xs text-red-700 dark:text-red-400">{row.error}</p> : null}
        <RejectedRows rows={row.rejected} noun={row.service === "csv" ? "row" : "record"} />
      </div>
      {row.status === "failed" ? <ResumeButton slug={slug} row={row} /> : null}
      <button
        type="button"
        className={buttonClass("ghost", "sm", "px-2 text-neutral-500 hover:text-red-600")}
        aria-label={`Delete the ${title} import of ${row.source_label}`}
        onClick={() => onDelete(row)}
      >
        <IconTrash size={15} />
      </button>
    </li>
  );
}

/** 'Delete Project' asks for the phrase typed exactly before the delete button wakes up. */
function DeleteImportDialog({ target, onClose, onConfirm }: { target: ImporterResponse | null; onClose(): void; onConfirm(row: ImporterResponse): void }) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  useEffect(() => {
    if (target) setTyped("");
  }, [target]);
  return (
    <DialogShell open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())} alert width="max-w-md">
      <form
        className="p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (target && typed === DELETE_IMPORT_PHRASE) onConfirm(target);
        }}
      >
        <DialogAlertHeading title="Delete Project">
          Are you sure you want to delete the import of <span className="font-medium text-neutral-900">{target?.source_label}</span>? The
          record goes; the issues it brought in stay. This action cannot be undone.
        </DialogAlertHeading>
        <div className="mt-5">
          <label htmlFor={inputId} className="mb-1.5 block text-sm text-neutral-600">
            To confirm, type <span className="font-medium text-neutral-900">{DELETE_IMPORT_PHRASE}</span> below:
          </label>
          <input id={inputId} value={typed} onChange={(event) => setTyped(event.target.value)} className={inputClass} autoComplete="off" />
        </div>
        <DialogActions label="Delete" variant="danger" disabled={typed !== DELETE_IMPORT_PHRASE} className="mt-5 flex justify-end gap-2" />
      </form>
    </DialogShell>
  );
}

export function PreviousImports({ slug, importers }: { slug: string; importers: ImporterResponse[] }) {
  const run = useApiCall();
  const revalidator = useRevalidator();
  const [refreshing, setRefreshing] = useState(false);
  const [deleting, setDeleting] = useState<ImporterResponse | null>(null);
  // Rows deleted here leave at once; one the server refuses comes back.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const rows = importers.filter((row) => !removed.has(row.id));

  // "Refreshing..." lasts from the click until the read it started has answered.
  const sawLoading = useRef(false);
  useEffect(() => {
    if (revalidator.state !== "idle") sawLoading.current = true;
    else if (sawLoading.current) {
      sawLoading.current = false;
      setRefreshing(false);
    }
  }, [revalidator.state]);

  async function remove(row: ImporterResponse) {
    setDeleting(null);
    setRemoved((ids) => new Set(ids).add(row.id));
    // Refused, the row comes back (after the toast).
    const deleted = await run(() => callApi(api.importer(slug, row.service, row.id), { method: "DELETE" }), {
      message: IMPORT_MESSAGES.deleteFailed,
      onError: () =>
        setRemoved((ids) => {
          const next = new Set(ids);
          next.delete(row.id);
          return next;
        }),
    });
    if (deleted) revalidator.revalidate();
  }

  return (
    <SettingsSection label="Previous Imports">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-neutral-900">Previous Imports</h2>
        <button
          type="button"
          className={buttonClass("secondary", "sm")}
          disabled={refreshing}
          onClick={() => {
            setRefreshing(true);
            revalidator.revalidate();
          }}
        >
          <IconCycle size={14} className={refreshing ? "animate-spin" : ""} />
          {refreshing ? "Refreshing..." : "Refresh"}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600">{IMPORT_MESSAGES.noImports}</p>
      ) : (
        <ul className="mt-1 divide-y divide-neutral-100" aria-label="Previous imports">
          {rows.map((row) => (
            <ImportRow key={row.id} slug={slug} row={row} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      <DeleteImportDialog target={deleting} onClose={() => setDeleting(null)} onConfirm={(row) => void remove(row)} />
    </SettingsSection>
  );
}
