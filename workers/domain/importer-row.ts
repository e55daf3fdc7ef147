// The importer row as the job reads it, and the progress it keeps there between pages.
import { sql } from "drizzle-orm";
import { type Json, importers } from "../../drizzle/schema";
import type { SecretBox } from "../lib/secret-box";

export type ImporterRow = typeof importers.$inferSelect;

/** Where a source stopped: any JSON it can resume from. */
export type ImportCursor = Json;

/**
 * The metadata keys that hold a credential (a GitHub token, a Jira API token): sealed in the row,
 * opened only by the run that reads the source, and removed when the import ends.
 */
export const IMPORT_SECRET_KEYS = ["access_token", "api_token"] as const;

/** The importer's metadata without its credentials: what an ended import keeps. */
export const metadataWithoutSecrets = () => sql`json_remove(${importers.metadata}, ${sql.raw(IMPORT_SECRET_KEYS.map((key) => `'$.${key}'`).join(", "))})`;

/** Whether an import still holds what it needs to read its source again (CSV needs nothing). */
export function canReadSourceAgain(row: Pick<ImporterRow, "service" | "metadata">): boolean {
  const meta = (row.metadata ?? {}) as Record<string, unknown>;
  if (row.service === "csv") return true;
  if (row.service === "github" && typeof meta.installation_id === "number") return true;
  return IMPORT_SECRET_KEYS.some((key) => typeof meta[key] === "string" && meta[key] !== "");
}

/** What a stored import credential is called when it cannot be opened. */
const IMPORT_CREDENTIAL = "This import's saved token";

/** The metadata as it is stored: each credential sealed. */
export async function sealImportSecrets(box: SecretBox, metadata: Record<string, Json>): Promise<Record<string, Json>> {
  const sealed = { ...metadata };
  for (const key of IMPORT_SECRET_KEYS) {
    const value = sealed[key];
    if (typeof value === "string" && value !== "") sealed[key] = await box.seal(value);
  }
  return sealed;
}

/** The importer with its credentials opened, for the run that reads its source (never stored so). */
export async function openImportSecrets(box: SecretBox, importer: ImporterRow): Promise<ImporterRow> {
  const metadata = { ...(importer.metadata ?? {}) };
  for (const key of IMPORT_SECRET_KEYS) {
    const value = metadata[key];
    if (typeof value === "string" && value !== "") metadata[key] = await box.open(value, IMPORT_CREDENTIAL);
  }
  return { ...importer, metadata };
}

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
