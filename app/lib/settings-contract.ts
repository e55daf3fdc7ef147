// What every settings page (workspace, project, profile) shares with the browser: how roles read
// and the shape of an action's answer, whether a JSON intent or a Conform form posted it.
import type { SubmissionResult } from "@conform-to/react";

/** How a role number reads in the settings. */
export const ROLE_LABELS: Record<number, string> = { 20: "Owner", 15: "Member", 10: "Viewer", 5: "Guest" };

/** A JSON intent's answer. */
export type SettingsIntentAnswer = { ok: true; intent: string } | { ok: false; error: string; status: number; intent?: string };

/** A Conform form's answer. */
export type SettingsFormAnswer = { result?: SubmissionResult<string[]>; status?: number; ok?: boolean; intent?: string };

/** Either kind of answer, as a fetcher sees it. */
export type SettingsAnswer = Partial<SettingsIntentAnswer> & SettingsFormAnswer & { error?: string };
