// SMTP over a Workers socket (cloudflare:sockets): implicit TLS, STARTTLS or plain, AUTH PLAIN
// or LOGIN, one message per connection. The message itself (MIME parts, quoted-printable
// bodies, encoded headers, dot-stuffing) is composed by worker-mailer's `Email`; the dialogue is
// ours because worker-mailer's reader spins without end on a closed connection (no timeout can
// fire) and ignores its reply timeout (ADR 043). Every reply has a deadline; a 5xx reply is a
// permanent refusal, anything else that goes wrong is worth retrying.
import { connect } from "cloudflare:sockets";
import { Email } from "worker-mailer";
import { MailTransportError, type MailTransport, type OutgoingMail } from "../../domain/ports/mail";

export interface SmtpSettings {
  host: string;
  port: number;
  security: "starttls" | "tls" | "none";
  username: string;
  password: string;
  /** How long the server may take over any one reply (and the connection). */
  timeoutMs: number;
  /** The sender's display name. */
  fromName: string;
}

interface Reply {
  code: number;
  /** Each line's text, after its code. */
  lines: string[];
  /** The lines, joined. */
  text: string;
}

const encoder = new TextEncoder();
/** Base64 of a string's UTF-8 bytes (AUTH carries UTF-8 user names and passwords). */
const base64 = (value: string) => btoa(String.fromCharCode(...encoder.encode(value)));
/** What a header or an address may not carry: line breaks and other control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]+/g;
const oneLine = (value: string) => value.replace(CONTROL, " ").trim();
/** A bare address as SMTP's envelope takes it; anything else is refused before connecting. */
const PLAIN_ADDRESS = /^[^\s<>"(),;:\\@]+@[^\s<>"(),;:\\@]+$/;

/** The reply's code is not one the step expects: 5xx is final, the rest may pass. */
function refusal(step: string, reply: Reply): MailTransportError {
  const summary = `${step}: ${reply.text}`.slice(0, 500);
  return new MailTransportError(summary, reply.code >= 500 && reply.code < 600);
}

class SmtpConnection {
  private socket: Socket;
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private buffered = "";
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly settings: SmtpSettings,
  ) {
    const secureTransport = settings.security === "tls" ? "on" : settings.security === "starttls" ? "starttls" : "off";
    this.socket = connect({ hostname: settings.host, port: settings.port }, { secureTransport, allowHalfOpen: false });
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
    this.quietOnClose();
  }

  /** A connection that ends badly is reported by the step that reads or writes it, not as unhandled. */
  private quietOnClose() {
    this.socket.closed.catch(() => {});
    this.reader.closed.catch(() => {});
    this.writer.closed.catch(() => {});
  }

  /** Resolves with `work`, or fails the whole session once the server has been silent too long. */
  private deadline<T>(work: Promise<T>, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new MailTransportError(`No answer from the mail server within ${this.settings.timeoutMs / 1000} seconds (${what}).`, false));
      }, this.settings.timeoutMs);
    });
    // Once the deadline has passed, the work still fails when the socket closes: nobody waits for it.
    work.catch(() => {});
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  async opened() {
    try {
      await this.deadline(this.socket.opened, "connecting");
    } catch (error) {
      if (error instanceof MailTransportError) throw error;
      throw new MailTransportError(`Could not connect to ${this.settings.host}:${this.settings.port}: ${errorText(error)}`, false);
    }
  }

  /** Reads one reply, all its lines (`250-...` continues, `250 ...` ends it). */
  reply(what: string): Promise<Reply> {
    return this.deadline(this.readReply(), what);
  }

  private async readReply(): Promise<Reply> {
    const lines: string[] = [];
    for (;;) {
      const end = this.buffered.indexOf("\r\n");
      if (end >= 0) {
        const line = this.buffered.slice(0, end);
        this.buffered = this.buffered.slice(end + 2);
        lines.push(line);
        if (/^\d{3}(?: |$)/.test(line)) {
          const texts = lines.map((entry) => entry.slice(4).trim());
          return { code: Number(line.slice(0, 3)), lines: texts, text: texts.join(" ").trim() || line };
        }
        if (!/^\d{3}-/.test(line)) throw new MailTransportError(`The mail server sent something that is not SMTP: ${line.slice(0, 100)}`, false);
        continue;
      }
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await this.reader.read();
      } catch (error) {
        throw new MailTransportError(`The connection to the mail server failed: ${errorText(error)}`, false);
      }
      if (chunk.done) throw new MailTransportError("The mail server closed the connection.", false);
      this.buffered += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  async write(data: string) {
    try {
      await this.deadline(this.writer.write(encoder.encode(data)), "sending");
    } catch (error) {
      if (error instanceof MailTransportError) throw error;
      throw new MailTransportError(`The connection to the mail server failed: ${errorText(error)}`, false);
    }
  }

  /** Sends one command line and reads its reply; a reply whose code `accepts` refuses is an error. */
  async command(line: string, step: string, accepts: (code: number) => boolean): Promise<Reply> {
    await this.write(`${line}\r\n`);
    const reply = await this.reply(step);
    if (!accepts(reply.code)) throw refusal(step, reply);
    return reply;
  }

  /** Upgrades the connection to TLS (after the server said 220 to STARTTLS). */
  upgrade() {
    this.reader.releaseLock();
    this.writer.releaseLock();
    this.socket = this.socket.startTls();
    this.reader = this.socket.readable.getReader();
    this.writer = this.socket.writable.getWriter();
    this.quietOnClose();
    this.buffered = "";
  }

  /**
   * Ends our side of the connection; the server closes its side and a read still waiting (a
   * server that went silent) ends with it. Cancelling that read or closing the socket under it
   * makes workerd report an unhandled "Stream was cancelled" that no handler of ours can catch.
   */
  async close() {
    await this.writer.close().catch(() => {});
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const is2xx = (code: number) => code >= 200 && code < 300;

/** An extension's parameters in an EHLO reply (`AUTH PLAIN LOGIN` gives [PLAIN, LOGIN]), or null. */
function extension(reply: Reply, name: string): string[] | null {
  for (const line of reply.lines) {
    const [keyword, ...parameters] = line.toUpperCase().split(/[\s=]+/);
    if (keyword === name) return parameters;
  }
  return null;
}

async function authenticate(connection: SmtpConnection, settings: SmtpSettings, ehlo: Reply) {
  const methods = extension(ehlo, "AUTH") ?? [];
  if (methods.includes("PLAIN")) {
    await connection.command(`AUTH PLAIN ${base64(`\u0000${settings.username}\u0000${settings.password}`)}`, "AUTH PLAIN", (code) => code === 235);
    return;
  }
  if (methods.includes("LOGIN")) {
    await connection.command("AUTH LOGIN", "AUTH LOGIN", (code) => code === 334);
    await connection.command(base64(settings.username), "AUTH LOGIN user name", (code) => code === 334);
    await connection.command(base64(settings.password), "AUTH LOGIN password", (code) => code === 235);
    return;
  }
  throw new MailTransportError("The mail server offers no sign-in method this server speaks (AUTH PLAIN or LOGIN).", true);
}

/** One SMTP session that delivers `mail`; resolves with the server's answer to the message. */
export async function sendOverSmtp(settings: SmtpSettings, mail: OutgoingMail): Promise<string> {
  const to = mail.to.trim();
  const from = mail.from.trim();
  if (!PLAIN_ADDRESS.test(to)) throw new MailTransportError(`Not a mail address: ${oneLine(to).slice(0, 100)}`, true);
  if (!PLAIN_ADDRESS.test(from)) throw new MailTransportError(`MAIL_FROM is not a mail address: ${oneLine(from).slice(0, 100)}`, true);
  const message = new Email({
    from: { name: oneLine(settings.fromName).replace(/["\\]/g, ""), email: from },
    to,
    subject: oneLine(mail.subject).slice(0, 200),
    text: mail.text,
    html: mail.html,
    headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [oneLine(name).replace(/[^A-Za-z0-9-]/g, ""), oneLine(value)])),
  });
  const helloName = from.split("@")[1];

  const connection = new SmtpConnection(settings);
  try {
    await connection.opened();
    const greeting = await connection.reply("greeting");
    if (greeting.code !== 220) throw refusal("greeting", greeting);
    let ehlo = await connection.command(`EHLO ${helloName}`, "EHLO", is2xx);
    if (settings.security === "starttls") {
      if (!extension(ehlo, "STARTTLS")) {
        throw new MailTransportError("The mail server does not offer STARTTLS; set SMTP_SECURITY to tls (port 465) or none.", true);
      }
      await connection.command("STARTTLS", "STARTTLS", (code) => code === 220);
      connection.upgrade();
      ehlo = await connection.command(`EHLO ${helloName}`, "EHLO after STARTTLS", is2xx);
    }
    if (settings.username) await authenticate(connection, settings, ehlo);
    await connection.command(`MAIL FROM:<${from}>`, "MAIL FROM", is2xx);
    await connection.command(`RCPT TO:<${to}>`, "RCPT TO", is2xx);
    await connection.command("DATA", "DATA", (code) => code === 354);
    // The message ends with "\r\n.\r\n" and is dot-stuffed by its composer.
    await connection.write(message.getEmailData());
    const accepted = await connection.reply("message");
    if (!is2xx(accepted.code)) throw refusal("message", accepted);
    await connection.write("QUIT\r\n").catch(() => {});
    return `${accepted.code} ${accepted.text}`.slice(0, 500);
  } finally {
    await connection.close();
  }
}

/** The SMTP transport with its settings from config. */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  const security = { starttls: "STARTTLS", tls: "TLS", none: "no encryption" }[settings.security];
  return {
    name: "smtp",
    description: `SMTP ${settings.host}:${settings.port}, ${security}${settings.username ? `, signed in as ${settings.username}` : ""}`,
    send: (mail) => sendOverSmtp(settings, mail),
  };
}
