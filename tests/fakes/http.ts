// Runs a fetch-style handler as a real HTTP server on loopback (Node), so the Worker's real HTTP
// clients talk to it exactly as they would to the service. Used by the workerd tests (started from
// vitest.config.ts), the browser tests' global setup and the bench.
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Thrown by a handler to cut the connection without an answer, as a network failure does. */
export class DropConnection extends Error {}

export interface RunningFake {
  /** http://127.0.0.1:port, without a trailing slash. */
  url: string;
  /** 127.0.0.1:port */
  host: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? "GET";
  return new Request(new URL(req.url ?? "/", origin), {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : body,
  });
}

/** Writes the answer; a body is passed on chunk by chunk as it is produced (server-sent events). */
async function send(res: ServerResponse, response: Response) {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) res.setHeader(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  // The client went away (an aborted request): stop producing the rest.
  res.on("close", () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.writableEnded) res.write(value);
  }
  res.end();
}

/** Serves `handler` on a free loopback port; the server does not keep the process alive. */
export async function serveFake(handler: FetchHandler, port = 0): Promise<RunningFake> {
  let origin = "";
  const server = createServer((req, res) => {
    toRequest(req, origin)
      .then((request) => handler(request))
      .then((response) => send(res, response))
      .catch((error) => {
        if (error instanceof DropConnection) {
          req.socket.destroy();
          return;
        }
        console.error("fake server error", error);
        if (!res.headersSent) res.statusCode = 500;
        res.end(JSON.stringify({ message: String(error) }));
      });
  });
  // workerd pools connections and reuses an idle one; Node closes idle ones after 5 s by default, and
  // a request sent on a socket Node is closing fails in the Worker with "Network connection lost"
  // (cloudflare/workers-sdk#14848). The fakes never time a connection out, as the real services
  // outlive any pause in a test.
  server.keepAliveTimeout = 0;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  server.unref();
  const { port: bound } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${bound}`;
  return {
    url: origin,
    host: `127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { "content-type": "application/json; charset=utf-8", ...(init.headers as Record<string, string>) },
  });
