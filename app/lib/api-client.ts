// The browser's one way to call the REST API: it sends JSON (or a form body), reads the answer
// and turns a refusal into an ApiRefusal that carries the failure read by its kind
// (app/lib/action-answer.ts). Addresses come from app/lib/api-routes.ts. Client-safe.
import { type ActionFailure, failureOfRest, failureWithoutAnswer } from "./action-answer";

/** A refused REST call: the failure, with the server's words and its kind. */
export class ApiRefusal extends Error {
  constructor(readonly failure: ActionFailure) {
    super(failure.error);
  }
}

/** The failure a thrown value stands for: a refusal's own, else a call that got no answer. */
export function failureOfThrown(error: unknown): ActionFailure {
  return error instanceof ApiRefusal ? error.failure : failureWithoutAnswer();
}

export interface ApiInit {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as is when it is a FormData (an upload). */
  body?: unknown;
  signal?: AbortSignal;
}

/** Reads a response's JSON; an empty or unreadable body is null. */
async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Throws the ApiRefusal a response that is not a 2xx stands for. */
export async function refuseUnlessOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiRefusal(failureOfRest(response.status, await jsonOf(response)));
}

/** Calls a REST route and answers its JSON; anything but a 2xx throws an ApiRefusal. */
export async function callApi<T>(url: string, init: ApiInit = {}): Promise<T> {
  const form = init.body instanceof FormData;
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined && !form) headers["content-type"] = "application/json";
  const response = await fetch(url, {
    method: init.method ?? "GET",
    credentials: "same-origin",
    headers,
    body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
    signal: init.signal,
  });
  await refuseUnlessOk(response);
  return (await jsonOf(response)) as T;
}
