// Mail the domain sends: each message is a row (mail_messages) written in the same batch as the
// change it is about, and a `mail.send` job after commit hands it to the transport. Nothing is
// "sent" until the transport said so; the row keeps the answer or the error for the mail log.
import { type SQL, desc, sql } from "drizzle-orm";
import { mailMessages } from "../../drizzle/schema";
import { rawStatement } from "../lib/batch";
import type { DomainContext } from "./context";
import { NotFound } from "./errors";

export type MailKind =
  | "verify-email"
  | "password-reset"
  | "sign-in"
  | "change-email"
  | "email-changed"
  | "invitation"
  | "test"
  | "notification"
  | "notification-digest";

export interface MailDraft {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe where a mail is not required). */
  headers?: Record<string, string>;
  /** The workspace the mail is about: its owners see it in their mail log. */
  workspaceId?: string | null;
}

/**
 * The statement that records `draft` as queued, for the caller's write batch; its send job is
 * queued once the batch commits (and forgotten if it does not).
 */
export function queueMail(ctx: DomainContext, draft: MailDraft) {
  const id = crypto.randomUUID();
  ctx.effects.enqueue({ type: "mail.send", messageId: id });
  return ctx.db.insert(mailMessages).values({
    id,
    kind: draft.kind,
    recipient: draft.to,
    subject: draft.subject,
    text_body: draft.text,
    html_body: draft.html,
    headers: JSON.stringify(draft.headers ?? {}),
    workspace_id: draft.workspaceId ?? null,
  });
}

/**
 * `queueMail` for a mail that is only right while `condition` holds (the notifications it tells
 * are still unread and not yet mailed): the row is written only if it does, in the same batch.
 */
export function queueMailWhen(ctx: DomainContext, draft: MailDraft, condition: SQL) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  ctx.effects.enqueue({ type: "mail.send", messageId: id });
  return rawStatement(
    ctx.db,
    sql`INSERT INTO mail_messages (id, kind, recipient, subject, text_body, html_body, headers, workspace_id, created_at, updated_at)
      SELECT ${id}, ${draft.kind}, ${draft.to}, ${draft.subject}, ${draft.text}, ${draft.html}, ${JSON.stringify(draft.headers ?? {})}, ${draft.workspaceId ?? null}, ${now}, ${now}
      WHERE ${condition}`,
  );
}

/** How many messages the development outbox shows, newest first. */
export const OUTBOX_SIZE = 100;

/**
 * The development outbox: every message the server wrote, newest first, with its body, so a local
 * run works end to end without a mail server. It does not exist in production.
 */
export async function developmentOutbox(ctx: DomainContext) {
  if (ctx.config.APP_ENV === "production") throw new NotFound("Page not found");
  return ctx.db
    .select({
      id: mailMessages.id,
      kind: mailMessages.kind,
      recipient: mailMessages.recipient,
      subject: mailMessages.subject,
      text: mailMessages.text_body,
      status: mailMessages.status,
      last_error: mailMessages.last_error,
      created_at: mailMessages.created_at,
    })
    .from(mailMessages)
    .orderBy(desc(mailMessages.created_at))
    .limit(OUTBOX_SIZE);
}
