// Picks the AI provider the configuration names; the interface it returns is the domain's AI port.
import type { AppEnv, Config } from "../../env";
import { aiProviderKind, workersAiBinding } from "../../domain/features";
import type { AiProvider } from "../../domain/ports/ai";
import { openAiCompatibleProvider } from "./openai-compatible";
import { workersAiProvider } from "./workers-ai";

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
