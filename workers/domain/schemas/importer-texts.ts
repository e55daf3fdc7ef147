// The importers' words and the import status, without zod: the import-export landing page reads
// them and must not load the schema library for it (client-safe).

/** An import runs (processing) until its last page lands (completed) or it gives up (failed). */
export type ImportStatus = "processing" | "completed" | "failed";

/** The phrase a person types before an import record is deleted. */
export const DELETE_IMPORT_PHRASE = "delete import";

export const INVITED_EMAIL_REQUIRED = "This field is required";

/** The toasts and texts the import screens show, written once. */
export const IMPORT_MESSAGES = {
  noImports: "No previous imports available.",
  deleteFailed: "Something went wrong. Please try again.",
  githubImportFailed: "Import was unsuccessful. Please try again.",
  jiraInfoFailed: "Something went wrong. Please go back and check your Jira project details.",
  noIssuesInRepository: "We didn't find any issue in this repository.",
  noProjects: "No projects found!",
} as const;
