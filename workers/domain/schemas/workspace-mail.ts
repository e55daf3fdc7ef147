// The workspace Mail page's shapes and words, shared by the domain, the REST answer and the page:
// the configured transport, the last error, the counts and one page of the mail log.

/** Rows of the mail log one page shows, newest first; `next_cursor` reads the older ones. */
export const MAIL_LOG_PAGE = 50;
/** Test mails one workspace may send inside an hour. */
export const TEST_MAILS_PER_HOUR = 5;
/** How far back a failed mail keeps the "mail is failing" banner up (unless a later one was sent). */
export const MAIL_FAILING_WINDOW_HOURS = 24;

export const TOO_MANY_TEST_MAILS = `At most ${TEST_MAILS_PER_HOUR} test mails an hour per workspace. Please wait a while and try again.`;
export const TEST_MAIL_SUBJECT = "Test mail from Edge Tracker";

export type MailStatus = "queued" | "sent" | "failed";

/** One row of the mail log as the owner reads it (no bodies). */
export interface MailLogRow {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  transport: string | null;
  /** What the transport answered when it took the mail. */
  transport_answer: string | null;
  /** Why the last attempt failed (a queued mail being retried, or a failed one). */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface MailSetupView {
  /** The configured transport, or null when mail cannot leave this server. */
  transport: { name: string; description: string } | null;
  /** Why mail cannot leave, in words an owner can act on; null when it can. */
  problem: string | null;
}

export interface WorkspaceMailView {
  setup: MailSetupView;
  /** The newest failed mail of the workspace (its reason and when), or null. */
  last_error: { message: string; at: string } | null;
  /** The workspace's mail log by status (the last 30 days: the log forgets older mail). */
  counts: Record<MailStatus, number>;
  log: { rows: MailLogRow[]; next_cursor: string | null };
}

/** The shell's banner: mail of this workspace failed lately and nothing was sent since. */
export interface MailFailing {
  reason: string;
  at: string;
}
