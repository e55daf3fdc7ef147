// A small REST client for tests: requests go to the real Worker with its real bindings (fetchWorker).
import { env } from "cloudflare:workers";
import { fetchWorker } from "./worker";

export const ORIGIN = "http://tracker.test";

export interface Call {
  status: number;
  body: any;
  headers: Headers;
}

export type Credentials = { cookie?: string; apiKey?: string };

export async function call(
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } & Credentials = {},
): Promise<Call> {
  const headers = new Headers(options.headers);
  // A browser names the page a request comes from; a test that names neither gets our own pages.
  if (!headers.has("origin") && !headers.has("referer")) headers.set("origin", ORIGIN);
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.apiKey) headers.set("x-api-key", options.apiKey);
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const response = await fetchWorker(`${ORIGIN}${path}`, { method, headers, body: payload, redirect: "manual" });
  const text = await response.text();
  let body: unknown = text;
  if (text && response.headers.get("content-type")?.includes("application/json")) body = JSON.parse(text);
  return { status: response.status, body, headers: response.headers };
}

/** A signed-in user with helpers that send their session cookie. */
export class Client {
  constructor(
    readonly user: { id: string; email: string; first_name: string },
    readonly cookie: string,
  ) {}
  get(path: string) {
    return call("GET", path, { cookie: this.cookie });
  }
  post(path: string, body?: unknown) {
    return call("POST", path, { cookie: this.cookie, body });
  }
  patch(path: string, body?: unknown) {
    return call("PATCH", path, { cookie: this.cookie, body });
  }
  put(path: string, body?: unknown) {
    return call("PUT", path, { cookie: this.cookie, body });
  }
  delete(path: string, body?: unknown) {
    return call("DELETE", path, { cookie: this.cookie, body });
  }
}

let counter = 0;
export const uniqueEmail = (name = "user") => `${name}-${Date.now().toString(36)}-${++counter}@example.com`;

export function cookieFrom(headers: Headers): string {
  const setCookie = headers.get("set-cookie") ?? "";
  const match = setCookie.match(/(?:^|,\s*)session=([^;]*)/);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return `session=${match[1]}`;
}

/**
 * A new account, signed in. Its address counts as verified (set in D1, as arranging a test's
 * world), unless `unverified`: tests/api/email-verification.test.ts walks the mailed link itself.
 */
export async function signUp(fields: Partial<{ email: string; password: string; first_name: string; last_name: string }> = {}, options: { unverified?: boolean } = {}) {
  const email = fields.email ?? uniqueEmail(fields.first_name?.toLowerCase());
  const response = await call("POST", "/api/auth/sign-up/", {
    body: { email, password: "correct horse battery", first_name: "Test", last_name: "User", ...fields },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  if (options.unverified) return new Client(response.body.user, cookieFrom(response.headers));
  await env.DB.prepare("UPDATE users SET email_verified_at = created_at WHERE id = ?").bind(response.body.user.id).run();
  return new Client({ ...response.body.user, is_email_verified: true }, cookieFrom(response.headers));
}
