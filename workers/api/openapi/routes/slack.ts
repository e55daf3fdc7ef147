// The routes of workers/api/slack.ts, described for the OpenAPI document (see ../describe.ts).
import { SlackCodeInput } from "../../../domain/schemas/slack";
import type { RouteDocs } from "../describe";

export const slackDocs: RouteDocs = {
  "POST /api/workspaces/:slug/workspace-integrations/slack": { summary: "Finish installing Slack", access: "workspace:20", body: SlackCodeInput, status: 201, errors: [502] },
  "GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync": { summary: "List the project's Slack channels", access: "project:15" },
  "POST /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync": { summary: "Connect a Slack channel to the project", access: "project:20", body: SlackCodeInput, status: 201, errors: [502] },
  "DELETE /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/project-slack-sync/:syncId": { summary: "Disconnect a Slack channel", access: "project:20", status: 204 },
  "POST /api/slack-redirect": { summary: "Finish a Slack round trip", description: "Where Slack's pop-up lands: installs Slack or connects a channel, as the state says.", access: "signed-in", body: SlackCodeInput, status: 201, errors: [502] },
};
