// The Jira importer's inputs and answers (client-safe): the form, its checks and the payload.
import { z } from "zod";
import { importProjectId, importUsers } from "./importers";

export const JIRA_MESSAGES = {
  apiToken: "Please enter your personal access token.",
  projectKey: "Please enter your project key.",
  email: "Please enter email address.",
  cloudHostname: "Please enter your cloud host name.",
} as const;

const required = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max, message);

/** Where the Jira project is and the credentials to read it (the form's first step). */
export const JiraCredentials = z.object({
  api_token: required(JIRA_MESSAGES.apiToken, 1000),
  project_key: required(JIRA_MESSAGES.projectKey, 50),
  email: required(JIRA_MESSAGES.email, 320),
  cloud_hostname: required(JIRA_MESSAGES.cloudHostname, 255),
});
export type JiraCredentialsInput = z.infer<typeof JiraCredentials>;

/**
 * Where the wizard POSTs the typed credentials (JSON body) for the Jira project's figures, under
 * the workspace's API: a token never goes in a URL, which logs and histories keep.
 */
export const JIRA_PROJECT_INFO_PATH = "importers/jira/";

const count = z.number().int().nonnegative().default(0);

export const JiraImportInput = z.object({
  metadata: JiraCredentials,
  config: z.object({ epics_to_modules: z.boolean().default(false) }).default({ epics_to_modules: false }),
  data: z.object({
    users: importUsers,
    invite_users: z.boolean().default(true),
    total_issues: count,
    total_labels: count,
    total_modules: count,
    total_states: count,
  }),
  project_id: importProjectId,
});
export type JiraImportPayload = z.input<typeof JiraImportInput>;

export interface JiraUser {
  accountId: string;
  displayName: string;
  emailAddress?: string;
}

/** What the Jira project holds, shown before importing. */
export interface JiraProjectInfo {
  issues: number;
  labels: number;
  states: number;
  modules: number;
  users: JiraUser[];
}
