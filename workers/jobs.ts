// Queue messages (JOBS) and their consumer. Jobs are idempotent: a redelivered message does no
// harm, so the consumer can retry freely. Import and export runs are resumable (workers/importers,
// workers/exports).
import type { Change } from "../durable-objects/protocol";
import type { AppEnv } from "./env";
import { runExport, superviseExports } from "./exports/runner";
import { runImport, superviseImports } from "./importers/runner";
import { dispatchEvents } from "./integrations/dispatch";
import type { IntegrationEvent } from "./integrations/events";
import { type SlackPostJob, pruneSlackPosts, runSlackPost } from "./integrations/slack/sink";
import { attemptDelivery, pruneWebhookDeliveries, superviseWebhookDeliveries } from "./integrations/webhooks/deliver";
import { boardOf } from "./lib/board-stub";

export type JobMessage =
  /** A post-commit publish that failed in the request; retried here until the board takes it. */
  | { type: "board.publish"; projectId: string; changes: Change[] }
  | { type: "board.revoke"; projectId: string; userId: string }
  /** Runs an import from its stored cursor for a while, then queues the next run (or finishes). */
  | { type: "import.run"; importerId: string }
  /** Writes a project export to R2. */
  | { type: "export.run"; exportId: string }
  /** Committed changes for the integrations listening to their projects (webhooks, Slack, GitHub). */
  | { type: "events.dispatch"; events: IntegrationEvent[] }
  /** Sends one outgoing webhook delivery (a no-op unless it is pending and due). */
  | { type: "webhook.deliver"; deliveryId: string }
  /** A recorded GitHub webhook delivery to apply to the projects synced to its repository. */
  | { type: "github.event"; deliveryId: string }
  /** One post to one Slack channel (it queues its own retry when Slack fails, so a channel retries alone). */
  | SlackPostJob;

export async function runJob(env: AppEnv, job: JobMessage): Promise<void> {
  switch (job.type) {
    case "board.publish":
      await boardOf(env, job.projectId).publish(job.changes);
      return;
    case "board.revoke":
      await boardOf(env, job.projectId).disconnectUser(job.userId);
      return;
    case "import.run":
      // A run settles its own failures (retry later or fail the import); it throws only when it
      // could not even record that, and then the queue's retry runs it again.
      await runImport(env, job.importerId);
      return;
    case "export.run":
      await runExport(env, job.exportId);
      return;
    case "events.dispatch":
      await dispatchEvents(env, job.events);
      return;
    case "webhook.deliver":
      await attemptDelivery(env, job.deliveryId);
      return;
    case "github.event":
      await (await import("./integrations/github/apply")).applyGithubDelivery(env, job.deliveryId);
      return;
    case "slack.post":
      await runSlackPost(env, job);
      return;
  }
}

/**
 * Runs a batch's jobs side by side (each is independent and holds its own lease where it needs
 * one), so ten inbound webhooks wait for the slowest of them, not for their sum.
 */
export async function consumeJobs(batch: MessageBatch<JobMessage>, env: AppEnv) {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await runJob(env, message.body);
        message.ack();
      } catch (error) {
        console.error("job failed; will retry", message.body.type, error);
        message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
      }
    }),
  );
}

/**
 * The cron watchdog: no import or export stays processing forever; no webhook delivery, outgoing
 * or from GitHub, is lost; old Slack post records and old webhook deliveries are forgotten.
 */
export async function superviseJobs(env: AppEnv) {
  await Promise.all([
    superviseImports(env),
    superviseExports(env),
    superviseWebhookDeliveries(env),
    import("./integrations/github/apply").then(({ superviseGithubDeliveries }) => superviseGithubDeliveries(env)),
    pruneSlackPosts(env),
    pruneWebhookDeliveries(env),
  ]);
}
