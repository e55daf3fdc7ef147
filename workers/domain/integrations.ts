// The integrations a workspace installs (GitHub, Slack): the catalogue, the workspace's
// installations (never their secrets), installing the GitHub App from GitHub's setup callback and
// removing an installation. Members read; only workspace owners install and remove, and only an
// installation the installing person may administer on GitHub.
import { type SQL, and, eq, ne, or, sql } from "drizzle-orm";
import { integrations, projectMembers, users, workspaceIntegrations, workspaceMembers } from "../../drizzle/schema";
import type { Json } from "../../drizzle/schema";
import { refreshEventSinks } from "./integration-events";
import { runNamedBatch } from "../lib/batch";
import { type ListPage, type OrderKey, type PageRequest, mapPage, orderOf, readPage } from "./list-page";
import { LIST_PAGES } from "./schemas/list-pages";
import { parseInput } from "../lib/validation";
import { ROLE, workspaceAccess } from "./access";
import type { ActorContext, DomainContext } from "./context";
import type { GithubInstallation } from "./ports/github";
import { consumeConnectionState } from "./connections/states";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { GITHUB_INTEGRATION_ID, installationIdOf, invalidFromSource } from "./github-importer";
import {
  type AppIntegration,
  GITHUB_APP_NOT_SET_UP,
  GithubInstallInput,
  type IntegrationCard,
  type IntegrationProvider,
  type IntegrationsPageData,
  type WorkspaceIntegrationResponse,
} from "./schemas/integrations";
import { canOpenWorkspaceSettings } from "./workspace-settings";

export const INTEGRATION_NOT_FOUND = "Integration not found.";
export const GITHUB_INSTALLATION_TAKEN = "This GitHub installation is connected to another workspace. Remove it there first.";
export const GITHUB_INSTALLATION_NOT_YOURS =
  "Your GitHub account cannot administer this installation of the app. Install the app again from the workspace settings.";

type IntegrationRow = typeof integrations.$inferSelect;
type WorkspaceIntegrationRow = typeof workspaceIntegrations.$inferSelect;

const appIntegrationOf = (row: IntegrationRow): AppIntegration => ({
  id: row.id,
  provider: row.provider,
  title: row.title,
  description: row.description,
  author: row.author,
  avatar_url: row.avatar_url,
});

/** Keys that name a credential: never answered, whatever an integration keeps in its metadata. */
const SECRET_KEY = /token|secret|password|private|key|webhook_url|code/i;

function withoutSecrets(value: Json | undefined): Json {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value !== null && typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [key, inner] of Object.entries(value)) if (!SECRET_KEY.test(key)) out[key] = withoutSecrets(inner);
    return out;
  }
  return value ?? null;
}

export function workspaceIntegrationOf(row: WorkspaceIntegrationRow, integration: IntegrationRow): WorkspaceIntegrationResponse {
  return {
    id: row.id,
    integration: row.integration_id,
    integration_detail: appIntegrationOf(integration),
    metadata: withoutSecrets(row.metadata ?? {}) as WorkspaceIntegrationResponse["metadata"],
    actor: row.actor_id,
    created_at: row.created_at,
  };
}

/** The catalogue by provider; the id breaks ties. */
const INTEGRATION_ORDER: OrderKey<IntegrationRow>[] = [
  { by: integrations.provider, dir: "asc", of: (row) => row.provider },
  { by: integrations.id, dir: "asc", of: (row) => row.id },
];

const catalogueQuery = (ctx: ActorContext, where?: SQL) =>
  ctx.db
    .select()
    .from(integrations)
    .where(where)
    .orderBy(...orderOf(INTEGRATION_ORDER));

/** One page of the integrations the product offers; any signed-in person may read them. */
export async function listAppIntegrations(ctx: ActorContext, page: PageRequest): Promise<ListPage<AppIntegration>> {
  const rows = await readPage(page, INTEGRATION_ORDER, (after, _orderBy, limit) => catalogueQuery(ctx, after).limit(limit));
  return mapPage(rows, (shown) => shown.map(appIntegrationOf));
}

/**
 * Which rows count as installed: GitHub only once the app is (an importer token alone is not an
 * installation), that is when its metadata holds a positive whole installation id JavaScript can
 * hold exactly (the metadata is written by JSON.stringify, so such an id is a JSON integer).
 */
const isInstallation = or(
  ne(integrations.provider, "github"),
  sql`(json_type(${workspaceIntegrations.metadata}, '$.installation_id') = 'integer'
    AND json_extract(${workspaceIntegrations.metadata}, '$.installation_id') BETWEEN 1 AND ${Number.MAX_SAFE_INTEGER})`,
);

/** A workspace's installations by provider; the id breaks ties. */
const INSTALLATION_ORDER: OrderKey<{ row: WorkspaceIntegrationRow; integration: IntegrationRow }>[] = [
  { by: integrations.provider, dir: "asc", of: ({ integration }) => integration.provider },
  { by: workspaceIntegrations.id, dir: "asc", of: ({ row }) => row.id },
];

const installationsQuery = (ctx: ActorContext, workspaceId: string, where?: SQL) =>
  ctx.db
    .select({ row: workspaceIntegrations, integration: integrations })
    .from(workspaceIntegrations)
    .innerJoin(integrations, eq(integrations.id, workspaceIntegrations.integration_id))
    .where(and(eq(workspaceIntegrations.workspace_id, workspaceId), isInstallation, where))
    .orderBy(...orderOf(INSTALLATION_ORDER));

/** One page of the workspace's installations; members and owners may read them. */
export async function listWorkspaceIntegrations(ctx: ActorContext, slug: string, page: PageRequest): Promise<ListPage<WorkspaceIntegrationResponse>> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.member);
  const rows = await readPage(page, INSTALLATION_ORDER, (after, _orderBy, limit) => installationsQuery(ctx, workspace.id, after).limit(limit));
  return mapPage(rows, (shown) => shown.map(({ row, integration }) => workspaceIntegrationOf(row, integration)));
}

/** Whether this server has the provider's app, so "Add installation" can start its round trip. */
export const providerConfigured = async (ctx: DomainContext, provider: IntegrationProvider) =>
  provider === "slack" ? (await ctx.ports.slack()).configured() : (await ctx.ports.github()).installConfigured();

/** The workspace integrations page: one card per integration; guests and viewers get `authorized: false`. */
export async function integrationsPageOf(ctx: ActorContext, slug: string): Promise<IntegrationsPageData> {
  const { workspace, membership } = await workspaceAccess(ctx, slug);
  if (!canOpenWorkspaceSettings(membership.role)) return { authorized: false, can_manage: false, cards: [] };
  // One card per catalogue entry, and a workspace installs each at most once.
  const [catalogue, installed] = await Promise.all([
    catalogueQuery(ctx).limit(LIST_PAGES.plainListCap),
    installationsQuery(ctx, workspace.id).limit(LIST_PAGES.plainListCap),
  ]);
  const cards: IntegrationCard[] = await Promise.all(
    catalogue.map(async (integration) => {
      const found = installed.find(({ row }) => row.integration_id === integration.id);
      return {
        integration: appIntegrationOf(integration),
        installation: found ? workspaceIntegrationOf(found.row, integration) : null,
        configured: await providerConfigured(ctx, integration.provider),
      };
    }),
  );
  return { authorized: true, can_manage: membership.role >= ROLE.owner, cards };
}

const BOT_NAMES: Record<IntegrationProvider, string> = { github: "GitHub", slack: "Slack" };

/**
 * The statements that give a workspace integration its bot user (a user who cannot sign in, who
 * writes on the integration's behalf) as a member of the workspace.
 */
export function botUserStatements(ctx: ActorContext, workspaceId: string, provider: IntegrationProvider, botId: string) {
  const now = new Date().toISOString();
  return [
    ctx.db
      .insert(users)
      .values({
        id: botId,
        email: `${provider}-bot-${botId}@bots.invalid`,
        first_name: BOT_NAMES[provider],
        display_name: `${provider}-bot`,
        // No password hash verifies against "!", and sign-in refuses bots anyway.
        password_hash: "!",
        is_bot: true,
      })
      .onConflictDoNothing(),
    ctx.db
      .insert(workspaceMembers)
      .values({ workspace_id: workspaceId, member_id: botId, role: ROLE.member, created_at: now, updated_at: now })
      .onConflictDoNothing(),
  ];
}

/**
 * The installation, when the person behind `code` may administer it on GitHub: the code becomes
 * their user token, which lists the app's installations they reach. The token is dropped here.
 */
async function administeredInstallation(ctx: ActorContext, code: string, installationId: number): Promise<GithubInstallation> {
  let installation: GithubInstallation | null;
  try {
    const github = await ctx.ports.github();
    const userToken = await github.exchangeUserCode(code);
    installation = await github.userInstallation(userToken, installationId);
  } catch (error) {
    invalidFromSource(error, "code");
  }
  if (!installation) throw new Forbidden(GITHUB_INSTALLATION_NOT_YOURS);
  return installation;
}

/**
 * Stores the GitHub App's installation on the workspace at the end of the install round trip this
 * session started (the state), once GitHub says the installing person may administer it (the
 * code): its id and account in metadata, the bot user as a member. An installation another
 * workspace holds stays there. A personal access token the importer saved earlier stays (the
 * installation is used first).
 */
export async function installGithubApp(ctx: ActorContext, slug: string, input: unknown): Promise<WorkspaceIntegrationResponse> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const { installation_id, code, state } = parseInput(GithubInstallInput, input);
  if (!(await ctx.ports.github()).installConfigured()) throw new Invalid(GITHUB_APP_NOT_SET_UP);
  await consumeConnectionState(ctx, state, { kinds: ["github_install"], workspaceId: workspace.id, projectId: null });
  const installation = await administeredInstallation(ctx, code, installation_id);
  const [[existing], [elsewhere]] = await Promise.all([
    ctx.db
      .select()
      .from(workspaceIntegrations)
      .where(and(eq(workspaceIntegrations.workspace_id, workspace.id), eq(workspaceIntegrations.integration_id, GITHUB_INTEGRATION_ID)))
      .limit(1),
    ctx.db
      .select({ id: workspaceIntegrations.id })
      .from(workspaceIntegrations)
      .where(
        and(
          eq(workspaceIntegrations.integration_id, GITHUB_INTEGRATION_ID),
          sql`json_extract(${workspaceIntegrations.metadata}, '$.installation_id') = ${installation.id}`,
          ne(workspaceIntegrations.workspace_id, workspace.id),
        ),
      )
      .limit(1),
  ]);
  // Knowing an installation's number must not be enough to read another workspace's repositories.
  if (elsewhere) throw new Conflict(GITHUB_INSTALLATION_TAKEN);
  const previous = installationIdOf(existing ?? null);
  if (previous !== null && previous !== installation.id) (await ctx.ports.github()).forgetInstallationToken(previous);
  const botId = existing?.actor_id ?? crypto.randomUUID();
  const metadata: Record<string, Json> = {
    ...(existing?.metadata ?? {}),
    installation_id: installation.id,
    account_login: installation.account.login,
    account_type: installation.account.type,
    account_avatar_url: installation.account.avatar_url,
  };
  const now = new Date().toISOString();
  const { saved } = await runNamedBatch(ctx.db, {
    bot: botUserStatements(ctx, workspace.id, "github", botId),
    saved: ctx.db
      .insert(workspaceIntegrations)
      .values({
        workspace_id: workspace.id,
        integration_id: GITHUB_INTEGRATION_ID,
        actor_id: botId,
        metadata,
        config: existing?.config ?? {},
        created_by: ctx.actor.id,
      })
      .onConflictDoUpdate({
        target: [workspaceIntegrations.workspace_id, workspaceIntegrations.integration_id],
        set: { actor_id: botId, metadata, updated_at: now },
      })
      .returning(),
  });
  const [integration] = await ctx.db.select().from(integrations).where(eq(integrations.id, GITHUB_INTEGRATION_ID));
  return workspaceIntegrationOf(saved[0], integration);
}

/**
 * Removes a workspace's installation with everything hanging off it (repository syncs, Slack
 * channels); its bot leaves the workspace and its projects, and the projects stop sending events
 * to it, in the same transaction.
 */
export async function deleteWorkspaceIntegration(ctx: ActorContext, slug: string, integrationId: string): Promise<void> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const [row] = await ctx.db
    .select()
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.workspace_id, workspace.id), eq(workspaceIntegrations.id, integrationId)))
    .limit(1);
  if (!row) throw new NotFound(INTEGRATION_NOT_FOUND);
  const bot = row.actor_id;
  await runNamedBatch(ctx.db, {
    deleted: ctx.db.delete(workspaceIntegrations).where(eq(workspaceIntegrations.id, row.id)),
    botProjects: bot
      ? ctx.db.delete(projectMembers).where(and(eq(projectMembers.workspace_id, workspace.id), eq(projectMembers.member_id, bot), sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${bot} AND u.is_bot = 1)`))
      : undefined,
    botWorkspace: bot
      ? ctx.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspace_id, workspace.id), eq(workspaceMembers.member_id, bot), sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${bot} AND u.is_bot = 1)`))
      : undefined,
    sinks: refreshEventSinks(ctx.db, workspace.id),
  });
  const installationId = installationIdOf(row);
  if (installationId !== null) (await ctx.ports.github()).forgetInstallationToken(installationId);
}
