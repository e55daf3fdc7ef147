// The browser's side of the AI assistant: the allowance, a whole answer, and a streamed answer read
// from the server-sent events the contract describes. Client-safe.
import { type AiAnswer, type AiQuota, EVENT_STREAM, readAiStream } from "../../workers/domain/schemas/ai-assistant";
import { failureOfRest, failureWithoutAnswer } from "./action-answer";
import { ApiRefusal, callApi, refuseUnlessOk } from "./api-client";
import { api } from "./api-routes";

/** The caller's allowance this month. */
export const fetchAiQuota = (slug: string, projectId: string) => callApi<AiQuota>(api.aiAssistant(slug, projectId));

/** Asks for a whole answer; a refusal throws an ApiRefusal naming its kind. */
export const askAi = (slug: string, projectId: string, input: { prompt: string; task: string }) =>
  callApi<AiAnswer>(api.aiAssistant(slug, projectId), { method: "POST", body: input });

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
  const response = await fetch(api.aiAssistant(slug, projectId), {
    method: "POST",
    credentials: "same-origin",
    headers: { accept: EVENT_STREAM, "content-type": "application/json" },
    body: JSON.stringify(input),
    signal,
  });
  await refuseUnlessOk(response);
  if (!(response.headers.get("content-type") ?? "").includes(EVENT_STREAM) || !response.body) throw new ApiRefusal(failureWithoutAnswer());
  let text = "";
  for await (const event of readAiStream(response.body, signal)) {
    if (event.event === "delta") {
      text += event.data.text;
      onText(text);
    } else if (event.event === "done") return event.data;
    // A failure after the first text names its status inside the stream.
    else throw new ApiRefusal(failureOfRest(event.data.status, { error: event.data.detail }));
  }
  throw new ApiRefusal(failureOfRest(502, { error: "The answer was cut off." }));
}
