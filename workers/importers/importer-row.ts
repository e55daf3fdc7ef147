// The importer row as the job reads it, and the progress it keeps there between pages.
import type { importers } from "../../drizzle/schema";
import type { ImportCursor } from "./source";

export type ImporterRow = typeof importers.$inferSelect;

/** A source record the import could not take (a CSV row with a bad date), with the reason. */
export interface RejectedRecord {
  key: string;
  message: string;
}

export interface ImportProgress {
  /** The next page to read; null before the first. */
  cursor: ImportCursor | null;
  /** True once the last page has been written. */
  done: boolean;
  imported_issues: number;
  total_issues: number | null;
  imported_comments: number;
  /** Failed attempts in a row at the current page; reset when a page lands. */
  attempts: number;
  rejected: RejectedRecord[];
  /** Set while the import waits out the source's rate limit: when it reads again. */
  waiting_until?: string | null;
}

export const INITIAL_PROGRESS: ImportProgress = {
  cursor: null,
  done: false,
  imported_issues: 0,
  total_issues: null,
  imported_comments: 0,
  attempts: 0,
  rejected: [],
};

/** The row's progress with defaults for anything it lacks. */
export function progressOf(row: Pick<ImporterRow, "progress">): ImportProgress {
  return { ...INITIAL_PROGRESS, ...((row.progress ?? {}) as Partial<ImportProgress>) };
}
