// The CSV import: choose a file and the project it goes into, then say which column holds each
// issue field (guessed from the headers) while a preview shows the first rows as they will come
// in. The file is read in the browser (papaparse, loaded with this step) and sent whole; the
// import job parses it again and reports the rows it could not take.
import { useNavigate } from "@remix-run/react";
import { useId, useState } from "react";
import {
  CSV_FIELDS,
  CSV_FIELD_LABELS,
  CSV_MAX_LENGTH,
  CSV_TITLE_COLUMN_REQUIRED,
  type CsvField,
  type CsvImportPayload,
  guessCsvMapping,
} from "../../../workers/domain/schemas/csv-importer";
import { IMPORT_MESSAGES } from "../../../workers/domain/schemas/importers";
import { IconGrid, IconPaperclip } from "../icons";
import { Spinner, inputClass, labelClass, truncate } from "../ui";
import { useApiCall } from "~/hooks/use-action";
import { callApi } from "~/lib/api-client";
import { api } from "~/lib/api-routes";
import { formatCount } from "~/lib/import-api";
import type { ImportTargetProject } from "~/lib/import-export-contract";
import { FileLogo } from "./logos";
import { ProjectPicker, WizardButtons, WizardFrame, type WizardStep, useLandingPath } from "./wizard-shell";

const STEPS: WizardStep[] = [
  { key: "choose-file", label: "Choose File", icon: <IconPaperclip size={16} /> },
  { key: "map-columns", label: "Map Columns", icon: <IconGrid size={16} /> },
];

/** How many rows the preview shows. */
const PREVIEW_ROWS = 5;

interface ParsedFile {
  name: string;
  text: string;
  headers: string[];
  rows: Record<string, string>[];
}

async function readCsv(file: File): Promise<ParsedFile> {
  const text = await file.text();
  if (text.length > CSV_MAX_LENGTH) throw new Error("The file is larger than 5 MB");
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy" });
  const headers = (parsed.meta.fields ?? []).filter((header) => header.trim() !== "");
  if (headers.length === 0) throw new Error("The file has no header row");
  return { name: file.name, text, headers, rows: parsed.data };
}

function FileStep({
  file,
  onFile,
  projects,
  projectId,
  onProject,
}: {
  file: ParsedFile | null;
  onFile(file: ParsedFile | null): void;
  projects: ImportTargetProject[];
  projectId: string;
  onProject(projectId: string): void;
}) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-sm font-semibold text-neutral-900">Choose a CSV file</h2>
        <p className="mt-0.5 text-sm text-neutral-600">The first row names the columns; each further row becomes an issue.</p>
      </div>
      <div>
        <label htmlFor={inputId} className={labelClass}>
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm text-neutral-700 file:mr-3 file:rounded-md file:border file:border-neutral-200 file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-neutral-800 hover:file:bg-neutral-50"
          aria-describedby={`${inputId}-status`}
          onChange={async (event) => {
            const chosen = event.target.files?.[0];
            setError(null);
            if (!chosen) return onFile(null);
            setReading(true);
            try {
              onFile(await readCsv(chosen));
            } catch (failure) {
              onFile(null);
              setError(failure instanceof Error ? failure.message : "The file could not be read");
            } finally {
              setReading(false);
            }
          }}
        />
        <p id={`${inputId}-status`} className={`mt-1.5 text-xs ${error ? "text-red-600 dark:text-red-400" : "text-neutral-600"}`} aria-live="polite">
          {reading ? "Reading the file..." : error ? error : file ? `${file.name}: ${formatCount(file.rows.length)} rows, ${formatCount(file.headers.length)} columns` : ""}
        </p>
      </div>
      <ProjectPicker projects={projects} value={projectId} onChange={onProject} />
    </div>
  );
}

function MappingStep({ file, mapping, onMapping }: { file: ParsedFile; mapping: Record<CsvField, string | null>; onMapping(mapping: Record<CsvField, string | null>): void }) {
  const shown = CSV_FIELDS.filter((field) => mapping[field]);
  const cellOf = (row: Record<string, string>, field: CsvField) => {
    const value = (row[mapping[field] ?? ""] ?? "").trim();
    return field === "labels" ? value.split(",").map((label) => label.trim()).filter(Boolean).join(", ") : value;
  };
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-sm font-semibold text-neutral-900">Map the columns</h2>
        <p className="mt-0.5 text-sm text-neutral-600">Choose the column that fills each field. Labels are split on commas; a parent is an issue's title or id.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {CSV_FIELDS.map((field) => {
          const id = `csv-map-${field}`;
          const missing = field === "title" && !mapping.title;
          return (
            <div key={field}>
              <label htmlFor={id} className={labelClass}>
                {CSV_FIELD_LABELS[field]}
              </label>
              <select
                id={id}
                className={inputClass}
                value={mapping[field] ?? ""}
                aria-invalid={missing ? true : undefined}
                aria-describedby={missing ? `${id}-error` : undefined}
                onChange={(event) => onMapping({ ...mapping, [field]: event.target.value || null })}
              >
                <option value="">Not imported</option>
                {file.headers.map((header) => (
                  <option key={header} value={header}>
                    {truncate(header, 40)}
                  </option>
                ))}
              </select>
              {missing ? (
                <p id={`${id}-error`} className="mt-1.5 text-xs text-red-600 dark:text-red-400">
                  {CSV_TITLE_COLUMN_REQUIRED}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-neutral-600 uppercase">
          Preview of the first {formatCount(Math.min(PREVIEW_ROWS, file.rows.length))} of {formatCount(file.rows.length)} rows
        </h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on narrow screens and must be reachable by keyboard. */}
        <section className="mt-2 overflow-x-auto rounded-md border border-neutral-200" tabIndex={0} aria-label="Import preview">
          <table className="min-w-full text-left text-xs">
            <thead className="bg-neutral-50 text-neutral-700">
              <tr>
                {shown.map((field) => (
                  <th key={field} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {CSV_FIELD_LABELS[field]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-100 text-neutral-800">
              {file.rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place in the file.
                <tr key={index}>
                  {shown.map((field) => (
                    <td key={field} className="max-w-64 truncate px-3 py-2" title={cellOf(row, field)}>
                      {truncate(cellOf(row, field), 60)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </div>
  );
}

export default function CsvWizard({ slug, projects }: { slug: string; projects: ImportTargetProject[]; members?: unknown }) {
  const run = useApiCall();
  const navigate = useNavigate();
  const landing = useLandingPath();
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<ParsedFile | null>(null);
  const [projectId, setProjectId] = useState("");
  const [mapping, setMapping] = useState<Record<CsvField, string | null> | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!file || !mapping) return;
    setBusy(true);
    const payload: CsvImportPayload = { project_id: projectId, file_name: file.name, csv: file.text, mapping };
    const started = await run(() => callApi(api.startImport(slug, "csv"), { method: "POST", body: payload }), { message: IMPORT_MESSAGES.githubImportFailed });
    // Leaving the wizard's query reads the page again: the new import is listed, running.
    if (started) navigate(landing);
    else setBusy(false);
  }

  return (
    <WizardFrame
      title="Import from a CSV file"
      logo={<FileLogo label="CSV" size={28} />}
      steps={STEPS}
      current={step}
      footer={
        step === 0 ? (
          <WizardButtons
            nextDisabled={!file || !projectId || file.rows.length === 0}
            onNext={() => {
              if (file) setMapping((current) => current ?? guessCsvMapping(file.headers));
              setStep(1);
            }}
          />
        ) : (
          <WizardButtons
            onBack={() => setStep(0)}
            onNext={() => void confirm()}
            nextDisabled={!mapping?.title}
            nextLabel="Confirm & Import"
            busy={busy}
            busyLabel="Importing..."
          />
        )
      }
    >
      {step === 0 ? (
        <FileStep
          file={file}
          onFile={(parsed) => {
            setFile(parsed);
            setMapping(parsed ? guessCsvMapping(parsed.headers) : null);
          }}
          projects={projects}
          projectId={projectId}
          onProject={setProjectId}
        />
      ) : file && mapping ? (
        <MappingStep file={file} mapping={mapping} onMapping={setMapping} />
      ) : (
        <p className="flex items-center gap-2 text-sm text-neutral-600">
          <Spinner /> Reading the file...
        </p>
      )}
    </WizardFrame>
  );
}
