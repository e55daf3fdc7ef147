// The older REST helper, kept for the settings and webhook screens not yet on callApi
// (app/lib/api-client.ts): it reads an answer as JSON and turns a refusal into an error that
// carries the server's words. New callers use callApi with an api.* route. Client-safe.
import { workspaceRoute } from "./api-routes";

/** A refused REST call: its status, the server's message and its field messages. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

/** Calls the workspace's REST API and answers its JSON; anything but a 2xx throws an ApiRefusal. */
export async function workspaceApi<T>(slug: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(workspaceRoute(slug, path), {
    method: init.method ?? "GET",
    credentials: "same-origin",
    headers: { accept: "application/json", ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const record = (body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key !== "error" && Array.isArray(value)) fields[key] = value.map(String);
    }
    const message = typeof record.error === "string" ? record.error : Object.values(fields)[0]?.[0] ?? `The server answered ${response.status}`;
    throw new ApiRefusal(response.status, message, fields);
  }
  return body as T;
}

/** "2,500": counts as people read them. */
export const formatCount = (value: number) => new Intl.NumberFormat("en-US").format(value);
