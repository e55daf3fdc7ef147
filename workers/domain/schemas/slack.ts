// Slack's inputs and answers (client-safe): the code Slack's authorisation page sends back, and a
// project's channel as the project settings card shows it (never its token).
import { z } from "zod";
import { connectionState } from "./connections";

export const SLACK_CODE_REQUIRED = "Slack did not send an authorization code. Please try again.";

const code = z.string({ error: SLACK_CODE_REQUIRED }).trim().min(1, SLACK_CODE_REQUIRED).max(500, SLACK_CODE_REQUIRED);

/**
 * What Slack sends back to the pop-up: the code, and the state the round trip was started with
 * (for the workspace install and a project's channel, the path says where; for the landing, the
 * state does).
 */
export const SlackCodeInput = z.object({ code, state: connectionState });

/** A project's Slack channel record. */
export interface SlackChannelSync {
  id: string;
  project: string;
  workspace_integration: string;
  channel_id: string;
  channel_name: string;
  team_id: string;
  team_name: string;
  created_at: string;
}

/** The workspace's Slack installation as answered after the install (never the token). */
export interface SlackWorkspaceIntegration {
  id: string;
  integration: string;
  integration_detail: { id: string; provider: "slack"; title: string };
  metadata: { team_id: string; team_name: string; bot_user_id: string; app_id: string; scopes: string; app_url: string };
  actor: string | null;
  created_at: string;
}

/** What /api/slack-redirect did with the code: installed Slack for the workspace or connected a project's channel. */
export type SlackRedirectResult =
  | { kind: "workspace"; workspace_integration: SlackWorkspaceIntegration }
  | { kind: "project"; channel: SlackChannelSync };

/** The project settings Slack card. */
export interface SlackCardData {
  /** Slack's client id and secret are set on this server. */
  configured: boolean;
  /** The workspace's Slack installation, when there is one. */
  workspace_integration_id: string | null;
  channels: SlackChannelSync[];
  /** Project owners (and workspace admins who are) may switch the channel on and off. */
  can_edit: boolean;
}
