// Every REST address the browser calls, built in one place from the API's route table
// (workers/api/*.ts): a component names the route and its ids, never a hand-written `/api/...`
// string, so a route that moves changes here only. Each id is encoded as one path segment.
// Client-safe.

const segment = encodeURIComponent;

/** `/api/workspaces/{slug}` */
const workspace = (slug: string) => `/api/workspaces/${segment(slug)}`;

/** `/api/workspaces/{slug}/projects/{projectId}` */
const project = (slug: string, projectId: string) => `${workspace(slug)}/projects/${segment(projectId)}`;

/** `?a=1&b=2` for the given parameters, or nothing when there are none. */
const query = (params?: Record<string, string>) => {
  const text = new URLSearchParams(params).toString();
  return text ? `?${text}` : "";
};

/** The project lists the issue screens read: issues, cycles, modules, states, labels, members, estimates. */
const PROJECT_LISTS = {
  issues: "issues/",
  cycles: "cycles/",
  modules: "modules/",
  states: "states/",
  labels: "issue-labels/",
  members: "members/",
  estimates: "estimates/",
} as const;

export type ProjectList = keyof typeof PROJECT_LISTS;

/** The REST routes the browser calls, one function per route. */
export const api = {
  // Live sockets: the project's board and the workspace's hub
  projectBoard: (slug: string, projectId: string) => `${project(slug, projectId)}/board`,
  workspaceLive: (slug: string) => `${workspace(slug)}/live`,
  // Files
  workspaceFiles: (slug: string) => `${workspace(slug)}/file-assets/`,
  workspaceFile: (slug: string, assetId: string) => `${workspace(slug)}/file-assets/${segment(assetId)}/`,
  userFiles: () => "/api/users/file-assets/",
  // Project reads
  projectList: (slug: string, projectId: string, list: ProjectList, params?: Record<string, string>) =>
    `${project(slug, projectId)}/${PROJECT_LISTS[list]}${query(params)}`,
  bulkEditIssues: (slug: string, projectId: string) => `${project(slug, projectId)}/bulk-operation-issues/`,
  bulkDeleteIssues: (slug: string, projectId: string) => `${project(slug, projectId)}/bulk-delete-issues/`,
  projectMe: (slug: string, projectId: string) => `${project(slug, projectId)}/project-members/me/`,
  issueSubscribers: (slug: string, projectId: string, issueId: string) => `${project(slug, projectId)}/issues/${segment(issueId)}/subscribers/`,
  issueSubscription: (slug: string, projectId: string, issueId: string) => `${project(slug, projectId)}/issues/${segment(issueId)}/subscription/`,
  issueAttachments: (slug: string, projectId: string, issueId: string) => `${project(slug, projectId)}/issues/${segment(issueId)}/issue-attachments/`,
  search: (slug: string, params: Record<string, string>) => `${workspace(slug)}/search/${query(params)}`,
  aiAssistant: (slug: string, projectId: string) => `${project(slug, projectId)}/ai-assistant/`,
  // Imports and exports
  importerCredential: (slug: string) => `${workspace(slug)}/importers/github/credential/`,
  githubRepoInfo: (slug: string, params: Record<string, string>) => `${workspace(slug)}/importers/github/${query(params)}`,
  jiraProjectInfo: (slug: string) => `${workspace(slug)}/importers/jira/`,
  startImport: (slug: string, service: "github" | "jira" | "csv") => `${workspace(slug)}/projects/importers/${service}/`,
  importer: (slug: string, service: string, importerId: string) => `${workspace(slug)}/importers/${segment(service)}/${segment(importerId)}/`,
  resumeImport: (slug: string, service: string, importerId: string) => `${api.importer(slug, service, importerId)}resume/`,
  projectExports: (slug: string, projectId: string) => `${project(slug, projectId)}/exports/`,
  // Integrations
  connectionStates: (slug: string) => `${workspace(slug)}/connection-states/`,
  workspaceIntegrations: (slug: string) => `${workspace(slug)}/workspace-integrations/`,
  connectGithub: (slug: string) => `${workspace(slug)}/workspace-integrations/github/`,
  integrationProvider: (slug: string, integrationId: string) => `${workspace(slug)}/workspace-integrations/${segment(integrationId)}/provider/`,
  githubRepositories: (slug: string, integrationId: string, page: number) =>
    `${workspace(slug)}/workspace-integrations/${segment(integrationId)}/github-repositories/${query({ page: String(page) })}`,
  githubRepositorySyncs: (slug: string, projectId: string, integrationId: string) =>
    `${project(slug, projectId)}/workspace-integrations/${segment(integrationId)}/github-repository-sync/`,
  githubRepositorySync: (slug: string, projectId: string, integrationId: string, syncId: string) =>
    `${api.githubRepositorySyncs(slug, projectId, integrationId)}${segment(syncId)}/`,
  slackChannelSync: (slug: string, projectId: string, integrationId: string, syncId: string) =>
    `${project(slug, projectId)}/workspace-integrations/${segment(integrationId)}/project-slack-sync/${segment(syncId)}/`,
  slackRedirect: () => "/api/slack-redirect",
  // Webhooks
  webhooks: (slug: string) => `${workspace(slug)}/webhooks/`,
  webhook: (slug: string, webhookId: string) => `${workspace(slug)}/webhooks/${segment(webhookId)}/`,
  rotateWebhookSecret: (slug: string, webhookId: string) => `${api.webhook(slug, webhookId)}rotate-secret/`,
  webhookDeliveries: (slug: string, webhookId: string, cursor?: string) =>
    `${api.webhook(slug, webhookId)}deliveries/${query(cursor === undefined ? undefined : { cursor })}`,
  redeliverWebhook: (slug: string, webhookId: string, deliveryId: string) => `${api.webhook(slug, webhookId)}deliveries/${segment(deliveryId)}/redeliver/`,
  // Cover images
  unsplashSearch: (params: Record<string, string>) => `/api/unsplash${query(params)}`,
  unsplashDownload: () => "/api/unsplash/download",
};
