// The routes of workers/api/users.ts, described for the OpenAPI document (see ../describe.ts).
import { PageParams } from "../../../domain/list-page";
import { UpdateMeInput } from "../../../domain/schemas/accounts";
import { CreateApiTokenInput } from "../../../domain/schemas/api-tokens";
import { NotificationMailInput } from "../../../domain/schemas/notification-mail";
import { ChangeEmailInput } from "../../../domain/schemas/profile";
import { AcceptInvitationInput } from "../../../domain/schemas/workspaces";
import { MeSchema } from "../responses";
import type { RouteDocs } from "../describe";

export const usersDocs: RouteDocs = {
  "GET /api/users/me": { summary: "Get the signed-in user", access: "signed-in", response: MeSchema },
  "PATCH /api/users/me": { summary: "Update the signed-in user", access: "signed-in", body: UpdateMeInput, response: MeSchema },
  "POST /api/users/me/verification": { summary: "Mail a new verification link", access: "signed-in", status: 202, errors: [409, 429] },
  "POST /api/users/me/email": { summary: "Change the email address", description: "Mails a link to the new address; the address changes when the link is opened.", access: "signed-in", body: ChangeEmailInput, status: 202, errors: [409, 429] },
  "GET /api/users/me/notification-preferences": { summary: "Get notification mail preferences", access: "signed-in" },
  "PATCH /api/users/me/notification-preferences": { summary: "Update notification mail preferences", access: "signed-in", body: NotificationMailInput },
  "GET /api/users/api-tokens": { summary: "List API tokens", access: "signed-in", query: PageParams, shape: "list" },
  "POST /api/users/api-tokens": { summary: "Create an API token", description: "A token reads only (`read`) or reads and writes (`read_write`), and may expire. The answer holds the token's secret, this once: send it as the X-Api-Key header.", access: "signed-in", body: CreateApiTokenInput, status: 201 },
  "DELETE /api/users/api-tokens/:tokenId": { summary: "Revoke an API token", access: "signed-in", status: 204 },
  "GET /api/users/me/sessions": { summary: "List sessions", description: "Where the caller is signed in; `current` marks the session of this request.", access: "signed-in", query: PageParams, shape: "list" },
  "DELETE /api/users/me/sessions/:sessionId": { summary: "End a session", access: "signed-in", status: 204, errors: [409] },
  "POST /api/users/me/invitations/workspaces": { summary: "Accept a workspace invitation", description: "Joins the workspace of an invitation link; `token` is the link's secret.", access: "signed-in", body: AcceptInvitationInput },
};
