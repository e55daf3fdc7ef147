// Chat completions on any OpenAI-compatible endpoint (OpenAI, Azure-style gateways, Ollama,
// vLLM, ...): POST {base}/chat/completions with a Bearer key. A streamed answer is server-sent
// events whose `choices[0].delta.content` pieces make the text, ending with `data: [DONE]`.
import { type AiProvider, AiProviderError, type ChatMessage } from "../../domain/ports/ai";
import { sseData } from "./sse-lines";

interface Settings {
  /** Base URL including the API version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
}

type Choice = { message?: { content?: unknown }; delta?: { content?: unknown } };

function choiceOf(body: unknown): Choice | null {
  const choices = (body as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices)) return null;
  return (choices[0] ?? {}) as Choice;
}

export function openAiCompatibleProvider(settings: Settings): AiProvider {
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  async function post(messages: ChatMessage[], stream: boolean, signal: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: stream ? "text/event-stream" : "application/json" };
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    // The signal aborts the request until the answer's headers arrive; a streamed body is then
    // cancelled by its reader when the signal fires (an aborted fetch would fail the body in a way
    // workerd also reports as an unhandled rejection).
    const waiting = new AbortController();
    const abort = () => waiting.abort(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener("abort", abort, { once: true });
    let response: Response;
    try {
      response = await fetch(url, { method: "POST", headers, body: JSON.stringify({ model: settings.model, messages, stream }), signal: waiting.signal });
    } finally {
      if (stream) signal.removeEventListener("abort", abort);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new AiProviderError(`AI provider answered ${response.status}`);
    }
    return response;
  }

  return {
    async complete(messages, signal) {
      const response = await post(messages, false, signal);
      const body = await response.json().catch(() => null);
      const choice = choiceOf(body);
      if (!choice) throw new AiProviderError("AI provider answered without choices");
      const content = choice.message?.content ?? "";
      if (typeof content !== "string") throw new AiProviderError("AI provider answered a non-text message");
      return content;
    },
    async *stream(messages, signal) {
      const response = await post(messages, true, signal);
      if (!response.body) throw new AiProviderError("AI provider answered without a body");
      for await (const chunk of sseData(response.body, signal)) {
        const choice = choiceOf(chunk);
        if (!choice) throw new AiProviderError("AI provider streamed a chunk without choices");
        const content = choice.delta?.content;
        if (typeof content === "string" && content !== "") yield content;
      }
    },
  };
}
