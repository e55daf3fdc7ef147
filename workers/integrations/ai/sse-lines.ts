// The `data:` payloads of a provider's server-sent-events body, in order, up to `[DONE]`. Both
// OpenAI-compatible endpoints and Workers AI stream this way; only the JSON inside differs.
import { readEventStream } from "../../domain/schemas/ai-assistant";
import { AiProviderError } from "../../domain/ports/ai";

export async function* sseData(body: ReadableStream<Uint8Array>, signal: AbortSignal): AsyncGenerator<unknown> {
  for await (const { data } of readEventStream(body, signal)) {
    if (data.trim() === "[DONE]") return;
    try {
      yield JSON.parse(data);
    } catch {
      throw new AiProviderError("AI provider streamed a chunk that is not JSON");
    }
  }
}
