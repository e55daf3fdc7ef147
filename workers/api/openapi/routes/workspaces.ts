// The routes of workers/api/workspaces.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { CreateWorkspaceInput, InviteInput, UpdateMemberInput, UpdateWorkspaceInput } from "../../../domain/schemas/workspaces";
import type { RouteDocs } from "../describe";

export const workspacesDocs: RouteDocs = {
  "GET /api/workspaces": { summary: "List my workspaces", access: "signed-in", query: PageParams, shape: "list" },
  "POST /api/workspaces": { summary: "Create a workspace", access: "signed-in", body: CreateWorkspaceInput, status: 201, errors: [409, 429] },
  "GET /api/workspaces/:slug": { summary: "Get a workspace", access: "workspace:5" },
  "PATCH /api/workspaces/:slug": { summary: "Update a workspace", access: "workspace:20", body: UpdateWorkspaceInput, errors: [409] },
  "DELETE /api/workspaces/:slug": { summary: "Delete a workspace", access: "workspace:20", status: 204 },
  "GET /api/workspaces/:slug/workspace-members/me": { summary: "Get my workspace membership", access: "workspace:5" },
  "GET /api/workspaces/:slug/members": { summary: "List workspace members", access: "workspace:5", query: PageParams, shape: "list" },
  "PATCH /api/workspaces/:slug/members/:memberId": { summary: "Change a workspace member's role", access: "workspace:20", body: UpdateMemberInput, errors: [409] },
  "DELETE /api/workspaces/:slug/members/:memberId": { summary: "Remove a workspace member", access: "workspace:20", status: 204, errors: [409] },
  "POST /api/workspaces/:slug/invite": { summary: "Invite people to a workspace", description: "Each invitation comes back with its link's secret (`token`) and the link (`url`), this once.", access: "workspace:15", body: InviteInput, errors: [409, 429] },
  "GET /api/workspaces/:slug/invitations": { summary: "List pending invitations", access: "workspace:15", query: PageParams, shape: "list" },
  "DELETE /api/workspaces/:slug/invitations/:invitationId": { summary: "Revoke an invitation", access: "workspace:15", status: 204 },
};
