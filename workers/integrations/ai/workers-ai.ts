// Cloudflare Workers AI through the `AI` binding: `run(model, {messages, stream})` answers
// `{response}` whole, or a server-sent-events stream of `data: {"response": "..."}` ending with
// `data: [DONE]`. The binding takes no AbortSignal, so a call is raced against it instead.
import type { WorkersAiBinding } from "../../domain/features";
import { type AiProvider, AiProviderError } from "../../domain/ports/ai";
import { sseData } from "./sse-lines";

/** Resolves like `work`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

async function run(binding: WorkersAiBinding, model: string, input: Record<string, unknown>, signal: AbortSignal) {
  try {
    return await untilAborted(binding.run(model, input), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new AiProviderError(`Workers AI failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function workersAiProvider(binding: WorkersAiBinding, model: string): AiProvider {
  return {
    async complete(messages, signal) {
      const answer = await run(binding, model, { messages }, signal);
      const response = (answer as { response?: unknown } | null)?.response;
      if (response === undefined || response === null) return "";
      if (typeof response !== "string") throw new AiProviderError("Workers AI answered a non-text response");
      return response;
    },
    async *stream(messages, signal) {
      const answer = await run(binding, model, { messages, stream: true }, signal);
      if (!(answer instanceof ReadableStream)) throw new AiProviderError("Workers AI did not stream");
      for await (const chunk of sseData(answer as ReadableStream<Uint8Array>, signal)) {
        const piece = (chunk as { response?: unknown } | null)?.response;
        if (typeof piece === "string" && piece !== "") yield piece;
      }
    },
  };
}
