// Exports: a project's issues as CSV or JSON. Each format's button asks which project, then starts
// the export job; the list below shows the exports with their status and, once the file is
// written, a Download link (the page reads them again every 2 seconds while one runs).
import { Dialog } from "@ark-ui/react/dialog";
import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { formatDate } from "../../../workers/domain/schemas/dates";
import type { ExportFormatName, ProjectExportResponse } from "../../../workers/domain/schemas/csv-importer";
import { IMPORT_MESSAGES } from "../../../workers/domain/schemas/importer-texts";
import { DialogActions, DialogShell } from "../dialog";
import { SettingsSection } from "../settings/section";
import { useToast } from "../toast";
import { buttonClass, inputClass, labelClass, truncate } from "../ui";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { formatCount } from "~/lib/import-api";
import type { ImportTargetProject } from "~/lib/import-export-contract";
import { FileLogo } from "./logos";
import { ImportStatusBadge } from "./previous-imports";

const FORMATS: { format: ExportFormatName; title: string; description: string }[] = [
  { format: "csv", title: "CSV", description: "One row per issue, ready for a spreadsheet or the CSV importer." },
  { format: "json", title: "JSON", description: "Every field of every issue, with comments, for scripts and backups." },
];

function ExportDialog({
  slug,
  format,
  projects,
  onClose,
  onStarted,
}: {
  slug: string;
  format: ExportFormatName | null;
  projects: ImportTargetProject[];
  onClose(): void;
  onStarted(): void;
}) {
  const toast = useToast();
  const run = useApiCall();
  const [projectId, setProjectId] = useState("");
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  const title = FORMATS.find((entry) => entry.format === format)?.title ?? "";
  useEffect(() => {
    if (format) setProjectId(projects[0]?.id ?? "");
  }, [format, projects]);
  return (
    <DialogShell open={format !== null} onOpenChange={(open) => (open ? undefined : onClose())} width="max-w-md">
      <form
        className="p-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!format || !projectId) return;
          setBusy(true);
          const started = await run(() => callApi(api.projectExports(slug, projectId), { method: "POST", body: { format } }), {
            message: IMPORT_MESSAGES.deleteFailed,
          });
          setBusy(false);
          if (!started) return;
          toast.show({ type: "success", title: "Export started", message: `The ${title} file will be ready to download in a moment.` });
          onStarted();
          onClose();
        }}
      >
        <Dialog.Title className="text-base font-semibold text-neutral-900">Export as {title}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-neutral-600">Choose the project whose issues go into the file.</Dialog.Description>
        <div className="mt-4">
          <label htmlFor={selectId} className={labelClass}>
            Project
          </label>
          {projects.length === 0 ? (
            <p className="text-sm text-neutral-600">{IMPORT_MESSAGES.noProjects}</p>
          ) : (
            <select id={selectId} value={projectId} onChange={(event) => setProjectId(event.target.value)} className={inputClass}>
              {projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {truncate(project.name, 25)}
                </option>
              ))}
            </select>
          )}
        </div>
        <DialogActions label="Export" busyLabel="Exporting..." busy={busy} disabled={!projectId} className="mt-5 flex justify-end gap-2" />
      </form>
    </DialogShell>
  );
}

const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function Exports({ slug, projects, exports }: { slug: string; projects: ImportTargetProject[]; exports: ProjectExportResponse[] }) {
  const [format, setFormat] = useState<ExportFormatName | null>(null);
  const revalidator = useRevalidator();
  return (
    <SettingsSection label="Export">
      <h2 className="text-sm font-semibold text-neutral-900">Export</h2>
      <ul className="mt-1 divide-y divide-neutral-100">
        {FORMATS.map((entry) => (
          <li key={entry.format} className="flex items-center gap-3 py-3">
            <FileLogo label={entry.title} tone={entry.format === "csv" ? "emerald" : "amber"} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-neutral-900">{entry.title}</p>
              <p className="text-xs text-neutral-600">{entry.description}</p>
            </div>
            <button type="button" className={buttonClass("secondary", "sm")} onClick={() => setFormat(entry.format)} aria-label={`Export as ${entry.title}`}>
              Export
            </button>
          </li>
        ))}
      </ul>
      {exports.length > 0 ? (
        <>
          <h3 className="mt-4 text-xs font-semibold tracking-wide text-neutral-600 uppercase">Exported files</h3>
          <ul className="mt-1 divide-y divide-neutral-100" aria-label="Exported files">
            {exports.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm" data-testid="export-row">
                <span className="min-w-0 flex-1 truncate text-neutral-900">
                  {row.project_detail.name} <span className="text-neutral-500">· {row.format.toUpperCase()}</span>
                </span>
                <span className="text-xs text-neutral-600">
                  {formatDate(row.created_at)}
                  {row.status === "completed" ? ` · ${formatCount(row.issue_count)} issues · ${sizeText(row.size)}` : ""}
                </span>
                <ImportStatusBadge status={row.status} />
                {row.status === "completed" && row.download_url ? (
                  <a href={row.download_url} className="text-xs font-medium text-brand-700 hover:underline dark:text-brand-400" download>
                    Download<span className="sr-only"> the {row.format.toUpperCase()} export of {row.project_detail.name}</span>
                  </a>
                ) : null}
                {row.status === "failed" && row.error ? <span className="w-full text-xs text-red-700 dark:text-red-400">{row.error}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <ExportDialog slug={slug} format={format} projects={projects} onClose={() => setFormat(null)} onStarted={() => revalidator.revalidate()} />
    </SettingsSection>
  );
}
