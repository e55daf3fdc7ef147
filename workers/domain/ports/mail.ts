// What the domain needs to send a mail, in its words: one message to one recipient, and the
// transport's answer once it has accepted it. Adapters under workers/integrations/mail implement
// it (SMTP over a socket, Cloudflare's send_email binding, the development outbox) and throw
// MailTransportError when the message was not accepted.

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers such as List-Unsubscribe; names and values are single lines. */
  headers: Record<string, string>;
}

export type MailTransportName = "smtp" | "cloudflare" | "outbox";

export interface MailTransport {
  readonly name: MailTransportName;
  /** Where mail goes, as the owner's Mail page shows it ("SMTP mail.example.com:587, STARTTLS"). */
  readonly description: string;
  /** Hands the message over; resolves with the transport's answer once it was accepted. */
  send(mail: OutgoingMail): Promise<string>;
}

/**
 * How this server's mail leaves, as the owner's Mail page shows it, learnt without sending: the
 * configured transport's identity, or null with the reason (`problem`) mail cannot leave.
 */
export interface MailSetup {
  transport: Pick<MailTransport, "name" | "description"> | null;
  problem: string | null;
}

/**
 * The transport did not take the message. `permanent` means trying again cannot help (the
 * server refused the recipient or the sender with a 5xx reply, or the binding refused it); a
 * temporary failure (4xx, a dropped connection, no answer in time) is retried.
 */
export class MailTransportError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
