// Starting a CSV import: the mapping is checked against the file's header line, the file is kept
// in R2 for the job, and the people it names by email are mapped to members of the workspace.
import { parseInput } from "../lib/validation";
import { csvHeaders } from "./csv-cells";
import type { ActorContext } from "./context";
import { Invalid } from "./errors";
import { startImport } from "./importers";
import { CSV_FIELDS, CsvImportInput } from "./schemas/csv-importer";
import type { ImporterResponse } from "./schemas/importers";

/** Where an import's uploaded CSV is kept. */
export const csvObjectKey = (importerId: string) => `imports/${importerId}.csv`;

/** Checks the mapping against the file's header line, starts the import and keeps the file for its job. */
export async function startCsvImport(ctx: ActorContext, slug: string, input: unknown): Promise<ImporterResponse> {
  const data = parseInput(CsvImportInput, input);
  const headers = new Set(await csvHeaders(data.csv));
  for (const field of CSV_FIELDS) {
    const column = data.mapping[field];
    if (column && !headers.has(column)) throw Invalid.field(`mapping.${field}`, `The file has no column "${column}"`);
  }
  const started = await startImport(ctx, slug, {
    service: "csv",
    projectId: data.project_id,
    metadata: { file_name: data.file_name, size: data.csv.length },
    config: { mapping: data.mapping },
    // Assignees are named by email: each maps to the member with that email, if there is one.
    data: { users: [], map_by_email: true },
  });
  await ctx.env.FILES.put(csvObjectKey(started.id), data.csv, { httpMetadata: { contentType: "text/csv; charset=utf-8" } });
  return started;
}

