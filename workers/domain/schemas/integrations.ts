// The integrations' inputs, answers and words (client-safe): the app integrations catalogue, a
// workspace's installations, the GitHub App's install callback and a project's repository sync.
import { z } from "zod";

export type IntegrationProvider = "github" | "slack";
export const INTEGRATION_PROVIDERS = ["github", "slack"] as const satisfies readonly IntegrationProvider[];

/** The pop-up an installation or an authorisation opens, and how often the page looks whether it closed. */
export const INSTALL_POPUP = { width: 600, height: 600, checkEveryMs: 1000 } as const;

export const INTEGRATION_DELETED_TITLE = "Deleted successfully!";
export const integrationDeletedMessage = (title: string) => `${title} integration deleted successfully.`;
export const integrationNotDeletedMessage = (title: string) => `${title} integration could not be deleted. Please try again.`;
export const REPOSITORY_SYNC_FAILED = "Repository could not be synced with the project. Please try again.";

export const INSTALLATION_ID_REQUIRED = "Expected the installation's id";
/** What GitHub's setup URL hands back after the app was installed (a number, sent as text or number). */
export const GithubInstallInput = z.object({
  installation_id: z.coerce
    .number({ error: INSTALLATION_ID_REQUIRED })
    .int(INSTALLATION_ID_REQUIRED)
    .positive(INSTALLATION_ID_REQUIRED)
    .max(Number.MAX_SAFE_INTEGER, INSTALLATION_ID_REQUIRED),
});

const REPO_PART = /^[A-Za-z0-9_.-]{1,100}$/;
const CHOOSE_REPOSITORY = "Choose a repository";
/** The repository a project's issues are kept in sync with, as the picker names it. */
export const GithubRepositorySyncInput = z.object({
  name: z.string({ error: CHOOSE_REPOSITORY }).regex(REPO_PART, CHOOSE_REPOSITORY),
  owner: z.string({ error: CHOOSE_REPOSITORY }).regex(REPO_PART, CHOOSE_REPOSITORY),
  repository_id: z.number({ error: CHOOSE_REPOSITORY }).int(CHOOSE_REPOSITORY).positive(CHOOSE_REPOSITORY),
  url: z.url({ error: CHOOSE_REPOSITORY }).max(500, CHOOSE_REPOSITORY),
});
export type GithubRepositorySyncPayload = z.input<typeof GithubRepositorySyncInput>;

/** An integration the product offers. */
export interface AppIntegration {
  id: string;
  provider: IntegrationProvider;
  title: string;
  description: string;
  author: string;
  avatar_url: string;
}

/** A workspace's installation of an integration, without any secret. */
export interface WorkspaceIntegrationResponse {
  id: string;
  integration: string;
  integration_detail: AppIntegration;
  /** What the installation is (GitHub: installation_id, account_login; Slack: team_name); no tokens. */
  metadata: Record<string, string | number | boolean | null>;
  /** The integration's bot user, who writes on its behalf. */
  actor: string | null;
  created_at: string;
}

/** A project's repository sync. */
export interface GithubRepositorySyncResponse {
  id: string;
  project: string;
  workspace_integration: string;
  repo_detail: { repository_id: number; owner: string; name: string; url: string };
  actor: string | null;
  created_at: string;
}

/** One card of the workspace integrations page. */
export interface IntegrationCard {
  integration: AppIntegration;
  /** The workspace's installation, when there is one. */
  installation: WorkspaceIntegrationResponse | null;
  /** Whether this server has the provider's app set up (ids and keys in its config). */
  configured: boolean;
  /** Where "Add installation" sends the pop-up; null when the provider is not set up here. */
  install_url: string | null;
}

export interface IntegrationsPageData {
  authorized: boolean;
  /** Whether the caller may add and remove installations (workspace owners). */
  can_manage: boolean;
  cards: IntegrationCard[];
}
