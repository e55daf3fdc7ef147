// The Slack sink: a project's news (an issue created, an issue moved to another state, a comment
// posted) goes to each channel the project is connected to. Every (event, channel) becomes its own
// `slack.post` job, so a channel that fails is retried alone and never holds up another; the job
// posts with chat.postMessage as the channel's bot. Slack's rate limit is waited out (Retry-After);
// a token Slack revoked or a channel it deleted is given up on and logged. Each (channel, event) is
// a `slack_posts` row, so events dispatched again and queue messages delivered twice post once.
import { and, eq, inArray, lt, ne } from "drizzle-orm";
import { issues, projects, slackPosts, slackProjectSyncs, users, workspaceIntegrations, workspaces } from "../../../drizzle/schema";
import { openDb } from "../../db";
import { type AppEnv, getConfig } from "../../env";
import type { JobMessage } from "../../jobs";
import { chunks, runBatch } from "../../lib/batch";
import { SecretUnreadable } from "../../lib/secret-box";
import { sendJobs } from "../../lib/job-queue";
import type { IntegrationEvent } from "../../domain/integration-events";
import { SlackCallFailed } from "../../domain/ports/slack";
import { type SlackMessage, isRetryable, postSlackMessage } from "./client";

/** One queued post: the channel record it goes to and the message (the channel is read when it is sent). */
export interface SlackPostJob {
  type: "slack.post";
  syncId: string;
  /** The event it tells about, for the logs. */
  eventId: string;
  message: Omit<SlackMessage, "channel">;
  /** Failed tries so far (absent on the first). */
  attempt?: number;
}

/** Tries of one post before it is given up: with the backoff below, about an hour and a half of Slack being down. */
export const SLACK_POST_ATTEMPTS = 9;
/** The wait before try n+1 when Slack names none: 5 s, 20 s, 80 s, 320 s, then every 15 minutes. */
export const slackRetryDelay = (attempt: number) => Math.min(900, 5 * 4 ** (attempt - 1));
/** The longest Retry-After honoured as asked. */
const MAX_RETRY_AFTER_SECONDS = 900;

/** slack_posts rows per insert (4 bound values each, under D1's 100). */
const POST_ROWS_PER_INSERT = 20;
/** How long a post is remembered (a dispatch is retried within minutes, never days). */
const POST_MEMORY_DAYS = 7;
const COMMENT_EXCERPT = 280;

/** Slack's mrkdwn treats these three as markup. */
const escapeMrkdwn = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const str = (value: unknown) => (typeof value === "string" ? value : "");

interface IssueFacts {
  id: string;
  identifier: string;
  name: string;
  projectId: string;
  projectName: string;
  slug: string;
}

/** The news this sink posts; everything else (renames, deletes, edits of comments) stays out of the channel. */
function isNews(event: IntegrationEvent): boolean {
  if (event.event === "issue" && event.action === "created") return true;
  if (event.event === "issue" && event.action === "updated") return (event.changes ?? []).some((change) => change.field === "state");
  return event.event === "comment" && event.action === "created";
}

const issueIdOf = (event: IntegrationEvent) => (event.event === "issue" ? str(event.data.id) : str(event.data.issue));

/** Who did it, as people read it in the channel: their full name, else their display name. */
const nameOf = (user: { display_name: string; first_name: string; last_name: string; email: string } | undefined) =>
  user ? `${user.first_name} ${user.last_name}`.trim() || user.display_name || user.email : "Someone";

/** The message for one event: names the issue ("PROJ-12 Title"), what happened and who, with a link to the issue. */
export function slackMessageOf(event: IntegrationEvent, issue: IssueFacts, who: string, appUrl: string): Omit<SlackMessage, "channel"> {
  const title = `${issue.identifier} ${issue.name}`;
  const url = appUrl ? `${appUrl}/${issue.slug}/projects/${issue.projectId}/issues/${issue.id}` : "";
  const link = url ? `<${url}|${escapeMrkdwn(title)}>` : `*${escapeMrkdwn(title)}*`;
  const actor = escapeMrkdwn(who);
  let line: string;
  if (event.event === "comment") {
    const said = str(event.data.comment_stripped).replace(/\s+/g, " ").trim();
    const excerpt = said.length > COMMENT_EXCERPT ? `${said.slice(0, COMMENT_EXCERPT - 1)}…` : said;
    line = `${actor} commented on ${link}${excerpt ? `\n>${escapeMrkdwn(excerpt)}` : ""}`;
  } else if (event.action === "created") {
    line = `${actor} created ${link}`;
  } else {
    const change = (event.changes ?? []).find((c) => c.field === "state");
    const from = str(change?.old_value);
    const to = str(change?.new_value) || str((event.data.state as Record<string, unknown> | null)?.name);
    line = `${actor} moved ${link}${from ? ` from *${escapeMrkdwn(from)}*` : ""} to *${escapeMrkdwn(to)}*`;
  }
  return {
    text: line,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: line } },
      { type: "context", elements: [{ type: "mrkdwn", text: escapeMrkdwn(issue.projectName) }] },
    ],
  };
}

/** Turns the events of projects with a Slack channel into one queued post per (event, channel). */
export async function postToSlack(env: AppEnv, events: IntegrationEvent[]): Promise<void> {
  const news = events.filter(isNews);
  if (news.length === 0) return;
  const { db } = openDb(env.DB, "first-primary");
  const projectIds = [...new Set(news.map((event) => event.project_id))];
  const issueIds = [...new Set(news.map(issueIdOf).filter((id) => id !== ""))];
  const actorIds = [...new Set(news.map((event) => event.actor_id))];

  const [channels, issueRows, actorRows] = await Promise.all([
    db
      .select({ id: slackProjectSyncs.id, project_id: slackProjectSyncs.project_id, metadata: workspaceIntegrations.metadata, bot: workspaceIntegrations.actor_id })
      .from(slackProjectSyncs)
      .innerJoin(workspaceIntegrations, eq(workspaceIntegrations.id, slackProjectSyncs.workspace_integration_id))
      .where(inArray(slackProjectSyncs.project_id, projectIds)),
    Promise.all(
      chunks(issueIds).map((ids) =>
        db
          .select({
            id: issues.id,
            sequence_id: issues.sequence_id,
            name: issues.name,
            project_id: issues.project_id,
            identifier: projects.identifier,
            project_name: projects.name,
            slug: workspaces.slug,
          })
          .from(issues)
          .innerJoin(projects, eq(projects.id, issues.project_id))
          .innerJoin(workspaces, eq(workspaces.id, projects.workspace_id))
          .where(inArray(issues.id, ids)),
      ),
    ).then((parts) => parts.flat()),
    Promise.all(
      chunks(actorIds).map((ids) =>
        db
          .select({ id: users.id, display_name: users.display_name, first_name: users.first_name, last_name: users.last_name, email: users.email })
          .from(users)
          .where(inArray(users.id, ids)),
      ),
    ).then((parts) => parts.flat()),
  ]);

  const issueById = new Map(
    issueRows.map((row) => [
      row.id,
      { id: row.id, identifier: `${row.identifier}-${row.sequence_id}`, name: row.name, projectId: row.project_id, projectName: row.project_name, slug: row.slug },
    ]),
  );
  const actorById = new Map(actorRows.map((row) => [row.id, row]));
  const jobs: SlackPostJob[] = [];
  for (const event of news) {
    // An issue deleted since (or a comment's issue) is no longer news anyone can open.
    const issue = issueById.get(issueIdOf(event));
    if (!issue) continue;
    for (const channel of channels) {
      if (channel.project_id !== event.project_id) continue;
      // The integration's own bot never talks to itself.
      if (channel.bot && channel.bot === event.actor_id) continue;
      const appUrl = str((channel.metadata as Record<string, unknown> | null)?.app_url);
      jobs.push({ type: "slack.post", syncId: channel.id, eventId: event.id, message: slackMessageOf(event, issue, nameOf(actorById.get(event.actor_id)), appUrl) });
    }
  }
  if (jobs.length === 0) return;
  // Remember each (channel, event) first; what was already posted (a dispatch run again) is not queued again.
  await runBatch(
    db,
    chunks(jobs, POST_ROWS_PER_INSERT).map((part) =>
      db
        .insert(slackPosts)
        .values(part.map((job) => ({ sync_id: job.syncId, event_id: job.eventId })))
        .onConflictDoNothing(),
    ),
  );
  const settled = new Set<string>();
  for (const part of chunks(jobs, POST_ROWS_PER_INSERT)) {
    const done = await db
      .select({ sync_id: slackPosts.sync_id, event_id: slackPosts.event_id })
      .from(slackPosts)
      .where(
        and(
          inArray(slackPosts.sync_id, [...new Set(part.map((job) => job.syncId))]),
          inArray(slackPosts.event_id, [...new Set(part.map((job) => job.eventId))]),
          ne(slackPosts.status, "queued"),
        ),
      );
    for (const row of done) settled.add(`${row.sync_id} ${row.event_id}`);
  }
  const queued = jobs.filter((job) => !settled.has(`${job.syncId} ${job.eventId}`));
  await sendJobs(env, queued as JobMessage[]);
}

/**
 * Sends one queued post. When Slack fails in a way that may pass (a rate limit, an outage), the
 * post queues itself again, after Slack's Retry-After when it gave one, else with a growing wait,
 * until SLACK_POST_ATTEMPTS tries; a refusal for good (revoked token, deleted channel) is logged
 * and dropped at once. A post whose channel was switched off meanwhile, or that was already sent,
 * does nothing. It throws only when it could not even queue its retry (the queue retries it then).
 */
export async function runSlackPost(env: AppEnv, job: SlackPostJob): Promise<"posted" | "retrying" | "refused" | "gone" | "already"> {
  const { db } = openDb(env.DB, "first-primary");
  const [row] = await db
    .select({ token: slackProjectSyncs.access_token, channel_id: slackProjectSyncs.channel_id, status: slackPosts.status })
    .from(slackProjectSyncs)
    .leftJoin(slackPosts, and(eq(slackPosts.sync_id, slackProjectSyncs.id), eq(slackPosts.event_id, job.eventId)))
    .where(eq(slackProjectSyncs.id, job.syncId))
    .limit(1);
  if (!row) return "gone";
  if (row.status === "posted" || row.status === "refused") return "already";
  const settle = (status: "posted" | "refused", fields: { ts?: string; error?: string }) =>
    db
      .insert(slackPosts)
      .values({ sync_id: job.syncId, event_id: job.eventId, status, ...fields })
      .onConflictDoUpdate({ target: [slackPosts.sync_id, slackPosts.event_id], set: { status, ...fields } });
  try {
    const config = getConfig(env);
    const token = await config.secrets.open(row.token, "The channel's Slack token").catch((error) => {
      // A token this server cannot open is refused for good, like one Slack revoked.
      if (error instanceof SecretUnreadable) throw new SlackCallFailed("token_unreadable");
      throw error;
    });
    const { ts } = await postSlackMessage(config, token, { channel: row.channel_id, ...job.message });
    await settle("posted", { ts });
    return "posted";
  } catch (error) {
    if (!(error instanceof SlackCallFailed)) throw error;
    const attempt = (job.attempt ?? 0) + 1;
    if (isRetryable(error) && attempt < SLACK_POST_ATTEMPTS) {
      const delaySeconds = error.retryAfterSeconds ? Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(error.retryAfterSeconds)) : slackRetryDelay(attempt);
      // A post is small (its text is cut to an excerpt): it fits one message.
      await env.JOBS.send({ ...job, attempt } satisfies JobMessage, { delaySeconds });
      return "retrying";
    }
    const reason = isRetryable(error) ? `${error.error} (gave up after ${attempt} tries)` : error.error;
    console.warn("slack post given up", { syncId: job.syncId, eventId: job.eventId, error: reason });
    await settle("refused", { error: reason });
    return "refused";
  }
}

/** Forgets posts older than a week (the watchdog runs it): no dispatch is retried that late. */
export async function pruneSlackPosts(env: AppEnv): Promise<void> {
  const { db } = openDb(env.DB, "first-primary");
  const before = new Date(Date.now() - POST_MEMORY_DAYS * 86_400_000).toISOString();
  await db.delete(slackPosts).where(lt(slackPosts.created_at, before));
}
