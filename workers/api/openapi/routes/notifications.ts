// The routes of workers/api/notifications.ts, described for the OpenAPI document (see ../describe.ts).
import { MarkAllReadInput, UpdateNotificationInput } from "../../../domain/schemas/inbox";
import { NotificationListQuery } from "../queries";
import type { RouteDocs } from "../describe";

export const notificationsDocs: RouteDocs = {
  "GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribers": { summary: "List an issue's followers", access: "project:5" },
  "POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscription": { summary: "Follow an issue", access: "project:5" },
  "DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscription": { summary: "Stop following an issue", access: "project:5", status: 204 },
  "GET /api/workspaces/:slug/notifications": { summary: "List my notifications", access: "workspace:5", query: NotificationListQuery, shape: "list" },
  "GET /api/workspaces/:slug/notifications/unread-count": { summary: "Count my unread notifications", access: "workspace:5" },
  "POST /api/workspaces/:slug/notifications/mark-all-read": { summary: "Mark all my notifications read", access: "workspace:5", body: MarkAllReadInput },
  "PATCH /api/workspaces/:slug/notifications/:notificationId": { summary: "Update a notification", description: "Read or unread, archived, snoozed until a time.", access: "workspace:5", body: UpdateNotificationInput },
};
