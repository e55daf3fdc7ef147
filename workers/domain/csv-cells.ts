// Cells of the CSV files we write and read. A spreadsheet runs a cell that starts like a formula,
// so an exported title such as `=HYPERLINK(...)` would run on the reader's machine; such a cell is
// written with a single quote in front (OWASP's advice for CSV injection), which spreadsheets show
// as text, and the quote is taken off again when one of our exports is imported. Files are read
// with papaparse, loaded on first use.

/**
 * A cell a spreadsheet would evaluate: it starts with `=`, `+`, `-` or `@` (after any leading
 * whitespace, which spreadsheets skip), or with a tab or carriage return.
 */
const FORMULA_START = /^(?:\s*[=+\-@]|[\t\r])/;

/**
 * Whether a value gets a quote in front: it is formula-like, or it is a quote followed by
 * something that does (a title that really starts `'=`), so taking one quote off on import always
 * gives the value back.
 */
function needsQuote(text: string): boolean {
  let rest = text;
  while (rest.startsWith("'")) rest = rest.slice(1);
  return FORMULA_START.test(rest);
}

/** A value as a CSV cell a spreadsheet shows as text: a formula-like value gets a leading quote. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return needsQuote(text) ? `'${text}` : text;
}

/** The value `csvCell` wrote: the quote in front of a formula-like value is taken off. */
export function csvCellValue(cell: string): string {
  return cell.startsWith("'") && needsQuote(cell.slice(1)) ? cell.slice(1) : cell;
}

export interface ParsedCsv {
  headers: string[];
  rows: Record<string, string>[];
}

/** Parses a whole CSV with its first line as headers; blank lines are skipped. */
export async function parseCsv(text: string): Promise<ParsedCsv> {
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
    // Our own exports quote formula-like cells; the issue gets the value back.
    transform: csvCellValue,
  });
  return { headers: parsed.meta.fields ?? [], rows: parsed.data };
}

/** Only the header line (to check a mapping when the upload arrives). */
export async function csvHeaders(text: string): Promise<string[]> {
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<string[]>(text, { preview: 1 });
  return (parsed.data[0] ?? []).map((header) => header.trim());
}
