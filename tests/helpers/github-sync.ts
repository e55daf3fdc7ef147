// A project synced to a fake GitHub repository, set up straight in D1 (the GitHub integration
// with its bot user, the bot's memberships, the repository sync and the project's event-sink flag),
// plus what the sync tests do with webhooks: sign them as GitHub does, post them to the Worker,
// wait for the queued job to apply them, and read what the fake GitHub was asked to write.
import { fetchWorker } from "./worker";
import { env } from "cloudflare:workers";
import { type GithubDelivery, githubDelivery } from "../fakes/github/webhooks";
import type { RepoWrite } from "../fakes/github/repo-writes";
import { getConfig } from "../../workers/env";
import { ORIGIN } from "./api";
import { type FakeRepo, createFakeRepo, installFakeApp, uniqueRepoName } from "./fake-github";

export type { GithubDelivery, RepoWrite };

/** The seeded GitHub integration (migration 0005). */
export const GITHUB_INTEGRATION_ID = "00000000-0000-4000-8000-000000000001";
/** The login GitHub gives the test app's bot (config GITHUB_APP_SLUG + "[bot]"). */
export const appBotLogin = () => `${getConfig(env).GITHUB_APP_SLUG}[bot]`;
/** The test app's id (config GITHUB_APP_ID). */
export const appId = () => Number(getConfig(env).GITHUB_APP_ID);

export interface SyncedRepository {
  repository: FakeRepo["repository"];
  /** owner/name */
  fullName: string;
  token: string;
  botId: string;
  workspaceIntegrationId: string;
  syncId: string;
}

let counter = 0;

/**
 * A fresh fake repository synced to `projectId`. Its token writes as the app's bot (as an
 * installation token does), so the deliveries our own writes cause come from that bot. The
 * integration keeps the token as the workspace's GitHub credential (config.access_token).
 */
export async function syncFakeRepository(
  workspaceId: string,
  projectId: string,
  options: { issues?: number; viaInstallation?: boolean } = {},
): Promise<SyncedRepository> {
  const token = `ghs_sync${Date.now().toString(36)}${++counter}`;
  const owner = `sync-org-${counter}`;
  const { repository } = await createFakeRepo({ owner, name: uniqueRepoName("synced"), token, login: appBotLogin(), issues: options.issues ?? 0 });
  const now = new Date().toISOString();
  const botId = crypto.randomUUID();
  const workspaceIntegrationId = crypto.randomUUID();
  const syncId = crypto.randomUUID();
  // With `viaInstallation` the workspace holds an App installation on the repository's owner
  // instead of a token: the Worker mints installation tokens from the fake GitHub.
  const installation = options.viaInstallation ? await installFakeApp(owner) : null;
  const credential = installation
    ? { metadata: { installation_id: installation.id, account: { login: owner } }, config: {} }
    : { metadata: { login: appBotLogin() }, config: { access_token: token } };
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, first_name, display_name, password_hash, is_bot, created_at, updated_at) VALUES (?, ?, 'GitHub', 'GitHub', '!', 1, ?, ?)",
    ).bind(botId, `github-bot-${botId}@bots.invalid`, now, now),
    env.DB.prepare("INSERT INTO workspace_members (id, workspace_id, member_id, role, created_at, updated_at) VALUES (?, ?, ?, 15, ?, ?)").bind(
      crypto.randomUUID(),
      workspaceId,
      botId,
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO project_members (id, workspace_id, project_id, member_id, role, created_at, updated_at) VALUES (?, ?, ?, ?, 15, ?, ?)",
    ).bind(crypto.randomUUID(), workspaceId, projectId, botId, now, now),
    env.DB.prepare(
      "INSERT INTO workspace_integrations (id, workspace_id, integration_id, actor_id, metadata, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(workspaceIntegrationId, workspaceId, GITHUB_INTEGRATION_ID, botId, JSON.stringify(credential.metadata), JSON.stringify(credential.config), now, now),
    env.DB.prepare(
      "INSERT INTO github_repository_syncs (id, workspace_id, project_id, workspace_integration_id, repository_id, name, owner, url, actor_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(syncId, workspaceId, projectId, workspaceIntegrationId, repository.id, repository.name, repository.owner.login, repository.html_url, botId, now, now),
    // What refreshEventSinks does when a sync is added.
    env.DB.prepare("UPDATE projects SET event_sinks = event_sinks | 4 WHERE id = ?").bind(projectId),
  ]);
  return { repository, fullName: repository.full_name, token, botId, workspaceIntegrationId, syncId };
}

/** A delivery signed with the Worker's webhook secret. */
export const signedDelivery = (event: string, payload: unknown, id?: string) => githubDelivery(getConfig(env).GITHUB_WEBHOOK_SECRET, event, payload, id);

/** Posts a delivery to the Worker's webhook endpoint as GitHub does. */
export async function postDelivery(delivery: Pick<GithubDelivery, "headers" | "body">) {
  const response = await fetchWorker(`${ORIGIN}/api/webhooks/github`, { method: "POST", headers: delivery.headers, body: delivery.body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Waits until `probe` answers something other than undefined. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick();
  }
}

/** Waits until the queued job has applied the delivery; answers its final status. */
export const deliveryApplied = (deliveryId: string) =>
  waitFor(async () => {
    const row = await env.DB.prepare("SELECT status FROM github_webhook_deliveries WHERE delivery_id = ?").bind(deliveryId).first<{ status: string }>();
    return row && row.status !== "processing" ? row.status : undefined;
  }, `delivery ${deliveryId} to be applied`);

async function fake<T>(method: string, path: string): Promise<T> {
  const response = await fetch(`${env.GITHUB_API_URL}${path}`, { method });
  if (!response.ok) throw new Error(`fake GitHub ${method} ${path}: ${response.status}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** The writes the fake GitHub received for the repository, in order. */
export const fakeWrites = (fullName: string) => fake<RepoWrite[]>("GET", `/_fake/writes?repo=${encodeURIComponent(fullName)}`);
/** The deliveries the fake GitHub's writes caused, signed, in order. */
export const fakeDeliveries = (fullName: string) => fake<GithubDelivery[]>("GET", `/_fake/deliveries?repo=${encodeURIComponent(fullName)}`);
export const clearFakeDeliveries = (fullName: string) => fake<null>("DELETE", `/_fake/deliveries?repo=${encodeURIComponent(fullName)}`);
