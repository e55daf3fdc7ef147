// A real SMTP server on loopback (smtp-server, the SMTP side of Nodemailer), so the Worker's
// SMTP client speaks to it byte for byte as it would to a relay: EHLO, AUTH PLAIN or LOGIN, MAIL,
// RCPT, DATA. It misbehaves on purpose for recipients named so:
//   refuse-...@  the recipient is refused for good (550)
//   busy-...@    the recipient is refused for now (451)
//   drop-...@    the connection is cut at RCPT
//   slow-...@    the reply to RCPT comes after SLOW_REPLY_MS
// Every accepted message is parsed (mailparser) and kept; an HTTP endpoint lists them:
// GET /messages?to=address.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { serveFake } from "../http";

export const TEST_SMTP_USER = { username: "mailer", password: "test-smtp-password" };
/** How long a slow- recipient's reply takes; tests set SMTP_TIMEOUT_MS below it. */
export const SLOW_REPLY_MS = 4_000;

export interface ReceivedMail {
  /** The envelope: who the server was told to deliver to, and from whom. */
  envelopeTo: string[];
  envelopeFrom: string;
  /** The signed-in user that sent it. */
  user: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header, lower-cased names, as the message carried them. */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface RunningMailServer {
  smtpPort: number;
  /** Where the received messages are listed (http://127.0.0.1:port). */
  url: string;
  close(): Promise<void>;
}

export async function startFakeMailServer(): Promise<RunningMailServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // The Worker connects in the clear (SMTP_SECURITY=none): workerd trusts no test certificate.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === TEST_SMTP_USER.username && auth.password === TEST_SMTP_USER.password) {
        callback(null, { user: auth.username });
        return;
      }
      callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 }));
    },
    onRcptTo(address, session, callback) {
      const local = address.address.split("@")[0].toLowerCase();
      if (local.startsWith("refuse-")) {
        callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
      } else if (local.startsWith("busy-")) {
        callback(Object.assign(new Error("4.2.1 Mailbox busy, try again later"), { responseCode: 451 }));
      } else if (local.startsWith("drop-")) {
        // The session carries no socket: find this session's connection and cut it.
        const connections = (server as unknown as { connections: Set<{ session: unknown; _socket: { destroy(): void } }> }).connections;
        for (const connection of connections) if (connection.session === session) connection._socket.destroy();
      } else if (local.startsWith("slow-")) {
        setTimeout(() => callback(), SLOW_REPLY_MS);
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const headers: Record<string, string> = {};
          // The raw lines: what the Worker wrote, before any header is interpreted.
          for (const { key, line } of mail.headerLines) headers[key.toLowerCase()] = line.slice(line.indexOf(":") + 1).trim();
          received.push({
            envelopeTo: session.envelope.rcptTo.map((entry) => entry.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            user: (session.user as string | undefined) ?? null,
            from: mail.from?.text ?? "",
            to: Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(", ") : (mail.to?.text ?? ""),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
            headers,
            receivedAt: new Date().toISOString(),
          });
          callback(null, "Message queued as fake");
        })
        .catch((error) => callback(error));
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const listening = (server as unknown as { server: { address(): AddressInfo; unref(): void } }).server;
  // Like the HTTP fakes, the server does not keep the process alive.
  listening.unref();
  const smtpPort = listening.address().port;
  const http = await serveFake((request) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return Response.json(to ? received.filter((mail) => mail.envelopeTo.some((address) => address.toLowerCase() === to)) : received);
    }
    return new Response("not found", { status: 404 });
  });
  return {
    smtpPort,
    url: http.url,
    close: async () => {
      await Promise.all([http.close(), new Promise<void>((resolve) => server.close(() => resolve()))]);
    },
  };
}
