// The github sink: changes made in the tracker to a project synced with a repository are written
// to GitHub through the workspace's GitHub credential (the App installation's token; a workspace
// connected only with a personal access token writes as that person):
//   issue created                          -> a GitHub issue (title, body), linked in github_issue_syncs
//   issue renamed                          -> the linked issue's title
//   state moved to a completed group       -> closed (completed); cancelled group -> closed (not planned)
//   state moved back from those groups     -> reopened (a move between open states sends nothing)
//   comment created on a linked issue      -> a GitHub comment, linked in github_comment_syncs
//   linked comment edited                  -> the GitHub comment's body
// No echo: changes the integration's bot made (those that came from GitHub) are not sent back,
// and the webhook our own write causes is ignored on arrival (workers/domain/github-webhooks.ts).
// A dispatch retried by the queue sends nothing twice: creations are skipped once linked, and
// the PATCHes only restate what the tracker holds.
import { and, eq, inArray } from "drizzle-orm";
import { githubCommentSyncs, githubIssueSyncs, githubRepositorySyncs, type Json, states, workspaceIntegrations } from "../../../drizzle/schema";
import { type Db, openDb } from "../../db";
import { type AppEnv, type Config, getConfig } from "../../env";
import { GithubClient } from "../../importers/github/client";
import { SourceRefused } from "../../importers/source";
import { SecretUnreadable } from "../../lib/secret-box";
import { isClosedGroup } from "../../domain/schemas/constants";
import { isForeignKeyViolation } from "../../lib/d1-errors";
import type { IntegrationEvent } from "../../domain/integration-events";
import { githubAppConfigured, installationClient } from "./app-auth";

type SyncRow = typeof githubRepositorySyncs.$inferSelect;
type IntegrationRow = typeof workspaceIntegrations.$inferSelect;

interface Target {
  sync: SyncRow;
  integration: IntegrationRow;
  /** The repository's API path, /repos/{owner}/{name}. */
  repoPath: string;
  client?: Promise<GithubClient | null>;
}

interface GithubCreated {
  id: number;
  number: number;
  html_url: string;
}

/** The client acting for the workspace: the App installation when there is one, else its token. */
async function clientOf(config: Config, integration: IntegrationRow): Promise<GithubClient | null> {
  const installationId = Number(integration.metadata?.installation_id);
  if (Number.isInteger(installationId) && installationId > 0 && githubAppConfigured(config)) return installationClient(config, installationId);
  const token = integration.config?.access_token;
  if (typeof token !== "string" || token === "") return null;
  try {
    return new GithubClient(config.GITHUB_API_URL, await config.secrets.open(token, "The saved GitHub token"));
  } catch (error) {
    // A token this server cannot open is no credential: retrying would not change that.
    if (error instanceof SecretUnreadable) return null;
    throw error;
  }
}

const str = (value: Json | undefined) => (typeof value === "string" ? value : "");

/** An issue's description as a GitHub body (GitHub renders the HTML); empty for an empty one. */
function bodyOf(html: string): string {
  const text = html.replace(/<[^>]*>/g, "").trim();
  return text === "" && !/<img\b/i.test(html) ? "" : html;
}

async function issueLinkOf(db: Db, syncId: string, issueId: string) {
  const [link] = await db
    .select({ number: githubIssueSyncs.github_issue_number })
    .from(githubIssueSyncs)
    .where(and(eq(githubIssueSyncs.repository_sync_id, syncId), eq(githubIssueSyncs.issue_id, issueId)))
    .limit(1);
  return link ?? null;
}

/** Inserts a link row; a row whose tracker side was deleted meanwhile is dropped, not retried. */
async function link(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
  }
}

/** The PATCH an issue update asks of the linked GitHub issue (empty: nothing GitHub shows changed). */
async function issuePatchOf(db: Db, event: IntegrationEvent): Promise<Record<string, string>> {
  const patch: Record<string, string> = {};
  for (const change of event.changes ?? []) {
    if (change.field === "name") patch.title = str(event.data.name);
    if (change.field === "description") patch.body = bodyOf(str(event.data.description_html));
    if (change.field === "state") {
      const group = (event.data.state as { group?: string } | null)?.group;
      if (group === "completed") Object.assign(patch, { state: "closed", state_reason: "completed" });
      else if (group === "cancelled") Object.assign(patch, { state: "closed", state_reason: "not_planned" });
      else if (group && change.old_identifier) {
        // Reopened only when it comes back from a closed group: a move between open states is
        // nothing GitHub shows, and costs no call.
        const [old] = await db.select({ group: states.group }).from(states).where(eq(states.id, change.old_identifier)).limit(1);
        if (old && isClosedGroup(old.group)) patch.state = "open";
      }
    }
  }
  return patch;
}

async function sendEvent(db: Db, target: Target, client: GithubClient, event: IntegrationEvent) {
  const { sync, repoPath } = target;
  if (event.event === "issue" && event.action === "created") {
    const issueId = str(event.data.id);
    if (await issueLinkOf(db, sync.id, issueId)) return;
    const created = await client.send<GithubCreated>("POST", `${repoPath}/issues`, {
      title: str(event.data.name),
      body: bodyOf(str(event.data.description_html)),
    });
    if (!created) return;
    await link(() =>
      db
        .insert(githubIssueSyncs)
        .values({
          repository_sync_id: sync.id,
          project_id: sync.project_id,
          issue_id: issueId,
          github_issue_id: created.id,
          github_issue_number: created.number,
          issue_url: created.html_url,
        })
        .onConflictDoNothing(),
    );
    return;
  }
  if (event.event === "issue" && event.action === "updated") {
    const patch = await issuePatchOf(db, event);
    if (Object.keys(patch).length === 0) return;
    const linked = await issueLinkOf(db, sync.id, str(event.data.id));
    if (!linked) return;
    await client.send("PATCH", `${repoPath}/issues/${linked.number}`, patch);
    return;
  }
  if (event.event === "comment" && (event.action === "created" || event.action === "updated")) {
    const commentId = str(event.data.id);
    const [known] = await db
      .select({ githubId: githubCommentSyncs.github_comment_id })
      .from(githubCommentSyncs)
      .where(and(eq(githubCommentSyncs.repository_sync_id, sync.id), eq(githubCommentSyncs.comment_id, commentId)))
      .limit(1);
    if (event.action === "updated") {
      if (known) await client.send("PATCH", `${repoPath}/issues/comments/${known.githubId}`, { body: str(event.data.comment_html) });
      return;
    }
    if (known) return;
    const linked = await issueLinkOf(db, sync.id, str(event.data.issue));
    if (!linked) return;
    const created = await client.send<GithubCreated>("POST", `${repoPath}/issues/${linked.number}/comments`, { body: str(event.data.comment_html) });
    if (!created) return;
    await link(() =>
      db.insert(githubCommentSyncs).values({ repository_sync_id: sync.id, comment_id: commentId, github_comment_id: created.id }).onConflictDoNothing(),
    );
  }
}

export async function syncToGithub(env: AppEnv, events: IntegrationEvent[]): Promise<void> {
  const { db } = openDb(env.DB, null);
  const config = getConfig(env);
  const projectIds = [...new Set(events.map((event) => event.project_id))];
  const rows = await db
    .select({ sync: githubRepositorySyncs, integration: workspaceIntegrations })
    .from(githubRepositorySyncs)
    .innerJoin(workspaceIntegrations, eq(workspaceIntegrations.id, githubRepositorySyncs.workspace_integration_id))
    .where(inArray(githubRepositorySyncs.project_id, projectIds));
  const targets = new Map<string, Target>(
    rows.map(({ sync, integration }) => [
      sync.project_id,
      { sync, integration, repoPath: `/repos/${encodeURIComponent(sync.owner)}/${encodeURIComponent(sync.name)}` },
    ]),
  );
  for (const event of events) {
    const target = targets.get(event.project_id);
    if (!target) continue;
    // What the integration's bot wrote came from GitHub: sending it back would echo.
    if (event.actor_id === target.sync.actor_id || event.actor_id === target.integration.actor_id) continue;
    target.client ??= clientOf(config, target.integration);
    try {
      const client = await target.client;
      if (!client) {
        console.warn("github sync without a credential; change not sent", target.sync.id);
        continue;
      }
      await sendEvent(db, target, client, event);
    } catch (error) {
      // GitHub refused for good (the repository is gone, the app lost access): no retry fixes it.
      // A rate limit or an outage is thrown, and the queue retries the batch later.
      if (!(error instanceof SourceRefused)) throw error;
      console.warn("github refused a synced change", target.sync.id, event.event, event.action, error.message);
    }
  }
}
