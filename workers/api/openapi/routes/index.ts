// Every route's description, one registry per router file of workers/api: a new route is described in
// the registry named after the file that serves it. The OpenAPI test fails on a served route without
// an entry and on an entry no route serves.
import { authDocs } from "./auth";
import { usersDocs } from "./users";
import { workspacesDocs } from "./workspaces";
import { projectsDocs } from "./projects";
import { boardDocs } from "./board";
import { statesDocs } from "./states";
import { labelsDocs } from "./labels";
import { estimatesDocs } from "./estimates";
import { issuePropertiesDocs } from "./issue-properties";
import { issuesDocs } from "./issues";
import { cyclesDocs } from "./cycles";
import { modulesDocs } from "./modules";
import { issueLinksDocs } from "./issue-links";
import { issueAttachmentsDocs } from "./issue-attachments";
import { issueCommentsDocs } from "./issue-comments";
import { notificationsDocs } from "./notifications";
import { searchDocs } from "./search";
import { myWorkDocs } from "./my-work";
import { viewsDocs } from "./views";
import { pagesDocs } from "./pages";
import { aiAssistantDocs } from "./ai-assistant";
import { displayPreferencesDocs } from "./display-preferences";
import { githubImporterDocs } from "./github-importer";
import { importersDocs } from "./importers";
import { jiraImporterDocs } from "./jira-importer";
import { projectExportsDocs } from "./project-exports";
import { integrationsDocs } from "./integrations";
import { slackDocs } from "./slack";
import { githubWebhooksDocs } from "./github-webhooks";
import { webhooksDocs } from "./webhooks";
import { workspaceMailDocs } from "./workspace-mail";
import { fileAssetsDocs } from "./file-assets";
import { unsplashDocs } from "./unsplash";
import { apiDocsDocs } from "./api-docs";
import { mcpDocs } from "./mcp";
import type { RouteDocs } from "../describe";

/** Each resource's routes, by the name of the router file that serves them (the document's tags). */
export const ROUTE_DOCS: Record<string, RouteDocs> = {
  auth: authDocs,
  users: usersDocs,
  workspaces: workspacesDocs,
  projects: projectsDocs,
  board: boardDocs,
  states: statesDocs,
  labels: labelsDocs,
  estimates: estimatesDocs,
  "issue-properties": issuePropertiesDocs,
  issues: issuesDocs,
  cycles: cyclesDocs,
  modules: modulesDocs,
  "issue-links": issueLinksDocs,
  "issue-attachments": issueAttachmentsDocs,
  "issue-comments": issueCommentsDocs,
  notifications: notificationsDocs,
  search: searchDocs,
  "my-work": myWorkDocs,
  views: viewsDocs,
  pages: pagesDocs,
  "ai-assistant": aiAssistantDocs,
  "display-preferences": displayPreferencesDocs,
  "github-importer": githubImporterDocs,
  importers: importersDocs,
  "jira-importer": jiraImporterDocs,
  "project-exports": projectExportsDocs,
  integrations: integrationsDocs,
  slack: slackDocs,
  "github-webhooks": githubWebhooksDocs,
  webhooks: webhooksDocs,
  "workspace-mail": workspaceMailDocs,
  "file-assets": fileAssetsDocs,
  unsplash: unsplashDocs,
  "api-docs": apiDocsDocs,
  mcp: mcpDocs,
};
