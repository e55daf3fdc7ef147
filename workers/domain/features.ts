// Which optional services this server has: the AI assistant and image search are switched on by
// config alone, and the pages hide every entry point of a service that is off.
import type { AppEnv, Config } from "../env";
import type { ServiceFeatures } from "./schemas/responses";

/** The Workers AI binding, when wrangler.toml declares one (`[ai] binding = "AI"`). */
export type WorkersAiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

export type AiProviderKind = "openai-compatible" | "workers-ai";

/**
 * Where AI requests go: an OpenAI-compatible endpoint when AI_API_URL is set, else the Workers AI
 * binding when there is one; either needs AI_MODEL. Null: AI is not configured.
 */
export function aiProviderKind(env: AppEnv, config: Config): AiProviderKind | null {
  if (config.AI_MODEL === "") return null;
  if (config.AI_API_URL !== "") return "openai-compatible";
  return workersAiBinding(env) ? "workers-ai" : null;
}

export function workersAiBinding(env: AppEnv): WorkersAiBinding | null {
  const binding = (env as unknown as { AI?: WorkersAiBinding }).AI;
  return binding && typeof binding.run === "function" ? binding : null;
}

export type { ServiceFeatures };

export function serviceFeatures(env: AppEnv, config: Config): ServiceFeatures {
  return { ai: aiProviderKind(env, config) !== null, imageSearch: config.UNSPLASH_ACCESS_KEY !== "" };
}
