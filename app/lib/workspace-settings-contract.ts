// What the workspace settings pages and their actions exchange with the browser: the loaders'
// data, the intents the pages' buttons post as JSON and what the actions answer. Client-safe:
// components import the types, the server parses intents with these schemas.
import { z } from "zod";
import { IntentId } from "./intents";
import { RemoveMemberIntent, type SettingsMemberRow, UpdateMemberRoleIntent } from "./settings-contract";

/** Who sees the settings: guests and viewers get the not-authorized screen. */
export interface WorkspaceSettingsAccess {
  authorized: boolean;
  role: number;
  email: string;
  workspace: { name: string; slug: string };
}

export type WorkspaceGeneralData =
  | { authorized: false }
  | { authorized: true; role: number; workspace: { id: string; name: string; slug: string; logo: string } };

export type WorkspaceMemberRow = SettingsMemberRow;

export interface PendingInvitation {
  id: string;
  email: string;
  role: number;
  created_at: string;
}

export type WorkspaceMembersData =
  | { authorized: false }
  | { authorized: true; role: number; me: string; members: WorkspaceMemberRow[]; invitations: PendingInvitation[] };


/** The general page's JSON intents (the rename form posts form data, the logo a multipart file). */
export const WorkspaceGeneralIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove-logo") }),
  z.object({ intent: z.literal("delete-workspace") }),
]);
export type WorkspaceGeneralIntent = z.input<typeof WorkspaceGeneralIntentSchema>;

/** The members page's JSON intents (the invite form posts form data). */
export const WorkspaceMembersIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("revoke-invitation"), invitation_id: IntentId }),
  z.object({ intent: z.literal("new-invitation-link"), invitation_id: IntentId }),
  UpdateMemberRoleIntent,
  RemoveMemberIntent,
]);
export type WorkspaceMembersIntent = z.input<typeof WorkspaceMembersIntentSchema>;

/**
 * What inviting (or asking a pending invitation for a new link) adds to the answer: the link to
 * share with the invitee, shown once (the server keeps only a hash of its secret).
 */
export interface InvitationLinkAnswer {
  invitation_link?: { email: string; url: string };
}
