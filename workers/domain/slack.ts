// Slack for a workspace and its projects: installing the Slack app (its bot token kept on the
// workspace's Slack integration), and per project a channel the project's issue news goes to (a
// channel record, with the token Slack gave for it). Tokens stay on the server: nothing here
// answers one. Installing needs a workspace owner; a project's channel needs a project owner; both
// finish only the round trip the same browser session started (connections/states.ts).
import { and, eq } from "drizzle-orm";
import { slackProjectSyncs, workspaceIntegrations } from "../../drizzle/schema";
import { refreshEventSinks } from "./integration-events";
import { SlackCallFailed, type SlackOAuthAnswer, isOutage } from "./ports/slack";
import { runNamedBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, type WorkspaceAccess, projectAccess, workspaceAccess } from "./access";
import { CONNECTION_STATE_REFUSED, consumeConnectionState } from "./connections/states";
import type { ActorContext } from "./context";
import { Forbidden, Invalid, NotFound } from "./errors";
import { slugOfState } from "./schemas/connections";
import {
  type SlackCardData,
  type SlackChannelSync,
  SlackCodeInput,
  type SlackRedirectResult,
  type SlackWorkspaceIntegration,
} from "./schemas/slack";

type WorkspaceIntegration = typeof workspaceIntegrations.$inferSelect;
type SlackProjectSync = typeof slackProjectSyncs.$inferSelect;

/** The Slack row of the integrations catalogue (seeded by the migrations). */
export const SLACK_INTEGRATION_ID = "00000000-0000-4000-8000-000000000002";

export const SLACK_NOT_CONFIGURED = "Slack is not set up on this server.";
export const SLACK_NOT_INSTALLED = "Slack is not installed in this workspace.";
export const SLACK_CHANNEL_NOT_FOUND = "Slack channel not found.";
export const SLACK_NO_CHANNEL = "Slack did not say which channel to post to. Please choose a channel and try again.";

/** Slack's refusal as the person reads it: a 400 with Slack's reason, never a crash. */
function refusal(error: SlackCallFailed): Invalid {
  if (isOutage(error)) return new Invalid("Slack could not be reached. Please try again.");
  if (error.error === "ratelimited") return new Invalid("Slack is busy right now. Please try again in a minute.");
  return new Invalid(`Slack did not accept the authorization (${error.error}). Please try again.`);
}

async function exchange(ctx: ActorContext, code: string, origin: string): Promise<SlackOAuthAnswer> {
  if (!(await ctx.ports.slack()).configured()) throw new Invalid(SLACK_NOT_CONFIGURED);
  try {
    return await (await ctx.ports.slack()).exchangeCode(code, origin);
  } catch (error) {
    if (error instanceof SlackCallFailed) throw refusal(error);
    throw error;
  }
}

const str = (value: unknown) => (typeof value === "string" ? value : "");

const workspaceIntegrationOf = (row: WorkspaceIntegration): SlackWorkspaceIntegration => {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    integration: row.integration_id,
    integration_detail: { id: SLACK_INTEGRATION_ID, provider: "slack", title: "Slack" },
    metadata: {
      team_id: str(metadata.team_id),
      team_name: str(metadata.team_name),
      bot_user_id: str(metadata.bot_user_id),
      app_id: str(metadata.app_id),
      scopes: str(metadata.scopes),
      app_url: str(metadata.app_url),
    },
    actor: row.actor_id,
    created_at: row.created_at,
  };
};

const channelOf = (row: SlackProjectSync): SlackChannelSync => ({
  id: row.id,
  project: row.project_id,
  workspace_integration: row.workspace_integration_id,
  channel_id: row.channel_id,
  channel_name: row.channel_name,
  team_id: row.team_id,
  team_name: row.team_name,
  created_at: row.created_at,
});

async function slackInstallation(ctx: ActorContext, workspaceId: string, integrationId?: string) {
  const [row] = await ctx.db
    .select()
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.workspace_id, workspaceId), eq(workspaceIntegrations.integration_id, SLACK_INTEGRATION_ID)))
    .limit(1);
  if (!row || (integrationId !== undefined && row.id !== integrationId)) throw new NotFound(SLACK_NOT_INSTALLED);
  return row;
}

/** Stores the workspace's Slack installation from Slack's answer to `code` (installing again replaces the token). */
async function saveSlackInstall(ctx: ActorContext, workspace: { id: string }, code: string, origin: string): Promise<SlackWorkspaceIntegration> {
  const answer = await exchange(ctx, code, origin);
  const metadata = {
    team_id: answer.team.id,
    team_name: answer.team.name,
    bot_user_id: answer.bot_user_id,
    app_id: answer.app_id,
    scopes: answer.scope,
    app_url: origin,
  };
  const config = { access_token: await ctx.config.secrets.seal(answer.access_token) };
  const [row] = await ctx.db
    .insert(workspaceIntegrations)
    .values({ workspace_id: workspace.id, integration_id: SLACK_INTEGRATION_ID, metadata, config, created_by: ctx.actor.id })
    .onConflictDoUpdate({
      target: [workspaceIntegrations.workspace_id, workspaceIntegrations.integration_id],
      set: { metadata, config, updated_at: new Date().toISOString() },
    })
    .returning();
  return workspaceIntegrationOf(row);
}

/**
 * Stores the channel the person picked on Slack's page for the project (one channel per project
 * and installation: connecting again switches it); the project starts sending its news to Slack
 * in the same write.
 */
async function saveSlackChannel(
  ctx: ActorContext,
  workspace: { id: string },
  project: { id: string },
  installation: { id: string },
  code: string,
  origin: string,
): Promise<SlackChannelSync> {
  const answer = await exchange(ctx, code, origin);
  const hook = answer.incoming_webhook;
  if (!hook) throw new Invalid(SLACK_NO_CHANNEL);
  const values = {
    access_token: await ctx.config.secrets.seal(answer.access_token),
    scopes: answer.scope,
    bot_user_id: answer.bot_user_id,
    // Whoever holds the URL can post to the channel: it is kept sealed like the token.
    webhook_url: await ctx.config.secrets.seal(hook.url),
    team_id: answer.team.id,
    team_name: answer.team.name,
    channel_id: hook.channel_id,
    channel_name: hook.channel.replace(/^#/, ""),
  };
  const { saved } = await runNamedBatch(ctx.db, {
    saved: ctx.db
      .insert(slackProjectSyncs)
      .values({ workspace_id: workspace.id, project_id: project.id, workspace_integration_id: installation.id, created_by: ctx.actor.id, ...values })
      .onConflictDoUpdate({
        target: [slackProjectSyncs.project_id, slackProjectSyncs.workspace_integration_id],
        set: { ...values, updated_at: new Date().toISOString() },
      })
      .returning(),
    sinks: refreshEventSinks(ctx.db, workspace.id, project.id),
  });
  return channelOf(saved[0]);
}

/**
 * Installs the Slack app for the workspace with the code Slack sent back, at the end of the
 * install round trip this session started for this workspace (the state). `origin` is this
 * server's address, where Slack sent the person back to; messages link to issues on it.
 */
export async function installSlack(ctx: ActorContext, slug: string, input: unknown, origin: string): Promise<SlackWorkspaceIntegration> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const { code, state } = parseInput(SlackCodeInput, input);
  if (!(await ctx.ports.slack()).configured()) throw new Invalid(SLACK_NOT_CONFIGURED);
  await consumeConnectionState(ctx, state, { kinds: ["slack_install"], workspaceId: workspace.id, projectId: null });
  return saveSlackInstall(ctx, workspace, code, origin);
}

/**
 * Connects the project to the channel the person picked on Slack's page, at the end of the
 * channel round trip this session started for this project (the state).
 */
export async function connectSlackChannel(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  integrationId: string,
  input: unknown,
  origin: string,
): Promise<SlackChannelSync> {
  const { workspace, project } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const { code, state } = parseInput(SlackCodeInput, input);
  if (!(await ctx.ports.slack()).configured()) throw new Invalid(SLACK_NOT_CONFIGURED);
  const installation = await slackInstallation(ctx, workspace.id, integrationId);
  await consumeConnectionState(ctx, state, { kinds: ["slack_channel"], workspaceId: workspace.id, projectId: project.id });
  return saveSlackChannel(ctx, workspace, project, installation, code, origin);
}

/**
 * The pop-up's landing: the state (minted for this session) says whether Slack was authorised for
 * the workspace or for a project's channel, and which. A state whose workspace the caller cannot
 * reach cannot be theirs, and is refused as such.
 */
export async function completeSlackRedirect(ctx: ActorContext, input: unknown, origin: string): Promise<SlackRedirectResult> {
  const { code, state } = parseInput(SlackCodeInput, input);
  if (!(await ctx.ports.slack()).configured()) throw new Invalid(SLACK_NOT_CONFIGURED);
  const slug = slugOfState(state);
  let access: WorkspaceAccess;
  try {
    access = await workspaceAccess(ctx, slug);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) throw Invalid.field("state", CONNECTION_STATE_REFUSED);
    throw error;
  }
  const { workspace, membership } = access;
  const binding = await consumeConnectionState(ctx, state, { kinds: ["slack_install", "slack_channel"], workspaceId: workspace.id });
  if (binding.kind === "slack_install" || binding.projectId === null) {
    // Roles may have changed since the round trip started: installing is still an owner's call.
    if (membership.role < ROLE.owner) throw new Forbidden();
    return { kind: "workspace", workspace_integration: await saveSlackInstall(ctx, workspace, code, origin) };
  }
  const { project } = await projectAccess(ctx, slug, binding.projectId, ROLE.owner);
  const installation = await slackInstallation(ctx, workspace.id);
  return { kind: "project", channel: await saveSlackChannel(ctx, workspace, project, installation, code, origin) };
}

/** The project's channel record(s) under the workspace's Slack installation. */
export async function listSlackChannels(ctx: ActorContext, slug: string, projectId: string, integrationId: string): Promise<SlackChannelSync[]> {
  const { workspace, project } = await projectAccess(ctx, slug, projectId, ROLE.member);
  const installation = await slackInstallation(ctx, workspace.id, integrationId);
  const rows = await ctx.db
    .select()
    .from(slackProjectSyncs)
    .where(and(eq(slackProjectSyncs.project_id, project.id), eq(slackProjectSyncs.workspace_integration_id, installation.id)));
  return rows.map(channelOf);
}

/** Stops posting the project's news to Slack (the channel record goes, in the same write as the project's listeners). */
export async function disconnectSlackChannel(ctx: ActorContext, slug: string, projectId: string, integrationId: string, syncId: string): Promise<void> {
  const { workspace, project } = await projectAccess(ctx, slug, projectId, ROLE.owner);
  const { deleted } = await runNamedBatch(ctx.db, {
    deleted: ctx.db
      .delete(slackProjectSyncs)
      .where(
        and(
          eq(slackProjectSyncs.id, syncId),
          eq(slackProjectSyncs.project_id, project.id),
          eq(slackProjectSyncs.workspace_integration_id, integrationId),
        ),
      )
      .returning({ id: slackProjectSyncs.id }),
    sinks: refreshEventSinks(ctx.db, workspace.id, project.id),
  });
  if (deleted.length === 0) throw new NotFound(SLACK_CHANNEL_NOT_FOUND);
}

/** What the project settings Slack card shows: the installation, the channel, who may switch it. */
export async function slackCardOf(ctx: ActorContext, slug: string, projectId: string): Promise<SlackCardData> {
  const { workspace, project, membership } = await projectAccess(ctx, slug, projectId, ROLE.member);
  const configured = (await ctx.ports.slack()).configured();
  const [installation] = await ctx.db
    .select({ id: workspaceIntegrations.id })
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.workspace_id, workspace.id), eq(workspaceIntegrations.integration_id, SLACK_INTEGRATION_ID)))
    .limit(1);
  const channels = installation
    ? await ctx.db
        .select()
        .from(slackProjectSyncs)
        .where(and(eq(slackProjectSyncs.project_id, project.id), eq(slackProjectSyncs.workspace_integration_id, installation.id)))
    : [];
  return {
    configured,
    workspace_integration_id: installation?.id ?? null,
    channels: channels.map(channelOf),
    can_edit: membership.role >= ROLE.owner,
  };
}
