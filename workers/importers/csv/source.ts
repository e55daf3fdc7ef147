// The CSV source: the uploaded file (kept in R2 under the importer's id) read in pages of rows.
import { CsvMapping } from "../../domain/schemas/csv-importer";
import { type ImportSource, type SourceContext, SourceRefused } from "../source";
import { type ParsedCsv, parseCsv } from "../../domain/csv-cells";
import { csvObjectKey } from "../../domain/csv-importer";
import { issueFromRow, lineOf, rowKey, statesOf } from "./rows";

export const CSV_ROWS_PER_PAGE = 250;

export function createCsvSource({ env, importer }: SourceContext): ImportSource {
  const parsed = CsvMapping.safeParse((importer.config as { mapping?: unknown }).mapping ?? {});
  if (!parsed.success) throw new SourceRefused("The import has no column for the issue titles; start it again with one.");
  const mapping = parsed.data;
  // Parsed once per run; the run reads several pages of it.
  let file: ParsedCsv | null = null;
  const load = async () => {
    if (file) return file;
    const object = await env.FILES.get(csvObjectKey(importer.id));
    if (!object) throw new SourceRefused("The uploaded CSV file is gone; upload it again.");
    file = await parseCsv(await object.text());
    return file;
  };

  return {
    async readPage(cursor) {
      const { rows } = await load();
      const start = typeof cursor === "number" ? cursor : 0;
      // Parents are found by the id column first, then by title; both across the whole file.
      const byId = new Map<string, number>();
      const byTitle = new Map<string, number>();
      rows.forEach((row, index) => {
        if (mapping.id && row[mapping.id]?.trim()) byId.set(row[mapping.id].trim(), index);
        const title = mapping.title ? row[mapping.title]?.trim().toLowerCase() : "";
        if (title && !byTitle.has(title)) byTitle.set(title, index);
      });
      const parentKeyOf = (value: string) => {
        const index = byId.get(value.trim()) ?? byTitle.get(value.trim().toLowerCase());
        return index === undefined ? null : rowKey(index);
      };
      const end = Math.min(rows.length, start + CSV_ROWS_PER_PAGE);
      const issues = [];
      const rejected = [];
      for (let index = start; index < end; index++) {
        const result = issueFromRow(rows[index], index, mapping, parentKeyOf);
        if (result.issue) issues.push(result.issue);
        else rejected.push({ key: `Row ${lineOf(index)}`, message: result.error ?? "The row could not be read" });
      }
      return {
        page: { states: start === 0 ? statesOf(rows, mapping) : [], issues, rejected },
        next: end < rows.length ? end : null,
        total_issues: rows.length,
      };
    },
  };
}
