// Sending one queued mail (the `mail.send` job), and the rules around it: the transport's
// acceptance marks it sent; a permanent refusal (a 5xx reply, a binding that refuses the
// address) or a server without mail fails it at once; any other failure (4xx, a dropped
// connection, no answer in time) is retried with backoff, at most MAX_MAIL_ATTEMPTS times, then
// fails with the last reason. Each attempt holds a short lease on its row, so a queue message and
// the watchdog never send one mail twice at once, and a lost message only delays it.
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { mailMessages } from "../../../drizzle/schema";
import { openDb } from "../../db";
import { type AppEnv, getConfig } from "../../env";
import type { JobMessage } from "../../jobs";
import { MailTransportError } from "../../domain/ports/mail";
import { mailSetupProblem, mailTransport } from "./transport";

/** Attempts a mail gets before it has failed. */
export const MAX_MAIL_ATTEMPTS = 5;
/** The wait after the first failed attempt; each later one is four times longer (30 s, 2 min, 8 min, 32 min). */
export const FIRST_MAIL_RETRY_SECONDS = 30;
/** An attempt's hold on its row: longer than an SMTP session may take. */
const LEASE_MS = 2 * 60_000;
/** The watchdog leaves a due mail this long to its own queued retry before it re-queues it. */
const WATCHDOG_GRACE_MS = 60_000;
/** How long the mail log keeps a message. */
export const MAIL_LOG_DAYS = 30;
const PRUNE_BATCH = 1000;

export type MailOutcome = "sent" | "retrying" | "failed" | "skipped";

const iso = (time: number) => new Date(time).toISOString();

/** The wait after the n-th failed attempt (n from 1). */
export const mailRetryDelaySeconds = (attempts: number) => FIRST_MAIL_RETRY_SECONDS * 4 ** Math.max(0, attempts - 1);

export const gaveUpReason = (attempts: number, last: string) => `Not sent after ${attempts} attempts. Last: ${last}`;

interface AttemptOptions {
  /** The clock (tests move it forward through the retries). */
  now?: number;
  /** Where the next retry is queued; the JOBS queue by default. */
  requeue?: (job: JobMessage, delaySeconds: number) => Promise<void>;
}

/** Sends one mail. Does nothing unless it is queued and due. */
export async function attemptMail(env: AppEnv, messageId: string, options: AttemptOptions = {}): Promise<MailOutcome> {
  const now = options.now ?? Date.now();
  const requeue = options.requeue ?? (async (job: JobMessage, delaySeconds: number) => void (await env.JOBS.send(job, { delaySeconds })));
  const { db } = openDb(env.DB, null);
  const [message] = await db
    .update(mailMessages)
    .set({ attempts: sql`${mailMessages.attempts} + 1`, next_attempt_at: iso(now + LEASE_MS), updated_at: iso(now) })
    .where(
      and(
        eq(mailMessages.id, messageId),
        eq(mailMessages.status, "queued"),
        or(isNull(mailMessages.next_attempt_at), lte(mailMessages.next_attempt_at, iso(now))),
      ),
    )
    .returning();
  if (!message) return "skipped";

  const config = getConfig(env);
  const settle = (set: Partial<typeof mailMessages.$inferInsert>) =>
    db.update(mailMessages).set({ ...set, updated_at: iso(now) }).where(eq(mailMessages.id, message.id));

  const transport = mailTransport(env, config);
  if (!transport) {
    await settle({ status: "failed", last_error: mailSetupProblem(env, config), next_attempt_at: null });
    return "failed";
  }
  try {
    const answer = await transport.send({
      from: config.mailFrom,
      to: message.recipient,
      subject: message.subject,
      text: message.text_body,
      html: message.html_body,
      headers: JSON.parse(message.headers) as Record<string, string>,
    });
    await settle({ status: "sent", transport: transport.name, transport_answer: answer, last_error: null, sent_at: iso(now), next_attempt_at: null });
    return "sent";
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof MailTransportError ? error.permanent : false;
    if (!(error instanceof MailTransportError)) console.error("mail transport failed unexpectedly", error);
    if (permanent || message.attempts >= MAX_MAIL_ATTEMPTS) {
      const last_error = permanent ? reason : gaveUpReason(message.attempts, reason);
      await settle({ status: "failed", transport: transport.name, last_error, next_attempt_at: null });
      return "failed";
    }
    const delay = mailRetryDelaySeconds(message.attempts);
    await settle({ transport: transport.name, last_error: reason, next_attempt_at: iso(now + delay * 1000) });
    await requeue({ type: "mail.send", messageId: message.id }, delay);
    return "retrying";
  }
}

/**
 * The watchdog's part: queued mail whose time has come (and gone by a minute) is queued again,
 * and the log forgets what is older than MAIL_LOG_DAYS.
 */
export async function superviseMail(env: AppEnv, now = Date.now()) {
  const { db } = openDb(env.DB, null);
  const due = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.status, "queued"),
        or(
          lte(mailMessages.next_attempt_at, iso(now - WATCHDOG_GRACE_MS)),
          and(isNull(mailMessages.next_attempt_at), lt(mailMessages.created_at, iso(now - WATCHDOG_GRACE_MS))),
        ),
      ),
    )
    .limit(100);
  if (due.length > 0) await env.JOBS.sendBatch(due.map(({ id }) => ({ body: { type: "mail.send", messageId: id } satisfies JobMessage })));
  const old = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(lt(mailMessages.created_at, iso(now - MAIL_LOG_DAYS * 24 * 60 * 60 * 1000)))
    .limit(PRUNE_BATCH);
  await db.delete(mailMessages).where(inArray(mailMessages.id, old));
}
