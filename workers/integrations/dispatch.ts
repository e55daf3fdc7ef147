// Fans a batch of committed changes out to the sinks listening to their projects. Each sink turns
// the events it wants into its own durable work (a delivery row, a queued post), so a failing
// receiver never holds up another and a redelivered batch does no harm.
import type { AppEnv } from "../env";
import { EVENT_SINK, type EventSinkName, type IntegrationEvent } from "../domain/integration-events";

type Sink = (env: AppEnv, events: IntegrationEvent[]) => Promise<void>;

/** Each sink's entry point, loaded when a batch needs it (most batches need one or two). */
const SINKS: Record<EventSinkName, () => Promise<Sink>> = {
  webhooks: async () => (await import("./webhooks/sink")).deliverToWebhooks,
  slack: async () => (await import("./slack/sink")).postToSlack,
  github: async () => (await import("./github/sink")).syncToGithub,
};

export async function dispatchEvents(env: AppEnv, events: IntegrationEvent[]): Promise<void> {
  const work = (Object.keys(SINKS) as EventSinkName[]).flatMap((name) => {
    const wanted = events.filter((event) => (event.sinks & EVENT_SINK[name]) !== 0);
    return wanted.length > 0 ? [{ name, wanted }] : [];
  });
  const results = await Promise.allSettled(work.map(async ({ name, wanted }) => (await SINKS[name]())(env, wanted)));
  const failed = results.filter((result) => result.status === "rejected");
  // Rethrown so the queue retries the batch; sinks skip what they already took (idempotent).
  if (failed.length > 0) throw new AggregateError(failed.map((result) => (result as PromiseRejectedResult).reason), "an integration sink failed");
}
