// What the assistant needs from an AI model, in the domain's words: a chat of messages in, the
// answer out, whole (`complete`) or as text deltas while the model writes (`stream`). Each call
// takes an AbortSignal; aborting it (the timeout, a closed connection) stops the provider's work.
// Adapters under workers/integrations/ai implement it and throw AiProviderError.

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
