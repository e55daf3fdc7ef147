// The local SMTP server's mailbox (tests/fakes/mail), as the workerd tests read it.
import { env } from "cloudflare:workers";
import type { ReceivedMail } from "../fakes/mail/server";

declare global {
  namespace Cloudflare {
    interface Env {
      FAKE_MAILBOX_URL: string;
    }
  }
}

/** The mails the server received for `to`, oldest first; only those whose subject is (or matches) `subject` if given. */
export async function mailsTo(to: string, subject?: string | RegExp): Promise<ReceivedMail[]> {
  const mails: ReceivedMail[] = await (await fetch(`${env.FAKE_MAILBOX_URL}/messages?to=${encodeURIComponent(to)}`)).json();
  if (subject === undefined) return mails;
  return mails.filter((mail) => (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject)));
}

/** Waits until `count` such mails have arrived (the queue sends on its own time). */
export async function waitForMails(to: string, count: number, subject?: string | RegExp): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await mailsTo(to, subject);
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`expected ${count} mail(s) to ${to}${subject ? ` about "${subject}"` : ""}, got ${mails.length}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
