// The GitHub importer's inputs and answers (client-safe): the credential, the wizard's reads and
// the import payload.
import { z } from "zod";
import { importProjectId, importUsers } from "./importers";

export const GITHUB_TOKEN_REQUIRED = "Please enter your personal access token.";
/** What a member sees where an owner would connect GitHub. */
export const GITHUB_OWNER_CONNECTS = "A workspace owner connects GitHub for the workspace. Ask one to connect it, then import from here.";
export const GITHUB_TOKEN_MALFORMED = "This is not a GitHub token: it has spaces or characters a token never has. Copy it again from GitHub.";

/** A personal access token saved on the workspace (until the GitHub App is installed instead). */
export const GithubTokenInput = z.object({
  token: z
    .string({ error: GITHUB_TOKEN_REQUIRED })
    .trim()
    .min(1, GITHUB_TOKEN_REQUIRED)
    .max(500, "The token is too long")
    // It travels in a request header: printable ASCII, no spaces (GitHub's tokens are letters, digits and _).
    .regex(/^[\x21-\x7e]+$/, GITHUB_TOKEN_MALFORMED),
});

export const GithubImportInput = z.object({
  metadata: z.object({
    owner: z.string({ error: "Choose a repository" }).min(1, "Choose a repository").max(100),
    name: z.string({ error: "Choose a repository" }).min(1, "Choose a repository").max(100),
    repository_id: z.number({ error: "Choose a repository" }).int(),
    url: z.url({ error: "Choose a repository" }).max(500),
  }),
  data: z.object({ users: importUsers }),
  config: z.object({ sync: z.boolean().default(false) }).default({ sync: false }),
  project_id: importProjectId,
});
export type GithubImportPayload = z.input<typeof GithubImportInput>;

/** The workspace's GitHub connection as the wizard's first step shows it (never the token). */
export interface GithubConnection {
  /** The workspace integration's id (the repository listing is under it). */
  integration_id: string;
  /** The account the token belongs to, or the one the GitHub App is installed on. */
  login: string;
  /** How the importer reads: as the workspace's GitHub App installation, or with the saved token. */
  via: "app" | "token";
}

export interface GithubRepository {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string };
  html_url: string;
}

export interface GithubRepositoriesResponse {
  repositories: GithubRepository[];
  total_count: number;
}

export interface GithubCollaborator {
  id: number;
  login: string;
  avatar_url: string;
}

export interface GithubRepoInfo {
  issue_count: number;
  labels: number;
  collaborators: GithubCollaborator[];
}
