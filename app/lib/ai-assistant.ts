// The browser's side of the AI assistant: the allowance, a whole answer, and a streamed answer read
// from the server-sent events the contract describes. Client-safe.
import { type AiAnswer, type AiQuota, EVENT_STREAM, readAiStream } from "../../workers/domain/schemas/ai-assistant";
import { ApiRefusal, workspaceApi, workspaceApiPath } from "./import-api";

export { ApiRefusal };

const assistantPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/ai-assistant/`;

/** The caller's allowance this month. */
export const fetchAiQuota = (slug: string, projectId: string) => workspaceApi<AiQuota>(slug, assistantPath(projectId));

/** Asks for a whole answer; a refusal throws an ApiRefusal with the status. */
export const askAi = (slug: string, projectId: string, input: { prompt: string; task: string }) =>
  workspaceApi<AiAnswer>(slug, assistantPath(projectId), { method: "POST", body: input });

/**
 * Asks for a streamed answer: `onText` gets the text so far as it grows; resolves with the
 * finished answer. A refusal, a failure mid-stream or a cut connection throws an ApiRefusal.
 */
export async function streamAi(
  slug: string,
  projectId: string,
  input: { prompt: string; task: string },
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<AiAnswer> {
  const response = await fetch(workspaceApiPath(slug, assistantPath(projectId)), {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: EVENT_STREAM, "content-type": "application/json" },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok || !(response.headers.get("content-type") ?? "").includes(EVENT_STREAM) || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiRefusal(response.status, typeof body?.error === "string" ? body.error : `The server answered ${response.status}`);
  }
  let text = "";
  for await (const event of readAiStream(response.body, signal)) {
    if (event.event === "delta") {
      text += event.data.text;
      onText(text);
    } else if (event.event === "done") return event.data;
    else throw new ApiRefusal(event.data.status, event.data.detail);
  }
  throw new ApiRefusal(502, "The answer was cut off.");
}
