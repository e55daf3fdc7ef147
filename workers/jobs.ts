// Queue messages (JOBS) and their consumer. Jobs are idempotent: a redelivered message does no
// harm, so the consumer can retry freely. Import and export runs are resumable (workers/importers,
// workers/exports).
//
// Every write reaches this module (its board publish runs here), but few requests run an import,
// an export or an integration: their runners, with the importers' sources and the third-party
// clients, load at the first job that needs them, not when the Worker starts.
import type { AppEnv } from "./env";
import type { DomainJob } from "./domain/ports/jobs";
import type { SlackPostJob } from "./integrations/slack/sink";
import { openDb } from "./db";
import { boardOf, hubOf } from "./lib/board-stub";
import { type D1Rows, countingDatabase, jobLogLine } from "./lib/request-log";
import { type StoredJobMessage, runStoredJob } from "./lib/job-queue";

/** The domain's jobs, and those only adapters send. */
export type JobMessage =
  | DomainJob
  /** One post to one Slack channel (it queues its own retry when Slack fails, so a channel retries alone). */
  | SlackPostJob
  /** A job too large for a queue message, kept in R2 until it has run (workers/lib/job-queue.ts). */
  | StoredJobMessage;

export async function runJob(env: AppEnv, job: JobMessage): Promise<void> {
  switch (job.type) {
    case "board.publish":
      await boardOf(env, job.projectId).publish(job.changes);
      return;
    case "board.revoke":
      await boardOf(env, job.projectId).disconnectUser(job.userId);
      return;
    case "hub.publish":
      await hubOf(env, job.workspaceId).publish(job.notices);
      return;
    case "hub.wake":
      await hubOf(env, job.workspaceId).wakeInboxAt(job.userId, job.at);
      return;
    case "hub.revoke":
      await hubOf(env, job.workspaceId).disconnectUser(job.userId);
      return;
    case "import.run":
      // A run settles its own failures (retry later or fail the import); it throws only when it
      // could not even record that, and then the queue's retry runs it again.
      await (await import("./importers/runner")).runImport(env, job.importerId);
      return;
    case "export.run":
      await (await import("./exports/runner")).runExport(env, job.exportId);
      return;
    case "events.dispatch":
      await (await import("./integrations/dispatch")).dispatchEvents(env, job.events);
      return;
    case "webhook.deliver":
      await (await import("./integrations/webhooks/deliver")).attemptDelivery(env, job.deliveryId);
      return;
    case "github.event":
      await (await import("./integrations/github/apply")).applyGithubDelivery(env, job.deliveryId);
      return;
    case "mail.send":
      await (await import("./integrations/mail/deliver")).attemptMail(env, job.messageId);
      return;
    case "slack.post":
      await (await import("./integrations/slack/sink")).runSlackPost(env, job);
      return;
    case "job.stored":
      await runStoredJob(env, job.key, (stored) => runJob(env, stored));
      return;
  }
}

/**
 * Runs a batch's jobs side by side (each is independent and holds its own lease where it needs
 * one), so ten inbound webhooks wait for the slowest of them, not for their sum. Each job writes
 * one log line, as a request does: its type, whether it settled, and the D1 rows it read and wrote.
 */
export async function consumeJobs(batch: MessageBatch<JobMessage>, env: AppEnv) {
  await Promise.all(
    batch.messages.map(async (message) => {
      const startedAt = performance.now();
      const rows: D1Rows = { read: 0, written: 0, queries: 0, roundTrips: 0, counted: false };
      let ok = false;
      try {
        await runJob({ ...env, DB: countingDatabase(env.DB, rows) }, message.body);
        message.ack();
        ok = true;
      } catch (error) {
        console.error("job failed; will retry", message.body.type, error);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      } finally {
        console.log(JSON.stringify(jobLogLine(message.body.type, ok, rows, startedAt)));
      }
    }),
  );
}

/**
 * The cron watchdog: no import or export stays processing forever; no webhook delivery, outgoing
 * or from GitHub, and no queued mail is lost; notification mail goes out (instant each minute,
 * digests at the top of the hour); old Slack post records and old webhook deliveries are forgotten; and
 * once an hour, stored credentials not yet under the newest key are sealed again.
 */
export async function superviseJobs(env: AppEnv, now = new Date()) {
  const [imports, exports, deliveries, github, slack, reseal, mail, notificationMail] = await Promise.all([
    import("./importers/runner"),
    import("./exports/runner"),
    import("./integrations/webhooks/deliver"),
    import("./integrations/github/apply"),
    import("./integrations/slack/sink"),
    import("./lib/reseal-secrets"),
    import("./integrations/mail/deliver"),
    import("./integrations/mail/notifications"),
  ]);
  await Promise.all([
    imports.superviseImports(env),
    exports.superviseExports(env),
    deliveries.superviseWebhookDeliveries(env),
    github.superviseGithubDeliveries(env),
    slack.pruneSlackPosts(env),
    deliveries.pruneWebhookDeliveries(env),
    mail.superviseMail(env),
    notificationMail.sweepNotificationMail(env, now),
    // Hourly: the pass reads every credential column, which the minute's work does not need.
    now.getUTCMinutes() === 0 ? reseal.resealSecrets(env) : null,
    // Hourly, and harmless to repeat: what the clock tells people (due tomorrow, cycles).
    now.getUTCMinutes() === 0 ? tellTimedNotifications(env, now) : null,
  ]);
}

/** Writes the notifications the clock tells and tells each recipient's open tabs. */
export async function tellTimedNotifications(env: AppEnv, now: Date) {
  const { notifyTimedEvents } = await import("./domain/timed-notifications");
  const told = await notifyTimedEvents(openDb(env.DB, null).db, now);
  const byWorkspace = new Map<string, string[]>();
  for (const { workspace_id, recipient_id } of told) byWorkspace.set(workspace_id, [...(byWorkspace.get(workspace_id) ?? []), recipient_id]);
  await Promise.all(
    [...byWorkspace].map(([workspaceId, userIds]) =>
      hubOf(env, workspaceId).publish(userIds.map((userId) => ({ notice: { kind: "inbox", op: "changed" }, userId }))),
    ),
  );
  return told;
}
