// What the domain asks of Jira Cloud when a person sets up an import: whether the host and project
// key they typed can be used, and what the project holds. The client under workers/importers/jira
// implements it and fails with the source error kinds (ports/source-errors.ts).
import type { JiraUser } from "../schemas/jira-importer";

/** A Jira site and the account that reads it. */
export interface JiraSite {
  /** The normalised host name (see `JiraPort.hostOf`). */
  host: string;
  email: string;
  apiToken: string;
}

/** What the import wizard reads of one Jira site. */
export interface JiraSiteReader {
  /** Resolves when the project exists and the account can see it; SourceRefused otherwise. */
  checkProject(key: string): Promise<void>;
  /** About how many issues the project has. */
  issueCount(key: string): Promise<number>;
  /** Every label name of the site (Jira's labels are not per project). */
  labels(): Promise<string[]>;
  /** The project's statuses, each once. */
  statuses(key: string): Promise<{ id: string; name: string }[]>;
  /** How many epics the project has (0 when the site knows no issue type named Epic). */
  epicCount(key: string): Promise<number>;
  /** The people (and apps) who can be assigned the project's issues. */
  assignableUsers(key: string): Promise<(JiraUser & { accountType?: string; active?: boolean })[]>;
}

export interface JiraPort {
  /** The host name a person typed, normalised, or null when it is not a host of the configured service. */
  hostOf(typed: string): string | null;
  /** A host name to show as an example. */
  hostExample(): string;
  /** The project key in Jira's form (upper case), or null when it cannot be one. */
  projectKeyOf(typed: string): string | null;
  /** Reads the site with the account's credentials. */
  site(site: JiraSite): JiraSiteReader;
}
