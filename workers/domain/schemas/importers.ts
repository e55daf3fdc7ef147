// Importers: the shapes the import-export page and the wizards share with the server (client-safe).
import { z } from "zod";
import { INVITED_EMAIL_REQUIRED, type ImportStatus } from "./importer-texts";
export { DELETE_IMPORT_PHRASE, IMPORT_MESSAGES, INVITED_EMAIL_REQUIRED, type ImportStatus } from "./importer-texts";

/** The services an import can come from. */
export const IMPORT_SERVICES = ["github", "jira", "csv"] as const;
export type ImportServiceName = (typeof IMPORT_SERVICES)[number];

/** An import as Previous Imports lists it (tokens and other secrets never leave the server). */
export interface ImporterResponse {
  id: string;
  service: ImportServiceName;
  status: ImportStatus;
  created_at: string;
  updated_at: string;
  project_id: string;
  project_detail: { id: string; name: string; identifier: string };
  initiated_by_detail: { id: string; first_name: string; last_name: string; email: string; display_name: string } | null;
  /** Where the import reads from: "owner/repo", a Jira project key, a CSV file name. */
  source_label: string;
  imported_issues: number;
  total_issues: number | null;
  imported_comments: number;
  /** Source records the import could not take, with the reason (a CSV row with a bad date). */
  rejected: { key: string; message: string }[];
  /** Why a failed import failed. */
  error: string | null;
  /** While the import waits out the source's rate limit: when it reads again. */
  waiting_until: string | null;
}

/** How a person of the source comes in: mapped to a member, invited by email, or left out. */
export const USER_IMPORT_MODES = ["map", "invite", false] as const;
export type UserImportMode = (typeof USER_IMPORT_MODES)[number];

/**
 * One person of the source and what becomes of them. `username` is their id in the source (a
 * GitHub login, a Jira accountId); the email is required unless they are not imported.
 */
export const ImportUser = z
  .object({
    username: z.string({ error: "Expected a user name" }).min(1).max(255),
    import: z.union([z.literal("map"), z.literal("invite"), z.literal(false)], { error: "Choose how to import this user" }),
    email: z.string({ error: INVITED_EMAIL_REQUIRED }).trim().max(320).default(""),
  })
  .superRefine((user, issue) => {
    if (user.import === false) return;
    if (user.email === "") issue.addIssue({ code: "custom", message: INVITED_EMAIL_REQUIRED, path: ["email"] });
    else if (!z.email().safeParse(user.email).success) issue.addIssue({ code: "custom", message: "Enter a valid email address", path: ["email"] });
  });
export type ImportUserInput = z.infer<typeof ImportUser>;

export const importUsers = z.array(ImportUser, { error: "Expected a list of users" }).max(5000, "Too many users");

export const SELECT_A_PROJECT = "Please select a project.";
export const importProjectId = z.string({ error: SELECT_A_PROJECT }).min(1, SELECT_A_PROJECT).max(64, SELECT_A_PROJECT);
