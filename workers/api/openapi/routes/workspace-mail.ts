// The routes of workers/api/workspace-mail.ts, described for the OpenAPI document (see ../describe.ts).
import { MailLogQuery } from "../queries";
import type { RouteDocs } from "../describe";

export const workspaceMailDocs: RouteDocs = {
  "GET /api/workspaces/:slug/mail": { summary: "Get the workspace's mail status and log", access: "workspace:20", query: MailLogQuery },
  "POST /api/workspaces/:slug/mail/test": { summary: "Send a test mail", access: "workspace:20", status: 202, errors: [429] },
};
