// The CSV importer and the project export (client-safe): which columns a CSV may map to issue
// fields, the upload payload, and the export records.
import { z } from "zod";
import type { ImportStatus } from "./importers";
import { importProjectId } from "./importers";

/**
 * The issue fields a CSV column can fill. Labels are split on commas; assignee is a member's email;
 * parent names another row of the file by its title or by its value in the id column.
 */
export const CSV_FIELDS = ["title", "description", "state", "priority", "labels", "assignee", "start_date", "due_date", "parent", "id"] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

export const CSV_FIELD_LABELS: Record<CsvField, string> = {
  title: "Title",
  description: "Description",
  state: "State",
  priority: "Priority",
  labels: "Labels",
  assignee: "Assignee email",
  start_date: "Start date",
  due_date: "Due date",
  parent: "Parent (title or id)",
  id: "ID (what Parent refers to)",
};

/** The largest CSV accepted (characters). */
export const CSV_MAX_LENGTH = 5 * 1024 * 1024;
export const CSV_TITLE_COLUMN_REQUIRED = "Choose the column that holds the issue titles";

/** Each field maps to a column header of the file, or to nothing. Title is required. */
export const CsvMapping = z
  .object(Object.fromEntries(CSV_FIELDS.map((field) => [field, z.string().max(255).nullable().default(null)])) as Record<CsvField, z.ZodDefault<z.ZodNullable<z.ZodString>>>)
  .refine((mapping) => Boolean(mapping.title), { message: CSV_TITLE_COLUMN_REQUIRED, path: ["title"] });
export type CsvMappingInput = z.infer<typeof CsvMapping>;

export const CsvImportInput = z.object({
  project_id: importProjectId,
  file_name: z.string({ error: "Choose a CSV file" }).trim().min(1, "Choose a CSV file").max(255),
  csv: z.string({ error: "Choose a CSV file" }).min(1, "The file is empty").max(CSV_MAX_LENGTH, "The file is larger than 5 MB"),
  mapping: CsvMapping,
});
export type CsvImportPayload = z.input<typeof CsvImportInput>;

export const EXPORT_FORMATS = ["csv", "json"] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];

export const ExportInput = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "Choose CSV or JSON" }),
});

/** A project export as the import-export page lists it. */
export interface ProjectExportResponse {
  id: string;
  project_detail: { id: string; name: string; identifier: string };
  format: ExportFormatName;
  status: ImportStatus;
  issue_count: number;
  size: number;
  error: string | null;
  created_at: string;
  /** Where a member downloads the file once it is written. */
  download_url: string | null;
}

/** Column headers each field is recognised by (lower case), so a file's columns map themselves. */
export const CSV_HEADER_NAMES: Record<CsvField, string[]> = {
  title: ["title", "name", "summary", "subject"],
  description: ["description", "body", "details"],
  state: ["state", "status"],
  priority: ["priority"],
  labels: ["labels", "label", "tags"],
  assignee: ["assignee", "assignees", "assignee email", "assignee emails", "assigned to"],
  start_date: ["start date", "start_date", "start"],
  due_date: ["due date", "due_date", "target date", "target_date", "due"],
  parent: ["parent", "parent id", "parent title", "parent (title or id)"],
  id: ["id", "issue id", "key", "id (what parent refers to)"],
};

/** The mapping a file's headers suggest: each field takes the first header known for it. */
export function guessCsvMapping(headers: readonly string[]): CsvMappingInput {
  const byName = new Map(headers.map((header) => [header.trim().toLowerCase(), header]));
  return Object.fromEntries(
    CSV_FIELDS.map((field) => {
      const names = [...CSV_HEADER_NAMES[field], CSV_FIELD_LABELS[field].toLowerCase(), field];
      const match = names.map((name) => byName.get(name)).find((header) => header !== undefined);
      return [field, match ?? null];
    }),
  ) as CsvMappingInput;
}
