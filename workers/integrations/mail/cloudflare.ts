// Cloudflare Email Service through the Worker's `send_email` binding (EMAIL). The sender's domain
// must be onboarded to Email Service; on the free plan it sends only to verified addresses. The
// binding refuses a sender or recipient it is not allowed (a final answer); any other failure
// is worth retrying.
import { MailTransportError, type MailTransport } from "../../domain/ports/mail";

/** Refusals that another attempt cannot change. */
const FINAL = /not allowed|not verified|invalid|unauthori[sz]ed|forbidden|not entitled/i;

export function cloudflareTransport(binding: SendEmail, fromName: string): MailTransport {
  return {
    name: "cloudflare",
    description: "Cloudflare Email Service (the EMAIL binding)",
    async send(mail) {
      try {
        const result = await binding.send({
          from: { email: mail.from, name: fromName },
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        return `Accepted by Cloudflare Email Service as ${result.messageId}`;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new MailTransportError(`Cloudflare Email Service: ${message}`.slice(0, 500), FINAL.test(message));
      }
    },
  };
}
