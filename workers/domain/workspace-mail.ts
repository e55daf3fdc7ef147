// A workspace's mail as its owners read it (the "Mail" settings page): how this server's mail
// leaves, the last error, the log of the workspace's mails newest first, a test mail to the
// owner's own address, and whether mail has been failing lately (the shell's banner). Only
// owners see any of it, the rule every owner-only setting follows. Nothing here calls a mail
// "sent": the log shows what the `mail.send` job recorded after the transport answered.
import { type SQL, and, count, desc, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { mailMessages } from "../../drizzle/schema";
import { runNamedBatch } from "../lib/batch";
import { ROLE, workspaceAccess } from "./access";
import type { ActorContext, DomainContext } from "./context";
import { QuotaExceeded } from "./errors";
import { type OrderKey, readPage } from "./list-page";
import { queueMail } from "./mail";
import { PRODUCT_NAME, linkMail } from "./mail-content";
import { bucketName, rateLimiterOf, retryAfterSeconds } from "./rate-limits";
import {
  MAIL_FAILING_WINDOW_HOURS,
  MAIL_LOG_PAGE,
  type MailFailing,
  type MailLogRow,
  type MailStatus,
  TEST_MAILS_PER_HOUR,
  TEST_MAIL_SUBJECT,
  TOO_MANY_TEST_MAILS,
  type WorkspaceMailView,
} from "./schemas/workspace-mail";

const HOUR_MS = 60 * 60_000;

const logColumns = {
  id: mailMessages.id,
  kind: mailMessages.kind,
  recipient: mailMessages.recipient,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  transport: mailMessages.transport,
  transport_answer: mailMessages.transport_answer,
  last_error: mailMessages.last_error,
  created_at: mailMessages.created_at,
  sent_at: mailMessages.sent_at,
};

/** The log's order: newest first, the id breaking ties (mail_messages_workspace_idx serves it). */
const LOG_ORDER: OrderKey<MailLogRow>[] = [
  { by: mailMessages.created_at, dir: "desc", of: (row) => row.created_at },
  { by: mailMessages.id, dir: "desc", of: (row) => row.id },
];

/**
 * GET mail/: the owner's Mail page: the configured transport (or why mail cannot leave), the
 * newest failure, the counts by status and one page of the log (MAIL_LOG_PAGE rows, newest
 * first; `cursor` reads older ones). Everyone but an owner is refused (403).
 */
export async function workspaceMailPage(ctx: ActorContext, slug: string, cursor?: string): Promise<WorkspaceMailView> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const [setup, log, { counts, lastError }] = await Promise.all([
    ctx.ports.mail(),
    readPage({ size: MAIL_LOG_PAGE, cursor }, LOG_ORDER, (after, orderBy, limit) =>
      ctx.db
        .select(logColumns)
        .from(mailMessages)
        .where(and(eq(mailMessages.workspace_id, workspace.id), after))
        .orderBy(...orderBy)
        .limit(limit),
    ),
    runNamedBatch(ctx.db, {
      counts: ctx.db
        .select({ status: mailMessages.status, total: count() })
        .from(mailMessages)
        .where(eq(mailMessages.workspace_id, workspace.id))
        .groupBy(mailMessages.status),
      lastError: newestSettled(ctx, workspace.id, "failed").limit(1),
    }),
  ]);
  const byStatus: Record<MailStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const row of counts) byStatus[row.status] = row.total;
  const [failure] = lastError;
  return {
    setup: { transport: setup.transport ? { name: setup.transport.name, description: setup.transport.description } : null, problem: setup.problem },
    last_error: failure ? { message: failure.message ?? UNKNOWN_ERROR, at: failure.at } : null,
    counts: byStatus,
    log,
  };
}

const UNKNOWN_ERROR = "The mail was not sent (no reason was recorded).";

/** The workspace's settled mails of `status` (and matching `where`), the newest first: seeks mail_messages_settled_idx. */
const newestSettled = (ctx: DomainContext, workspaceId: string, status: "sent" | "failed", where?: SQL) =>
  ctx.db
    .select({ message: mailMessages.last_error, at: mailMessages.updated_at })
    .from(mailMessages)
    .where(and(eq(mailMessages.workspace_id, workspaceId), eq(mailMessages.status, status), where))
    .orderBy(desc(mailMessages.updated_at));

/**
 * POST mail/test/: queues a mail of kind `test` to the owner's own address, in the workspace's
 * log. At most TEST_MAILS_PER_HOUR an hour per workspace (429 with Retry-After past it). Answers
 * the queued row: it says "queued", and only the send job may make it "sent".
 */
export async function sendTestMail(ctx: ActorContext, slug: string, now = Date.now()): Promise<MailLogRow> {
  const { workspace } = await workspaceAccess(ctx, slug, ROLE.owner);
  const bucket = rateLimiterOf(ctx, await bucketName("test-mail:workspace", workspace.id));
  const verdict = await bucket.take(TEST_MAILS_PER_HOUR, HOUR_MS, now);
  if (!verdict.allowed) throw new QuotaExceeded(TOO_MANY_TEST_MAILS, retryAfterSeconds([verdict]));
  const mail = linkMail({
    subject: TEST_MAIL_SUBJECT,
    intro: [`This is a test mail from the workspace ${workspace.name} on ${PRODUCT_NAME}, sent by ${ctx.actor.email} from its Mail settings.`],
    outro: ["If you can read it, mail from this server reaches you. Nothing else needs doing."],
  });
  const [row] = await queueMail(ctx, {
    kind: "test",
    to: ctx.actor.email,
    workspaceId: workspace.id,
    ...mail,
  }).returning(logColumns);
  return row;
}

/**
 * Whether the workspace's mail has been failing: a mail failed in the last
 * MAIL_FAILING_WINDOW_HOURS and none was sent after it. One indexed statement (the shell asks it
 * for owners only). Answers the reason and when, or null.
 */
export async function mailFailing(ctx: DomainContext, workspaceId: string, now = Date.now()): Promise<MailFailing | null> {
  const [failure] = await mailFailingStatement(ctx, workspaceId, now);
  return failure ? { reason: failure.message ?? UNKNOWN_ERROR, at: failure.at } : null;
}

/**
 * The statement `mailFailing` runs: the newest failure in the window with no sent mail after it.
 * Both it and the "sent after it" check seek mail_messages_settled_idx.
 */
export function mailFailingStatement(ctx: DomainContext, workspaceId: string, now: number) {
  const since = new Date(now - MAIL_FAILING_WINDOW_HOURS * HOUR_MS).toISOString();
  const sent = alias(mailMessages, "sent");
  return newestSettled(
    ctx,
    workspaceId,
    "failed",
    and(
      gte(mailMessages.updated_at, since),
      sql`NOT EXISTS (SELECT 1 FROM ${mailMessages} AS ${sql.identifier("sent")} WHERE ${sent.workspace_id} = ${workspaceId} AND ${sent.status} = 'sent' AND ${sent.updated_at} > ${mailMessages.updated_at})`,
    ),
  ).limit(1);
}
