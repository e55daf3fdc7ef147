// What every settings page (workspace, project, profile) shares with the browser: how roles read
// and the shape of an action's answer, whether a JSON intent or a Conform form posted it.
import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { MemberDetail } from "../../workers/domain/schemas/responses";
import { RoleSchema } from "../../workers/domain/schemas/workspaces";
import { IntentId } from "./intents";

/** How a role number reads in the settings. */
export const ROLE_LABELS: Record<number, string> = { 20: "Owner", 15: "Member", 10: "Viewer", 5: "Guest" };

/** A JSON intent's answer. */
export type SettingsIntentAnswer = { ok: true; intent: string } | { ok: false; error: string; status: number; intent?: string };

/** A Conform form's answer. */
export type SettingsFormAnswer = { result?: SubmissionResult<string[]>; status?: number; ok?: boolean; intent?: string };

/** Either kind of answer, as a fetcher sees it. */
export type SettingsAnswer = Partial<SettingsIntentAnswer> & SettingsFormAnswer & { error?: string };

/** A member as the members pages list them: the membership's id and role, and who it is. */
export interface SettingsMemberRow {
  id: string;
  role: number;
  member: MemberDetail;
}

/** The intents of a member row, the same on the workspace's and a project's members page. */
export const UpdateMemberRoleIntent = z.object({ intent: z.literal("update-member-role"), member_id: IntentId, role: RoleSchema });
export const RemoveMemberIntent = z.object({ intent: z.literal("remove-member"), member_id: IntentId });
export type MemberRowIntent = z.input<typeof UpdateMemberRoleIntent> | z.input<typeof RemoveMemberIntent>;
