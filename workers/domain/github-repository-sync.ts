// A project's GitHub repository sync: which repository of the workspace's GitHub App installation
// the project's issues are kept in step with (one per project). Project members read it; project
// owners choose, change or drop it. Choosing one makes the integration's bot a member of the
// project (it writes what GitHub sends) and switches the project's GitHub events on, in one batch.
import { and, eq } from "drizzle-orm";
import { githubRepositorySyncs, integrations, projectMembers, workspaceIntegrations } from "../../drizzle/schema";
import { refreshEventSinks } from "./integration-events";
import { SourceRefused, SourceUnavailable } from "./ports/source-errors";
import { runNamedBatch } from "../lib/batch";
import { parseInput } from "../lib/validation";
import { ROLE, projectAccess } from "./access";
import type { ActorContext } from "./context";
import { Invalid, NotFound } from "./errors";
import { installationIdOf, invalidFromSource, isRawRepository } from "./github-importer";
import { GithubRepositorySyncInput, type GithubRepositorySyncResponse } from "./schemas/integrations";

export const GITHUB_APP_NOT_INSTALLED = "The GitHub App is not installed on this workspace.";
export const REPOSITORY_SYNC_NOT_FOUND = "This project is not synced with a repository.";

type SyncRow = typeof githubRepositorySyncs.$inferSelect;

const syncOf = (row: SyncRow): GithubRepositorySyncResponse => ({
  id: row.id,
  project: row.project_id,
  workspace_integration: row.workspace_integration_id,
  repo_detail: { repository_id: row.repository_id, owner: row.owner, name: row.name, url: row.url },
  actor: row.actor_id,
  created_at: row.created_at,
});

/** The project and the workspace's GitHub App installation named by `integrationId`. */
async function installationFor(ctx: ActorContext, slug: string, projectId: string, integrationId: string, minRole: typeof ROLE.guest | typeof ROLE.owner) {
  const access = await projectAccess(ctx, slug, projectId, minRole);
  const [found] = await ctx.db
    .select({ row: workspaceIntegrations, provider: integrations.provider })
    .from(workspaceIntegrations)
    .innerJoin(integrations, eq(integrations.id, workspaceIntegrations.integration_id))
    .where(and(eq(workspaceIntegrations.workspace_id, access.workspace.id), eq(workspaceIntegrations.id, integrationId)))
    .limit(1);
  const installationId = found?.provider === "github" ? installationIdOf(found.row) : null;
  if (!found || installationId === null) throw new NotFound(GITHUB_APP_NOT_INSTALLED);
  return { ...access, integration: found.row, installationId };
}

/** The project's repository sync under this installation (a list of at most one). */
export async function getGithubRepositorySync(ctx: ActorContext, slug: string, projectId: string, integrationId: string): Promise<GithubRepositorySyncResponse[]> {
  const { project, integration } = await installationFor(ctx, slug, projectId, integrationId, ROLE.guest);
  const rows = await ctx.db
    .select()
    .from(githubRepositorySyncs)
    .where(and(eq(githubRepositorySyncs.project_id, project.id), eq(githubRepositorySyncs.workspace_integration_id, integration.id)));
  return rows.map(syncOf);
}

/**
 * Syncs the project with a repository the installation can read (GitHub is asked, so a repository
 * of another account cannot be named), replacing the project's previous repository.
 */
export async function syncGithubRepository(
  ctx: ActorContext,
  slug: string,
  projectId: string,
  integrationId: string,
  input: unknown,
): Promise<GithubRepositorySyncResponse> {
  const { workspace, project, integration, installationId } = await installationFor(ctx, slug, projectId, integrationId, ROLE.owner);
  const chosen = parseInput(GithubRepositorySyncInput, input);
  const client = (await ctx.ports.github()).asInstallation(installationId);
  type Repository = { id: number; name: string; owner: { login: string }; html_url: string };
  let repository: Repository;
  try {
    const notFound = `The GitHub App cannot read the repository ${chosen.owner}/${chosen.name}.`;
    const { body } = await client.get<unknown>(`/repos/${encodeURIComponent(chosen.owner)}/${encodeURIComponent(chosen.name)}`, {}, { notFound });
    if (!isRawRepository(body)) throw new SourceUnavailable("GitHub sent an answer that could not be read.");
    if (body.id !== chosen.repository_id) throw new SourceRefused(notFound);
    repository = body;
  } catch (error) {
    invalidFromSource(error);
  }
  const bot = integration.actor_id;
  const now = new Date().toISOString();
  const { created } = await runNamedBatch(ctx.db, {
    previous: ctx.db.delete(githubRepositorySyncs).where(eq(githubRepositorySyncs.project_id, project.id)),
    created: ctx.db
      .insert(githubRepositorySyncs)
      .values({
        workspace_id: workspace.id,
        project_id: project.id,
        workspace_integration_id: integration.id,
        repository_id: repository.id,
        // GitHub's own spelling and address of the repository.
        name: repository.name,
        owner: repository.owner.login,
        url: repository.html_url,
        actor_id: bot,
      })
      .returning(),
    botMember: bot
      ? ctx.db
          .insert(projectMembers)
          .values({ workspace_id: workspace.id, project_id: project.id, member_id: bot, role: ROLE.member, created_at: now, updated_at: now })
          .onConflictDoNothing()
      : undefined,
    sinks: refreshEventSinks(ctx.db, workspace.id, project.id),
  });
  if (!created[0]) throw new Invalid("The repository could not be synced.");
  return syncOf(created[0]);
}

/** Stops syncing the project with its repository (`syncId` names it, or any sync under the installation). */
export async function deleteGithubRepositorySync(ctx: ActorContext, slug: string, projectId: string, integrationId: string, syncId?: string): Promise<void> {
  const { workspace, project, integration } = await installationFor(ctx, slug, projectId, integrationId, ROLE.owner);
  const where = and(
    eq(githubRepositorySyncs.project_id, project.id),
    eq(githubRepositorySyncs.workspace_integration_id, integration.id),
    syncId === undefined ? undefined : eq(githubRepositorySyncs.id, syncId),
  );
  const { deleted } = await runNamedBatch(ctx.db, {
    deleted: ctx.db.delete(githubRepositorySyncs).where(where).returning({ id: githubRepositorySyncs.id }),
    sinks: refreshEventSinks(ctx.db, workspace.id, project.id),
  });
  if (deleted.length === 0) throw new NotFound(REPOSITORY_SYNC_NOT_FOUND);
}
