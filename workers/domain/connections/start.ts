// Starting a connection round trip: the person presses "Add installation" or a project's Slack
// switch, the server checks they may make that connection, mints the round trip's one-time state
// and answers the provider's page to open in the pop-up. Nothing is connected yet; the callback
// (GitHub's setup URL, Slack's redirect) finishes it with the same state in the same session.
import { and, eq } from "drizzle-orm";
import { workspaceIntegrations } from "../../../drizzle/schema";
import { parseInput } from "../../lib/validation";
import { ROLE, projectAccess, workspaceAccess } from "../access";
import type { ActorContext } from "../context";
import { Invalid, NotFound } from "../errors";
import { type ConnectionStart, StartConnectionInput } from "../schemas/connections";
import { GITHUB_APP_NOT_SET_UP } from "../schemas/integrations";
import { SLACK_INTEGRATION_ID, SLACK_NOT_CONFIGURED, SLACK_NOT_INSTALLED } from "../slack";
import { type ConnectionBinding, mintConnectionState } from "./states";

/**
 * Starts the round trip `input` asks for: installing the GitHub App or Slack for the workspace
 * (workspace owners), or connecting a project's Slack channel (project owners, once Slack is
 * installed). `origin` is this server's address, where Slack sends the person back.
 */
export async function startConnection(ctx: ActorContext, slug: string, input: unknown, origin: string): Promise<ConnectionStart> {
  const request = parseInput(StartConnectionInput, input);
  let binding: ConnectionBinding;
  if (request.kind === "slack_channel") {
    const { workspace, project } = await projectAccess(ctx, slug, request.project_id, ROLE.owner);
    const [installation] = await ctx.db
      .select({ id: workspaceIntegrations.id })
      .from(workspaceIntegrations)
      .where(and(eq(workspaceIntegrations.workspace_id, workspace.id), eq(workspaceIntegrations.integration_id, SLACK_INTEGRATION_ID)))
      .limit(1);
    if (!installation) throw new NotFound(SLACK_NOT_INSTALLED);
    binding = { kind: request.kind, workspaceId: workspace.id, projectId: project.id };
  } else {
    const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
    binding = { kind: request.kind, workspaceId: workspace.id, projectId: null };
  }
  const github = binding.kind === "github_install";
  const [githubPort, slack] = await Promise.all([ctx.ports.github(), ctx.ports.slack()]);
  if (github ? !githubPort.installConfigured() : !slack.configured()) throw new Invalid(github ? GITHUB_APP_NOT_SET_UP : SLACK_NOT_CONFIGURED);
  const { state, expiresAt } = await mintConnectionState(ctx, slug, binding);
  const url = github ? githubPort.installUrl(state) : slack.authorizeUrl(origin, state, binding.kind === "slack_channel");
  return { url: url ?? "", expires_at: expiresAt };
}
