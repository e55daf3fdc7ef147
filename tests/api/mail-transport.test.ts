// The mail transport against a real SMTP server on loopback (tests/fakes/mail): what arrives is
// what the Worker wrote on the wire, parsed by a real mail parser. A refused recipient fails at
// once; a busy one, a dropped connection and a slow server are retried with backoff and then fail
// with their reason; a server without mail fails each message with that reason. The Cloudflare
// transport is driven through Miniflare's send_email binding.
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cloudflareTransport } from "../../workers/integrations/mail/cloudflare";
import { MAX_MAIL_ATTEMPTS, attemptMail, mailRetryDelaySeconds, superviseMail } from "../../workers/integrations/mail/deliver";
import { MAIL_NOT_CONFIGURED } from "../../workers/integrations/mail/transport";
import { MailTransportError } from "../../workers/domain/ports/mail";
import type { JobMessage } from "../../workers/jobs";
import { mailsTo } from "../helpers/mailbox";
import { rowOf } from "../helpers/fixtures";

declare global {
  namespace Cloudflare {
    interface Env {
      EMAIL_RESTRICTED: SendEmail;
    }
  }
}

type MailRow = { id: string; status: string; attempts: number; transport: string | null; transport_answer: string | null; last_error: string | null; next_attempt_at: string | null };

let counter = 0;
const address = (local: string) => `${local}-${Date.now().toString(36)}-${++counter}@example.test`;

const received = (to: string) => mailsTo(to);

/** A queued mail row, as the domain writes one. */
async function queued(to: string, fields: { subject?: string; headers?: Record<string, string> } = {}) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO mail_messages (id, kind, recipient, subject, text_body, html_body, headers, created_at, updated_at) VALUES (?, 'test', ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, to, fields.subject ?? "Your sign-in link", "Open http://127.0.0.1:8787/x to go on.", '<p>Open <a href="http://127.0.0.1:8787/x">the link</a>.</p>', JSON.stringify(fields.headers ?? {}), now, now)
    .run();
  return id;
}

const mailRow = (id: string) => rowOf<MailRow>("mail_messages", "id = ?", id);
const noRequeue = async () => {};

/** Runs attempts at each retry's due time until the mail is no longer queued; returns the requeued delays. */
async function attemptUntilSettled(id: string) {
  const delays: number[] = [];
  const requeue = async (_job: JobMessage, delay: number) => void delays.push(delay);
  let now = Date.now();
  for (let attempt = 0; attempt < MAX_MAIL_ATTEMPTS + 1; attempt++) {
    const outcome = await attemptMail(env, id, { now, requeue });
    if (outcome !== "retrying") break;
    now = Date.parse((await mailRow(id))?.next_attempt_at as string);
  }
  return delays;
}

describe("SMTP transport", () => {
  it("delivers the message over SMTP, signed in, with its subject, both bodies and its headers", async () => {
    const to = address("ada");
    const id = await queued(to, { headers: { "List-Unsubscribe": "<http://127.0.0.1:8787/unsubscribe/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("sent");
    const [mail] = await received(to);
    expect(mail.envelopeTo).toEqual([to]);
    expect(mail.envelopeFrom).toBe("tracker@edge-tracker.test");
    expect(mail.user).toBe("mailer");
    expect(mail.from).toBe(`"Edge Tracker" <tracker@edge-tracker.test>`);
    expect(mail.subject).toBe("Your sign-in link");
    expect(mail.text.trim()).toBe("Open http://127.0.0.1:8787/x to go on.");
    expect(mail.html).toContain('<a href="http://127.0.0.1:8787/x">the link</a>');
    expect(mail.headers["list-unsubscribe"]).toContain("http://127.0.0.1:8787/unsubscribe/abc");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, transport: "smtp", last_error: null });
    expect(row?.transport_answer).toMatch(/^250 /);
  });

  it("a mail already sent is not sent again when its job runs twice", async () => {
    const to = address("twice");
    const id = await queued(to);
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("sent");
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("skipped");
    expect(await received(to)).toHaveLength(1);
  });

  it("a recipient the server refuses (5xx) fails at once with the server's reason", async () => {
    const id = await queued(address("refuse"));
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("failed");
    const row = await mailRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, next_attempt_at: null });
    expect(row?.last_error).toMatch(/RCPT TO: .*Mailbox does not exist/);
  });

  it.each([
    ["busy", /RCPT TO: .*Mailbox busy/],
    ["drop", /closed the connection|connection to the mail server failed/],
    ["slow", /No answer from the mail server within 1\.5 seconds/],
  ])("a %s server is retried with growing waits, then the mail fails with the last reason", async (kind, reason) => {
    const to = address(kind);
    const id = await queued(to);
    const delays = await attemptUntilSettled(id);
    expect(delays).toEqual([1, 2, 3, 4].map(mailRetryDelaySeconds));
    const row = await mailRow(id);
    expect(row?.status).toBe("failed");
    expect(row?.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(row?.last_error).toMatch(new RegExp(`^Not sent after ${MAX_MAIL_ATTEMPTS} attempts\\. Last: `));
    expect(row?.last_error).toMatch(reason);
    expect(await received(to)).toEqual([]);
  });

  it("a mail whose retry is not yet due is left alone, and the watchdog queues it again once it is overdue", async () => {
    const id = await queued(address("busy"));
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("retrying");
    expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("skipped");
    const due = Date.parse((await mailRow(id))?.next_attempt_at as string);
    const sent: unknown[] = [];
    const spyEnv = { ...env, JOBS: { sendBatch: async (batch: unknown[]) => void sent.push(...batch) } } as unknown as typeof env;
    await superviseMail(spyEnv, due - 1);
    expect(sent).not.toContainEqual({ body: { type: "mail.send", messageId: id } });
    await superviseMail(spyEnv, due + 61_000);
    expect(sent).toContainEqual({ body: { type: "mail.send", messageId: id } });
  });

  it("no header can be smuggled in through a subject or a header value", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: fc.constantFrom("a", "Z", " ", "\r", "\n", "\r\n", ":", "\u0000", "\t", "é", "Bcc: victim@example.test", "X-Injected: yes") }),
        async (subject) => {
          const to = address("fuzz");
          const id = await queued(to, { subject, headers: { "List-Unsubscribe": `<http://x/${subject}>` } });
          expect(await attemptMail(env, id, { requeue: noRequeue })).toBe("sent");
          const [mail] = await received(to);
          expect(mail.envelopeTo).toEqual([to]);
          expect(mail.headers["x-injected"]).toBeUndefined();
          expect(mail.headers.bcc).toBeUndefined();
          // The subject arrives as one line: control characters became spaces.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the subject of the test.
          expect(mail.subject.replace(/\s+/g, " ").trim()).toBe(subject.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim());
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe("a server without mail", () => {
  it("fails each message with the reason, without trying to send", async () => {
    const unconfigured = { ...env, MAIL_TRANSPORT: "none" } as typeof env;
    const to = address("nobody");
    const id = await queued(to);
    expect(await attemptMail(unconfigured, id, { requeue: noRequeue })).toBe("failed");
    expect((await mailRow(id))?.last_error).toBe(MAIL_NOT_CONFIGURED);
    expect(await received(to)).toEqual([]);
  });
});

describe("Cloudflare Email Service transport", () => {
  const mail = (to: string) => ({ from: "tracker@edge-tracker.test", to, subject: "Hello", text: "Hi", html: "<p>Hi</p>", headers: {} });

  it("hands the message to the send_email binding and keeps its message id", async () => {
    const answer = await cloudflareTransport(env.EMAIL, "Edge Tracker").send(mail("someone@example.test"));
    expect(answer).toMatch(/^Accepted by Cloudflare Email Service as .+/);
  });

  it("takes the one-click unsubscribe headers notification mail carries", async () => {
    const headers = { "List-Unsubscribe": "<http://127.0.0.1:8787/unsubscribe/abc.def>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
    const answer = await cloudflareTransport(env.EMAIL, "Edge Tracker").send({ ...mail("someone@example.test"), headers });
    expect(answer).toMatch(/^Accepted by Cloudflare Email Service as .+/);
  });

  it("a recipient the binding may not send to is a permanent refusal", async () => {
    const refused = await cloudflareTransport(env.EMAIL_RESTRICTED, "Edge Tracker")
      .send(mail("stranger@example.test"))
      .catch((error) => error);
    expect(refused).toBeInstanceOf(MailTransportError);
    expect(refused.permanent).toBe(true);
    expect(refused.message).toMatch(/not allowed/);
  });
});
