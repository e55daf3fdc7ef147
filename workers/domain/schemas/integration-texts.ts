// The integrations' answers, constants and words (client-safe, zod-free, so the pages that show
// them load no zod): the app integrations catalogue, a workspace's installations, a project's
// repository sync, the pop-up's size and the toasts' texts.

export type IntegrationProvider = "github" | "slack";
export const INTEGRATION_PROVIDERS = ["github", "slack"] as const satisfies readonly IntegrationProvider[];

/** The pop-up an installation or an authorisation opens, and how often the page looks whether it closed. */
export const INSTALL_POPUP = { width: 600, height: 600, checkEveryMs: 1000 } as const;

export const INTEGRATION_DELETED_TITLE = "Deleted successfully!";
export const integrationDeletedMessage = (title: string) => `${title} integration deleted successfully.`;
export const integrationNotDeletedMessage = (title: string) => `${title} integration could not be deleted. Please try again.`;
export const REPOSITORY_SYNC_FAILED = "Repository could not be synced with the project. Please try again.";

/** An integration the product offers. */
export interface AppIntegration {
  id: string;
  provider: IntegrationProvider;
  title: string;
  description: string;
  author: string;
  avatar_url: string;
}

/** Metadata as stored, less any secret: JSON values. */
export type IntegrationMetadataValue = string | number | boolean | null | IntegrationMetadataValue[] | { [key: string]: IntegrationMetadataValue };

/** A workspace's installation of an integration, without any secret. */
export interface WorkspaceIntegrationResponse {
  id: string;
  integration: string;
  integration_detail: AppIntegration;
  /** What the installation is (GitHub: installation_id, account_login; Slack: team_name); no tokens. */
  metadata: Record<string, IntegrationMetadataValue>;
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
  /** Whether this server has the provider's app set up (ids and keys in its config): "Add installation" can start. */
  configured: boolean;
}

export interface IntegrationsPageData {
  authorized: boolean;
  /** Whether the caller may add and remove installations (workspace owners). */
  can_manage: boolean;
  cards: IntegrationCard[];
}
