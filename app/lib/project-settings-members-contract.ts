// What the project settings Members page shows and posts; client-safe. The row intents are the
// workspace members page's own; adding takes a workspace member and a role.
import { z } from "zod";
import type { MemberDetail } from "../../workers/domain/schemas/responses";
import { RoleSchema } from "../../workers/domain/schemas/workspaces";
import { IntentId } from "./intents";
import { RemoveMemberIntent, type SettingsMemberRow, UpdateMemberRoleIntent } from "./settings-contract";

/** A workspace member who is not in the project yet, with the role the workspace gives them. */
export interface ProjectMemberCandidate {
  workspace_role: number;
  member: MemberDetail;
}

export type ProjectMembersData =
  | { authorized: false }
  | { authorized: true; role: number; me: string; members: SettingsMemberRow[]; candidates: ProjectMemberCandidate[] };

export const ProjectMembersIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-member"), member_id: IntentId, role: RoleSchema }),
  UpdateMemberRoleIntent,
  RemoveMemberIntent,
]);
export type ProjectMembersIntent = z.input<typeof ProjectMembersIntentSchema>;
