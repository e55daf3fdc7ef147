// The GitHub importer's reads and its start: the workspace's GitHub credential (a personal access
// token kept on the workspace's GitHub integration, never sent back to a browser), the wizard's
// repository listing and repository details, and starting the import itself. Members and owners
// of the workspace may; the import's target project must be one the caller may write to. Saving
// or forgetting the token, which every member's imports then act as, is for owners only.
import { and, eq } from "drizzle-orm";
import { type Json, workspaceIntegrations } from "../../drizzle/schema";
import { SourceRateLimited, SourceRefused, SourceUnavailable } from "./ports/source-errors";
import { parseInput } from "../lib/validation";
import { ROLE, workspaceAccess } from "./access";
import type { ActorContext } from "./context";
import type { GithubReader } from "./ports/github";
import { Invalid, NotFound } from "./errors";
import { startImport } from "./importers";
import {
  type GithubCollaborator,
  type GithubConnection,
  GithubImportInput,
  type GithubRepoInfo,
  type GithubRepositoriesResponse,
  type GithubRepository,
  GithubTokenInput,
} from "./schemas/github-importer";
import type { ImporterResponse } from "./schemas/importers";

/** The GitHub row of the integrations catalogue (seeded by the migrations). */
export const GITHUB_INTEGRATION_ID = "00000000-0000-4000-8000-000000000001";

export const GITHUB_NOT_CONNECTED = "GitHub is not connected to this workspace. Save a personal access token first.";
export const GITHUB_TOKEN_REFUSED = "GitHub did not accept this token. Check that it was copied whole and has not expired.";
/** Repositories per page of the wizard's picker. */
export const REPOSITORIES_PER_PAGE = 30;
/** The most collaborators the wizard lists (ten pages of GitHub's largest). */
const MAX_COLLABORATOR_PAGES = 10;

/** A source's failure as the person reads it: never a crash, always a 400 with GitHub's reason. */
export function invalidFromSource(error: unknown, field?: string): never {
  let message: string | null = null;
  if (error instanceof SourceRateLimited) {
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    message = `GitHub's rate limit was reached. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  } else if (error instanceof SourceRefused || error instanceof SourceUnavailable) {
    message = error.message;
  }
  if (message === null) throw error;
  throw field ? Invalid.field(field, message) : new Invalid(message);
}

async function connectionRow(ctx: ActorContext, workspaceId: string) {
  const [row] = await ctx.db
    .select()
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.workspace_id, workspaceId), eq(workspaceIntegrations.integration_id, GITHUB_INTEGRATION_ID)))
    .limit(1);
  return row ?? null;
}

/** The saved token as stored (sealed), or null when the row keeps none. */
const storedTokenOf = (row: { config: unknown } | null): string | null => {
  const token = (row?.config as Record<string, unknown> | null)?.access_token;
  return typeof token === "string" && token !== "" ? token : null;
};

/** What a stored token is called when it cannot be opened. */
const SAVED_TOKEN = "The saved GitHub token";

/** The GitHub App installation a workspace's GitHub row holds, or null (an importer token only). */
export const installationIdOf = (row: { metadata: unknown } | null): number | null => {
  const id = (row?.metadata as Record<string, unknown> | null | undefined)?.installation_id;
  return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
};

const connectionOf = (row: { id: string; metadata: unknown }): GithubConnection => {
  const metadata = (row.metadata ?? {}) as Record<string, unknown>;
  const app = installationIdOf(row) !== null;
  return { integration_id: row.id, login: String(app ? (metadata.account_login ?? "") : (metadata.login ?? "")), via: app ? "app" : "token" };
};

/**
 * The workspace's GitHub client: acting as the GitHub App's installation when the app is
 * installed, else with the saved personal access token; NotFound when there is neither.
 */
async function githubFor(ctx: ActorContext, slug: string, integrationId?: string) {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const row = await connectionRow(ctx, workspace.id);
  if (!row || (integrationId !== undefined && row.id !== integrationId)) throw new NotFound(GITHUB_NOT_CONNECTED);
  const installationId = installationIdOf(row);
  const stored = storedTokenOf(row);
  if (installationId !== null) {
    const client = (await ctx.ports.github()).asInstallation(installationId);
    return { workspace, row, installationId, token: null, client };
  }
  if (!stored) throw new NotFound(GITHUB_NOT_CONNECTED);
  const token = await ctx.config.secrets.open(stored, SAVED_TOKEN);
  return { workspace, row, installationId: null, token, client: (await ctx.ports.github()).withToken(token) };
}

/** The workspace's GitHub connection (the account the token belongs to), never the token. */
export async function getGithubConnection(ctx: ActorContext, slug: string): Promise<GithubConnection> {
  // Read without opening the token: a token that can no longer be opened is still shown, to be replaced.
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const row = await connectionRow(ctx, workspace.id);
  if (!row || (installationIdOf(row) === null && !storedTokenOf(row))) throw new NotFound(GITHUB_NOT_CONNECTED);
  return connectionOf(row);
}

/**
 * Checks a personal access token with GitHub, then keeps it (sealed) as the workspace's GitHub
 * credential. Which account every member's imports act as is the owners' choice: owners only.
 */
export async function saveGithubToken(ctx: ActorContext, slug: string, input: unknown): Promise<GithubConnection> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const { token } = parseInput(GithubTokenInput, input);
  let login: string;
  try {
    const { body } = await (await ctx.ports.github()).withToken(token).get<{ login: string }>("/user");
    login = body.login;
  } catch (error) {
    if (error instanceof SourceRefused) throw Invalid.field("token", GITHUB_TOKEN_REFUSED);
    invalidFromSource(error, "token");
  }
  const now = new Date().toISOString();
  // The GitHub App's installation, when there is one, shares the row: keep what it stored.
  const existing = await connectionRow(ctx, workspace.id);
  const metadata = { ...(existing?.metadata ?? {}), login };
  const config = { ...(existing?.config ?? {}), access_token: await ctx.config.secrets.seal(token) };
  const [row] = await ctx.db
    .insert(workspaceIntegrations)
    .values({
      workspace_id: workspace.id,
      integration_id: GITHUB_INTEGRATION_ID,
      metadata,
      config,
      created_by: ctx.actor.id,
    })
    .onConflictDoUpdate({
      target: [workspaceIntegrations.workspace_id, workspaceIntegrations.integration_id],
      set: { metadata, config, updated_at: now },
    })
    .returning();
  return connectionOf(row);
}

/**
 * Forgets the workspace's GitHub credential (imports already running keep the token they started
 * with, until they end). Like saving one, an owner's decision.
 */
export async function deleteGithubToken(ctx: ActorContext, slug: string): Promise<void> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const existing = await connectionRow(ctx, workspace.id);
  if (!existing || !storedTokenOf(existing)) throw new NotFound(GITHUB_NOT_CONNECTED);
  if (installationIdOf(existing) !== null) {
    // The GitHub App stays installed: only the token goes (removing the app is the integrations page's).
    const { access_token: _token, ...config } = (existing.config ?? {}) as Record<string, Json>;
    const { login: _login, ...metadata } = (existing.metadata ?? {}) as Record<string, Json>;
    await ctx.db
      .update(workspaceIntegrations)
      .set({ config, metadata, updated_at: new Date().toISOString() })
      .where(eq(workspaceIntegrations.id, existing.id));
    return;
  }
  await ctx.db.delete(workspaceIntegrations).where(eq(workspaceIntegrations.id, existing.id));
}

interface RawRepository {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string };
  html_url: string;
}

/** Whether GitHub's answer has the fields a repository is shown by. */
export const isRawRepository = (value: unknown): value is RawRepository => {
  const repo = value as Partial<RawRepository> | null;
  return (
    typeof repo?.id === "number" &&
    typeof repo.name === "string" &&
    typeof repo.full_name === "string" &&
    typeof repo.owner?.login === "string" &&
    typeof repo.html_url === "string"
  );
};

const repositoryOf = (repo: RawRepository): GithubRepository => ({
  id: repo.id,
  name: repo.name,
  full_name: repo.full_name,
  owner: { login: repo.owner.login },
  html_url: repo.html_url,
});

/** One page of the repositories the token can read, with how many there are in all. */
export async function listGithubRepositories(ctx: ActorContext, slug: string, integrationId: string, pageInput: unknown): Promise<GithubRepositoriesResponse> {
  const page = Number(pageInput ?? 1);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw Invalid.field("page", "Expected a page number from 1");
  const { client, installationId } = await githubFor(ctx, slug, integrationId);
  if (installationId !== null) {
    try {
      // An installation lists what it was granted, with the count in the same answer.
      const { body } = await client.get<{ total_count?: unknown; repositories?: unknown }>("/installation/repositories", { per_page: REPOSITORIES_PER_PAGE, page });
      if (!Array.isArray(body?.repositories) || typeof body.total_count !== "number" || !body.repositories.every(isRawRepository)) {
        throw new SourceUnavailable("GitHub sent an answer that could not be read.");
      }
      return { repositories: body.repositories.map(repositoryOf), total_count: body.total_count };
    } catch (error) {
      invalidFromSource(error);
    }
  }
  try {
    const query = { sort: "full_name", per_page: REPOSITORIES_PER_PAGE };
    const answer = await client.get<RawRepository[]>("/user/repos", { ...query, page });
    // Pages before the last are full: the count needs the last page's length only.
    const lastPage = answer.links.last ?? (answer.links.next ? null : page);
    let total: number;
    if (lastPage === page) total = (page - 1) * REPOSITORIES_PER_PAGE + answer.body.length;
    else if (lastPage !== null) {
      const last = await client.get<RawRepository[]>("/user/repos", { ...query, page: lastPage });
      total = (lastPage - 1) * REPOSITORIES_PER_PAGE + last.body.length;
    } else total = page * REPOSITORIES_PER_PAGE + 1;
    return { repositories: answer.body.map(repositoryOf), total_count: total };
  } catch (error) {
    invalidFromSource(error);
  }
}

const REPO_PART = /^[A-Za-z0-9_.-]{1,100}$/;

function repoQuery(owner: unknown, repo: unknown) {
  const fields: Record<string, string[]> = {};
  if (typeof owner !== "string" || !REPO_PART.test(owner)) fields.owner = ["Expected the repository's owner"];
  if (typeof repo !== "string" || !REPO_PART.test(repo)) fields.repo = ["Expected the repository's name"];
  if (Object.keys(fields).length > 0) throw new Invalid(fields);
  return { owner: owner as string, repo: repo as string };
}

/** What the wizard shows of a repository: its issue count (closed ones included), labels and collaborators. */
export async function githubRepoInfo(ctx: ActorContext, slug: string, ownerInput: unknown, repoInput: unknown): Promise<GithubRepoInfo> {
  const { owner, repo } = repoQuery(ownerInput, repoInput);
  const { client } = await githubFor(ctx, slug);
  const path = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  const notFound = { notFound: `GitHub could not find the repository ${owner}/${repo}, or the token may not read it.` };
  try {
    // The repository first: a wrong name is then one clear message, not three.
    await client.get(path, {}, notFound);
    const [issues, labels, collaborators] = await Promise.all([
      client.get<{ total_count: number }>("/search/issues", { q: `repo:${owner}/${repo} is:issue`, per_page: 1 }, notFound),
      client.countOf(`${path}/labels`, {}, notFound),
      collaboratorsOf(client, path),
    ]);
    return { issue_count: issues.body.total_count, labels, collaborators };
  } catch (error) {
    invalidFromSource(error);
  }
}

/**
 * The repository's people. Listing collaborators needs push access; with read access only, the
 * people issues can be assigned to are the same team as GitHub shows it.
 */
async function collaboratorsOf(client: GithubReader, path: string): Promise<GithubCollaborator[]> {
  const read = async (listing: string) => {
    const people: GithubCollaborator[] = [];
    for (let page = 1; page <= MAX_COLLABORATOR_PAGES; page++) {
      const answer = await client.get<GithubCollaborator[]>(`${path}/${listing}`, { per_page: 100, page });
      people.push(...answer.body.map(({ id, login, avatar_url }) => ({ id, login, avatar_url })));
      if (!answer.links.next) break;
    }
    return people;
  };
  try {
    return await read("collaborators");
  } catch (error) {
    if (error instanceof SourceRefused) return read("assignees");
    throw error;
  }
}

/** Starts importing a repository into a project with the people mapped as the wizard chose. */
export async function startGithubImport(ctx: ActorContext, slug: string, input: unknown): Promise<ImporterResponse> {
  const { token, installationId } = await githubFor(ctx, slug);
  const { metadata, data, config, project_id } = parseInput(GithubImportInput, input);
  return startImport(ctx, slug, {
    service: "github",
    projectId: project_id,
    // The job reads as the App's installation (minting its tokens) or with the token the import
    // started with; either stays on the server.
    metadata: installationId !== null ? { ...metadata, installation_id: installationId } : { ...metadata, access_token: token },
    config,
    data: { users: data.users },
  });
}
