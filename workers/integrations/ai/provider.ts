// One interface for every AI provider the assistant can use: a chat of messages in, the answer out,
// whole (`complete`) or as text deltas while the model writes (`stream`). Each call takes an
// AbortSignal; aborting it (the timeout, a closed connection) stops the provider's work.
import type { AppEnv, Config } from "../../env";
import { aiProviderKind, workersAiBinding } from "../../domain/features";
import { openAiCompatibleProvider } from "./openai-compatible";
import { workersAiProvider } from "./workers-ai";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

export interface AiProvider {
  /** The whole answer ("" when the model said nothing). */
  complete(messages: ChatMessage[], signal: AbortSignal): Promise<string>;
  /** The answer's text as it arrives, piece by piece. */
  stream(messages: ChatMessage[], signal: AbortSignal): AsyncIterable<string>;
}

/** The provider failed: an error status, a broken body or an answer of the wrong shape. */
export class AiProviderError extends Error {}

/** The configured provider, or null when AI is not configured. */
export function aiProvider(env: AppEnv, config: Config): AiProvider | null {
  switch (aiProviderKind(env, config)) {
    case "openai-compatible":
      return openAiCompatibleProvider({ baseUrl: config.AI_API_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL });
    case "workers-ai": {
      const binding = workersAiBinding(env);
      return binding ? workersAiProvider(binding, config.AI_MODEL) : null;
    }
    default:
      return null;
  }
}
