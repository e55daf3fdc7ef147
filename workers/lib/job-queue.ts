// Sending to the JOBS queue without losing a job to its size. A queue message holds at most
// 128 KB and a batch 256 KB: an event that carries an issue with a long description, or a board
// publish of a large row, would be refused after its write committed, and lost. A job too large
// for a message is stored in R2 and the message carries only its key; the consumer reads it back
// and deletes it once the job has run. Batches are cut to stay inside both limits.
import type { JobMessage } from "../jobs";

/** Under the queue's 128 KB per message, with room for what the queue adds around the body. */
export const MAX_MESSAGE_BYTES = 100 * 1024;
/** Under the queue's 256 KB per batch. */
export const MAX_BATCH_BYTES = 200 * 1024;
/** The queue takes at most 100 messages per batch. */
export const MAX_BATCH_MESSAGES = 100;
/** Where stored jobs live in the files bucket. */
const STORED_JOBS_PREFIX = "queued-jobs/";

/** A job kept in R2 because it was too large for a message; the message names its key. */
export type StoredJobMessage = { type: "job.stored"; key: string };

const sizeOf = (job: unknown) => new TextEncoder().encode(JSON.stringify(job)).byteLength;

/** `job` itself when it fits a message, else a reference to a stored copy of it. */
async function messageFor(env: Env, job: JobMessage): Promise<{ body: JobMessage; bytes: number }> {
  const bytes = sizeOf(job);
  if (bytes <= MAX_MESSAGE_BYTES) return { body: job, bytes };
  const key = `${STORED_JOBS_PREFIX}${crypto.randomUUID()}.json`;
  await env.FILES.put(key, JSON.stringify(job), { httpMetadata: { contentType: "application/json" } });
  const body: StoredJobMessage = { type: "job.stored", key };
  return { body, bytes: sizeOf(body) };
}

/** Sends `jobs` to the JOBS queue, each as a message that fits (stored when too large), in batches that fit. */
export async function sendJobs(env: Env, jobs: JobMessage[], options: { delaySeconds?: number } = {}): Promise<void> {
  const messages = await Promise.all(jobs.map((job) => messageFor(env, job)));
  const extra = options.delaySeconds && options.delaySeconds > 0 ? { delaySeconds: options.delaySeconds } : {};
  let batch: { body: JobMessage }[] = [];
  let batchBytes = 0;
  for (const message of messages) {
    if (batch.length > 0 && (batch.length === MAX_BATCH_MESSAGES || batchBytes + message.bytes > MAX_BATCH_BYTES)) {
      await env.JOBS.sendBatch(batch, extra);
      batch = [];
      batchBytes = 0;
    }
    batch.push({ body: message.body });
    batchBytes += message.bytes;
  }
  if (batch.length > 0) await env.JOBS.sendBatch(batch, extra);
}

/**
 * Runs a stored job through `run`, then deletes it. A redelivered reference whose job already ran
 * finds nothing and does nothing; one whose run failed finds it still there and runs it again.
 */
export async function runStoredJob(env: Env, key: string, run: (job: JobMessage) => Promise<void>): Promise<void> {
  if (!key.startsWith(STORED_JOBS_PREFIX)) return;
  const object = await env.FILES.get(key);
  if (!object) return;
  await run((await object.json()) as JobMessage);
  await env.FILES.delete(key);
}
