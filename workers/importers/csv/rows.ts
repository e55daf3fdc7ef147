// Reading a CSV upload: the file is parsed once per run (papaparse, loaded on first use) and each
// row becomes a source issue through the person's column mapping. A row that cannot be read (no
// title, a date that is not one, an unknown priority) is reported by its line number and skipped.
import type { Priority, StateGroup } from "../../../drizzle/schema";
import { PRIORITIES } from "../../domain/schemas/constants";
import type { CsvMappingInput } from "../../domain/schemas/csv-importer";
import type { SourceIssue, SourceState } from "../source";

/** A state name's group, guessed from the words teams use; unknown names wait in the backlog. */
export function groupOfStateName(name: string): StateGroup {
  const value = name.trim().toLowerCase();
  if (/(cancel|won'?t|wont|duplicate|invalid|rejected|declined)/.test(value)) return "cancelled";
  if (/(done|complete|closed|resolved|fixed|shipped|released)/.test(value)) return "completed";
  if (/(progress|doing|review|started|active|testing|qa|blocked)/.test(value)) return "started";
  if (/(todo|to do|open|new|unstarted|selected|ready|planned)/.test(value)) return "unstarted";
  return "backlog";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text to paragraphs (a line break inside a paragraph stays one). */
export function textToHtml(text: string): string {
  const paragraphs = text.trim().split(/\r?\n\s*\r?\n/);
  return paragraphs
    .filter((part) => part.trim())
    .map((part) => `<p>${escapeHtml(part.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/** YYYY-MM-DD from what people write in a date column; null when empty; undefined when not a date. */
export function csvDate(value: string): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const time = Date.parse(`${text}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text ? text : undefined;
  }
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

export const stateKeyOf = (name: string) => `state:${name.trim().toLowerCase()}`;

export interface RowResult {
  issue?: SourceIssue;
  error?: string;
}

/** The line of the file a data row is on (the header is line 1). */
export const lineOf = (index: number) => index + 2;
export const rowKey = (index: number) => `row:${lineOf(index)}`;

/**
 * Turns row `index` into a source issue. `parentKeyOf` finds the row a parent value names (by the
 * id column or by title).
 */
export function issueFromRow(
  row: Record<string, string>,
  index: number,
  mapping: CsvMappingInput,
  parentKeyOf: (value: string) => string | null,
): RowResult {
  const cell = (field: keyof CsvMappingInput) => {
    const column = mapping[field];
    return column ? (row[column] ?? "").trim() : "";
  };
  const title = cell("title");
  if (!title) return { error: "The title is empty" };
  const priorityText = cell("priority").toLowerCase();
  const priority = (priorityText || "none") as Priority;
  if (!PRIORITIES.includes(priority)) return { error: `Unknown priority "${cell("priority")}" (use urgent, high, medium, low or none)` };
  const start = csvDate(cell("start_date"));
  if (start === undefined) return { error: `"${cell("start_date")}" is not a date` };
  const due = csvDate(cell("due_date"));
  if (due === undefined) return { error: `"${cell("due_date")}" is not a date` };
  const stateName = cell("state");
  const split = (text: string) =>
    text
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean);
  const parentValue = cell("parent");
  return {
    issue: {
      key: rowKey(index),
      title,
      description_html: textToHtml(cell("description")),
      state: stateName ? { key: stateKeyOf(stateName), group: groupOfStateName(stateName) } : { group: "backlog" },
      priority,
      labels: split(cell("labels")),
      assignees: split(cell("assignee")).map((email) => email.toLowerCase()),
      start_date: start,
      target_date: due,
      parent_key: parentValue ? parentKeyOf(parentValue) : null,
    },
  };
}

/** The distinct states a file names, as source states. */
export function statesOf(rows: Record<string, string>[], mapping: CsvMappingInput): SourceState[] {
  const column = mapping.state;
  if (!column) return [];
  const byKey = new Map<string, SourceState>();
  for (const row of rows) {
    const name = (row[column] ?? "").trim();
    if (name && !byKey.has(stateKeyOf(name))) byKey.set(stateKeyOf(name), { key: stateKeyOf(name), name: name.slice(0, 255), group: groupOfStateName(name) });
  }
  return [...byKey.values()];
}
