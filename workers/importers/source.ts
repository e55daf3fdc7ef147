// What every import source (GitHub, Jira, CSV) hands the import job: pages of records in one
// shape, read from a cursor the job stores after each page. The writer turns a page into rows;
// the runner decides what a failure means from the error kinds below.
import type { Priority, StateGroup } from "../../drizzle/schema";
import type { AppEnv, Config } from "../env";
import type { ImportCursor, ImporterRow } from "../domain/importer-row";

/** A person as the source names them (GitHub login, Jira accountId, an email in a CSV). */
export type SourceUserRef = string;

export interface SourceState {
  /** Stable id in the source (a Jira status id). */
  key: string;
  name: string;
  group: StateGroup;
  color?: string;
}

export interface SourceLabel {
  key: string;
  name: string;
  /** "#rrggbb"; a random colour when absent. */
  color?: string;
}

export interface SourceModule {
  key: string;
  name: string;
  description?: string;
  start_date?: string | null;
  target_date?: string | null;
}

export interface SourceIssue {
  /** Stable id in the source (GitHub issue id, Jira issue id, CSV row): a rerun finds it by this. */
  key: string;
  title: string;
  /** HTML; the writer sanitises it like every description we store. */
  description_html: string;
  /** A SourceState key from this import, or else the group whose first state the issue takes. */
  state: { key?: string; group: StateGroup };
  priority: Priority;
  /** SourceLabel keys, or label names for sources that name labels only (CSV). */
  labels: string[];
  assignees: SourceUserRef[];
  author?: SourceUserRef | null;
  created_at?: string | null;
  completed_at?: string | null;
  start_date?: string | null;
  target_date?: string | null;
  /** The parent's key; set when the page that names it may come before or after the parent's. */
  parent_key?: string | null;
  module_key?: string | null;
  /** The link back to the source, added to the issue's links. */
  url?: string | null;
  link_title?: string;
}

export interface SourceComment {
  key: string;
  issue_key: string;
  html: string;
  author?: SourceUserRef | null;
  created_at?: string | null;
}

/** Records of one page; any part may be absent. Parents may point at issues of earlier pages. */
export interface ImportPage {
  states?: SourceState[];
  labels?: SourceLabel[];
  modules?: SourceModule[];
  issues?: SourceIssue[];
  comments?: SourceComment[];
  parents?: { child_key: string; parent_key: string }[];
  /** Records of this page the source could not read, with the reason (reported, not imported). */
  rejected?: { key: string; message: string }[];
}

export type { ImportCursor };

export interface SourcePage {
  page: ImportPage;
  /** null when this was the last page. */
  next: ImportCursor | null;
  /** The number of issues the whole import will bring, when the source knows it. */
  total_issues?: number;
}

export interface ImportSource {
  /** Reads the page at `cursor` (null: the first page). */
  readPage(cursor: ImportCursor | null): Promise<SourcePage>;
}

export interface SourceContext {
  env: AppEnv;
  config: Config;
  importer: ImporterRow;
  /** The fetch a source's client calls: the run counts these calls against its subrequest budget. */
  fetch: typeof fetch;
}

// A source fails with the error kinds the domain declares (and catches when it asks GitHub or Jira).
export { SourceRateLimited, SourceRefused, SourceUnavailable } from "../domain/ports/source-errors";
