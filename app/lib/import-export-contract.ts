// What the import-export page's loader gives the browser: the workspace's imports and exports, the
// projects an import may target and the members a source's people may map to; and which wizard a URL opens.
// Client-safe.
import type { ProjectExportResponse } from "../../workers/domain/schemas/csv-importer";
import type { ImporterResponse } from "../../workers/domain/schemas/importers";

/** A project an import can write into (the person is a member who may write). */
export interface ImportTargetProject {
  id: string;
  name: string;
  identifier: string;
}

/** A workspace member a source's person can be mapped to. */
export interface ImportMember {
  id: string;
  email: string;
  display_name: string;
}

export type ImportExportData =
  | { authorized: false }
  | {
      authorized: true;
      importers: ImporterResponse[];
      exports: ProjectExportResponse[];
      projects: ImportTargetProject[];
      members: ImportMember[];
      /** Whether the person may save or forget the workspace's source credentials (owners only). */
      can_manage_credentials: boolean;
    };

/** The providers the page offers, and the query value that opens each one's wizard. */
export const IMPORT_PROVIDERS = ["github", "jira", "csv"] as const;
export type ImportProvider = (typeof IMPORT_PROVIDERS)[number];

export function providerOf(search: string): ImportProvider | null {
  const value = new URLSearchParams(search).get("provider");
  return (IMPORT_PROVIDERS as readonly string[]).includes(value ?? "") ? (value as ImportProvider) : null;
}
